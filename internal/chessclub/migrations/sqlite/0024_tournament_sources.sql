-- The TRF file a tournament was imported from; the same as
-- mysql/0024_tournament_sources.sql, which says what it holds.

CREATE TABLE IF NOT EXISTS tournament_sources (
  tournament_id INTEGER NOT NULL PRIMARY KEY REFERENCES tournaments (id) ON DELETE CASCADE,
  trf BLOB NOT NULL
);

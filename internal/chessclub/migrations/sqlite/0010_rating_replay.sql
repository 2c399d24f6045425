-- Ratings that replay; the same as mysql/0010_rating_replay.sql, which says what each holds.

ALTER TABLE members ADD COLUMN declared_rating INTEGER NULL;

ALTER TABLE members ADD COLUMN declared_games INTEGER NOT NULL DEFAULT 0;

UPDATE members SET declared_rating = rating WHERE rating_status = 'declared';

UPDATE members SET declared_rating = (
  SELECT h.rating_before FROM rating_history h WHERE h.member_id = members.id ORDER BY h.applied_at, h.tournament_id LIMIT 1
) WHERE rating_status = 'rated';

ALTER TABLE rating_history ADD COLUMN recomputed_at DATETIME NULL;

ALTER TABLE rating_history ADD COLUMN recompute_reason TEXT NULL;

CREATE TABLE IF NOT EXISTS rating_replay (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  replayed_at DATETIME NULL
);

INSERT OR IGNORE INTO rating_replay (id) VALUES (1);

DROP TABLE IF EXISTS rating_games;

-- The TRF file a tournament was imported from, byte for byte (at most 8 MiB: the import's
-- limit). Its reports are that file brought up to date, so that every value the club holds
-- unchanged is written back as the file wrote it, and the records the club does not read are
-- not lost (internal/chessclub/play/tournament/trf_source.go). It goes with its tournament.

CREATE TABLE IF NOT EXISTS tournament_sources (
  tournament_id BIGINT NOT NULL,
  trf MEDIUMBLOB NOT NULL,
  PRIMARY KEY (tournament_id),
  CONSTRAINT tournament_sources_tournament_fk FOREIGN KEY (tournament_id) REFERENCES tournaments (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

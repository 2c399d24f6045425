-- Ratings that replay: the club rating list is computed from scratch, from every finished
-- rated tournament in the order they finished, whenever one finishes, has a result corrected,
-- is made rated or unrated, or is deleted. See internal/chessclub/play/ratings.
--
-- members.declared_rating is the rating a member declared (a federation rating), kept apart
-- from the rating their games then make, since a replay starts from it again; for a member
-- already rated, it is what their first history line started from. declared_games is the
-- number of rated games that declared rating rests on, which the K factor counts. rating_history says when
-- a line was last recomputed, and why. rating_replay's one row is the lock that takes
-- replays in turn across replicas. The pooled games of unrated members (rating_games) are
-- part of the replay now and need no table.

SET @ddl = IF((SELECT COUNT(*) FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'members' AND column_name = 'declared_rating') = 0,
  'ALTER TABLE members ADD COLUMN declared_rating INT NULL, ADD COLUMN declared_games INT NOT NULL DEFAULT 0',
  'DO 0');
PREPARE ddl FROM @ddl;
EXECUTE ddl;
DEALLOCATE PREPARE ddl;

UPDATE members SET declared_rating = rating WHERE rating_status = 'declared' AND declared_rating IS NULL;

UPDATE members m SET declared_rating = (
  SELECT h.rating_before FROM rating_history h WHERE h.member_id = m.id ORDER BY h.applied_at, h.tournament_id LIMIT 1
) WHERE rating_status = 'rated' AND declared_rating IS NULL;

SET @ddl = IF((SELECT COUNT(*) FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'rating_history' AND column_name = 'recomputed_at') = 0,
  'ALTER TABLE rating_history ADD COLUMN recomputed_at DATETIME NULL, ADD COLUMN recompute_reason VARCHAR(300) NULL',
  'DO 0');
PREPARE ddl FROM @ddl;
EXECUTE ddl;
DEALLOCATE PREPARE ddl;

CREATE TABLE IF NOT EXISTS rating_replay (
  id TINYINT NOT NULL PRIMARY KEY,
  replayed_at DATETIME NULL,
  CONSTRAINT rating_replay_one CHECK (id = 1)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

INSERT IGNORE INTO rating_replay (id) VALUES (1);

DROP TABLE IF EXISTS rating_games;

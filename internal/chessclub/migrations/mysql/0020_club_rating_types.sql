-- The club's rapid and blitz rating lists, beside the standard one (members.rating,
-- rating_status, rated_games, reached_2400): FIDE rates rapid and blitz games on lists of
-- their own (B.02), and so does the club, each list replayed from the finished rated
-- tournaments of its rating type (tournaments.rating_type). A member's rapid and blitz
-- ratings start unrated (1200, a placeholder nothing counts with): a declared rating is a
-- standard one. See internal/chessclub/play/ratings.
--
-- MySQL has no ADD COLUMN IF NOT EXISTS and chess.sql may be loaded again, so each step runs
-- only where information_schema shows it missing.

SET @ddl = IF((SELECT COUNT(*) FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'members' AND column_name = 'rapid_rating') = 0,
  'ALTER TABLE members ADD COLUMN rapid_rating INT NOT NULL DEFAULT 1200',
  'DO 0');
PREPARE ddl FROM @ddl;
EXECUTE ddl;
DEALLOCATE PREPARE ddl;

SET @ddl = IF((SELECT COUNT(*) FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'members' AND column_name = 'rapid_status') = 0,
  'ALTER TABLE members ADD COLUMN rapid_status VARCHAR(10) NOT NULL DEFAULT ''unrated''',
  'DO 0');
PREPARE ddl FROM @ddl;
EXECUTE ddl;
DEALLOCATE PREPARE ddl;

SET @ddl = IF((SELECT COUNT(*) FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'members' AND column_name = 'rapid_games') = 0,
  'ALTER TABLE members ADD COLUMN rapid_games INT NOT NULL DEFAULT 0',
  'DO 0');
PREPARE ddl FROM @ddl;
EXECUTE ddl;
DEALLOCATE PREPARE ddl;

SET @ddl = IF((SELECT COUNT(*) FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'members' AND column_name = 'rapid_reached_2400') = 0,
  'ALTER TABLE members ADD COLUMN rapid_reached_2400 BOOLEAN NOT NULL DEFAULT FALSE',
  'DO 0');
PREPARE ddl FROM @ddl;
EXECUTE ddl;
DEALLOCATE PREPARE ddl;

SET @ddl = IF((SELECT COUNT(*) FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'members' AND column_name = 'blitz_rating') = 0,
  'ALTER TABLE members ADD COLUMN blitz_rating INT NOT NULL DEFAULT 1200',
  'DO 0');
PREPARE ddl FROM @ddl;
EXECUTE ddl;
DEALLOCATE PREPARE ddl;

SET @ddl = IF((SELECT COUNT(*) FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'members' AND column_name = 'blitz_status') = 0,
  'ALTER TABLE members ADD COLUMN blitz_status VARCHAR(10) NOT NULL DEFAULT ''unrated''',
  'DO 0');
PREPARE ddl FROM @ddl;
EXECUTE ddl;
DEALLOCATE PREPARE ddl;

SET @ddl = IF((SELECT COUNT(*) FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'members' AND column_name = 'blitz_games') = 0,
  'ALTER TABLE members ADD COLUMN blitz_games INT NOT NULL DEFAULT 0',
  'DO 0');
PREPARE ddl FROM @ddl;
EXECUTE ddl;
DEALLOCATE PREPARE ddl;

SET @ddl = IF((SELECT COUNT(*) FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'members' AND column_name = 'blitz_reached_2400') = 0,
  'ALTER TABLE members ADD COLUMN blitz_reached_2400 BOOLEAN NOT NULL DEFAULT FALSE',
  'DO 0');
PREPARE ddl FROM @ddl;
EXECUTE ddl;
DEALLOCATE PREPARE ddl;

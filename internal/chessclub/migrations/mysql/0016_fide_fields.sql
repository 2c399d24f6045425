-- What FIDE's rating officers need of players and tournaments: see
-- internal/chessclub/members (fide.go), play/tournament (tournament.go, trf_export.go).
--
-- members (and the guests of imported tournaments, who are rows of it): fide_id, the player's
-- FIDE id; federation, FIDE's three-letter code; title (GM, IM, ..., and the arbiters' and
-- honorary ones TRF allows); sex ('m' or 'w', as TRF writes it); birth_date, 'YYYY-MM-DD' or
-- just 'YYYY'; fide_standard, fide_rapid and fide_blitz, the FIDE ratings of the three
-- lists (NULL: none), which a FIDE rating list import updates by fide_id; national_id and
-- national_rating, the player's national federation's id and rating. The index finds the
-- members of a rating list's ids.
--
-- tournaments: city (022), federation (032), chief_arbiter (102), deputy_arbiters (112, one
-- a line), time_control_code (122, the allotted times as FIDE writes them), rating_type
-- ('standard', 'rapid' or 'blitz': which FIDE rating the report writes, and which club
-- rating list the tournament counts for), round_dates (132: one 'YYYY-MM-DD' a round,
-- separated by spaces; NULL: from the start and end dates).
--
-- tournament_players.fide_rating: the FIDE rating of the tournament's rating type that the
-- report writes for the player, fixed with their pairing number (at the start, at a late
-- entry, or from an imported file's 001 record); NULL: none.
--
-- MySQL has no ADD COLUMN IF NOT EXISTS and chess.sql may be loaded again, so each step runs
-- only where information_schema shows it missing.

SET @ddl = IF((SELECT COUNT(*) FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'members' AND column_name = 'fide_id') = 0,
  'ALTER TABLE members ADD COLUMN fide_id BIGINT NULL',
  'DO 0');
PREPARE ddl FROM @ddl;
EXECUTE ddl;
DEALLOCATE PREPARE ddl;

SET @ddl = IF((SELECT COUNT(*) FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'members' AND column_name = 'federation') = 0,
  'ALTER TABLE members ADD COLUMN federation VARCHAR(3) NULL',
  'DO 0');
PREPARE ddl FROM @ddl;
EXECUTE ddl;
DEALLOCATE PREPARE ddl;

SET @ddl = IF((SELECT COUNT(*) FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'members' AND column_name = 'title') = 0,
  'ALTER TABLE members ADD COLUMN title VARCHAR(3) NULL',
  'DO 0');
PREPARE ddl FROM @ddl;
EXECUTE ddl;
DEALLOCATE PREPARE ddl;

SET @ddl = IF((SELECT COUNT(*) FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'members' AND column_name = 'sex') = 0,
  'ALTER TABLE members ADD COLUMN sex VARCHAR(1) NULL',
  'DO 0');
PREPARE ddl FROM @ddl;
EXECUTE ddl;
DEALLOCATE PREPARE ddl;

SET @ddl = IF((SELECT COUNT(*) FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'members' AND column_name = 'birth_date') = 0,
  'ALTER TABLE members ADD COLUMN birth_date VARCHAR(10) NULL',
  'DO 0');
PREPARE ddl FROM @ddl;
EXECUTE ddl;
DEALLOCATE PREPARE ddl;

SET @ddl = IF((SELECT COUNT(*) FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'members' AND column_name = 'fide_standard') = 0,
  'ALTER TABLE members ADD COLUMN fide_standard INT NULL',
  'DO 0');
PREPARE ddl FROM @ddl;
EXECUTE ddl;
DEALLOCATE PREPARE ddl;

SET @ddl = IF((SELECT COUNT(*) FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'members' AND column_name = 'fide_rapid') = 0,
  'ALTER TABLE members ADD COLUMN fide_rapid INT NULL',
  'DO 0');
PREPARE ddl FROM @ddl;
EXECUTE ddl;
DEALLOCATE PREPARE ddl;

SET @ddl = IF((SELECT COUNT(*) FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'members' AND column_name = 'fide_blitz') = 0,
  'ALTER TABLE members ADD COLUMN fide_blitz INT NULL',
  'DO 0');
PREPARE ddl FROM @ddl;
EXECUTE ddl;
DEALLOCATE PREPARE ddl;

SET @ddl = IF((SELECT COUNT(*) FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'members' AND column_name = 'national_id') = 0,
  'ALTER TABLE members ADD COLUMN national_id VARCHAR(20) NULL',
  'DO 0');
PREPARE ddl FROM @ddl;
EXECUTE ddl;
DEALLOCATE PREPARE ddl;

SET @ddl = IF((SELECT COUNT(*) FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'members' AND column_name = 'national_rating') = 0,
  'ALTER TABLE members ADD COLUMN national_rating INT NULL',
  'DO 0');
PREPARE ddl FROM @ddl;
EXECUTE ddl;
DEALLOCATE PREPARE ddl;

SET @ddl = IF((SELECT COUNT(*) FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'tournaments' AND column_name = 'city') = 0,
  'ALTER TABLE tournaments ADD COLUMN city VARCHAR(100) NULL',
  'DO 0');
PREPARE ddl FROM @ddl;
EXECUTE ddl;
DEALLOCATE PREPARE ddl;

SET @ddl = IF((SELECT COUNT(*) FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'tournaments' AND column_name = 'federation') = 0,
  'ALTER TABLE tournaments ADD COLUMN federation VARCHAR(3) NULL',
  'DO 0');
PREPARE ddl FROM @ddl;
EXECUTE ddl;
DEALLOCATE PREPARE ddl;

SET @ddl = IF((SELECT COUNT(*) FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'tournaments' AND column_name = 'chief_arbiter') = 0,
  'ALTER TABLE tournaments ADD COLUMN chief_arbiter VARCHAR(100) NULL',
  'DO 0');
PREPARE ddl FROM @ddl;
EXECUTE ddl;
DEALLOCATE PREPARE ddl;

SET @ddl = IF((SELECT COUNT(*) FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'tournaments' AND column_name = 'deputy_arbiters') = 0,
  'ALTER TABLE tournaments ADD COLUMN deputy_arbiters VARCHAR(1100) NULL',
  'DO 0');
PREPARE ddl FROM @ddl;
EXECUTE ddl;
DEALLOCATE PREPARE ddl;

SET @ddl = IF((SELECT COUNT(*) FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'tournaments' AND column_name = 'time_control_code') = 0,
  'ALTER TABLE tournaments ADD COLUMN time_control_code VARCHAR(100) NULL',
  'DO 0');
PREPARE ddl FROM @ddl;
EXECUTE ddl;
DEALLOCATE PREPARE ddl;

SET @ddl = IF((SELECT COUNT(*) FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'tournaments' AND column_name = 'rating_type') = 0,
  'ALTER TABLE tournaments ADD COLUMN rating_type VARCHAR(8) NOT NULL DEFAULT ''standard''',
  'DO 0');
PREPARE ddl FROM @ddl;
EXECUTE ddl;
DEALLOCATE PREPARE ddl;

SET @ddl = IF((SELECT COUNT(*) FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'tournaments' AND column_name = 'round_dates') = 0,
  'ALTER TABLE tournaments ADD COLUMN round_dates VARCHAR(560) NULL',
  'DO 0');
PREPARE ddl FROM @ddl;
EXECUTE ddl;
DEALLOCATE PREPARE ddl;

SET @ddl = IF((SELECT COUNT(*) FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'tournament_players' AND column_name = 'fide_rating') = 0,
  'ALTER TABLE tournament_players ADD COLUMN fide_rating INT NULL',
  'DO 0');
PREPARE ddl FROM @ddl;
EXECUTE ddl;
DEALLOCATE PREPARE ddl;

SET @ddl = IF((SELECT COUNT(*) FROM information_schema.statistics WHERE table_schema = DATABASE() AND table_name = 'members' AND index_name = 'members_fide_id') = 0,
  'CREATE INDEX members_fide_id ON members (fide_id)',
  'DO 0');
PREPARE ddl FROM @ddl;
EXECUTE ddl;
DEALLOCATE PREPARE ddl;

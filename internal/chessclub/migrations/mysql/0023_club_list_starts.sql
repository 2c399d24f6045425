-- The rating each of the club's rapid and blitz lists starts a member from: their FIDE rating
-- of that type, copied while no rated game of theirs of that type has been entered, and kept
-- from then on, so that a FIDE rating list applied later changes the member's FIDE rating but
-- not the club's history (the standard list starts from declared_rating, which is frozen the
-- same way). NULL: unrated. See internal/chessclub/play/ratings.
--
-- MySQL has no ADD COLUMN IF NOT EXISTS and chess.sql may be loaded again, so each column is
-- added only where information_schema shows it missing, and filled only when it is added.

SET @ddl = IF((SELECT COUNT(*) FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'members' AND column_name = 'rapid_declared') = 0,
  'ALTER TABLE members ADD COLUMN rapid_declared INT NULL',
  'DO 0');
SET @fill = IF(@ddl = 'DO 0', 'DO 0', 'UPDATE members SET rapid_declared = fide_rapid');
PREPARE ddl FROM @ddl;
EXECUTE ddl;
DEALLOCATE PREPARE ddl;
PREPARE fill FROM @fill;
EXECUTE fill;
DEALLOCATE PREPARE fill;

SET @ddl = IF((SELECT COUNT(*) FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'members' AND column_name = 'blitz_declared') = 0,
  'ALTER TABLE members ADD COLUMN blitz_declared INT NULL',
  'DO 0');
SET @fill = IF(@ddl = 'DO 0', 'DO 0', 'UPDATE members SET blitz_declared = fide_blitz');
PREPARE ddl FROM @ddl;
EXECUTE ddl;
DEALLOCATE PREPARE ddl;
PREPARE fill FROM @fill;
EXECUTE fill;
DEALLOCATE PREPARE fill;

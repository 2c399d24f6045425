-- The ratings the club's rapid and blitz lists start a member from; the same as
-- mysql/0023_club_list_starts.sql, which says what they hold.

ALTER TABLE members ADD COLUMN rapid_declared INTEGER NULL;

ALTER TABLE members ADD COLUMN blitz_declared INTEGER NULL;

UPDATE members SET rapid_declared = fide_rapid, blitz_declared = fide_blitz;

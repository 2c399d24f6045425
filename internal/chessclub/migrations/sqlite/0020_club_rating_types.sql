-- The club's rapid and blitz lists; the same as mysql/0020_club_rating_types.sql, which says what
-- each holds.

ALTER TABLE members ADD COLUMN rapid_rating INTEGER NOT NULL DEFAULT 1200;

ALTER TABLE members ADD COLUMN rapid_status TEXT NOT NULL DEFAULT 'unrated';

ALTER TABLE members ADD COLUMN rapid_games INTEGER NOT NULL DEFAULT 0;

ALTER TABLE members ADD COLUMN rapid_reached_2400 BOOLEAN NOT NULL DEFAULT FALSE;

ALTER TABLE members ADD COLUMN blitz_rating INTEGER NOT NULL DEFAULT 1200;

ALTER TABLE members ADD COLUMN blitz_status TEXT NOT NULL DEFAULT 'unrated';

ALTER TABLE members ADD COLUMN blitz_games INTEGER NOT NULL DEFAULT 0;

ALTER TABLE members ADD COLUMN blitz_reached_2400 BOOLEAN NOT NULL DEFAULT FALSE;

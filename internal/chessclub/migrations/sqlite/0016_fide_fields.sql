-- FIDE fields; the same as mysql/0016_fide_fields.sql, which says what each holds.

ALTER TABLE members ADD COLUMN fide_id INTEGER NULL;

ALTER TABLE members ADD COLUMN federation TEXT NULL;

ALTER TABLE members ADD COLUMN title TEXT NULL;

ALTER TABLE members ADD COLUMN sex TEXT NULL;

ALTER TABLE members ADD COLUMN birth_date TEXT NULL;

ALTER TABLE members ADD COLUMN fide_standard INTEGER NULL;

ALTER TABLE members ADD COLUMN fide_rapid INTEGER NULL;

ALTER TABLE members ADD COLUMN fide_blitz INTEGER NULL;

ALTER TABLE members ADD COLUMN national_id TEXT NULL;

ALTER TABLE members ADD COLUMN national_rating INTEGER NULL;

ALTER TABLE tournaments ADD COLUMN city TEXT NULL;

ALTER TABLE tournaments ADD COLUMN federation TEXT NULL;

ALTER TABLE tournaments ADD COLUMN chief_arbiter TEXT NULL;

ALTER TABLE tournaments ADD COLUMN deputy_arbiters TEXT NULL;

ALTER TABLE tournaments ADD COLUMN time_control_code TEXT NULL;

ALTER TABLE tournaments ADD COLUMN rating_type TEXT NOT NULL DEFAULT 'standard';

ALTER TABLE tournaments ADD COLUMN round_dates TEXT NULL;

ALTER TABLE tournament_players ADD COLUMN fide_rating INTEGER NULL;

CREATE INDEX IF NOT EXISTS members_fide_id ON members (fide_id);

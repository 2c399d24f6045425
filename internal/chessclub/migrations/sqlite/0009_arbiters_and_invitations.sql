-- The arbiter role, and invitations; the same tables and rules as
-- mysql/0009_arbiters_and_invitations.sql, which says what each holds.
--
-- SQLite cannot change a CHECK constraint, but it can drop a column whose only constraint is
-- its own: the role moves to a new column with the new CHECK, which then takes its name.

ALTER TABLE members ADD COLUMN role_new TEXT NOT NULL DEFAULT 'member' CHECK (role_new IN ('member', 'arbiter', 'admin'));

UPDATE members SET role_new = role;

ALTER TABLE members DROP COLUMN role;

ALTER TABLE members RENAME COLUMN role_new TO role;

CREATE TABLE IF NOT EXISTS tournament_invitations (
  tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
  member_id INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  invited_by INTEGER NULL REFERENCES members (id) ON DELETE SET NULL,
  invited_at DATETIME NOT NULL,
  missed TEXT NOT NULL DEFAULT 'zero' CHECK (missed IN ('zero', 'half')),
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'declined')),
  answered_at DATETIME NULL,
  PRIMARY KEY (tournament_id, member_id)
);

CREATE INDEX IF NOT EXISTS tournament_invitations_member ON tournament_invitations (member_id, status);

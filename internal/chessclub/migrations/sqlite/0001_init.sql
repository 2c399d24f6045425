-- Chess Club schema for SQLite; the same tables and rules as mysql/0001_init.sql.
-- Timestamps are plain DATETIME bound as UTC time.Time; dates are TEXT 'YYYY-MM-DD', which
-- sorts like the date.

CREATE TABLE IF NOT EXISTS members (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  username TEXT NOT NULL,
  username_key TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,
  full_name TEXT NOT NULL,
  email TEXT NULL,
  email_key TEXT NULL UNIQUE,
  rating INTEGER NOT NULL DEFAULT 1200,
  role TEXT NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'admin')),
  joined_at DATETIME NOT NULL
);

CREATE TABLE IF NOT EXISTS sessions (
  token_hash TEXT NOT NULL PRIMARY KEY,
  member_id INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  created_at DATETIME NOT NULL,
  expires_at DATETIME NOT NULL
);

CREATE INDEX IF NOT EXISTS sessions_member ON sessions (member_id);

CREATE TABLE IF NOT EXISTS tournaments (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  start_date TEXT NOT NULL,
  end_date TEXT NOT NULL,
  location TEXT NULL,
  format TEXT NOT NULL DEFAULT 'swiss' CHECK (format IN ('swiss', 'round_robin', 'knockout')),
  rounds INTEGER NULL CHECK (rounds IS NULL OR rounds BETWEEN 1 AND 30),
  time_control TEXT NULL,
  description TEXT NULL,
  created_by INTEGER NULL REFERENCES members (id) ON DELETE SET NULL,
  created_at DATETIME NOT NULL,
  CHECK (end_date >= start_date)
);

CREATE INDEX IF NOT EXISTS tournaments_start ON tournaments (start_date, id);

CREATE INDEX IF NOT EXISTS tournaments_created_by ON tournaments (created_by);

CREATE TABLE IF NOT EXISTS figures (
  id TEXT NOT NULL PRIMARY KEY,
  member_id INTEGER NOT NULL UNIQUE REFERENCES members (id) ON DELETE CASCADE,
  content_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  created_at DATETIME NOT NULL
);

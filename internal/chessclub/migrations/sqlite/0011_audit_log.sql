-- The audit trail; the same as mysql/0011_audit_log.sql, which says what it holds.

CREATE TABLE IF NOT EXISTS audit_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at DATETIME NOT NULL,
  actor_id INTEGER NULL,
  actor_username TEXT NOT NULL,
  tournament_id INTEGER NULL,
  member_id INTEGER NULL,
  action TEXT NOT NULL,
  subject TEXT NOT NULL DEFAULT '',
  before_value TEXT NULL,
  after_value TEXT NULL,
  request_id TEXT NOT NULL DEFAULT ''
);

CREATE INDEX IF NOT EXISTS audit_log_tournament ON audit_log (tournament_id, id);

CREATE INDEX IF NOT EXISTS audit_log_member ON audit_log (member_id, id);

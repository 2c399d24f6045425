-- Login throttle buckets, shared by every server on the database; see throttle.go.
-- bucket is "user:" or "addr:" and the hex SHA-256 of the folded username or the client
-- address; tokens is what was left at updated_at (UTC, to the microsecond).

CREATE TABLE IF NOT EXISTS login_throttle (
  bucket TEXT NOT NULL PRIMARY KEY,
  tokens REAL NOT NULL,
  updated_at DATETIME NOT NULL
);

CREATE INDEX IF NOT EXISTS login_throttle_updated ON login_throttle (updated_at);

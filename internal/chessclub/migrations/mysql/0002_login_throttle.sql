-- Login throttle buckets, shared by every server on the database; see throttle.go.
-- bucket is "user:" or "addr:" and the hex SHA-256 of the folded username or the client
-- address; tokens is what was left at updated_at (UTC, to the microsecond).

CREATE TABLE IF NOT EXISTS login_throttle (
  bucket VARCHAR(100) NOT NULL PRIMARY KEY,
  tokens DOUBLE NOT NULL,
  updated_at DATETIME(6) NOT NULL,
  KEY login_throttle_updated (updated_at)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- Secrets the server makes for itself on first use; see mysql/0003_server_keys.sql.

CREATE TABLE IF NOT EXISTS server_keys (
  name TEXT NOT NULL PRIMARY KEY,
  secret BLOB NOT NULL,
  created_at DATETIME NOT NULL
);

-- Secrets the server makes for itself on first use, shared by every replica on the database:
-- "device-token" signs the device tokens of the login throttle (see devicetoken.go). chess.sql
-- creates the table empty, so that no two installations share a key; the server inserts a
-- random one when it first needs it. Deleting a row makes a new key at the next use, once
-- every replica has restarted.

CREATE TABLE IF NOT EXISTS server_keys (
  name VARCHAR(40) NOT NULL PRIMARY KEY,
  secret VARBINARY(64) NOT NULL,
  created_at DATETIME NOT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

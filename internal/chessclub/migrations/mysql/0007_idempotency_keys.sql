-- Idempotency-Key records (package idempotency): POST /api/user, /api/tournaments and
-- /api/figures replay a retried request's first response. key_hash and request_hash are hex
-- SHA-256 of the scope and key and of the request body; status is NULL while the first request
-- runs. The same DDL as idempotency.CreateTable; a test keeps them equal.

CREATE TABLE IF NOT EXISTS `idempotency_keys` (
  key_hash CHAR(64) NOT NULL PRIMARY KEY,
  request_hash CHAR(64) NOT NULL,
  status SMALLINT NULL,
  header TEXT NULL,
  body MEDIUMBLOB NULL,
  created_at DATETIME NOT NULL,
  expires_at DATETIME NOT NULL,
  KEY expires_at (expires_at)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- Idempotency-Key records (package idempotency): POST /api/user, /api/tournaments and
-- /api/figures replay a retried request's first response. key_hash and request_hash are hex
-- SHA-256 of the scope and key and of the request body; status is NULL while the first request
-- runs. The same DDL as idempotency.CreateTable; a test keeps them equal.

CREATE TABLE IF NOT EXISTS `idempotency_keys` (
  key_hash TEXT NOT NULL PRIMARY KEY,
  request_hash TEXT NOT NULL,
  status INTEGER NULL,
  header TEXT NULL,
  body BLOB NULL,
  created_at DATETIME NOT NULL,
  expires_at DATETIME NOT NULL
);

CREATE INDEX IF NOT EXISTS `idempotency_keys_expires_at` ON `idempotency_keys` (expires_at);

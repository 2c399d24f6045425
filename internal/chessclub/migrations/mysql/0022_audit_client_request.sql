-- The id a client gave the request that made a change (its X-Request-ID), kept apart from the
-- server's own id in request_id: a client chooses it, so it may name anyone's request, and the
-- trail records it only as the client's word. Up to 128 characters, as the server accepts
-- (observe.MaxRequestIDLen); empty when the client gave none.
--
-- MySQL has no ADD COLUMN IF NOT EXISTS and chess.sql may be loaded again, so the column is
-- added only where information_schema shows it missing.

SET @ddl = IF((SELECT COUNT(*) FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'audit_log' AND column_name = 'client_request_id') = 0,
  'ALTER TABLE audit_log ADD COLUMN client_request_id VARCHAR(128) NOT NULL DEFAULT ''''',
  'DO 0');
PREPARE ddl FROM @ddl;
EXECUTE ddl;
DEALLOCATE PREPARE ddl;

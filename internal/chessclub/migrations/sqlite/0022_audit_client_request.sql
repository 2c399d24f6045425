-- The client's own request id in the audit trail; the same as
-- mysql/0022_audit_client_request.sql, which says what it holds.

ALTER TABLE audit_log ADD COLUMN client_request_id TEXT NOT NULL DEFAULT '';

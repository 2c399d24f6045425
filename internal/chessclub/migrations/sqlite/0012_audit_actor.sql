-- The audit trail by actor; the same as mysql/0012_audit_actor.sql, which says what it serves.

CREATE INDEX IF NOT EXISTS audit_log_actor ON audit_log (actor_id, action, at);

-- The audit trail by actor, action and time: a member's limit of TRF imports a day counts
-- their imports in the trail (see internal/chessclub/play/import_quota.go), which every
-- replica shares and which keeps an import when its tournament is deleted. The index is
-- added only where it is missing, since MySQL has no CREATE INDEX IF NOT EXISTS.

SET @ddl = IF((SELECT COUNT(*) FROM information_schema.statistics WHERE table_schema = DATABASE() AND table_name = 'audit_log' AND index_name = 'audit_log_actor') = 0,
  'CREATE INDEX audit_log_actor ON audit_log (actor_id, action, at)',
  'DO 0');
PREPARE ddl FROM @ddl;
EXECUTE ddl;
DEALLOCATE PREPARE ddl;

-- The audit trail: every change to a tournament and every change of a member's role, with
-- when, who (the member's id and username, kept as they were), what, the value before and
-- after (JSON), and the id of the request that made it. It is written in the transaction of
-- the change it records, and only appended to: no path of the server changes or deletes a
-- row. The tournament and member ids are not foreign keys: the trail outlives a tournament
-- that is deleted, and says so.
CREATE TABLE IF NOT EXISTS audit_log (
  id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  at DATETIME NOT NULL,
  actor_id BIGINT NULL,
  actor_username VARCHAR(40) NOT NULL,
  tournament_id BIGINT NULL,
  member_id BIGINT NULL,
  action VARCHAR(40) NOT NULL,
  subject VARCHAR(200) NOT NULL DEFAULT '',
  before_value TEXT NULL,
  after_value TEXT NULL,
  request_id VARCHAR(100) NOT NULL DEFAULT '',
  KEY audit_log_tournament (tournament_id, id),
  KEY audit_log_member (member_id, id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

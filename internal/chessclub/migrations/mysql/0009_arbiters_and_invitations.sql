-- The arbiter role, and invitations to tournaments. See internal/chessclub/members (roles)
-- and internal/chessclub/play (invitations).
--
-- As in 0006, each ALTER TABLE runs only when information_schema shows it is not done yet,
-- so that chess.sql may be loaded again.

-- members.role: an arbiter directs the club's events (rated tournaments, direct entries); an
-- admin gives and takes back the role.
SET @ddl = IF((SELECT COUNT(*) FROM information_schema.check_constraints WHERE constraint_schema = DATABASE() AND constraint_name = 'members_role' AND check_clause NOT LIKE '%arbiter%') = 1,
  'ALTER TABLE members DROP CONSTRAINT members_role',
  'DO 0');
PREPARE ddl FROM @ddl;
EXECUTE ddl;
DEALLOCATE PREPARE ddl;

SET @ddl = IF((SELECT COUNT(*) FROM information_schema.check_constraints WHERE constraint_schema = DATABASE() AND constraint_name = 'members_role') = 0,
  'ALTER TABLE members ADD CONSTRAINT members_role CHECK (role IN (''member'', ''arbiter'', ''admin''))',
  'DO 0');
PREPARE ddl FROM @ddl;
EXECUTE ddl;
DEALLOCATE PREPARE ddl;

-- An organiser who is neither arbiter nor admin cannot enter other members: they invite them,
-- and an invitation becomes an entry only when the member accepts it (the row then goes).
-- missed is what a member who accepts after rounds were paired gets for each of them; a
-- declined invitation stays, so that it is not sent again, until the organiser withdraws it.
CREATE TABLE IF NOT EXISTS tournament_invitations (
  tournament_id BIGINT NOT NULL,
  member_id BIGINT NOT NULL,
  invited_by BIGINT NULL,
  invited_at DATETIME NOT NULL,
  missed VARCHAR(4) NOT NULL DEFAULT 'zero',
  status VARCHAR(8) NOT NULL DEFAULT 'pending',
  answered_at DATETIME NULL,
  PRIMARY KEY (tournament_id, member_id),
  KEY tournament_invitations_member (member_id, status),
  CONSTRAINT tournament_invitations_tournament_fk FOREIGN KEY (tournament_id) REFERENCES tournaments (id) ON DELETE CASCADE,
  CONSTRAINT tournament_invitations_member_fk FOREIGN KEY (member_id) REFERENCES members (id) ON DELETE CASCADE,
  CONSTRAINT tournament_invitations_invited_by_fk FOREIGN KEY (invited_by) REFERENCES members (id) ON DELETE SET NULL,
  CONSTRAINT tournament_invitations_missed CHECK (missed IN ('zero', 'half')),
  CONSTRAINT tournament_invitations_status CHECK (status IN ('pending', 'declined'))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

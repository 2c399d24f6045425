-- Forbidden pairs; the same table as mysql/0015_forbidden_pairs.sql, which says what it holds.
CREATE TABLE IF NOT EXISTS tournament_forbidden_pairs (
  tournament_id INTEGER NOT NULL,
  member_a INTEGER NOT NULL,
  member_b INTEGER NOT NULL,
  from_round INTEGER NOT NULL,
  to_round INTEGER NULL,
  PRIMARY KEY (tournament_id, member_a, member_b),
  FOREIGN KEY (tournament_id, member_a) REFERENCES tournament_players (tournament_id, member_id) ON DELETE CASCADE,
  FOREIGN KEY (tournament_id, member_b) REFERENCES tournament_players (tournament_id, member_id) ON DELETE CASCADE,
  CHECK (member_a < member_b),
  CHECK (from_round >= 1 AND (to_round IS NULL OR to_round >= from_round))
);

CREATE INDEX IF NOT EXISTS tournament_forbidden_pairs_b ON tournament_forbidden_pairs (tournament_id, member_b);

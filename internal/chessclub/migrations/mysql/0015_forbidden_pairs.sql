-- Forbidden pairs: two players of a Swiss who must not meet (family, the same club in some
-- events), from from_round to to_round (NULL: to the last round). The pairing honours them as
-- an absolute criterion, and the TRF export writes them as 260 records. See
-- internal/chessclub/play (forbidden.go).
CREATE TABLE IF NOT EXISTS tournament_forbidden_pairs (
  tournament_id BIGINT NOT NULL,
  member_a BIGINT NOT NULL,
  member_b BIGINT NOT NULL,
  from_round INT NOT NULL,
  to_round INT NULL,
  PRIMARY KEY (tournament_id, member_a, member_b),
  KEY tournament_forbidden_pairs_b (tournament_id, member_b),
  CONSTRAINT tournament_forbidden_pairs_a_fk FOREIGN KEY (tournament_id, member_a) REFERENCES tournament_players (tournament_id, member_id) ON DELETE CASCADE,
  CONSTRAINT tournament_forbidden_pairs_b_fk FOREIGN KEY (tournament_id, member_b) REFERENCES tournament_players (tournament_id, member_id) ON DELETE CASCADE,
  CONSTRAINT tournament_forbidden_pairs_order CHECK (member_a < member_b),
  CONSTRAINT tournament_forbidden_pairs_rounds CHECK (from_round >= 1 AND (to_round IS NULL OR to_round >= from_round))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- Tournament play: states and settings of a tournament, entries, rounds, boards, byes, the
-- events that the live stream replays, and the members' ratings with their history. See
-- internal/chessclub/play.
--
-- MySQL has no ADD COLUMN IF NOT EXISTS (MariaDB has), and chess.sql may be loaded again, so
-- each ALTER TABLE below runs only when what it adds is missing: the statement is built as a
-- string, and replaced by DO 0 (nothing) when information_schema shows it done already.

-- tournaments: the state (open → running → finished), the last event's number (revision), the
-- version that the ETag of a tournament shows, the last round paired, and the settings.
SET @ddl = IF((SELECT COUNT(*) FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'tournaments' AND column_name = 'state') = 0,
  'ALTER TABLE tournaments
     ADD COLUMN state VARCHAR(10) NOT NULL DEFAULT ''open'',
     ADD COLUMN version BIGINT NOT NULL DEFAULT 1,
     ADD COLUMN revision BIGINT NOT NULL DEFAULT 0,
     ADD COLUMN current_round SMALLINT NOT NULL DEFAULT 0,
     ADD COLUMN double_round_robin BOOLEAN NOT NULL DEFAULT FALSE,
     ADD COLUMN players_report BOOLEAN NOT NULL DEFAULT FALSE,
     ADD COLUMN bye_limit SMALLINT NOT NULL DEFAULT 1,
     ADD COLUMN rated BOOLEAN NOT NULL DEFAULT FALSE,
     ADD COLUMN initial_colour VARCHAR(5) NOT NULL DEFAULT ''white'',
     ADD COLUMN started_at DATETIME NULL,
     ADD COLUMN finished_at DATETIME NULL,
     ADD CONSTRAINT tournaments_state CHECK (state IN (''open'', ''running'', ''finished'')),
     ADD CONSTRAINT tournaments_bye_limit CHECK (bye_limit BETWEEN 0 AND 50),
     ADD CONSTRAINT tournaments_initial_colour CHECK (initial_colour IN (''white'', ''black''))',
  'DO 0');
PREPARE ddl FROM @ddl;
EXECUTE ddl;
DEALLOCATE PREPARE ddl;

-- standings_revision changes with what the standings show (a result in a round that is or
-- becomes complete, entries, withdrawals, rounds paired or un-paired), not with each result
-- of a round still being played: polled standings are then computed once per round.
SET @ddl = IF((SELECT COUNT(*) FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'tournaments' AND column_name = 'standings_revision') = 0,
  'ALTER TABLE tournaments ADD COLUMN standings_revision BIGINT NOT NULL DEFAULT 0',
  'DO 0');
PREPARE ddl FROM @ddl;
EXECUTE ddl;
DEALLOCATE PREPARE ddl;

-- A tournament may have up to 50 rounds, no longer 30.
SET @ddl = IF((SELECT COUNT(*) FROM information_schema.check_constraints WHERE constraint_schema = DATABASE() AND constraint_name = 'tournaments_rounds' AND check_clause LIKE '%30%') = 1,
  'ALTER TABLE tournaments DROP CONSTRAINT tournaments_rounds',
  'DO 0');
PREPARE ddl FROM @ddl;
EXECUTE ddl;
DEALLOCATE PREPARE ddl;

SET @ddl = IF((SELECT COUNT(*) FROM information_schema.check_constraints WHERE constraint_schema = DATABASE() AND constraint_name = 'tournaments_rounds') = 0,
  'ALTER TABLE tournaments ADD CONSTRAINT tournaments_rounds CHECK (rounds IS NULL OR rounds BETWEEN 1 AND 50)',
  'DO 0');
PREPARE ddl FROM @ddl;
EXECUTE ddl;
DEALLOCATE PREPARE ddl;

-- members: the club rating's status (unrated, declared by the member, or rated from games),
-- the rated games that count for the K factor, the birth year that makes a junior, whether
-- the rating has ever reached 2400, and guests (players imported from a TRF file, who cannot
-- log in).
SET @ddl = IF((SELECT COUNT(*) FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'members' AND column_name = 'rating_status') = 0,
  'ALTER TABLE members
     ADD COLUMN rating_status VARCHAR(10) NOT NULL DEFAULT ''unrated'',
     ADD COLUMN rated_games INT NOT NULL DEFAULT 0,
     ADD COLUMN birth_year SMALLINT NULL,
     ADD COLUMN reached_2400 BOOLEAN NOT NULL DEFAULT FALSE,
     ADD COLUMN guest BOOLEAN NOT NULL DEFAULT FALSE,
     ADD CONSTRAINT members_rating_status CHECK (rating_status IN (''unrated'', ''declared'', ''rated''))',
  'DO 0');
PREPARE ddl FROM @ddl;
EXECUTE ddl;
DEALLOCATE PREPARE ddl;

-- The entries. start_rank (the pairing number) is set when the tournament starts, or at a late
-- entry; rating is the rating the tournament counts with, fixed then too (0: unrated).
-- first_round is the first round a late entrant can be paired in; withdrawn_after is the last
-- round of a player who withdrew (0: before round 1).
CREATE TABLE IF NOT EXISTS tournament_players (
  tournament_id BIGINT NOT NULL,
  member_id BIGINT NOT NULL,
  start_rank INT NULL,
  rating INT NOT NULL DEFAULT 0,
  entered_at DATETIME NOT NULL,
  first_round SMALLINT NOT NULL DEFAULT 1,
  withdrawn_after SMALLINT NULL,
  PRIMARY KEY (tournament_id, member_id),
  UNIQUE KEY tournament_players_rank (tournament_id, start_rank),
  KEY tournament_players_member (member_id),
  CONSTRAINT tournament_players_tournament_fk FOREIGN KEY (tournament_id) REFERENCES tournaments (id) ON DELETE CASCADE,
  CONSTRAINT tournament_players_member_fk FOREIGN KEY (member_id) REFERENCES members (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- One row per round paired. Its primary key is what makes pairing a round twice impossible,
-- even by two replicas at once.
CREATE TABLE IF NOT EXISTS tournament_rounds (
  tournament_id BIGINT NOT NULL,
  number SMALLINT NOT NULL,
  paired_at DATETIME NOT NULL,
  PRIMARY KEY (tournament_id, number),
  CONSTRAINT tournament_rounds_tournament_fk FOREIGN KEY (tournament_id) REFERENCES tournaments (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- The games of a round; result is NULL until it is reported. version is the board's ETag.
CREATE TABLE IF NOT EXISTS tournament_boards (
  tournament_id BIGINT NOT NULL,
  round SMALLINT NOT NULL,
  board SMALLINT NOT NULL,
  white BIGINT NOT NULL,
  black BIGINT NOT NULL,
  result VARCHAR(12) NULL,
  version BIGINT NOT NULL DEFAULT 1,
  PRIMARY KEY (tournament_id, round, board),
  KEY tournament_boards_white (tournament_id, white),
  KEY tournament_boards_black (tournament_id, black),
  CONSTRAINT tournament_boards_round_fk FOREIGN KEY (tournament_id, round) REFERENCES tournament_rounds (tournament_id, number) ON DELETE CASCADE,
  CONSTRAINT tournament_boards_white_fk FOREIGN KEY (tournament_id, white) REFERENCES tournament_players (tournament_id, member_id),
  CONSTRAINT tournament_boards_black_fk FOREIGN KEY (tournament_id, black) REFERENCES tournament_players (tournament_id, member_id),
  CONSTRAINT tournament_boards_result CHECK (result IS NULL OR result IN ('1-0', '0-1', '1/2-1/2', '1-0 forfeit', '0-1 forfeit', '0-0 forfeit', '1-0 decider', '0-1 decider'))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- Rounds without a game, as TRF codes them: U the pairing-allocated bye, H a half-point bye,
-- F a full-point bye (a knockout's top seeds), Z a zero-point bye (absent, withdrawn, or a
-- round a late entrant missed). requested marks the half-point byes a player asked for, which
-- count against the tournament's bye_limit; rows for rounds not yet paired are requests.
CREATE TABLE IF NOT EXISTS tournament_byes (
  tournament_id BIGINT NOT NULL,
  round SMALLINT NOT NULL,
  member_id BIGINT NOT NULL,
  kind CHAR(1) NOT NULL,
  requested BOOLEAN NOT NULL DEFAULT FALSE,
  PRIMARY KEY (tournament_id, round, member_id),
  KEY tournament_byes_member (tournament_id, member_id),
  CONSTRAINT tournament_byes_player_fk FOREIGN KEY (tournament_id, member_id) REFERENCES tournament_players (tournament_id, member_id) ON DELETE CASCADE,
  CONSTRAINT tournament_byes_kind CHECK (kind IN ('U', 'H', 'F', 'Z'))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- What happened in a tournament, numbered 1, 2, 3 … per tournament (seq, also its revision):
-- the live stream reads new rows, and a client that reconnects with Last-Event-ID gets the
-- rows after it. Rows older than the retention period are deleted (see play/events.go).
CREATE TABLE IF NOT EXISTS tournament_events (
  tournament_id BIGINT NOT NULL,
  seq BIGINT NOT NULL,
  type VARCHAR(30) NOT NULL,
  data VARCHAR(1000) NOT NULL,
  created_at DATETIME NOT NULL,
  PRIMARY KEY (tournament_id, seq),
  KEY tournament_events_created (created_at),
  CONSTRAINT tournament_events_tournament_fk FOREIGN KEY (tournament_id) REFERENCES tournaments (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- A member's rating history: one row per rated tournament that counted for them, applied once
-- (the primary key). The tournament's name is kept, since the history outlives a tournament
-- that is deleted later. Rating columns are NULL for an unrated member still without a first
-- rating.
CREATE TABLE IF NOT EXISTS rating_history (
  member_id BIGINT NOT NULL,
  tournament_id BIGINT NOT NULL,
  tournament_name VARCHAR(100) NOT NULL,
  games INT NOT NULL,
  score_halves INT NOT NULL,
  rating_before INT NULL,
  rating_change INT NULL,
  rating_after INT NULL,
  applied_at DATETIME NOT NULL,
  PRIMARY KEY (member_id, tournament_id),
  KEY rating_history_tournament (tournament_id),
  CONSTRAINT rating_history_member_fk FOREIGN KEY (member_id) REFERENCES members (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- The rated games of members who have no rating yet, against rated opponents: a first rating
-- pools them across tournaments (FIDE B.02 7.1.4).
CREATE TABLE IF NOT EXISTS rating_games (
  member_id BIGINT NOT NULL,
  tournament_id BIGINT NOT NULL,
  round SMALLINT NOT NULL,
  opponent_rating INT NOT NULL,
  result CHAR(1) NOT NULL,
  PRIMARY KEY (member_id, tournament_id, round),
  CONSTRAINT rating_games_member_fk FOREIGN KEY (member_id) REFERENCES members (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

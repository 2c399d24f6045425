-- Tournament play; the same tables and rules as mysql/0006_tournament_play.sql, which says
-- what each holds.
--
-- SQLite cannot change a CHECK constraint, and rounds may now go up to 50, so tournaments is
-- rebuilt with its new columns (the procedure of SQLite's ALTER TABLE documentation): the
-- migration runs in one transaction, and no other table refers to tournaments yet.

CREATE TABLE tournaments_new (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  start_date TEXT NOT NULL,
  end_date TEXT NOT NULL,
  location TEXT NULL,
  format TEXT NOT NULL DEFAULT 'swiss' CHECK (format IN ('swiss', 'round_robin', 'knockout')),
  rounds INTEGER NULL CHECK (rounds IS NULL OR rounds BETWEEN 1 AND 50),
  time_control TEXT NULL,
  description TEXT NULL,
  created_by INTEGER NULL REFERENCES members (id) ON DELETE SET NULL,
  created_at DATETIME NOT NULL,
  state TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'running', 'finished')),
  version INTEGER NOT NULL DEFAULT 1,
  revision INTEGER NOT NULL DEFAULT 0,
  current_round INTEGER NOT NULL DEFAULT 0,
  double_round_robin INTEGER NOT NULL DEFAULT 0,
  players_report INTEGER NOT NULL DEFAULT 0,
  bye_limit INTEGER NOT NULL DEFAULT 1 CHECK (bye_limit BETWEEN 0 AND 50),
  rated INTEGER NOT NULL DEFAULT 0,
  initial_colour TEXT NOT NULL DEFAULT 'white' CHECK (initial_colour IN ('white', 'black')),
  started_at DATETIME NULL,
  finished_at DATETIME NULL,
  standings_revision INTEGER NOT NULL DEFAULT 0,
  CHECK (end_date >= start_date)
);

INSERT INTO tournaments_new (id, name, start_date, end_date, location, format, rounds, time_control, description, created_by, created_at)
  SELECT id, name, start_date, end_date, location, format, rounds, time_control, description, created_by, created_at FROM tournaments;

DROP TABLE tournaments;

ALTER TABLE tournaments_new RENAME TO tournaments;

CREATE INDEX IF NOT EXISTS tournaments_start ON tournaments (start_date, id);

CREATE INDEX IF NOT EXISTS tournaments_created_by ON tournaments (created_by);

ALTER TABLE members ADD COLUMN rating_status TEXT NOT NULL DEFAULT 'unrated' CHECK (rating_status IN ('unrated', 'declared', 'rated'));

ALTER TABLE members ADD COLUMN rated_games INTEGER NOT NULL DEFAULT 0;

ALTER TABLE members ADD COLUMN birth_year INTEGER NULL;

ALTER TABLE members ADD COLUMN reached_2400 INTEGER NOT NULL DEFAULT 0;

ALTER TABLE members ADD COLUMN guest INTEGER NOT NULL DEFAULT 0;

CREATE TABLE IF NOT EXISTS tournament_players (
  tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
  member_id INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  start_rank INTEGER NULL,
  rating INTEGER NOT NULL DEFAULT 0,
  entered_at DATETIME NOT NULL,
  first_round INTEGER NOT NULL DEFAULT 1,
  withdrawn_after INTEGER NULL,
  PRIMARY KEY (tournament_id, member_id),
  UNIQUE (tournament_id, start_rank)
);

CREATE INDEX IF NOT EXISTS tournament_players_member ON tournament_players (member_id);

CREATE TABLE IF NOT EXISTS tournament_rounds (
  tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
  number INTEGER NOT NULL,
  paired_at DATETIME NOT NULL,
  PRIMARY KEY (tournament_id, number)
);

CREATE TABLE IF NOT EXISTS tournament_boards (
  tournament_id INTEGER NOT NULL,
  round INTEGER NOT NULL,
  board INTEGER NOT NULL,
  white INTEGER NOT NULL,
  black INTEGER NOT NULL,
  result TEXT NULL CHECK (result IS NULL OR result IN ('1-0', '0-1', '1/2-1/2', '1-0 forfeit', '0-1 forfeit', '0-0 forfeit', '1-0 decider', '0-1 decider')),
  version INTEGER NOT NULL DEFAULT 1,
  PRIMARY KEY (tournament_id, round, board),
  FOREIGN KEY (tournament_id, round) REFERENCES tournament_rounds (tournament_id, number) ON DELETE CASCADE,
  FOREIGN KEY (tournament_id, white) REFERENCES tournament_players (tournament_id, member_id),
  FOREIGN KEY (tournament_id, black) REFERENCES tournament_players (tournament_id, member_id)
);

CREATE INDEX IF NOT EXISTS tournament_boards_white ON tournament_boards (tournament_id, white);

CREATE INDEX IF NOT EXISTS tournament_boards_black ON tournament_boards (tournament_id, black);

CREATE TABLE IF NOT EXISTS tournament_byes (
  tournament_id INTEGER NOT NULL,
  round INTEGER NOT NULL,
  member_id INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('U', 'H', 'F', 'Z')),
  requested INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (tournament_id, round, member_id),
  FOREIGN KEY (tournament_id, member_id) REFERENCES tournament_players (tournament_id, member_id) ON DELETE CASCADE
);

CREATE INDEX IF NOT EXISTS tournament_byes_member ON tournament_byes (tournament_id, member_id);

CREATE TABLE IF NOT EXISTS tournament_events (
  tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  type TEXT NOT NULL,
  data TEXT NOT NULL,
  created_at DATETIME NOT NULL,
  PRIMARY KEY (tournament_id, seq)
);

CREATE INDEX IF NOT EXISTS tournament_events_created ON tournament_events (created_at);

CREATE TABLE IF NOT EXISTS rating_history (
  member_id INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  tournament_id INTEGER NOT NULL,
  tournament_name TEXT NOT NULL,
  games INTEGER NOT NULL,
  score_halves INTEGER NOT NULL,
  rating_before INTEGER NULL,
  rating_change INTEGER NULL,
  rating_after INTEGER NULL,
  applied_at DATETIME NOT NULL,
  PRIMARY KEY (member_id, tournament_id)
);

CREATE INDEX IF NOT EXISTS rating_history_tournament ON rating_history (tournament_id);

CREATE TABLE IF NOT EXISTS rating_games (
  member_id INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  tournament_id INTEGER NOT NULL,
  round INTEGER NOT NULL,
  opponent_rating INTEGER NOT NULL,
  result TEXT NOT NULL,
  PRIMARY KEY (member_id, tournament_id, round)
);

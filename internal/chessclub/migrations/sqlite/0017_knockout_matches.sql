-- Knockout matches of several games (internal/chess/knockout, match.go). games_per_match is
-- how many games each match has at the tournament's time control (1: a single game whose
-- draw is settled by a decider); tiebreak_stages lists the stages played while a match is
-- level, as "stage:games" joined by commas (rapid, blitz, armageddon; FIDE World Cup
-- regulations by default). Both are set before the start and frozen after it.
ALTER TABLE tournaments ADD COLUMN games_per_match INTEGER NOT NULL DEFAULT 1;

ALTER TABLE tournaments ADD COLUMN tiebreak_stages TEXT NOT NULL DEFAULT 'rapid:2,blitz:2,armageddon:1';

-- Each game of a match is a board of its round: game is its number within the match (from
-- 1), stage 'classical' for the match's games at the tournament's time control, else the
-- tie-break stage it belongs to. Every other board is game 1, classical.
ALTER TABLE tournament_boards ADD COLUMN game INTEGER NOT NULL DEFAULT 1;

ALTER TABLE tournament_boards ADD COLUMN stage TEXT NOT NULL DEFAULT 'classical';

-- The tournament's point system (FIDE C.04 Annex 2, record 162), in half points: the points
-- of a win (also by forfeit, and a full-point bye), a draw (also a half-point bye), a loss
-- over the board, and the pairing-allocated bye; a forfeit loss and a zero-point bye give
-- nothing. The defaults are the standard points (1, 1/2, 0, 1); 6, 2, 0, 6 is three points a
-- win. Set before the start, frozen after it; the pairing, the standings and the TRF export
-- count with it. See internal/chessclub/play/tournament (points.go).
ALTER TABLE tournaments ADD COLUMN points_win INTEGER NOT NULL DEFAULT 2;

ALTER TABLE tournaments ADD COLUMN points_draw INTEGER NOT NULL DEFAULT 1;

ALTER TABLE tournaments ADD COLUMN points_loss INTEGER NOT NULL DEFAULT 0;

ALTER TABLE tournaments ADD COLUMN points_bye INTEGER NOT NULL DEFAULT 2;

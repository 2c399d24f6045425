-- The acceleration of a Swiss's pairings (FIDE C.04.5): 'none', or 'baku' for the Baku
-- acceleration method of C.04.5.1, which the TRF export writes out as 250 records. Set
-- before the start, frozen after it. See internal/chessclub/play/tournament (tournament.go).
ALTER TABLE tournaments ADD COLUMN acceleration VARCHAR(16) NOT NULL DEFAULT 'none';

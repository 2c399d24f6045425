package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"campus.example/apps/internal/chess/swiss"
)

// runPair prints the pairing of the next round of a Swiss tournament by the FIDE Dutch system,
// in the format of bbpPairings' -p: the number of lines, then "WHITE BLACK" per board by start
// rank, and "N 0" for the pairing-allocated bye. A round that cannot be paired exits with
// status 1; a bad flag or file with status 2.
func runPair(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("chessclub pair", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, "Usage: chessclub pair FILE.trf\n\n"+
			"Pairs the next round of a TRF-2026 Swiss tournament by the FIDE Dutch system (C.04.3, 2025).\n"+
			"The file holds rounds 1..k, XXR or 142 (total rounds) and XXC or 152 (initial colour, needed\n"+
			"before round 1); byes announced for round k+1 (H, F, Z without opponent, 240, JaVaFo's XXZ)\n"+
			"keep those players out of it; 260 and XXP forbid pairs; 250 and XXA accelerate (C.04.5);\n"+
			"XXC rank pairs the players in the file's order.\n"+
			"Output: the number of lines, then WHITE BLACK per board, and N 0 for the bye.\n"+
			"Exit status: 1 when no pairing meets the absolute criteria, 2 for a bad file or one with\n"+
			"records it does not implement (other points, another pairing system).\n")
	}
	tour, path, err := parseOneFile(fs, args, nil)
	if err != nil || tour == nil {
		return err
	}
	// A forfeit written without colours is given some: they count nowhere.
	absent, err := withXXZ(tour.WithColours())
	if err != nil {
		return withStatus(usageStatus, fmt.Errorf("%s: %w", path, err))
	}
	work, startRank, err := inFileOrder(absent)
	if err != nil {
		return withStatus(usageStatus, fmt.Errorf("%s: %w", path, err))
	}
	req, err := swiss.NextRound(work)
	if err != nil {
		return withStatus(usageStatus, fmt.Errorf("%s: %w", path, err))
	}
	p, err := swiss.Pair(req)
	if errors.Is(err, swiss.ErrInvalid) {
		return withStatus(usageStatus, fmt.Errorf("%s: %w", path, err))
	}
	if err != nil {
		return fmt.Errorf("%s: round %d: %w", path, len(req.Players[0].Rounds)+1, err)
	}
	var out strings.Builder
	lines := len(p.Boards)
	if p.Bye != 0 {
		lines++
	}
	fmt.Fprintln(&out, lines)
	for _, b := range p.Boards {
		fmt.Fprintln(&out, startRank(b.White), startRank(b.Black))
	}
	if p.Bye != 0 {
		fmt.Fprintln(&out, startRank(p.Bye), 0)
	}
	_, err = io.WriteString(stdout, out.String())
	return err
}

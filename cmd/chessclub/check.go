package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"campus.example/apps/internal/chess/swiss"
)

// runCheck checks every round of a Swiss tournament against the FIDE Dutch system, as
// bbpPairings' checker does: each round is paired again from the rounds before it and set
// beside the file's. It prints one line per round that differs:
//
//	round 4: file 3-7 12-5 | engine 3-5 12-7 | worse C12 C14
//
// the file's games of the players concerned (WHITE-BLACK by start rank, N-0 for the bye), the
// engine's, the absolute criteria the file breaks ("breaks C1") and the criteria it scores
// worse on ("totals equal" when none counts worse over the round). Exit status: 0 when every round agrees, 1 when one differs, 2 for a file it cannot
// read or one with records it does not implement.
func runCheck(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("chessclub check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, "Usage: chessclub check FILE.trf\n\n"+
			"Checks each round of a TRF-2026 Swiss tournament against the FIDE Dutch system (C.04.3, 2025):\n"+
			"round r is paired again from rounds 1..r-1, without the players the file has not paired in it,\n"+
			"and compared with the file, colours and bye included. One line per round that differs:\n"+
			"  round N: file W-B ... | engine W-B ... | breaks C1 ... | worse C6 ...\n"+
			"Exit status: 0 when every round agrees, 1 when one differs, 2 for a bad file or one with\n"+
			"records it does not implement (other points, another pairing system).\n")
	}
	tour, path, err := parseOneFile(fs, args, nil)
	if err != nil || tour == nil {
		return err
	}
	work, startRank, err := inFileOrder(tour)
	if err != nil {
		return withStatus(usageStatus, fmt.Errorf("%s: %w", path, err))
	}
	verdicts, err := swiss.CheckFile(work)
	if err != nil {
		return withStatus(usageStatus, fmt.Errorf("%s: %w", path, err))
	}
	var out strings.Builder
	differ := 0
	for _, v := range verdicts {
		if !v.Differs {
			continue
		}
		differ++
		v.Engine, v.Proposed = renumber(v.Engine, startRank), renumber(v.Proposed, startRank)
		fmt.Fprintln(&out, verdictLine(v))
	}
	if _, err := io.WriteString(stdout, out.String()); err != nil {
		return err
	}
	if differ > 0 {
		return fmt.Errorf("%s: %d of %d rounds differ from the Dutch pairing", path, differ, len(verdicts))
	}
	return nil
}

// verdictLine writes one differing round.
func verdictLine(v swiss.RoundVerdict) string {
	var b strings.Builder
	fmt.Fprintf(&b, "round %d: file%s", v.Round, games(v.Proposed))
	if v.NoPairing {
		b.WriteString(" | engine: no pairing meets the absolute criteria")
	} else {
		fmt.Fprintf(&b, " | engine%s", games(v.Engine))
	}
	if len(v.Breaks) == 0 && len(v.Worse) == 0 && !v.NoPairing {
		// The round totals tie: the rules' bracket-by-bracket weighing or the order of
		// generation (C.04.3 Article 4) chose the engine's pairing.
		b.WriteString(" | totals equal")
	}
	for _, part := range []struct {
		name string
		cs   []swiss.Criterion
	}{{"breaks", v.Breaks}, {"worse", v.Worse}} {
		if len(part.cs) == 0 {
			continue
		}
		fmt.Fprintf(&b, " | %s", part.name)
		for _, c := range part.cs {
			fmt.Fprintf(&b, " %s", c)
		}
	}
	return b.String()
}

// games writes a pairing's games as " W-B ...", and its bye as " N-0".
func games(p swiss.Pairing) string {
	var b strings.Builder
	for _, g := range p.Boards {
		fmt.Fprintf(&b, " %d-%d", g.White, g.Black)
	}
	if p.Bye != 0 {
		fmt.Fprintf(&b, " %d-0", p.Bye)
	}
	return b.String()
}

// renumber gives a pairing's players their start ranks.
func renumber(p swiss.Pairing, startRank func(int) int) swiss.Pairing {
	out := swiss.Pairing{Boards: make([]swiss.Board, len(p.Boards))}
	for i, b := range p.Boards {
		out.Boards[i] = swiss.Board{White: startRank(b.White), Black: startRank(b.Black)}
	}
	if p.Bye != 0 {
		out.Bye = startRank(p.Bye)
	}
	return out
}

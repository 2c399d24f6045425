package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"campus.example/apps/internal/chess/tiebreak"
	"campus.example/apps/internal/chess/trf"
)

// maxTRFBytes bounds the TRF file standings reads: more than the largest file the format
// allows (9999 players, 200 rounds: about 21 MB).
const maxTRFBytes = 32 << 20

// runStandings prints a tournament's standings as JSON. Errors of use or input (a bad flag, an
// unreadable or invalid file, points other than the standard ones, an unknown tie-break code)
// exit with status 2.
func runStandings(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("chessclub standings", flag.ContinueOnError)
	fs.SetOutput(stderr)
	list := fs.String("tiebreaks", "", "comma-separated tie-break codes, e.g. PTS,BH/C1,BH,SB,DE (default: by format, below)")
	format := fs.String("format", "", "swiss or round_robin (default: from the file's 092 line; swiss unless it names a round robin)")
	rulesFlag := fs.String("rules", "", "2024 or 2026: the version of C.07 (default: the one in force on the file's 042 start date; 2026 without one)")
	fs.Usage = func() {
		fmt.Fprint(stderr, "Usage: chessclub standings [-tiebreaks LIST] [-format swiss|round_robin] [-rules 2024|2026] FILE.trf\n\n"+
			"Prints the standings of a TRF tournament as JSON, by the FIDE Tie-Break Regulations (C.07)\n"+
			"in force when it started (2026-03-01, or 2024-08-01 for an event that started before),\n"+
			"over the rounds played (a column of byes announced for the next round is not one).\n\nFlags:\n")
		fs.PrintDefaults()
		fmt.Fprintf(stderr, "\nDefault tie-breaks (C.07 leaves the list to the organiser; these follow FIDE's recommendations):\n"+
			"  swiss        %s\n  round_robin  %s\n\nCodes: %s, with the modifiers\n"+
			"/Cn /Mn (cut, median), /Ln /L+n /L-n (Koya limit), /Un (rating of unrated players), /P, /F.\n",
			codes(tiebreak.Defaults(tiebreak.Swiss)), codes(tiebreak.Defaults(tiebreak.RoundRobin)), strings.Join(tiebreak.Names(), " "))
	}
	var specs []tiebreak.Spec
	var rules *tiebreak.Rules
	checkFlags := func() error {
		if *rulesFlag != "" {
			r, err := tiebreak.ParseRules(*rulesFlag)
			if err != nil {
				return fmt.Errorf("-rules: %w", err)
			}
			rules = &r
		}
		if *list != "" {
			var err error
			if specs, err = tiebreak.ParseList(*list); err != nil {
				return fmt.Errorf("-tiebreaks: %w", err)
			}
		}
		switch *format {
		case "", "swiss", "round_robin":
			return nil
		default:
			return fmt.Errorf("-format %q: want swiss or round_robin", *format)
		}
	}
	tour, path, err := parseOneFile(fs, args, checkFlags)
	if err != nil || tour == nil {
		return err
	}
	f := tiebreak.FormatOf(tour.Type)
	if *format == "swiss" {
		f = tiebreak.Swiss
	} else if *format == "round_robin" {
		f = tiebreak.RoundRobin
	}
	if specs == nil {
		specs = tiebreak.Defaults(f)
	}
	// The standings count the file's point system (162, BBW to BBU, XXS); records it cannot
	// honour (299) are refused, naming the line. Virtual points (250, XXA) serve the pairing
	// only and are left aside. A start date that does not read as a date is refused unless
	// -rules gives the version it would choose.
	if rules != nil {
		tour.StartDate = "" // the rules are given: the start date does not choose them
	}
	ev, err := tiebreak.FromTRF(tour, f)
	if err != nil {
		return withStatus(usageStatus, fmt.Errorf("%s: %w", path, err))
	}
	if rules != nil {
		ev.Rules = *rules
	}
	st, err := tiebreak.Compute(ev, specs)
	if err != nil {
		return withStatus(usageStatus, err)
	}
	return st.WriteJSON(stdout)
}

// readTRF reads a TRF file of at most maxTRFBytes.
func readTRF(path string) (*trf.Tournament, error) {
	file, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	data, err := io.ReadAll(io.LimitReader(file, maxTRFBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(data) > maxTRFBytes {
		return nil, fmt.Errorf("%s: larger than %d bytes", path, maxTRFBytes)
	}
	tour, err := trf.Read(strings.NewReader(string(data)))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return tour, nil
}

// codes writes a tie-break list as the flag takes it.
func codes(specs []tiebreak.Spec) string {
	s := make([]string, len(specs))
	for i, sp := range specs {
		s[i] = sp.String()
	}
	return strings.Join(s, ",")
}

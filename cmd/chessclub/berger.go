package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"

	"campus.example/apps/internal/chess/roundrobin"
)

// runBerger prints the round-robin schedule for N players as JSON. A bad flag or N exits with
// status 2.
func runBerger(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("chessclub berger", flag.ContinueOnError)
	fs.SetOutput(stderr)
	double := fs.Bool("double", false, "a double round robin, FIDE's form: the first cycle with its last two rounds swapped, then the second with colours reversed")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: chessclub berger [-double] N\n\n"+
			"Prints the Berger table (FIDE C.05 Annex 1) for N players, 2 to %d, as JSON: each round's\n"+
			"pairs [white, black] by draw number; with an odd N, [player, 0] is the free round.\n\nFlags:\n", roundrobin.MaxPlayers)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return withStatus(usageStatus, err)
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return withStatus(usageStatus, errors.New("berger needs exactly one number of players"))
	}
	n, err := strconv.Atoi(fs.Arg(0))
	if err != nil {
		return withStatus(usageStatus, fmt.Errorf("the number of players %q is not a number", fs.Arg(0)))
	}
	schedule := roundrobin.Single
	if *double {
		schedule = roundrobin.Double
	}
	rounds, err := schedule(n)
	if err != nil {
		return withStatus(usageStatus, err)
	}
	return roundrobin.WriteJSON(stdout, n, rounds)
}

package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"campus.example/apps/internal/chessclub/members"
	"campus.example/apps/internal/flagenv"
)

// runFIDERatings sets the members' FIDE ratings and titles from one of FIDE's rating lists
// in its TXT form, and prints what changed. The file is streamed, never held: the combined
// list of every rated player (over a million lines) takes a few seconds.
func runFIDERatings(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("chessclub fide-ratings", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dbURL := fs.String("db", defaultDB, dbUsage)
	list := fs.String("list", "", "the rating type of a single list: standard, rapid or blitz (its header names only the month);\n"+
		"not needed for the combined list (players_list_foa.txt), whose header names its types")
	twins := flagenv.Twins{"db": "CHESSCLUB_DB"}
	flagenv.Describe(fs, twins)
	fs.Usage = func() {
		fmt.Fprint(stderr, "Usage: chessclub fide-ratings [-db URL] [-list standard|rapid|blitz] FILE.txt\n\n"+
			"Sets the FIDE ratings and titles of the members whose FIDE id is in FIDE's rating list FILE\n"+
			"(the TXT form from ratings.fide.com, unzipped), and prints what changed. Each change is\n"+
			"recorded in the audit trail as made on the command line.\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return fmt.Errorf("fide-ratings needs exactly one FILE")
	}
	switch *list {
	case "", "standard", "rapid", "blitz":
	default:
		return fmt.Errorf("-list must be standard, rapid or blitz, not %q", *list)
	}
	if err := flagenv.Apply(fs, twins, getenv); err != nil {
		return err
	}
	file, err := os.Open(fs.Arg(0))
	if err != nil {
		return err
	}
	defer file.Close()
	store, closeDB, err := openStore(ctx, *dbURL, getenv(passwordEnv), false)
	if err != nil {
		return err
	}
	defer closeDB()
	res, err := store.ApplyFIDEList(ctx, bufio.NewReaderSize(file, 1<<16), *list)
	if err != nil {
		return fmt.Errorf("%s: %w", fs.Arg(0), err)
	}
	printFIDEList(stdout, res)
	return nil
}

// printFIDEList prints one line per member changed, then a summary.
func printFIDEList(w io.Writer, res members.FIDEListResult) {
	for _, c := range res.Changes {
		names := make([]string, 0, len(c.After))
		for name := range c.After {
			names = append(names, name)
		}
		sort.Strings(names)
		parts := make([]string, len(names))
		for i, name := range names {
			parts[i] = fmt.Sprintf("%s %s -> %s", name, shown(c.Before[name]), shown(c.After[name]))
		}
		fmt.Fprintf(w, "%s (%s, FIDE %d): %s\n", c.Username, c.FullName, c.FIDEID, strings.Join(parts, ", "))
	}
	fmt.Fprintf(w, "%d players in the list (%s); %d members found, %d changed\n", res.Players, strings.Join(res.Types, ", "), res.Matched, len(res.Changes))
}

// shown writes a value of a change: a number, a title, or "none".
func shown(v any) string {
	switch x := v.(type) {
	case *int:
		if x != nil {
			return fmt.Sprint(*x)
		}
	case *string:
		if x != nil {
			return *x
		}
	}
	return "none"
}

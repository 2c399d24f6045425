package main

import (
	"context"
	"io"
)

// command is one of chessclub's commands besides serving: its name, the arguments its usage
// line shows, and what runs it. The list is the one place that names them, so that the
// server's -h lists every one (TestUsageListsEveryCommand).
type command struct {
	name, synopsis string
	run            func(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error
}

// commands are chessclub's commands, in the order -h lists them.
var commands = []command{
	{"admin", "[-db URL] USERNAME", runAdmin},
	{"arbiter", "[-db URL] [-revoke] USERNAME", runArbiter},
	{"fide-ratings", "[-db URL] [-list standard|rapid|blitz] FILE.txt", runFIDERatings},
	{"backup", "[-db URL] FILE", runBackup},
	{"sql", "[-database NAME]", offline(runSQL)},
	{"pair", "FILE.trf", offline(runPair)},
	{"check", "FILE.trf", offline(runCheck)},
	{"standings", "[-tiebreaks LIST] [-format swiss|round_robin] [-rules 2024|2026] FILE.trf", offline(runStandings)},
	{"berger", "[-double] N", offline(runBerger)},
}

// offline makes a command that needs neither a context nor the environment (it reads files
// or prints tables) a command of the list.
func offline(run func(args []string, stdout, stderr io.Writer) error) func(context.Context, []string, func(string) string, io.Writer, io.Writer) error {
	return func(_ context.Context, args []string, _ func(string) string, stdout, stderr io.Writer) error {
		return run(args, stdout, stderr)
	}
}

package main

import (
	"errors"
	"flag"
	"fmt"
	"strings"

	"campus.example/apps/internal/chess/trf"
)

// parseOneFile parses the arguments of a subcommand that reads one TRF file (check, pair,
// standings): the flags of fs, then exactly one FILE.trf, read and parsed. check, when not
// nil, validates the flags before the file is read, so that a mistyped flag fails at once.
// After -h it returns a nil tournament and a nil error: the usage is printed, nothing else is
// to be done. Every error carries the usage exit status.
func parseOneFile(fs *flag.FlagSet, args []string, check func() error) (tour *trf.Tournament, path string, err error) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, "", nil
		}
		return nil, "", withStatus(usageStatus, err)
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return nil, "", withStatus(usageStatus, fmt.Errorf("%s needs exactly one FILE.trf", subcommand(fs)))
	}
	if check != nil {
		if err := check(); err != nil {
			return nil, "", withStatus(usageStatus, err)
		}
	}
	path = fs.Arg(0)
	if tour, err = readTRF(path); err != nil {
		return nil, "", withStatus(usageStatus, err)
	}
	return tour, path, nil
}

// subcommand is the last word of a flag set's name: "pair" of "chessclub pair".
func subcommand(fs *flag.FlagSet) string {
	name := fs.Name()
	return name[strings.LastIndexByte(name, ' ')+1:]
}

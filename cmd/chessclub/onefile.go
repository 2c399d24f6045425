package main

import (
	"errors"
	"flag"
	"fmt"
	"strconv"
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

// inFileOrder returns the tournament to pair when the file asks, by JaVaFo's "XXC rank", to
// pair its players in the order they are listed rather than by start rank, as bbpPairings
// does: a copy in which each player's pairing number is their place in the file, and the
// function that turns such a number back into the start rank. When the two orders agree, or
// the file does not ask, t itself comes back with the identity. A file whose other records
// name players by start rank (240, 250, 260, XXA, XXP, XXZ) cannot be renumbered and is an
// error: paired by start rank it would be another pairing.
func inFileOrder(t *trf.Tournament) (*trf.Tournament, func(int) int, error) {
	if !t.RankOrderDiffers() {
		return t, func(n int) int { return n }, nil
	}
	for _, l := range t.Other {
		switch tag, _, _ := strings.Cut(l+" ", " "); tag {
		case "240", "250", "260", "XXA", "XXP", "XXZ":
			return nil, nil, fmt.Errorf("XXC rank asks to pair the players in the order of the file, which is not the order of their start ranks, and record %q names players by start rank", l)
		}
	}
	c := t.Prefix(t.RoundsRecorded()) // a copy
	place := make(map[int]int, len(t.Players))
	back := make(map[int]int, len(t.Players))
	for i, p := range t.Players {
		place[p.StartRank], back[i+1] = i+1, p.StartRank
	}
	for i := range c.Players {
		p := &c.Players[i]
		p.StartRank, p.Points = place[p.StartRank], t.Players[i].Points
		for r := range p.Rounds {
			if p.Rounds[r].Opponent != 0 {
				p.Rounds[r].Opponent = place[p.Rounds[r].Opponent]
			}
		}
	}
	c.UseRank = false
	c.TotalRounds, c.InitialColour = t.TotalRounds, t.InitialColour // round 1's colour by the file's order
	return c, func(n int) int { return back[n] }, nil
}

// withXXZ returns the tournament to pair when the file names, in JaVaFo's XXZ records, the
// players who will miss the round to pair: a copy in which each XXZ record is that round's 240
// record of zero-point byes (TRF-2026), which the engine reads. TieBreakServer reads XXZ so,
// and JaVaFo's manual defines it so; bbpPairings does not read it. Without XXZ, t comes back.
func withXXZ(t *trf.Tournament) (*trf.Tournament, error) {
	var ids [][]string
	for _, l := range t.Other {
		if strings.HasPrefix(l, "XXZ") {
			ids = append(ids, strings.Fields(l[3:]))
		}
	}
	if len(ids) == 0 {
		return t, nil
	}
	next := t.RoundsPlayed() + 1
	c := t.Prefix(t.RoundsRecorded()) // a copy
	for i := range c.Players {
		c.Players[i].Points, c.Players[i].Rank = t.Players[i].Points, t.Players[i].Rank
	}
	c.TotalRounds, c.InitialColour = t.TotalRounds, t.InitialColour
	for _, group := range ids {
		line := fmt.Sprintf("240 Z %3d", next)
		for _, id := range group {
			n, err := strconv.Atoi(id)
			if err != nil || n < 1 || n > trf.MaxStartRank {
				return nil, fmt.Errorf("XXZ: %q is not a start rank", id)
			}
			line += fmt.Sprintf(" %4d", n)
		}
		c.Other = append(c.Other, line)
	}
	return c, nil
}

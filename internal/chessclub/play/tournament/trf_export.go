package tournament

import (
	"fmt"
	"strings"

	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chess/swiss"
	"campus.example/apps/internal/chess/trf"
)

// trfNameWidth is the width of a TRF player name (columns 15-47).
const trfNameWidth = 33

// trfType returns the 092 line (type of tournament) for a format. The words "Swiss" and
// "Round-Robin" are what tie-break programs read the format from (tiebreak.FormatOf).
func trfType(t Tournament) string {
	switch t.Format {
	case FormatRoundRobin:
		if t.DoubleRoundRobin {
			return "Individual: Round-Robin, double"
		}
		return "Individual: Round-Robin"
	case FormatKnockout:
		return "Individual: Knockout"
	}
	return "Individual: Swiss-System, FIDE Dutch"
}

// trfDate writes a date as TRF-2026 asks: YYYY/MM/DD.
func trfDate(d Date) string { return strings.ReplaceAll(string(d), "-", "/") }

// TRF returns the tournament as a TRF-2026 file: the tournament section, XXR (the rounds
// it will have) and XXC (round 1's initial colour), and one player line per player with a
// pairing number, with every round paired so far. places, when not nil, fills the rank
// column (by member id).
//
// While the tournament runs and has rounds to come, 240 records (TRF-2026's byes) announce
// who sits a round out: the half-point byes asked for (H), and a zero-point bye (Z) in every
// round left for each player who withdrew. A pairing program given this file pairs the next
// round exactly as the club does (the club pairs a Swiss round from this very file,
// pairSwiss), and a tie-break program counts the rounds paired, no more.
//
// A knockout of matches writes each game as its own column (trf_matches.go).
//
// A tournament with the Baku acceleration gets its 250 records (writeAcceleration); the
// only error is one of those that the file cannot hold.
func (f *Field) TRF(places map[int64]int) (*trf.Tournament, error) {
	t := f.Tournament
	out := &trf.Tournament{
		Name:          t.Name,
		StartDate:     trfDate(t.StartDate),
		EndDate:       trfDate(t.EndDate),
		Type:          trfType(t),
		TotalRounds:   f.TotalRounds(),
		InitialColour: chess.White,
	}
	if t.InitialColour == ColourBlack {
		out.InitialColour = chess.Black
	}
	if t.Location != nil {
		out.City = *t.Location
	}
	if t.TimeControl != nil {
		out.TimeControl = *t.TimeControl
	}
	records := f.Records(len(f.Rounds))
	if t.Matches() {
		var columns int
		records, columns = f.gameRecords()
		out.TotalRounds = f.matchColumns(columns)
	}
	for _, e := range f.Players {
		if e.StartRank == 0 {
			continue
		}
		p := trf.Player{StartRank: e.StartRank, Name: trfName(e.FullName), Rating: e.Rating, Rank: places[e.MemberID], Rounds: records[e.MemberID]}
		p.Points = p.PointsAfter(len(p.Rounds))
		out.NumPlayers++
		if e.Rating > 0 {
			out.NumRated++
		}
		out.Players = append(out.Players, p)
	}
	if t.Format == FormatSwiss {
		out.Other = append(out.Other, f.forbiddenRecords()...)
		if err := f.writeAcceleration(out); err != nil {
			return nil, err
		}
	}
	if t.State == StateRunning {
		out.Other = append(out.Other, f.byeRecords()...)
	}
	return out, nil
}

// writeAcceleration writes the Baku acceleration (C.04.5.1) of a tournament that has it as
// the 250 records swiss.Baku computes: group A is the first half, rounded up to an even
// number, of the players who were there at the start (late entries are given the numbers
// after theirs, so they are in group B, as C.04.5.1 says of players numbered after group
// A's last), and the records are the same before and after every late entry. A program
// given the file pairs it as the club does; a tournament without players or without its
// number of rounds yet has none.
func (f *Field) writeAcceleration(out *trf.Tournament) error {
	if f.Tournament.Acceleration != AccelerationBaku || out.TotalRounds == 0 {
		return nil
	}
	var ids []int
	for _, e := range f.Players {
		if e.StartRank != 0 && e.FirstRound == 1 {
			ids = append(ids, e.StartRank)
		}
	}
	acc, err := swiss.Baku(ids, out.TotalRounds)
	if err == nil {
		err = swiss.SetAccelerations(out, acc)
	}
	if err != nil {
		return fmt.Errorf("tournament %d: the Baku acceleration: %w", f.Tournament.ID, err)
	}
	return nil
}

// byeRecords returns the 240 records of the byes known for the rounds not yet paired: one
// per kind and round, the players by pairing number (columns: the kind in 5, the round in
// 7-9, players in 11-14, 16-19, …).
func (f *Field) byeRecords() []string {
	var out []string
	for r := len(f.Rounds) + 1; r <= f.TotalRounds(); r++ {
		for _, kind := range []chess.Result{chess.HalfBye, chess.FullBye, chess.ZeroBye} {
			line := fmt.Sprintf("240 %c %03d", kind, r)
			n := 0
			for _, e := range f.Players {
				if k, ok := f.absence(e, r); ok && k == kind && e.StartRank != 0 {
					line += fmt.Sprintf(" %4d", e.StartRank)
					n++
				}
			}
			if n > 0 {
				out = append(out, line)
			}
		}
	}
	return out
}

// absence reports whether player e sits out round r, and with which bye: a bye they asked
// for (H, or Z for an absence imported from a file), or Z once they have withdrawn.
func (f *Field) absence(e *Entrant, r int) (chess.Result, bool) {
	if kind, ok := e.Requested[r]; ok {
		return kind, true
	}
	if !e.Active(r) {
		return chess.ZeroBye, true
	}
	return 0, false
}

// trfName fits a name into the TRF's 33 columns.
func trfName(name string) string {
	r := []rune(name)
	if len(r) > trfNameWidth {
		r = r[:trfNameWidth]
	}
	return strings.TrimSpace(string(r))
}

package tournament

import (
	"fmt"
	"strings"

	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chess/swiss"
	"campus.example/apps/internal/problem"
)

// Proposal is a pairing of a Swiss round made by hand, by member id: the arbiter's pairing in
// place of the engine's (C.04.2: the arbiter may change a pairing, and answers for it).
type Proposal struct {
	Boards []ProposedBoard
	// Bye is the player given the pairing-allocated bye, 0 for none.
	Bye int64
}

// ProposedBoard is a game of a Proposal.
type ProposedBoard struct{ White, Black int64 }

// Replaceable returns a Conflict problem unless round n's pairing may be replaced by hand: a
// running Swiss, n the last round paired, no result entered on it; NotFound for a round not
// paired.
func (f *Field) Replaceable(n int) error {
	t := f.Tournament
	switch {
	case t.Format != FormatSwiss:
		return t.Conflict("Only a Swiss round is paired by hand; this tournament is %s.", t.Format)
	case n < 1 || n > len(f.Rounds):
		return problem.New(problem.NotFound, "Round %d of tournament %d is not paired.", n, t.ID)
	case t.State != StateRunning:
		return t.Conflict("A pairing can only be changed while the tournament runs; it is %s.", t.State)
	case n != len(f.Rounds):
		return t.Conflict("Only the last round paired, %d, can be paired by hand.", len(f.Rounds))
	}
	for _, b := range f.Rounds[n-1].Boards {
		if b.Result != nil {
			return t.Conflict("Round %d has a result entered (board %d); clear it first.", n, b.Number)
		}
	}
	return nil
}

// CheckProposal checks p as round n's pairing in place of the one stored (see Replaceable):
// it must pair every player of the round once, and only them, with at most one
// pairing-allocated bye; then the checker sets it beside the engine's pairing (CheckRound).
// A proposal that does not pair the round's players once each is Invalid, each fault named
// by its field ("boards[2].white", "bye", "boards" for a player left out).
func (f *Field) CheckProposal(n int, p Proposal) (PairingCheck, error) {
	req, _, err := f.roundRequest(n)
	if err != nil {
		return PairingCheck{}, err
	}
	in := f.roundPlayers(n)
	fields := map[string]string{}
	seen := map[int64]string{}
	place := func(field string, id int64) {
		e, ok := f.ByID[id]
		switch {
		case !ok || e.StartRank == 0:
			fields[field] = "is not a player of the tournament"
		case !e.Active(n):
			fields[field] = "has withdrawn"
		case !in[id]:
			fields[field] = "does not play this round (a bye asked for, or a later entry)"
		case seen[id] != "":
			fields[field] = "is paired already, at " + seen[id]
		default:
			seen[id] = field
		}
	}
	for i, b := range p.Boards {
		place(fmt.Sprintf("boards[%d].white", i), b.White)
		place(fmt.Sprintf("boards[%d].black", i), b.Black)
	}
	if p.Bye != 0 {
		place("bye", p.Bye)
	}
	var missing []string
	for _, e := range f.Players {
		if in[e.MemberID] && e.Active(n) && seen[e.MemberID] == "" {
			missing = append(missing, fmt.Sprintf("%s (%d)", e.FullName, e.MemberID))
		}
	}
	if len(missing) > 0 {
		fields["boards"] = "leaves out " + strings.Join(missing, ", ")
	}
	if len(fields) > 0 {
		return PairingCheck{}, problem.Validation(fields)
	}
	// A player paired in round n who has withdrawn since sits it out in the proposal.
	for id := range in {
		if e := f.ByID[id]; !e.Active(n) {
			req.Absent = append(req.Absent, e.StartRank)
		}
	}
	var prop swiss.Pairing
	for _, b := range p.Boards {
		prop.Boards = append(prop.Boards, swiss.Board{White: f.ByID[b.White].StartRank, Black: f.ByID[b.Black].StartRank})
	}
	if p.Bye != 0 {
		prop.Bye = f.ByID[p.Bye].StartRank
	}
	return f.check(n, req, prop)
}

// roundPlayers returns the players round n pairs: those on its boards and its
// pairing-allocated bye.
func (f *Field) roundPlayers(n int) map[int64]bool {
	in := map[int64]bool{}
	rd := f.Rounds[n-1]
	for _, b := range rd.Boards {
		in[b.White], in[b.Black] = true, true
	}
	for _, b := range rd.Byes {
		if b.Kind == chess.PairingBye {
			in[b.Member] = true
		}
	}
	return in
}

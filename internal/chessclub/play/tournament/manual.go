package tournament

import (
	"errors"
	"fmt"
	"strings"

	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chess/swiss"
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

// PairableByHand returns a Conflict refusal unless round n may be paired by hand, in a
// running Swiss: the last round paired, while it has no result entered (its pairing is
// replaced), or the next round, once the last has all its results and rounds are left (it is
// made by hand, for example when no pairing meets the absolute criteria and the arbiter
// decides, C.04.3 1.9.3). It returns NotFound for a round beyond those.
func (f *Field) PairableByHand(n int) error {
	t := f.Tournament
	last := len(f.Rounds)
	switch {
	case t.Format != FormatSwiss:
		return t.Conflict("Only a Swiss round is paired by hand; this tournament is %s.", t.Format)
	case n < 1 || n > last+1:
		return refuse(NotFound, "Round %d of tournament %d is neither paired nor the next to pair.", n, t.ID)
	case t.State != StateRunning:
		return t.Conflict("A round can only be paired by hand while the tournament runs; it is %s.", t.State)
	case n < last:
		return t.Conflict("Only the last round paired, %d, or the next can be paired by hand.", last)
	case n == last+1 && f.MissingResults() > 0:
		return t.Conflict("Round %d has %d results missing; they must be in before round %d is paired.", last, f.MissingResults(), n)
	case n == last+1 && n > f.TotalRounds():
		return t.Conflict("All %d rounds are paired; finish the tournament.", f.TotalRounds())
	case n == last+1:
		return nil
	}
	for _, b := range f.Rounds[n-1].Boards {
		if b.Result != nil {
			return t.Conflict("Round %d has a result entered (board %d); clear it first.", n, b.Number)
		}
	}
	return nil
}

// CheckProposal checks p as round n's pairing, in place of the one stored or as the next
// round's (see PairableByHand): it must pair every player of the round once, and only them,
// with at most one pairing-allocated bye; then the checker sets it beside the engine's pairing
// (CheckRound). The players of a round paired are those it paired; those of the next round
// are those the engine would pair (not absent: no bye asked for, not withdrawn).
// A proposal that does not pair the round's players once each is Invalid, each fault named
// by its field ("boards[2].white", "bye", "boards" for a player left out).
func (f *Field) CheckProposal(n int, p Proposal) (PairingCheck, error) {
	req, in, err := f.handRequest(n)
	if err != nil {
		return PairingCheck{}, err
	}
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
		return PairingCheck{}, invalid(fields)
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

// handRequest returns the request that pairs round n, and the players it pairs: those of the
// round as paired, or for the next round those who do not sit it out.
func (f *Field) handRequest(n int) (swiss.Request, map[int64]bool, error) {
	if n <= len(f.Rounds) {
		req, _, err := f.roundRequest(n)
		return req, f.roundPlayers(n), err
	}
	file, err := f.TRF(nil)
	if err != nil {
		return swiss.Request{}, nil, fmt.Errorf("pair round %d by hand: %w", n, err)
	}
	req, err := swiss.NextRound(file)
	if errors.Is(err, swiss.ErrInvalid) {
		return swiss.Request{}, nil, f.Tournament.Conflict("Round %d cannot be checked against the Dutch system: %v", n, err)
	}
	if err != nil {
		return swiss.Request{}, nil, err
	}
	in := map[int64]bool{}
	for _, e := range f.Players {
		if _, away := f.absence(e, n); e.StartRank != 0 && !away {
			in[e.MemberID] = true
		}
	}
	return req, in, nil
}

// Absentees returns the byes of the players who sit round n out (see absentees), for a round
// paired by hand.
func (f *Field) Absentees(n int) []ByeRecord { return f.absentees(n) }

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

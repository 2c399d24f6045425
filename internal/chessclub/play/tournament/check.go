package tournament

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"

	"campus.example/apps/internal/chess/swiss"
)

// PairingCheck is the pairing checker's verdict on a round, as GET …/rounds/{n}/check and
// POST …/rounds/{n}/pairing/check show it (swiss.Check): the round is paired again from the
// rounds before it, with the same players, and set beside the round's pairing (or a proposed
// one).
type PairingCheck struct {
	Round int `json:"round"`
	// Differs is true when a game of the engine's pairing, with its colours, or its
	// pairing-allocated bye is missing from the pairing checked; board order does not count.
	Differs bool `json:"differs"`
	// NoPairing is true when no pairing meets the absolute criteria (C.04.3 1.9.3); Differs is
	// true then too, and Engine is empty.
	NoPairing bool `json:"no_pairing"`
	// Engine holds the engine's games (and bye) that the pairing checked lacks.
	Engine CheckedPairing `json:"engine"`
	// Paired holds the games (and bye) the pairing checked gives the same players.
	Paired CheckedPairing `json:"paired"`
	// Breaks lists the absolute criteria the pairing checked breaks: "C1" (a rematch or a
	// forbidden pair), "C2" (a second pairing-allocated bye, or one after a win without a
	// game), "C3" (non-topscorers with the same absolute colour preference paired).
	Breaks []string `json:"breaks"`
	// Worse lists the criteria C5–C21 on which the pairing checked scores worse than the
	// engine's over the round (swiss.Check says how each is counted).
	Worse []string `json:"worse"`
}

// CheckedPairing is one side of a PairingCheck.
type CheckedPairing struct {
	Boards []CheckedBoard `json:"boards"`
	// Bye is the player given the pairing-allocated bye, nil for none.
	Bye *PlayerRef `json:"bye"`
}

// CheckedBoard is a game a PairingCheck names.
type CheckedBoard struct {
	White PlayerRef `json:"white"`
	Black PlayerRef `json:"black"`
}

// CheckRound checks round n (paired) of a Swiss tournament against the Dutch system, as
// pairing programs' checkers do. It returns Conflict for another format, NotFound for a round
// not paired.
func (f *Field) CheckRound(n int) (PairingCheck, error) {
	in, err := f.RoundCheck(n)
	if err != nil {
		return PairingCheck{}, err
	}
	return in.Check()
}

// RoundCheck is what the pairing checker of a saved round works on: the request that pairs
// the round again, from the rounds before it, and the round's pairing.
type RoundCheck struct {
	f      *Field
	n      int
	req    swiss.Request
	paired swiss.Pairing
}

// RoundCheck returns what checks round n (paired) of a Swiss tournament (CheckRound). It
// returns Conflict for another format, NotFound for a round not paired.
func (f *Field) RoundCheck(n int) (RoundCheck, error) {
	req, paired, err := f.roundRequest(n)
	if err != nil {
		return RoundCheck{}, err
	}
	return RoundCheck{f: f, n: n, req: req, paired: paired}, nil
}

// Check pairs the round again with the Dutch engine and sets the saved pairing beside it:
// the work of a pairing, seconds for the largest fields.
func (c RoundCheck) Check() (PairingCheck, error) { return c.f.check(c.n, c.req, c.paired) }

// Key is a digest of everything the check's verdict depends on: the round, the request, the
// pairing checked and the players as the verdict names them. Two checks with one key give the
// same verdict, so a verdict may be kept under its key and given again, whatever else changed
// in the tournament (a result of the round checked, say).
func (c RoundCheck) Key() string {
	refs := make([]PlayerRef, 0, len(c.f.Players))
	for _, e := range c.f.Players {
		refs = append(refs, c.f.Ref(e.MemberID))
	}
	h := sha256.New()
	if err := json.NewEncoder(h).Encode([]any{c.n, c.req, c.paired, refs}); err != nil {
		// The values are plain data that always encode.
		panic(fmt.Sprintf("tournament: encode a round's check: %v", err))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// roundRequest returns the request that pairs round n again, from the tournament's own TRF
// file as CheckRound reads it, and the round's pairing by start rank.
func (f *Field) roundRequest(n int) (swiss.Request, swiss.Pairing, error) {
	if f.Tournament.Format != FormatSwiss {
		return swiss.Request{}, swiss.Pairing{}, f.Tournament.Conflict("Only the rounds of a Swiss tournament are checked against the Dutch system; this one is %s.", f.Tournament.Format)
	}
	if n < 1 || n > len(f.Rounds) {
		return swiss.Request{}, swiss.Pairing{}, refuse(NotFound, "Round %d of tournament %d is not paired.", n, f.Tournament.ID)
	}
	file, err := f.TRF(nil)
	if err != nil {
		return swiss.Request{}, swiss.Pairing{}, fmt.Errorf("check round %d: %w", n, err)
	}
	req, paired, err := swiss.RoundRequest(file, n)
	if errors.Is(err, swiss.ErrInvalid) {
		return swiss.Request{}, swiss.Pairing{}, f.Tournament.Conflict("Round %d cannot be checked against the Dutch system: %v", n, err)
	}
	return req, paired, err
}

// check sets pairing p of round n beside the engine's.
func (f *Field) check(n int, req swiss.Request, p swiss.Pairing) (PairingCheck, error) {
	v, err := swiss.Check(req, p)
	if err != nil {
		return PairingCheck{}, fmt.Errorf("check round %d: %w", n, err)
	}
	out := PairingCheck{Round: n, Differs: v.Differs, NoPairing: v.NoPairing, Breaks: []string{}, Worse: []string{}}
	out.Engine = f.checked(v.Engine)
	out.Paired = f.checked(v.Proposed)
	for _, c := range v.Breaks {
		out.Breaks = append(out.Breaks, c.String())
	}
	for _, c := range v.Worse {
		out.Worse = append(out.Worse, c.String())
	}
	return out, nil
}

// checked names a pairing's players.
func (f *Field) checked(p swiss.Pairing) CheckedPairing {
	byRank := f.ByStartRank()
	out := CheckedPairing{Boards: []CheckedBoard{}}
	for _, b := range p.Boards {
		out.Boards = append(out.Boards, CheckedBoard{White: f.Ref(byRank[b.White].MemberID), Black: f.Ref(byRank[b.Black].MemberID)})
	}
	if p.Bye != 0 {
		ref := f.Ref(byRank[p.Bye].MemberID)
		out.Bye = &ref
	}
	return out
}

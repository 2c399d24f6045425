package play

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chessclub/api"
	"campus.example/apps/internal/chessclub/audit"
	"campus.example/apps/internal/chessclub/play/admission"
	"campus.example/apps/internal/chessclub/play/storage"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/problem"
)

// CheckProposal answers what the pairing checker says of proposal p as round n of the
// tournament with id, on behalf of caller, who must direct it (mayDirect: an arbiter or an
// admin, or the organiser of an unrated tournament). It returns NotFound, Forbidden, Conflict
// when the round may not be paired by hand (tournament.Field.PairableByHand), and Invalid for
// a proposal that does not pair the round's players once each.
//
// The check pairs the round again with the Dutch engine, in one of the server's pairing slots
// (admission.Pairings), which it waits for while ctx lives: the caller's one slot.
func (s *Rounds) CheckProposal(ctx context.Context, id int64, caller api.Caller, n int, p tournament.Proposal) (*tournament.Field, tournament.PairingCheck, error) {
	free, err := s.slots.Take(ctx, admission.MemberHolder(caller.ID), func() { WaitingForSlot(ctx) })
	if err != nil {
		return nil, tournament.PairingCheck{}, err
	}
	defer free()
	f, err := s.Field(ctx, id)
	if err != nil {
		return nil, tournament.PairingCheck{}, err
	}
	if err := mayDirect(f.Tournament, caller, "pair"); err != nil {
		return nil, tournament.PairingCheck{}, err
	}
	if err := f.PairableByHand(n); err != nil {
		return nil, tournament.PairingCheck{}, err
	}
	v, err := f.CheckProposal(n, p)
	return f, v, err
}

// PairByHand stores p as round n (see checkProposal): the last round's pairing is replaced,
// or the next round is made. A proposal that breaks an absolute criterion (C1–C3) is refused
// with Invalid naming them, unless no pairing meets them (C.04.3 1.9.3: the arbiter decides);
// one that breaks them then, or scores worse than the engine's pairing on a quality criterion,
// needs confirm, else Conflict lists them, with the verdict as the problem's current state.
//
// The check pairs the round again, outside any write transaction (as pairRound does); the
// pairing is stored only if the tournament's revision is still the one checked.
func (s *Rounds) PairByHand(ctx context.Context, id int64, caller api.Caller, n int, p tournament.Proposal, confirm bool) (tournament.Round, error) {
	snap, v, err := s.CheckProposal(ctx, id, caller, n, p)
	if err != nil {
		return tournament.Round{}, err
	}
	if len(v.Breaks) > 0 && !v.NoPairing {
		return tournament.Round{}, &problem.Error{Kind: problem.Invalid,
			Detail: fmt.Sprintf("The pairing breaks absolute criteria of the Dutch system (C.04.3): %s. It cannot be saved.", strings.Join(v.Breaks, ", ")),
			Fields: map[string]string{"boards": "breaks " + strings.Join(v.Breaks, ", ")}}
	}
	if len(v.Breaks) > 0 && !confirm {
		return tournament.Round{}, &problem.Error{Kind: problem.Conflict, Current: v,
			Detail: fmt.Sprintf("No pairing meets the absolute criteria of the Dutch system, and this one breaks %s: the arbiter decides (C.04.3 1.9.3); send confirm: true to save it.", strings.Join(v.Breaks, ", ")),
			Fields: map[string]string{"confirm": "breaks " + strings.Join(v.Breaks, ", ")}}
	}
	if len(v.Worse) > 0 && !confirm {
		return tournament.Round{}, &problem.Error{Kind: problem.Conflict, Current: v,
			Detail: fmt.Sprintf("The pairing scores worse than the engine's on %s; send confirm: true to save it.", strings.Join(v.Worse, ", ")),
			Fields: map[string]string{"confirm": "worse on " + strings.Join(v.Worse, ", ")}}
	}
	var out tournament.Round
	err = s.change(ctx, id, func(tx *sql.Tx, f *tournament.Field) error {
		t := f.Tournament
		if err := mayDirect(t, caller, "pair"); err != nil {
			return err
		}
		if err := f.PairableByHand(n); err != nil {
			return err
		}
		if t.Revision != snap.Tournament.Revision {
			return t.Conflict("The tournament changed while the pairing was checked; check it again.")
		}
		var before map[string]any
		if n <= len(f.Rounds) {
			before = roundSummary(f.RoundView(f.Rounds[n-1]))
			if err := replaceRound(ctx, tx, f, n, p); err != nil {
				return err
			}
		} else if err := s.addRound(ctx, tx, f, n, p); err != nil {
			return err
		}
		t.CurrentRound = n
		if err := s.live.Emit(ctx, tx, id, EventRoundPaired, map[string]any{"round": n, "manual": true}); err != nil {
			return err
		}
		stored, err := storage.FieldRound(ctx, tx, t, n)
		if err != nil {
			return err
		}
		out = stored.RoundView(stored.Rounds[n-1])
		after := roundSummary(out)
		after["worse"] = v.Worse
		if len(v.Breaks) > 0 {
			after["breaks"] = v.Breaks
		}
		return s.record(ctx, tx, caller, id, 0, audit.RoundRepaired, fmt.Sprintf("round %d", n), before, after)
	})
	return out, err
}

// addRound stores p as the next round, n, with the byes of the players who sit it out, as
// storeRound stores the engine's pairing.
func (s *Rounds) addRound(ctx context.Context, tx *sql.Tx, f *tournament.Field, n int, p tournament.Proposal) error {
	id := f.Tournament.ID
	err := storage.InsertRound(ctx, tx, id, n, s.clock())
	if errors.Is(err, storage.ErrDuplicate) {
		return f.Tournament.Conflict("Round %d is paired already.", n)
	}
	if err != nil {
		return err
	}
	boards := make([]tournament.PairedBoard, 0, len(p.Boards))
	for _, b := range p.Boards {
		boards = append(boards, tournament.PairedBoard{White: b.White, Black: b.Black})
	}
	if err := storage.InsertBoards(ctx, tx, id, n, 1, boards); err != nil {
		return err
	}
	var byes []tournament.ByeRecord
	if p.Bye != 0 {
		byes = append(byes, tournament.ByeRecord{Round: n, Member: p.Bye, Kind: chess.PairingBye})
	}
	for _, b := range f.Absentees(n) {
		if !b.Requested { // a request is stored already, as the bye it becomes
			byes = append(byes, b)
		}
	}
	if err := storage.InsertByes(ctx, tx, id, byes); err != nil {
		return err
	}
	return storage.SetCurrentRound(ctx, tx, id, n)
}

// replaceRound stores p as round n's boards and pairing-allocated bye, in order. The new
// boards' versions follow the old ones', so that a result sent with the ETag of a board of
// the old pairing fails its If-Match instead of landing on another game.
func replaceRound(ctx context.Context, tx *sql.Tx, f *tournament.Field, n int, p tournament.Proposal) error {
	id := f.Tournament.ID
	var version int64
	for _, b := range f.Rounds[n-1].Boards {
		version = max(version, b.Version)
	}
	boards := make([]tournament.PairedBoard, 0, len(p.Boards))
	for _, b := range p.Boards {
		boards = append(boards, tournament.PairedBoard{White: b.White, Black: b.Black})
	}
	var byes []tournament.ByeRecord
	if p.Bye != 0 {
		byes = append(byes, tournament.ByeRecord{Round: n, Member: p.Bye, Kind: chess.PairingBye})
	}
	if err := storage.ReplaceRound(ctx, tx, id, n, boards, byes, version+1); err != nil {
		return err
	}
	return nil
}

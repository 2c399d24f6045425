package play

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"maps"

	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chessclub/api"
	"campus.example/apps/internal/chessclub/audit"
	"campus.example/apps/internal/chessclub/play/storage"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/problem"
)

// Missed rounds of a late entry: what the organiser gives the player for each round paired
// before they entered.
const (
	MissedZero = "zero"
	MissedHalf = "half"
)

// Players returns the entries of the tournament with id: by pairing number once it has
// started, before that in the order the start will number them.
func (s *Entries) Players(ctx context.Context, id int64) ([]tournament.Player, error) {
	f, err := s.Field(ctx, id)
	if err != nil {
		return nil, err
	}
	out := make([]tournament.Player, 0, len(f.Players))
	for _, e := range f.Players {
		out = append(out, f.PlayerView(e))
	}
	return out, nil
}

// Enter adds member to the tournament with id on behalf of caller. Members enter themselves
// while the tournament is open. No one else's games go on a member's record without their
// consent or an arbiter's authority: an arbiter or an admin may enter anyone, also late into a
// running Swiss, where the player then gets the next pairing number and, for each round
// already paired, a bye of the kind missed says (MissedZero or MissedHalf); an organiser who
// is neither invites (invite). It returns the entry, or NotFound (no tournament), Invalid (no
// such member), Forbidden or Conflict (already entered, full, started, finished).
func (s *Entries) Enter(ctx context.Context, id int64, caller api.Caller, member int64, missed string) (tournament.Player, error) {
	var out tournament.Player
	err := s.change(ctx, id, func(tx *sql.Tx, f *tournament.Field) error {
		t := f.Tournament
		if member != caller.ID {
			if err := MayOrganise(t, caller); err != nil {
				return problem.New(problem.Forbidden, "Only an arbiter or an admin may enter other members; the organiser may invite them.")
			}
			if !caller.Authority() {
				return problem.New(problem.Forbidden,
					"Entering another member needs their consent: invite them, and they are entered when they accept. Arbiters and admins may enter members directly.")
			}
		}
		if t.State == tournament.StateRunning && MayOrganise(t, caller) != nil {
			return t.Conflict("The tournament has started; only its organiser, an arbiter or an admin may still enter players.")
		}
		var err error
		out, err = s.addEntry(ctx, tx, caller, f, member, missed)
		return err
	})
	return out, err
}

// EnterWalkIn enters w, a player without an account, into the tournament with id on behalf
// of caller: the organiser, an arbiter or an admin, before the start or late into a running
// Swiss (then, for each round already paired, the bye missed says). The player is a new guest
// (tournament.WalkIn); no member's record is touched, so no one's consent is needed. It
// returns the entry, or NotFound (no tournament), Forbidden or Conflict (full, a draw fixed at
// the start, finished).
func (s *Entries) EnterWalkIn(ctx context.Context, id int64, caller api.Caller, w tournament.WalkIn, missed string) (tournament.Player, error) {
	var out tournament.Player
	err := s.change(ctx, id, func(tx *sql.Tx, f *tournament.Field) error {
		t := f.Tournament
		if MayOrganise(t, caller) != nil {
			return problem.New(problem.Forbidden, "Only the tournament's organiser, an arbiter or an admin may enter a player without an account.")
		}
		if err := mayTakeEntry(f); err != nil {
			return err
		}
		guest, err := storage.CreateGuest(ctx, tx, w.FullName, t.RatingType, w.Rating, s.clock())
		if err != nil {
			return err
		}
		if err := storage.SetGuestFIDE(ctx, tx, guest, w.FIDEID, w.Federation); err != nil {
			return err
		}
		extra := map[string]any{"guest": true, "walk_in": true}
		if w.FIDEID != 0 {
			extra["fide_id"] = w.FIDEID
		}
		if w.Federation != "" {
			extra["federation"] = w.Federation
		}
		out, err = s.insertEntry(ctx, tx, caller, f, guest, w.Rating, w.Rating != 0, missed, extra)
		return err
	})
	return out, err
}

// addEntry enters member into the tournament of f, in tx, which holds its lock, on behalf of
// caller (recorded in the audit trail): before the
// start, or late into a running Swiss (the player then gets the next pairing number and, for
// each round already paired, a bye of the kind missed says). The caller has checked who may
// do it. It returns the entry, or Invalid (no such member) or Conflict (already entered,
// full, a draw fixed at the start, finished).
func (s *core) addEntry(ctx context.Context, tx *sql.Tx, caller api.Caller, f *tournament.Field, member int64, missed string) (tournament.Player, error) {
	if f.ByID[member] != nil {
		return tournament.Player{}, f.Tournament.Conflict("Member %d has entered already.", member)
	}
	if err := mayTakeEntry(f); err != nil {
		return tournament.Player{}, err
	}
	rating, rated, err := memberRating(ctx, tx, member, f.Tournament.RatingType)
	if err != nil {
		return tournament.Player{}, err
	}
	return s.insertEntry(ctx, tx, caller, f, member, rating, rated, missed, nil)
}

// mayTakeEntry returns a Conflict when the tournament of f takes no more players: finished,
// a round robin's or knockout's draw fixed at the start, or full.
func mayTakeEntry(f *tournament.Field) error {
	t := f.Tournament
	switch {
	case t.State == tournament.StateFinished:
		return t.Conflict("The tournament has finished.")
	case t.State == tournament.StateRunning && t.Format != tournament.FormatSwiss:
		return t.Conflict("A %s's draw was fixed at the start: no one can enter now.", formatName(t.Format))
	case len(f.Players) >= tournament.MaxPlayers:
		return t.Conflict("The tournament is full: it holds at most %d players.", tournament.MaxPlayers)
	}
	return nil
}

// insertEntry stores member's entry in the tournament of f, in tx, with the club rating it
// seeds with (rating, when rated) and, for each round already paired, the bye missed says;
// and records it in the audit trail with the entry's facts and extra ones (a walk-in's).
func (s *core) insertEntry(ctx context.Context, tx *sql.Tx, caller api.Caller, f *tournament.Field, member int64, rating int, rated bool, missed string, extra map[string]any) (tournament.Player, error) {
	t, id := f.Tournament, f.Tournament.ID
	e := &tournament.Entrant{MemberID: member, EnteredAt: s.clock(), FirstRound: 1, Requested: map[int]chess.Result{}}
	if t.State == tournament.StateRunning {
		e.FirstRound = t.CurrentRound + 1
		e.StartRank = len(f.Players) + 1
		for _, p := range f.Players {
			e.StartRank = max(e.StartRank, p.StartRank+1)
		}
		if rated {
			e.Rating = rating
		}
	}
	err := storage.InsertEntry(ctx, tx, id, e)
	if errors.Is(err, storage.ErrDuplicate) {
		return tournament.Player{}, t.Conflict("Member %d has entered already.", member)
	}
	if err != nil {
		return tournament.Player{}, err
	}
	if t.State == tournament.StateRunning {
		if err := storage.FixFIDERatings(ctx, tx, t, member); err != nil {
			return tournament.Player{}, err
		}
	}
	kind := chess.ZeroBye
	if missed == MissedHalf {
		kind = chess.HalfBye
	}
	for r := 1; r <= t.CurrentRound; r++ {
		if err := storage.InsertBye(ctx, tx, id, r, member, kind, false); err != nil {
			return tournament.Player{}, err
		}
	}
	if err := storage.Changed(ctx, tx, id); err != nil {
		return tournament.Player{}, err
	}
	if err := s.live.Emit(ctx, tx, id, EventPlayerEntered, map[string]any{"member_id": member}); err != nil {
		return tournament.Player{}, err
	}
	f2, err := storage.Field(ctx, tx, t)
	if err != nil {
		return tournament.Player{}, err
	}
	p := f2.PlayerView(f2.ByID[member])
	after := map[string]any{"start_rank": p.StartRank, "rating": p.Rating, "first_round": p.FirstRound}
	maps.Copy(after, extra)
	if t.CurrentRound > 0 {
		after["missed_rounds"] = missed
	}
	if err := s.record(ctx, tx, caller, id, member, audit.EntryAdded, p.FullName, nil, after); err != nil {
		return tournament.Player{}, err
	}
	return p, nil
}

// memberRating returns a member's rating on the club list of a rating type, and whether it
// counts (rated or declared). It returns an Invalid problem naming member_id when there is no
// such member; a guest (a player of an imported tournament) is not a member.
func memberRating(ctx context.Context, tx *sql.Tx, member int64, ratingType string) (int, bool, error) {
	rating, rated, err := storage.MemberRating(ctx, tx, member, ratingType)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, &problem.Error{Kind: problem.Invalid, Detail: "The request has invalid fields.",
			Fields: map[string]string{"member_id": fmt.Sprintf("there is no member %d", member)}}
	}
	if err != nil {
		return 0, false, fmt.Errorf("read member %d: %w", member, err)
	}
	return rating, rated, nil
}

// Leave takes member out of the tournament with id on behalf of caller (the member
// themself, the organiser, an arbiter or an admin). Before the start the entry is deleted; after it the
// player withdraws: they are not paired again, and their results stay. Withdrawing twice
// changes nothing. It returns NotFound (no tournament, or the member has not entered),
// Forbidden, or Conflict (finished).
func (s *Entries) Leave(ctx context.Context, id int64, caller api.Caller, member int64) error {
	return s.change(ctx, id, func(tx *sql.Tx, f *tournament.Field) error {
		t := f.Tournament
		if member != caller.ID && MayOrganise(t, caller) != nil {
			return problem.New(problem.Forbidden, "Only the player, the organiser, an arbiter or an admin may take a player out.")
		}
		e := f.ByID[member]
		if e == nil {
			return problem.New(problem.NotFound, "Member %d has not entered tournament %d.", member, id)
		}
		switch t.State {
		case tournament.StateFinished:
			return t.Conflict("The tournament has finished.")
		case tournament.StateOpen:
			if err := storage.DeleteEntry(ctx, tx, id, member); err != nil {
				return err
			}
			if err := storage.Changed(ctx, tx, id); err != nil {
				return err
			}
			if err := s.record(ctx, tx, caller, id, member, audit.EntryRemoved, e.FullName, map[string]any{"entered_at": e.EnteredAt}, nil); err != nil {
				return err
			}
			return s.live.Emit(ctx, tx, id, EventPlayerLeft, map[string]any{"member_id": member})
		}
		if e.WithdrawnAfter != nil {
			return nil
		}
		if err := storage.Withdraw(ctx, tx, id, member, t.CurrentRound); err != nil {
			return err
		}
		if err := storage.ChangedStandings(ctx, tx, id); err != nil {
			return err
		}
		if err := s.record(ctx, tx, caller, id, member, audit.EntryWithdrawn, e.FullName, nil, map[string]any{"after_round": t.CurrentRound}); err != nil {
			return err
		}
		return s.live.Emit(ctx, tx, id, EventPlayerWithdrew, map[string]any{"member_id": member, "after_round": t.CurrentRound})
	})
}

// RequestBye records member's request for a half-point bye in round r of the tournament with
// id (a Swiss), on behalf of caller (the player, the organiser, an arbiter or an admin). Asking again for
// the same round changes nothing. It returns NotFound (no tournament, not entered, no such
// round), Forbidden, or Conflict (not a Swiss, the round paired already, the player
// withdrawn, the bye limit reached, finished).
func (s *Entries) RequestBye(ctx context.Context, id int64, caller api.Caller, member int64, r int) error {
	return s.change(ctx, id, func(tx *sql.Tx, f *tournament.Field) error {
		t := f.Tournament
		e, err := byeTarget(f, caller, member, r, true)
		if err != nil {
			return err
		}
		if kind, ok := e.Requested[r]; ok && kind == chess.HalfBye {
			return nil
		}
		if !e.Active(r) {
			return t.Conflict("Member %d has withdrawn.", member)
		}
		// The limit counts the byes asked for over the whole tournament, those given
		// already too, read under the lock that a change of the limit takes.
		if asked := f.ByesAsked(e); len(asked) >= t.ByeLimit {
			return t.Conflict("Member %d has asked for %d half-point byes already, the most this tournament allows.", member, len(asked))
		}
		if err := storage.InsertBye(ctx, tx, id, r, member, chess.HalfBye, true); err != nil {
			return err
		}
		if err := s.record(ctx, tx, caller, id, member, audit.ByeRequested, fmt.Sprintf("%s, round %d", e.FullName, r), nil, map[string]any{"kind": "half"}); err != nil {
			return err
		}
		return s.live.Emit(ctx, tx, id, EventByeRequested, map[string]any{"member_id": member, "round": r})
	})
}

// CancelBye withdraws member's request for a bye in round r, which is not yet paired. It
// returns NotFound when there is no such request, and the errors of requestBye.
func (s *Entries) CancelBye(ctx context.Context, id int64, caller api.Caller, member int64, r int) error {
	return s.change(ctx, id, func(tx *sql.Tx, f *tournament.Field) error {
		e, err := byeTarget(f, caller, member, r, false)
		if err != nil {
			return err
		}
		if kind, ok := e.Requested[r]; !ok || kind != chess.HalfBye {
			return problem.New(problem.NotFound, "Member %d has asked for no bye in round %d.", member, r)
		}
		if err := storage.DeleteBye(ctx, tx, f.Tournament.ID, r, member); err != nil {
			return err
		}
		if err := s.record(ctx, tx, caller, f.Tournament.ID, member, audit.ByeCancelled, fmt.Sprintf("%s, round %d", e.FullName, r), map[string]any{"kind": "half"}, nil); err != nil {
			return err
		}
		return s.live.Emit(ctx, tx, f.Tournament.ID, EventByeCancelled, map[string]any{"member_id": member, "round": r})
	})
}

// byeTarget checks a bye request in f (asking) or its cancellation and returns the player it
// is for. Only asking needs the round to be one of the tournament's and the tournament a
// Swiss: a request that exists may always be taken back before its round is paired, also one
// stored before the settings it breaks were refused (Field.CheckSettings).
func byeTarget(f *tournament.Field, caller api.Caller, member int64, r int, asking bool) (*tournament.Entrant, error) {
	t := f.Tournament
	if member != caller.ID && MayOrganise(t, caller) != nil {
		return nil, problem.New(problem.Forbidden, "Only the player, the organiser, an arbiter or an admin may ask for a player's bye.")
	}
	e := f.ByID[member]
	switch {
	case e == nil:
		return nil, problem.New(problem.NotFound, "Member %d has not entered tournament %d.", member, t.ID)
	case asking && (r > tournament.MaxRounds || (t.Rounds != nil && r > *t.Rounds)):
		return nil, problem.New(problem.NotFound, "Tournament %d has no round %d.", t.ID, r)
	case asking && t.Format != tournament.FormatSwiss:
		return nil, t.Conflict("Half-point byes are for Swiss tournaments; a %s's pairings are fixed.", formatName(t.Format))
	case t.State == tournament.StateFinished:
		return nil, t.Conflict("The tournament has finished.")
	case r <= t.CurrentRound:
		return nil, t.Conflict("Round %d is paired already.", r)
	}
	return e, nil
}

// formatName is a format in words.
func formatName(format string) string {
	switch format {
	case tournament.FormatRoundRobin:
		return "round robin"
	case tournament.FormatKnockout:
		return "knockout"
	}
	return "Swiss"
}

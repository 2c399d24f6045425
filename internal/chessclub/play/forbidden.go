package play

import (
	"context"
	"database/sql"

	"campus.example/apps/internal/chessclub/api"
	"campus.example/apps/internal/chessclub/audit"
	"campus.example/apps/internal/chessclub/play/storage"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/problem"
)

// ForbiddenPairView is a forbidden pair as the API shows it: the two players by member id and
// name, and the rounds it applies to (to_round null: to the last).
type ForbiddenPairView struct {
	Members   [2]int64  `json:"members"`
	Names     [2]string `json:"names"`
	FromRound int       `json:"from_round"`
	ToRound   *int      `json:"to_round"`
}

// ForbiddenView shows the pairs of f.
func ForbiddenView(f *tournament.Field) []ForbiddenPairView {
	out := make([]ForbiddenPairView, 0, len(f.Forbidden))
	for _, p := range f.Forbidden {
		v := ForbiddenPairView{Members: [2]int64{p.A, p.B}, FromRound: p.FromRound, ToRound: p.ToRound}
		for i, id := range v.Members {
			if e := f.ByID[id]; e != nil {
				v.Names[i] = e.FullName
			}
		}
		out = append(out, v)
	}
	return out
}

// Forbid forbids members a and b of the tournament with id to meet in the rounds not
// yet paired, on behalf of caller (its organiser, an arbiter or an admin). Forbidding a pair
// again changes nothing. It returns NotFound (no tournament, or one of them has not entered),
// Forbidden, Invalid (a and b are one member), or Conflict (not a Swiss, whose rounds the
// pairing makes; finished; every round paired).
func (s *Entries) Forbid(ctx context.Context, id int64, caller api.Caller, a, b int64) (ForbiddenPairView, bool, error) {
	var out ForbiddenPairView
	created := false
	err := s.change(ctx, id, func(tx *sql.Tx, f *tournament.Field) error {
		ea, eb, err := forbiddenTargets(f, caller, a, b)
		if err != nil {
			return err
		}
		t := f.Tournament
		if t.State != tournament.StateOpen && t.CurrentRound >= f.TotalRounds() {
			return t.Conflict("Every round is paired: there is no pairing left to forbid.")
		}
		a, b = tournament.Ordered(a, b)
		for _, p := range f.Forbidden {
			if p.A == a && p.B == b && p.ToRound == nil {
				out = ForbiddenView(f)[indexOf(f.Forbidden, a, b)]
				return nil
			}
		}
		from := t.CurrentRound + 1
		// A pair forbidden before, for rounds now past, is forbidden again from the next.
		if err := storage.Forbid(ctx, tx, id, a, b, from); err != nil {
			return err
		}
		created = true
		out = ForbiddenPairView{Members: [2]int64{a, b}, Names: names(ea, eb, a), FromRound: from}
		if err := storage.Changed(ctx, tx, id); err != nil {
			return err
		}
		if err := s.record(ctx, tx, caller, id, 0, audit.PairForbidden, out.Names[0]+" and "+out.Names[1], nil, map[string]any{"members": out.Members, "from_round": from}); err != nil {
			return err
		}
		return s.live.Emit(ctx, tx, id, EventTournamentChanged, map[string]any{"fields": []string{"forbidden_pairs"}})
	})
	return out, created, err
}

// Allow lifts the forbidding of a and b for the rounds not yet paired, on behalf of
// caller. The rounds paired while it applied keep it, as a TRF file's 260 record, so that
// checking those rounds again sees what their pairing saw. It returns NotFound when the pair
// is not forbidden from the next round on, and the errors of forbidPair.
func (s *Entries) Allow(ctx context.Context, id int64, caller api.Caller, a, b int64) error {
	return s.change(ctx, id, func(tx *sql.Tx, f *tournament.Field) error {
		ea, eb, err := forbiddenTargets(f, caller, a, b)
		if err != nil {
			return err
		}
		t := f.Tournament
		a, b = tournament.Ordered(a, b)
		i := indexOf(f.Forbidden, a, b)
		next := t.CurrentRound + 1
		if i < 0 || !f.Forbidden[i].Applies(next) {
			return problem.New(problem.NotFound, "Members %d and %d are not forbidden to meet from round %d on.", a, b, next)
		}
		p := f.Forbidden[i]
		if err := storage.Allow(ctx, tx, id, a, b, p.FromRound >= next, t.CurrentRound); err != nil {
			return err
		}
		if err := storage.Changed(ctx, tx, id); err != nil {
			return err
		}
		n := names(ea, eb, a)
		if err := s.record(ctx, tx, caller, id, 0, audit.PairAllowed, n[0]+" and "+n[1], map[string]any{"members": [2]int64{a, b}, "from_round": p.FromRound}, map[string]any{"from_round": next}); err != nil {
			return err
		}
		return s.live.Emit(ctx, tx, id, EventTournamentChanged, map[string]any{"fields": []string{"forbidden_pairs"}})
	})
}

// forbiddenTargets checks a request about the pair a, b of f's tournament and returns their
// entries.
func forbiddenTargets(f *tournament.Field, caller api.Caller, a, b int64) (*tournament.Entrant, *tournament.Entrant, error) {
	t := f.Tournament
	if err := MayOrganise(t, caller); err != nil {
		return nil, nil, err
	}
	if a == b {
		return nil, nil, &problem.Error{Kind: problem.Invalid, Detail: "A player cannot be forbidden to meet themself.",
			Fields: map[string]string{"member_id": "the two players must differ"}}
	}
	ea, eb := f.ByID[a], f.ByID[b]
	switch {
	case ea == nil:
		return nil, nil, problem.New(problem.NotFound, "Member %d has not entered tournament %d.", a, t.ID)
	case eb == nil:
		return nil, nil, problem.New(problem.NotFound, "Member %d has not entered tournament %d.", b, t.ID)
	case t.Format != tournament.FormatSwiss:
		return nil, nil, t.Conflict("Forbidden pairs are for a Swiss, which the pairing makes round by round; a %s's pairings are fixed.", formatName(t.Format))
	case t.State == tournament.StateFinished:
		return nil, nil, t.Conflict("The tournament has finished.")
	}
	return ea, eb, nil
}

// names returns the names of ea and eb in the order of their member ids, a being the lower.
func names(ea, eb *tournament.Entrant, a int64) [2]string {
	if ea.MemberID == a {
		return [2]string{ea.FullName, eb.FullName}
	}
	return [2]string{eb.FullName, ea.FullName}
}

func indexOf(pairs []tournament.ForbiddenPair, a, b int64) int {
	for i, p := range pairs {
		if p.A == a && p.B == b {
			return i
		}
	}
	return -1
}

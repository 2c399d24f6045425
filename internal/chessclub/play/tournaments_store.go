package play

import (
	"context"
	"database/sql"
	"fmt"
	"slices"

	"campus.example/apps/internal/chessclub/api"
	"campus.example/apps/internal/chessclub/audit"
	"campus.example/apps/internal/chessclub/play/input"
	"campus.example/apps/internal/chessclub/play/storage"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/jsonhttp"
	"campus.example/apps/internal/problem"
)

// List returns every tournament by start date, then id, each running one with the
// count of its current round's games (RoundGames).
func (s *Tournaments) List(ctx context.Context) ([]tournament.Tournament, error) {
	ts, err := s.queryTournaments(ctx, " ORDER BY t.start_date, t.id")
	if err != nil {
		return nil, err
	}
	games, err := storage.CurrentRoundGames(ctx, s.db)
	if err != nil {
		return nil, err
	}
	for i := range ts {
		if g, ok := games[ts[i].ID]; ok {
			ts[i].RoundGames = &g
		}
	}
	return ts, nil
}

// queryTournaments returns the tournaments that rest (a WHERE and ORDER BY clause over t, the
// tournaments) and args select (storage.Tournaments).
func (s *core) queryTournaments(ctx context.Context, rest string, args ...any) ([]tournament.Tournament, error) {
	return storage.Tournaments(ctx, s.db, rest, args...)
}

// Tournament returns the tournament with id, or a NotFound problem.
func (s *core) Tournament(ctx context.Context, id int64) (tournament.Tournament, error) {
	return storage.Tournament(ctx, s.db, id, "")
}

// lockTournament reads the tournament with id in tx and, on MySQL, locks its row until tx
// ends (SQLite's transactions hold the whole database's write lock from their start). Every
// transaction that changes a tournament or anything in it takes this lock first, so that
// changes to one tournament happen one after the other, each checked against the state the
// one before left, and their events are numbered in the order they were committed.
//
// The lock is taken by a statement that reads the tournament's row alone: a locking read of
// the entries' count as well would lock ranges of tournament_players too, where other
// tournaments' entries go.
func (s *core) lockTournament(ctx context.Context, tx *sql.Tx, id int64) (tournament.Tournament, error) {
	if err := storage.LockTournament(ctx, tx, id, s.db.Dialect.ForUpdate()); err != nil {
		return tournament.Tournament{}, err
	}
	return storage.Tournament(ctx, tx, id, "")
}

// Create stores a new tournament organised by the member with id by.
func (s *Tournaments) Create(ctx context.Context, in tournament.TournamentInput, caller api.Caller) (tournament.Tournament, error) {
	defer s.changed(0)
	now := s.clock()
	by := caller.ID
	var out tournament.Tournament
	err := s.db.Transact(ctx, func(tx *sql.Tx) error {
		id, err := storage.InsertTournament(ctx, tx, in, by, now)
		if err != nil {
			return err
		}
		out = tournament.Tournament{ID: id, Name: in.Name, StartDate: in.StartDate, EndDate: in.EndDate, Location: in.Location, Format: in.Format,
			Rounds: in.Rounds, TimeControl: in.TimeControl, Description: in.Description, CreatedBy: &by, CreatedAt: now,
			Settings: in.Settings, ReportInfo: in.ReportInfo, State: tournament.StateOpen, Version: 1}
		return s.record(ctx, tx, caller, id, 0, audit.TournamentCreated, "", nil, input.Object(out))
	})
	return out, err
}

// Update applies a merge patch to the tournament with id on behalf of caller, who
// must be its organiser, an arbiter or an admin. ifMatch, when not empty, is the If-Match header: a
// tournament changed since is a PreconditionFailed problem. Only an arbiter or an admin may
// change rated; on a finished tournament that computes the club ratings again. It returns
// the tournament as it is now, NotFound, Forbidden, Conflict (a field that may no longer
// change, or byes asked for that the new settings would leave beyond them:
// tournament.Field.CheckSettings) or a validation problem.
func (s *Tournaments) Update(ctx context.Context, id int64, caller api.Caller, patch jsonhttp.Object, ifMatch string) (tournament.Tournament, error) {
	defer s.live.MaybeSweep(ctx)
	defer s.changed(id)
	var out tournament.Tournament
	err := s.db.Transact(ctx, func(tx *sql.Tx) error {
		t, err := s.lockTournament(ctx, tx, id)
		if err != nil {
			return err
		}
		if err := MayOrganise(t, caller); err != nil {
			return err
		}
		if err := checkIfMatch(ifMatch, TournamentETag(t), "tournament"); err != nil {
			return err
		}
		in, err := applyPatch(t, patch)
		if err != nil {
			return err
		}
		if in.Rated != t.Rated {
			if err := MayRate(caller); err != nil {
				return err
			}
		}
		changed := changedFields(t, in)
		if len(changed) == 0 {
			out = t
			return nil
		}
		if slices.ContainsFunc(changed, func(name string) bool { return slices.Contains(byeSettings, name) }) {
			// Checked under the tournament's lock, which a bye request takes too: none can
			// come in between this check and the update.
			f, err := storage.Field(ctx, tx, t)
			if err != nil {
				return err
			}
			if err := f.CheckSettings(in); err != nil {
				return err
			}
		}
		if err := storage.UpdateTournament(ctx, tx, id, in); err != nil {
			return err
		}
		if err := s.live.Emit(ctx, tx, id, EventTournamentChanged, map[string]any{"fields": changed}); err != nil {
			return err
		}
		before, after := map[string]any{}, map[string]any{}
		was, is := input.Object(t), input.ObjectOf(in)
		for _, name := range changed {
			before[name], after[name] = was[name], is[name]
		}
		if err := s.record(ctx, tx, caller, id, 0, audit.TournamentChanged, "", before, after); err != nil {
			return err
		}
		if in.Rated != t.Rated && t.State == tournament.StateFinished {
			reason := fmt.Sprintf("%s was made rated.", in.Name)
			if !in.Rated {
				reason = fmt.Sprintf("%s was made unrated.", in.Name)
			}
			if err := s.replayRatings(ctx, tx, caller, id, reason, EventRatingsRecomputed); err != nil {
				return err
			}
		}
		out, err = storage.Tournament(ctx, tx, id, "")
		return err
	})
	return out, err
}

// Delete removes the tournament with id on behalf of caller, who must be its
// creator, an arbiter or an admin; a finished rated tournament, whose games count in the club
// ratings, only an admin may delete. It returns NotFound when it does not exist, Forbidden
// when the caller may not delete it, and Conflict for a finished rated tournament and anyone
// but an admin. Everything in it goes with it, and its live streams in this process end
// at once (other replicas' within their poll interval).
func (s *Tournaments) Delete(ctx context.Context, id int64, caller api.Caller) error {
	defer s.changed(id)
	err := s.db.Transact(ctx, func(tx *sql.Tx) error {
		t, err := s.lockTournament(ctx, tx, id)
		if err != nil {
			return err
		}
		if err := MayOrganise(t, caller); err != nil {
			return problem.New(problem.Forbidden, "Only the member who created the tournament, an arbiter or an admin may delete it.")
		}
		if t.Rated && t.State == tournament.StateFinished && !caller.Admin {
			return t.Conflict("The tournament is rated and finished: its games count in the club ratings, and only an admin may delete it (the ratings of every later rated tournament are then computed again).")
		}
		if err := storage.DeleteTournament(ctx, tx, id); err != nil {
			return err
		}
		if err := s.record(ctx, tx, caller, id, 0, audit.TournamentDeleted, "", map[string]any{"name": t.Name, "state": t.State, "rated": t.Rated}, nil); err != nil {
			return err
		}
		if t.Rated && t.State == tournament.StateFinished {
			// The tournament is gone, and with it its event stream: no event to emit.
			return s.replayRatings(ctx, tx, caller, id, fmt.Sprintf("%s was deleted.", t.Name), "")
		}
		return nil
	})
	if err == nil {
		s.live.Deleted(id)
	}
	return err
}

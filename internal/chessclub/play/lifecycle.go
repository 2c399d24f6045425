package play

import (
	"context"
	"database/sql"
	"fmt"

	"campus.example/apps/internal/chess/knockout"
	"campus.example/apps/internal/chessclub/api"
	"campus.example/apps/internal/chessclub/audit"
	"campus.example/apps/internal/chessclub/play/storage"
	"campus.example/apps/internal/chessclub/play/tournament"
)

// Start moves the tournament with id from open to running on behalf of caller (its organiser
// or an admin). It fixes the entry list and the pairing numbers: by rating, highest first,
// unrated players last, then by name (seedOrder); each player's rating is fixed then too. A
// round robin's and a knockout's rounds become the rounds their schedule has. It returns the
// tournament, or NotFound, Forbidden, or Conflict (not open, fewer than two players, a Swiss
// without a number of rounds, a round robin of more than tournament.MaxRounds rounds).
func (s *Tournaments) Start(ctx context.Context, id int64, caller api.Caller, ifMatch string) (tournament.Tournament, error) {
	var out tournament.Tournament
	err := s.change(ctx, id, func(tx *sql.Tx, f *tournament.Field) error {
		t := f.Tournament
		if err := mayDirect(t, caller, "start"); err != nil {
			return err
		}
		if err := checkIfMatch(ifMatch, TournamentETag(t), "tournament"); err != nil {
			return err
		}
		if t.State != tournament.StateOpen {
			return t.Conflict("The tournament has started already.")
		}
		n := len(f.Players)
		if n < 2 {
			return t.Conflict("A tournament needs at least two players to start; it has %d.", n)
		}
		rounds, err := scheduledRounds(t, n)
		if err != nil {
			return err
		}
		for i, e := range f.Players { // in seed order: storage.Field sorted them so
			rating := 0
			if e.MemberRated {
				rating = e.MemberRating
			}
			if err := storage.Number(ctx, tx, id, e.MemberID, i+1, rating); err != nil {
				return err
			}
		}
		if err := storage.FixFIDERatings(ctx, tx, t, 0); err != nil {
			return err
		}
		if err := storage.SetState(ctx, tx, id, tournament.StateRunning, &rounds, s.clock()); err != nil {
			return err
		}
		if err := s.live.Emit(ctx, tx, id, EventStateChanged, map[string]any{"state": tournament.StateRunning}); err != nil {
			return err
		}
		if err := s.record(ctx, tx, caller, id, 0, audit.TournamentStarted, "", map[string]any{"state": t.State},
			map[string]any{"state": tournament.StateRunning, "players": n, "rounds": rounds}); err != nil {
			return err
		}
		out, err = storage.Tournament(ctx, tx, id, "")
		return err
	})
	return out, err
}

// scheduledRounds returns the number of rounds a tournament of n players will have: a
// Swiss's own setting, which it must have; the length of a round robin's Berger tables; the
// rounds of a knockout's bracket.
func scheduledRounds(t tournament.Tournament, n int) (int, error) {
	switch t.Format {
	case tournament.FormatRoundRobin:
		schedule, err := tournament.RoundRobinSchedule(n, t.DoubleRoundRobin)
		if err != nil {
			return 0, fmt.Errorf("round robin of %d: %w", n, err)
		}
		if len(schedule) > tournament.MaxRounds {
			return 0, t.Conflict("A %sround robin of %d players has %d rounds; a tournament has at most %d.", doubleWord(t), n, len(schedule), tournament.MaxRounds)
		}
		return len(schedule), nil
	case tournament.FormatKnockout:
		return knockout.Rounds(n), nil
	}
	if t.Rounds == nil {
		return 0, t.Conflict("Set the number of rounds in the tournament's settings before starting a Swiss.")
	}
	return *t.Rounds, nil
}

func doubleWord(t tournament.Tournament) string {
	if t.DoubleRoundRobin {
		return "double "
	}
	return ""
}

// Finish moves the tournament with id from running to finished on behalf of caller (its
// organiser, an arbiter or an admin), once the last round paired has all its results; rounds may be left
// unplayed. A rated tournament's rating changes are applied in the same transaction
// (package ratings). It returns the tournament, or NotFound, Forbidden, or Conflict (not
// running, results missing).
func (s *Tournaments) Finish(ctx context.Context, id int64, caller api.Caller, ifMatch string) (tournament.Tournament, error) {
	var out tournament.Tournament
	err := s.change(ctx, id, func(tx *sql.Tx, f *tournament.Field) error {
		t := f.Tournament
		if err := mayDirect(t, caller, "finish"); err != nil {
			return err
		}
		if err := checkIfMatch(ifMatch, TournamentETag(t), "tournament"); err != nil {
			return err
		}
		if t.State != tournament.StateRunning {
			return t.Conflict("Only a running tournament can finish; this one is %s.", t.State)
		}
		if missing := f.MissingResults(); missing > 0 {
			return t.Conflict("Round %d still has %d results missing.", t.CurrentRound, missing)
		}
		if err := storage.SetState(ctx, tx, id, tournament.StateFinished, nil, s.clock()); err != nil {
			return err
		}
		if err := s.live.Emit(ctx, tx, id, EventStateChanged, map[string]any{"state": tournament.StateFinished}); err != nil {
			return err
		}
		if err := s.record(ctx, tx, caller, id, 0, audit.TournamentFinished, "", map[string]any{"state": t.State}, map[string]any{"state": tournament.StateFinished}); err != nil {
			return err
		}
		if t.Rated {
			if err := s.replayRatings(ctx, tx, caller, id, fmt.Sprintf("%s finished.", t.Name), EventRatingsApplied); err != nil {
				return err
			}
		}
		var err error
		out, err = storage.Tournament(ctx, tx, id, "")
		return err
	})
	return out, err
}

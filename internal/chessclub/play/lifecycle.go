package play

import (
	"context"
	"database/sql"
	"fmt"

	"campus.example/apps/internal/chess/knockout"
	"campus.example/apps/internal/chessclub/api"
)

// start moves the tournament with id from open to running on behalf of caller (its organiser
// or an admin). It fixes the entry list and the pairing numbers: by rating, highest first,
// unrated players last, then by name (seedOrder); each player's rating is fixed then too. A
// round robin's and a knockout's rounds become the rounds their schedule has. It returns the
// tournament, or NotFound, Forbidden, or Conflict (not open, fewer than two players, a Swiss
// without a number of rounds, a round robin of more than MaxRounds rounds).
func (s *Service) start(ctx context.Context, id int64, caller api.Caller, ifMatch string) (Tournament, error) {
	var out Tournament
	err := s.change(ctx, id, func(tx *sql.Tx, f *field) error {
		t := f.t
		if err := mayOrganise(t, caller); err != nil {
			return err
		}
		if err := checkIfMatch(ifMatch, t.etag(), "tournament"); err != nil {
			return err
		}
		if t.State != StateOpen {
			return t.conflict("The tournament has started already.")
		}
		n := len(f.players)
		if n < 2 {
			return t.conflict("A tournament needs at least two players to start; it has %d.", n)
		}
		rounds, err := scheduledRounds(t, n)
		if err != nil {
			return err
		}
		for i, e := range f.players { // in seedOrder: loadField sorted them so
			rating := 0
			if e.memberRated {
				rating = e.memberRating
			}
			if _, err := tx.ExecContext(ctx, "UPDATE tournament_players SET start_rank = ?, rating = ? WHERE tournament_id = ? AND member_id = ?",
				i+1, rating, id, e.MemberID); err != nil {
				return fmt.Errorf("start: number players: %w", err)
			}
		}
		if _, err := tx.ExecContext(ctx, "UPDATE tournaments SET state = ?, rounds = ?, started_at = ?, version = version + 1, standings_revision = standings_revision + 1 WHERE id = ?",
			StateRunning, rounds, s.clock(), id); err != nil {
			return fmt.Errorf("start: %w", err)
		}
		if err := s.emit(ctx, tx, id, EventStateChanged, map[string]any{"state": StateRunning}); err != nil {
			return err
		}
		out, err = readTournament(ctx, tx, id, "")
		return err
	})
	return out, err
}

// scheduledRounds returns the number of rounds a tournament of n players will have: a
// Swiss's own setting, which it must have; the length of a round robin's Berger tables; the
// rounds of a knockout's bracket.
func scheduledRounds(t Tournament, n int) (int, error) {
	switch t.Format {
	case FormatRoundRobin:
		schedule, err := roundRobinSchedule(n, t.DoubleRoundRobin)
		if err != nil {
			return 0, fmt.Errorf("round robin of %d: %w", n, err)
		}
		if len(schedule) > MaxRounds {
			return 0, t.conflict("A %sround robin of %d players has %d rounds; a tournament has at most %d.", doubleWord(t), n, len(schedule), MaxRounds)
		}
		return len(schedule), nil
	case FormatKnockout:
		return knockout.Rounds(n), nil
	}
	if t.Rounds == nil {
		return 0, t.conflict("Set the number of rounds (PATCH the tournament) before starting a Swiss.")
	}
	return *t.Rounds, nil
}

func doubleWord(t Tournament) string {
	if t.DoubleRoundRobin {
		return "double "
	}
	return ""
}

// finish moves the tournament with id from running to finished on behalf of caller (its
// organiser or an admin), once the last round paired has all its results; rounds may be left
// unplayed. A rated tournament's rating changes are applied in the same transaction
// (applyRatings). It returns the tournament, or NotFound, Forbidden, or Conflict (not
// running, results missing).
func (s *Service) finish(ctx context.Context, id int64, caller api.Caller, ifMatch string) (Tournament, error) {
	var out Tournament
	err := s.change(ctx, id, func(tx *sql.Tx, f *field) error {
		t := f.t
		if err := mayOrganise(t, caller); err != nil {
			return err
		}
		if err := checkIfMatch(ifMatch, t.etag(), "tournament"); err != nil {
			return err
		}
		if t.State != StateRunning {
			return t.conflict("Only a running tournament can finish; this one is %s.", t.State)
		}
		if missing := f.missingResults(); missing > 0 {
			return t.conflict("Round %d still has %d results missing.", t.CurrentRound, missing)
		}
		if _, err := tx.ExecContext(ctx, "UPDATE tournaments SET state = ?, finished_at = ?, version = version + 1, standings_revision = standings_revision + 1 WHERE id = ?",
			StateFinished, s.clock(), id); err != nil {
			return fmt.Errorf("finish: %w", err)
		}
		if err := s.emit(ctx, tx, id, EventStateChanged, map[string]any{"state": StateFinished}); err != nil {
			return err
		}
		if t.Rated {
			if err := s.applyRatings(ctx, tx, f); err != nil {
				return err
			}
		}
		var err error
		out, err = readTournament(ctx, tx, id, "")
		return err
	})
	return out, err
}

// missingResults counts the boards of the last round paired that have no result.
func (f *field) missingResults() int {
	if len(f.rounds) == 0 {
		return 0
	}
	n := 0
	for _, b := range f.rounds[len(f.rounds)-1].Boards {
		if b.Result == nil {
			n++
		}
	}
	return n
}

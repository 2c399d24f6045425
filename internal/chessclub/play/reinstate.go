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

// Reinstate brings member, who withdrew from the Swiss with id, back for the next round to be
// paired, on behalf of caller: the player themself, or an arbiter or an admin (their games go
// on the player's record again, which needs the player's consent or an arbiter's authority).
// The rounds paired while they were out keep the zero-point byes they had. It returns the
// player, NotFound (no tournament, or the member has not entered), Forbidden, or Conflict (not
// a Swiss — a round robin's or knockout's games after a withdrawal are lost by forfeit —, not
// running, the player has not withdrawn, or every round is paired).
func (s *Entries) Reinstate(ctx context.Context, id int64, caller api.Caller, member int64) (tournament.Player, error) {
	var out tournament.Player
	err := s.change(ctx, id, func(tx *sql.Tx, f *tournament.Field) error {
		t := f.Tournament
		if member != caller.ID && !caller.Authority() {
			if MayOrganise(t, caller) == nil {
				return problem.New(problem.Forbidden, "Only the player, an arbiter or an admin may bring a withdrawn player back: their games go on the player's record.")
			}
			return problem.New(problem.Forbidden, "Only the player, an arbiter or an admin may bring a withdrawn player back.")
		}
		e := f.ByID[member]
		switch {
		case e == nil:
			return problem.New(problem.NotFound, "Member %d has not entered tournament %d.", member, id)
		case t.Format != tournament.FormatSwiss:
			return t.Conflict("Only a Swiss takes a withdrawn player back: a %s's games after a withdrawal are lost by forfeit.", formatName(t.Format))
		case t.State != tournament.StateRunning:
			return t.Conflict("The tournament is %s: only a running tournament takes a player back.", t.State)
		case e.WithdrawnAfter == nil:
			return t.Conflict("Member %d has not withdrawn.", member)
		case t.CurrentRound >= f.TotalRounds():
			return t.Conflict("Every round is paired: there is no round left to play.")
		}
		if err := storage.Reinstate(ctx, tx, id, member); err != nil {
			return err
		}
		if err := storage.Changed(ctx, tx, id); err != nil {
			return err
		}
		from := t.CurrentRound + 1
		if err := s.record(ctx, tx, caller, id, member, audit.EntryReinstated, e.FullName,
			map[string]any{"withdrawn_after": *e.WithdrawnAfter}, map[string]any{"from_round": from}); err != nil {
			return err
		}
		if err := s.live.Emit(ctx, tx, id, EventPlayerReinstated, map[string]any{"member_id": member, "from_round": from}); err != nil {
			return err
		}
		back, err := storage.Field(ctx, tx, t)
		if err != nil {
			return err
		}
		out = back.PlayerView(back.ByID[member])
		return nil
	})
	return out, err
}

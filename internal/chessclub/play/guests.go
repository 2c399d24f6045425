package play

import (
	"context"
	"database/sql"
	"fmt"

	"campus.example/apps/internal/chessclub/api"
	"campus.example/apps/internal/chessclub/audit"
	"campus.example/apps/internal/chessclub/play/storage"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/problem"
)

// The players of an imported tournament are guests (trf_import.go): names from a file, not
// members. Nobody's games go on a member's record because a file names someone like them;
// an admin, who can tell who really played, links a guest to the member, and only then do
// the games count for that member: their history shows the tournament, and its games count
// in the club ratings if the tournament is rated (an arbiter may make a finished one rated).

// LinkGuest makes member the player that guest was in the tournament with id, on behalf of
// caller, who must be an admin: the member takes the guest's pairing number, rating, games,
// byes and withdrawal, and the guest, who played nowhere else, is gone. When the tournament is
// finished and rated, the club ratings are computed again. It returns the player as the
// member, or NotFound (no tournament, or guest is not one of its players), Forbidden,
// Invalid (no such member) or Conflict (the player is not a guest, or the member has
// entered already).
func (s *Entries) LinkGuest(ctx context.Context, id int64, caller api.Caller, guest, member int64) (tournament.Player, error) {
	if !caller.Admin {
		return tournament.Player{}, problem.New(problem.Forbidden, "Only an admin may link a tournament's guest player to a member.")
	}
	var out tournament.Player
	err := s.change(ctx, id, func(tx *sql.Tx, f *tournament.Field) error {
		t := f.Tournament
		g := f.ByID[guest]
		switch {
		case g == nil:
			return problem.New(problem.NotFound, "Player %d is not in tournament %d.", guest, id)
		case !g.Guest:
			return t.Conflict("Player %d is a member already, not a guest of an imported file.", guest)
		case f.ByID[member] != nil:
			return t.Conflict("Member %d plays in this tournament already: one member cannot be two of its players.", member)
		}
		if _, _, err := memberRating(ctx, tx, member, tournament.RatingStandard); err != nil {
			return err
		}
		if err := storage.RekeyPlayer(ctx, tx, id, guest, member, g.StartRank); err != nil {
			return err
		}
		if err := storage.Changed(ctx, tx, id); err != nil {
			return err
		}
		if err := s.live.Emit(ctx, tx, id, EventPlayerLinked, map[string]any{"guest_id": guest, "member_id": member}); err != nil {
			return err
		}
		linked, err := storage.Field(ctx, tx, t)
		if err != nil {
			return err
		}
		out = linked.PlayerView(linked.ByID[member])
		if err := s.record(ctx, tx, caller, id, member, audit.PlayerLinked, out.FullName,
			map[string]any{"guest_id": guest, "full_name": g.FullName}, map[string]any{"member_id": member, "username": linked.ByID[member].Username}); err != nil {
			return err
		}
		if t.Rated && t.State == tournament.StateFinished {
			reason := fmt.Sprintf("A guest player of %s was linked to %s.", t.Name, out.FullName)
			return s.replayRatings(ctx, tx, caller, id, reason, EventRatingsRecomputed)
		}
		return nil
	})
	return out, err
}

package play

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"

	"campus.example/apps/internal/chess/trf"
	"campus.example/apps/internal/chessclub/api"
	"campus.example/apps/internal/chessclub/audit"
	"campus.example/apps/internal/chessclub/members"
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
		if err := rekeyPlayer(ctx, tx, id, guest, member, g.StartRank); err != nil {
			return err
		}
		if err := bumpVersion(ctx, tx, id); err != nil {
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

// rekeyPlayer moves the player guest of tournament id, with their pairing number (rank),
// ratings (the FIDE rating the file gave them stays the one the report writes), games, byes
// and forbidden pairs, to member, in tx, and deletes the guest. The boards and byes refer to the
// player's row, so the member's row comes first, without the number, which the guest's row
// holds until it goes.
func rekeyPlayer(ctx context.Context, tx *sql.Tx, id, guest, member int64, rank int) error {
	var startRank any
	if rank > 0 {
		startRank = rank
	}
	for _, st := range []struct {
		what, query string
		args        []any
	}{
		{"enter the member", "INSERT INTO tournament_players (tournament_id, member_id, start_rank, rating, fide_rating, entered_at, first_round, withdrawn_after) " +
			"SELECT tournament_id, ?, NULL, rating, fide_rating, entered_at, first_round, withdrawn_after FROM tournament_players WHERE tournament_id = ? AND member_id = ?",
			[]any{member, id, guest}},
		{"move the games as White", "UPDATE tournament_boards SET white = ? WHERE tournament_id = ? AND white = ?", []any{member, id, guest}},
		{"move the games as Black", "UPDATE tournament_boards SET black = ? WHERE tournament_id = ? AND black = ?", []any{member, id, guest}},
		{"move the byes", "UPDATE tournament_byes SET member_id = ? WHERE tournament_id = ? AND member_id = ?", []any{member, id, guest}},
		// A pair keeps its lower member id first: the member's may sort the other way.
		{"move the forbidden pairs", "INSERT INTO tournament_forbidden_pairs (tournament_id, member_a, member_b, from_round, to_round) " +
			"SELECT tournament_id, CASE WHEN other < ? THEN other ELSE ? END, CASE WHEN other < ? THEN ? ELSE other END, from_round, to_round FROM " +
			"(SELECT tournament_id, CASE WHEN member_a = ? THEN member_b ELSE member_a END AS other, from_round, to_round FROM tournament_forbidden_pairs " +
			"WHERE tournament_id = ? AND (member_a = ? OR member_b = ?)) moved", []any{member, member, member, member, guest, id, guest, guest}},
		{"remove the guest's entry", "DELETE FROM tournament_players WHERE tournament_id = ? AND member_id = ?", []any{id, guest}},
		{"give the member the pairing number", "UPDATE tournament_players SET start_rank = ? WHERE tournament_id = ? AND member_id = ?", []any{startRank, id, member}},
		{"remove the guest", "DELETE FROM members WHERE id = ? AND guest = 1", []any{guest}},
	} {
		if _, err := tx.ExecContext(ctx, st.query, st.args...); err != nil {
			return fmt.Errorf("link guest %d to member %d: %s: %w", guest, member, st.what, err)
		}
	}
	return nil
}

// storeGuestFIDE keeps in tx what an imported player's 001 record says of them for FIDE: on
// the guest's member row, the FIDE id, federation, title, sex and birth date (YYYY/MM/DD, or
// YYYY/00/00 for a year alone, as YYYY-MM-DD or YYYY), and the record's FIDE rating as the
// rating of the tournament's rating type; on their entry, that rating as the one the
// tournament reports them with. A field the club would refuse from a member (a title TRF
// does not name, a federation that is no three-letter code) is left empty, not guessed at.
func storeGuestFIDE(ctx context.Context, tx *sql.Tx, id, guest int64, ratingType string, p *trf.Player) error {
	text := func(s string, ok bool) any {
		if s == "" || !ok {
			return nil
		}
		return s
	}
	var fideID any
	if n, err := strconv.ParseInt(p.FIDEID, 10, 64); err == nil && n > 0 && n <= members.MaxFIDEID {
		fideID = n
	}
	var rating any
	if p.Rating >= members.MinFIDERating && p.Rating <= members.MaxFIDERating {
		rating = p.Rating
	}
	birth := guestBirthDate(p.BirthDate)
	_, err := tx.ExecContext(ctx, "UPDATE members SET fide_id = ?, federation = ?, title = ?, sex = ?, birth_date = ?, "+fideRatingColumn(ratingType)+" = ? WHERE id = ? AND guest = 1",
		fideID, text(p.Federation, members.ValidFederation(p.Federation)), text(p.Title, members.ValidTitle(p.Title)),
		text(p.Sex, p.Sex == members.SexMan || p.Sex == members.SexWoman), text(birth, birth != ""), rating, guest)
	if err == nil {
		_, err = tx.ExecContext(ctx, "UPDATE tournament_players SET fide_rating = ? WHERE tournament_id = ? AND member_id = ?", rating, id, guest)
	}
	if err != nil {
		return fmt.Errorf("import: the FIDE fields of player %d: %w", p.StartRank, err)
	}
	return nil
}

// guestBirthDate reads a TRF birth date, YYYY/MM/DD (YYYY/00/00 for a year alone) or YYYY,
// as a member's birth date; "" when it is none.
func guestBirthDate(s string) string {
	s = strings.TrimSpace(s)
	if y, ok := strings.CutSuffix(s, "/00/00"); ok {
		s = y
	}
	s = strings.ReplaceAll(s, "/", "-")
	if _, ok := members.BirthYearOf(s); !ok {
		return ""
	}
	return s
}

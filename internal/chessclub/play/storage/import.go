package storage

import (
	"bytes"
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chess/trf"
	"campus.example/apps/internal/chessclub/members"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/sqldb"
)

// InsertImported stores a tournament read from a TRF file (package input), organised by by,
// in state (running, or finished when every round is paired and played) at now: its row,
// one guest member per player with what the file says of them for FIDE, every round with
// its boards and byes, the byes announced for rounds to come, and the pairs forbidden to
// meet. It returns the tournament's id, and sets each player's Member to their guest.
func InsertImported(ctx context.Context, tx *sql.Tx, im *tournament.Imported, state string, by int64, now time.Time) (int64, error) {
	var finished any
	if state == tournament.StateFinished {
		finished = now
	}
	in := im.Input
	res, err := tx.ExecContext(ctx, "INSERT INTO tournaments (name, start_date, end_date, location, format, rounds, time_control, description, created_by, created_at, "+
		"double_round_robin, players_report, bye_limit, rated, initial_colour, acceleration, points_win, points_draw, points_loss, points_bye, "+
		"rating_type, city, federation, chief_arbiter, deputy_arbiters, time_control_code, round_dates, "+
		"state, current_round, started_at, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
		in.Name, in.StartDate, in.EndDate, in.Location, in.Format, in.Rounds, in.TimeControl, "Imported from a TRF file.", by, now,
		in.DoubleRoundRobin, false, in.ByeLimit, false, in.InitialColour, in.Acceleration, in.PointsWin, in.PointsDraw, in.PointsLoss, in.PointsBye,
		in.RatingType, in.City, in.Federation, in.ChiefArbiter, tournament.JoinDeputies(in.DeputyArbiters), in.TimeControlCode, tournament.JoinRoundDates(in.RoundDates),
		state, im.Paired, now, finished)
	if err != nil {
		return 0, fmt.Errorf("import: insert tournament: %w", err)
	}
	id, err := res.LastInsertId()
	if err != nil {
		return 0, fmt.Errorf("import: %w", err)
	}
	for _, p := range im.Players {
		if p.Member, err = CreateGuest(ctx, tx, p.Name, tournament.RatingStandard, p.Player.Rating, now); err != nil {
			return 0, err
		}
		if _, err := tx.ExecContext(ctx, "INSERT INTO tournament_players (tournament_id, member_id, start_rank, rating, entered_at, first_round) VALUES (?, ?, ?, ?, ?, ?)",
			id, p.Member, p.Player.StartRank, p.Player.Rating, now, 1); err != nil {
			return 0, fmt.Errorf("import: enter player %d: %w", p.Player.StartRank, err)
		}
		if err := storeGuestFIDE(ctx, tx, id, p.Member, tournament.RatingStandard, p); err != nil {
			return 0, err
		}
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO tournament_sources (tournament_id, trf) VALUES (?, ?)", id, im.Source); err != nil {
		return 0, fmt.Errorf("import: keep the file: %w", err)
	}
	return id, storeRounds(ctx, tx, im, id, now)
}

// Source reads the file tournament id was imported from (report.UpdateSource); nil for a
// tournament that was not imported.
func Source(ctx context.Context, tx *sql.Tx, id int64) (*trf.Tournament, error) {
	var raw []byte
	err := tx.QueryRowContext(ctx, "SELECT trf FROM tournament_sources WHERE tournament_id = ?", id).Scan(&raw)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read the file of tournament %d: %w", id, err)
	}
	t, err := trf.Read(bytes.NewReader(raw))
	if err != nil {
		return nil, fmt.Errorf("read the file of tournament %d: %w", id, err)
	}
	return t, nil
}

// LockMember locks member id's row in tx until it ends (lock: the dialect's FOR UPDATE):
// what a member does that counts against a limit of theirs takes its turn, on every replica.
func LockMember(ctx context.Context, tx *sql.Tx, id int64, lock string) error {
	var locked int64
	if err := tx.QueryRowContext(ctx, "SELECT id FROM members WHERE id = ?"+lock, id).Scan(&locked); err != nil {
		return fmt.Errorf("lock member %d: %w", id, err)
	}
	return nil
}

// storeRounds stores every paired round's boards and byes, and the byes announced for the
// rounds to come.
//
// A game the file wrote without colours (Swiss-Manager writes forfeits so) is stored with the
// colours trf.Tournament.WithColours gives it: a board has a White and a Black, and the
// colours of a game not played count in no rule (C.04.1). Its result stays the file's.
func storeRounds(ctx context.Context, tx *sql.Tx, im *tournament.Imported, id int64, now time.Time) error {
	byRank := map[int]*tournament.ImportedPlayer{}
	for _, p := range im.Players {
		byRank[p.Player.StartRank] = p
	}
	coloured := im.File.WithColours().ByStartRank()
	for r := 1; r <= im.Paired; r++ {
		if _, err := tx.ExecContext(ctx, "INSERT INTO tournament_rounds (tournament_id, number, paired_at) VALUES (?, ?, ?)", id, r, now); err != nil {
			return fmt.Errorf("import: round %d: %w", r, err)
		}
		var boards []importedBoard
		var byes []tournament.ByeRecord
		for _, p := range im.Players {
			x := chess.Round{Result: chess.ZeroBye} // a round missing from the line: absent
			if c := coloured[p.Player.StartRank]; r <= len(c.Rounds) {
				x = c.Rounds[r-1]
			}
			switch {
			case x.Opponent == 0:
				byes = append(byes, tournament.ByeRecord{Round: r, Member: p.Member, Kind: x.Result})
			case x.Colour == chess.White:
				opp := byRank[x.Opponent]
				oppRound := coloured[x.Opponent].Rounds[r-1]
				b := importedBoard{PairedBoard: tournament.PairedBoard{White: p.Member, Black: opp.Member},
					score: max(p.Player.PointsAfter(r-1), opp.Player.PointsAfter(r-1)), low: min(p.Player.PointsAfter(r-1), opp.Player.PointsAfter(r-1)), rank: min(p.Player.StartRank, x.Opponent)}
				if x.Result != chess.NoResult {
					result, ok := tournament.ResultFor(x.Result, oppRound.Result)
					if !ok {
						return tournament.ImportInvalid("round %d: %d v %d has results %c and %c, which the club does not record", r, p.Player.StartRank, x.Opponent, x.Result, oppRound.Result)
					}
					b.Result = &result
				}
				boards = append(boards, b)
			}
		}
		// Boards in the order pairing programs publish them: by the higher score of the two
		// players before the round, then the lower, then the higher-ranked player.
		slices.SortStableFunc(boards, func(a, b importedBoard) int {
			return cmp.Or(cmp.Compare(b.score, a.score), cmp.Compare(b.low, a.low), cmp.Compare(a.rank, b.rank))
		})
		paired := make([]tournament.PairedBoard, len(boards))
		for i, b := range boards {
			paired[i] = b.PairedBoard
		}
		if err := InsertBoards(ctx, tx, id, r, 1, paired); err != nil {
			return err
		}
		if err := InsertByes(ctx, tx, id, byes); err != nil {
			return err
		}
	}
	if err := storeAnnounced(ctx, tx, im, id, byRank); err != nil {
		return err
	}
	return storeForbidden(ctx, tx, im, id, byRank)
}

// storeForbidden stores the pairs a file forbids to meet (260 records, XXP lines), merging
// the rounds of a pair forbidden twice.
func storeForbidden(ctx context.Context, tx *sql.Tx, im *tournament.Imported, id int64, byRank map[int]*tournament.ImportedPlayer) error {
	ranks := make(map[int]bool, len(byRank))
	for r := range byRank {
		ranks[r] = true
	}
	pairs, err := tournament.ReadForbidden(im.File.Other, im.Total, ranks)
	if err != nil {
		return err
	}
	type key struct{ a, b int64 }
	merged := map[key][2]int{}
	var order []key
	for _, p := range pairs {
		a, b := tournament.Ordered(byRank[p.A].Member, byRank[p.B].Member)
		k := key{a, b}
		if r, ok := merged[k]; ok {
			merged[k] = [2]int{min(r[0], p.From), max(r[1], p.To)}
			continue
		}
		merged[k] = [2]int{p.From, p.To}
		order = append(order, k)
	}
	for _, k := range order {
		r := merged[k]
		var to any = r[1]
		if r[1] >= im.Total {
			to = nil
		}
		if _, err := tx.ExecContext(ctx, "INSERT INTO tournament_forbidden_pairs (tournament_id, member_a, member_b, from_round, to_round) VALUES (?, ?, ?, ?, ?)",
			id, k.a, k.b, r[0], to); err != nil {
			return fmt.Errorf("import: forbidden pair: %w", err)
		}
	}
	return nil
}

type importedBoard struct {
	tournament.PairedBoard
	score, low chess.Score
	rank       int
}

// storeAnnounced stores the byes a file announces for rounds not yet paired
// (tournament.AnnouncedByes) as requests, as if the players had asked for them.
func storeAnnounced(ctx context.Context, tx *sql.Tx, im *tournament.Imported, id int64, byRank map[int]*tournament.ImportedPlayer) error {
	var byes []tournament.ByeRecord
	for _, a := range im.Announced {
		if a.Round <= im.Total {
			byes = append(byes, tournament.ByeRecord{Round: a.Round, Member: byRank[a.StartRank].Member, Kind: a.Kind, Requested: true})
		}
	}
	return InsertByes(ctx, tx, id, byes)
}

// storeGuestFIDE keeps in tx what an imported player's 001 record says of them for FIDE
// (report.FIDEOf): on the guest's member row, the FIDE id, federation, title, sex and
// birth date, and the record's rating as the FIDE rating of the tournament's rating type when
// it is one a FIDE list can hold (members.MinFIDERating to MaxFIDERating); on their entry,
// the record's rating, whatever it is, as the one the tournament reports them with, so that
// the report writes back the rating the file gave.
func storeGuestFIDE(ctx context.Context, tx *sql.Tx, id, guest int64, ratingType string, p *tournament.ImportedPlayer) error {
	x := p.FIDE
	var listed, reported any
	if x.Rating >= members.MinFIDERating && x.Rating <= members.MaxFIDERating {
		listed = x.Rating
	}
	if x.Rating > 0 {
		reported = x.Rating
	}
	_, err := tx.ExecContext(ctx, "UPDATE members SET fide_id = ?, federation = ?, title = ?, sex = ?, birth_date = ?, "+FIDERatingColumn(ratingType)+" = ? WHERE id = ? AND guest = 1",
		x.FIDEID, x.Federation, x.Title, x.Sex, x.BirthDate, listed, guest)
	if err == nil {
		_, err = tx.ExecContext(ctx, "UPDATE tournament_players SET fide_rating = ? WHERE tournament_id = ? AND member_id = ?", reported, id, guest)
	}
	if err != nil {
		return fmt.Errorf("import: the FIDE fields of player %d: %w", p.Player.StartRank, err)
	}
	return nil
}

// FIDERatingColumn is the members' column of a rating type's FIDE rating.
func FIDERatingColumn(ratingType string) string {
	switch ratingType {
	case tournament.RatingRapid:
		return "fide_rapid"
	case tournament.RatingBlitz:
		return "fide_blitz"
	}
	return "fide_standard"
}

// FixFIDERatings sets, in tx, the FIDE rating that tournament t reports its players with
// (tournament_players.fide_rating): each player's FIDE rating of t's rating type now, when
// they are given their pairing number (member 0: every player, at the start; else the one
// late entrant). A FIDE list imported later then changes nothing of the tournament's report,
// which gives the ratings the players had when it began.
func FixFIDERatings(ctx context.Context, tx *sql.Tx, t tournament.Tournament, member int64) error {
	q := "UPDATE tournament_players SET fide_rating = (SELECT m." + FIDERatingColumn(t.RatingType) +
		" FROM members m WHERE m.id = tournament_players.member_id) WHERE tournament_id = ?"
	args := []any{t.ID}
	if member != 0 {
		q += " AND member_id = ?"
		args = append(args, member)
	}
	if _, err := tx.ExecContext(ctx, q, args...); err != nil {
		return fmt.Errorf("fix the FIDE ratings of tournament %d: %w", t.ID, err)
	}
	return nil
}

// FIDEPlayers reads the FIDE fields of tournament t's players, by member id, with the FIDE
// rating of its type that it reports them with (fixed at their start, else the one they have
// now); the birth dates, which only a member, admins and the federation may see, only when
// birthDates is true.
func FIDEPlayers(ctx context.Context, tx *sql.Tx, t tournament.Tournament, birthDates bool) (map[int64]tournament.FIDEPlayer, error) {
	fide := map[int64]tournament.FIDEPlayer{}
	rows, err := tx.QueryContext(ctx, "SELECT p.member_id, COALESCE(p.fide_rating, m."+FIDERatingColumn(t.RatingType)+", 0), m.fide_id, m.federation, m.title, m.sex, "+
		"m.birth_date, m.birth_year FROM tournament_players p JOIN members m ON m.id = p.member_id WHERE p.tournament_id = ?", t.ID)
	if err != nil {
		return nil, fmt.Errorf("read the players' FIDE fields: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var member int64
		var x tournament.FIDEPlayer
		var fideID sql.NullInt64
		var fed, title, sex, birth sql.NullString
		var birthYear sql.NullInt64
		if err := rows.Scan(&member, &x.Rating, &fideID, &fed, &title, &sex, &birth, &birthYear); err != nil {
			return nil, fmt.Errorf("read the players' FIDE fields: %w", err)
		}
		if fideID.Valid {
			x.FIDEID = &fideID.Int64
		}
		x.Federation, x.Title, x.Sex = sqldb.StringPtr(fed), sqldb.StringPtr(title), sqldb.StringPtr(sex)
		if birthDates {
			x.BirthDate = sqldb.StringPtr(birth)
			if x.BirthDate == nil && birthYear.Valid { // a member who gave only their birth year
				y := strconv.FormatInt(birthYear.Int64, 10)
				x.BirthDate = &y
			}
		}
		fide[member] = x
	}
	return fide, rows.Err()
}

// RekeyPlayer moves the player guest of tournament id, with their pairing number (rank),
// ratings (the FIDE rating the file gave them stays the one the report writes), games, byes
// and forbidden pairs, to member, in tx, and deletes the guest. The boards and byes refer to the
// player's row, so the member's row comes first, without the number, which the guest's row
// holds until it goes.
func RekeyPlayer(ctx context.Context, tx *sql.Tx, id, guest, member int64, rank int) error {
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

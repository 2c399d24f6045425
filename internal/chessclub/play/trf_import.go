package play

import (
	"cmp"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
	"time"

	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chessclub/api"
	"campus.example/apps/internal/chessclub/audit"
	"campus.example/apps/internal/chessclub/members"
	"campus.example/apps/internal/chessclub/play/admission"
	"campus.example/apps/internal/chessclub/play/input"
	"campus.example/apps/internal/chessclub/play/storage"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/sqldb"
)

// MaxImportBytes bounds a TRF file sent to POST /api/tournaments/import, 8 MiB: the largest
// file a tournament can come from, tournament.MaxPlayers players who played all of
// tournament.MaxRounds rounds, has player lines of 91 + 10·MaxRounds characters, 99 bytes
// more for a name of 33 four-byte characters and 2 for CR LF, 6.92 MB in all
// (TestImportLimitsFitTheLargestFile); the tournament section, 240 and 250 records and
// comments leave it within 8 MiB. Reading holds about three times the file (Config
// MaxImports).
const MaxImportBytes = 8 << 20

// EventImported is the first event of a tournament made from a TRF file.
const EventImported = "imported"

// Import stores a tournament read from a TRF file, organised by caller: one guest
// member per player (guests cannot log in; the import never attaches games to existing
// members, which anyone who can write a file could otherwise do), the entries with the
// file's pairing numbers and ratings, every round with its boards and byes, and byes
// announced for rounds to come (a round's column after the last paired, or 240 records). The
// tournament is finished when every round is paired and played, and running otherwise; it is
// never rated. It returns a TooManyRequests problem when the caller has used their imports
// a day (admission.ImportQuota).
func (s *Imports) Import(ctx context.Context, im *input.Imported, caller api.Caller) (tournament.Tournament, error) {
	defer s.changed(0)
	var out tournament.Tournament
	err := s.db.Transact(ctx, func(tx *sql.Tx) error {
		now := s.clock()
		// The caller's row, locked, takes their imports in turn on every replica, so that
		// the count below cannot be passed by two imports at once.
		var locked int64
		if err := tx.QueryRowContext(ctx, "SELECT id FROM members WHERE id = ?"+s.db.Dialect.ForUpdate(), caller.ID).Scan(&locked); err != nil {
			return fmt.Errorf("import: lock member: %w", err)
		}
		if err := admission.ImportQuota(ctx, tx, caller, now, s.cfg.ImportsPerDay); err != nil {
			return err
		}
		state := tournament.StateRunning
		var finished any
		if im.Finished {
			state, finished = tournament.StateFinished, now
		}
		in := im.Input
		res, err := tx.ExecContext(ctx, "INSERT INTO tournaments (name, start_date, end_date, location, format, rounds, time_control, description, created_by, created_at, "+
			"double_round_robin, players_report, bye_limit, rated, initial_colour, acceleration, points_win, points_draw, points_loss, points_bye, "+
			"rating_type, city, federation, chief_arbiter, deputy_arbiters, time_control_code, round_dates, "+
			"state, current_round, started_at, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
			in.Name, in.StartDate, in.EndDate, in.Location, in.Format, in.Rounds, in.TimeControl, "Imported from a TRF file.", caller.ID, now,
			in.DoubleRoundRobin, false, in.ByeLimit, false, in.InitialColour, in.Acceleration, in.PointsWin, in.PointsDraw, in.PointsLoss, in.PointsBye,
			in.RatingType, in.City, in.Federation, in.ChiefArbiter, tournament.JoinDeputies(in.DeputyArbiters), in.TimeControlCode, tournament.JoinRoundDates(in.RoundDates),
			state, im.Paired, now, finished)
		if err != nil {
			return fmt.Errorf("import: insert tournament: %w", err)
		}
		id, err := res.LastInsertId()
		if err != nil {
			return fmt.Errorf("import: %w", err)
		}
		for _, p := range im.Players {
			if p.Member, err = createGuest(ctx, tx, p.Name, p.Player.Rating, now); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, "INSERT INTO tournament_players (tournament_id, member_id, start_rank, rating, entered_at, first_round) VALUES (?, ?, ?, ?, ?, ?)",
				id, p.Member, p.Player.StartRank, p.Player.Rating, now, 1); err != nil {
				return fmt.Errorf("import: enter player %d: %w", p.Player.StartRank, err)
			}
			if err := storeGuestFIDE(ctx, tx, id, p.Member, tournament.RatingStandard, p.Player); err != nil {
				return err
			}
		}
		if err := storeRounds(ctx, tx, im, id, now); err != nil {
			return err
		}
		if err := s.live.Emit(ctx, tx, id, EventImported, map[string]any{"state": state, "rounds": im.Paired}); err != nil {
			return err
		}
		out, err = storage.Tournament(ctx, tx, id, "")
		if err != nil {
			return err
		}
		return s.record(ctx, tx, caller, id, 0, audit.TournamentImported, "", nil,
			map[string]any{"name": out.Name, "players": len(im.Players), "rounds": im.Paired, "state": state})
	})
	return out, err
}

// storeRounds stores every paired round's boards and byes, and the byes announced for the
// rounds to come.
func storeRounds(ctx context.Context, tx *sql.Tx, im *input.Imported, id int64, now time.Time) error {
	byRank := map[int]*input.ImportedPlayer{}
	for _, p := range im.Players {
		byRank[p.Player.StartRank] = p
	}
	for r := 1; r <= im.Paired; r++ {
		if _, err := tx.ExecContext(ctx, "INSERT INTO tournament_rounds (tournament_id, number, paired_at) VALUES (?, ?, ?)", id, r, now); err != nil {
			return fmt.Errorf("import: round %d: %w", r, err)
		}
		var boards []importedBoard
		var byes []tournament.ByeRecord
		for _, p := range im.Players {
			x := chess.Round{Result: chess.ZeroBye} // a round missing from the line: absent
			if r <= len(p.Player.Rounds) {
				x = p.Player.Rounds[r-1]
			}
			switch {
			case x.Opponent == 0:
				byes = append(byes, tournament.ByeRecord{Round: r, Member: p.Member, Kind: x.Result})
			case x.Colour == chess.White:
				opp := byRank[x.Opponent]
				oppRound := opp.Player.Rounds[r-1]
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
		if err := insertBoards(ctx, tx, id, r, 1, paired); err != nil {
			return err
		}
		if err := insertByes(ctx, tx, id, byes); err != nil {
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
func storeForbidden(ctx context.Context, tx *sql.Tx, im *input.Imported, id int64, byRank map[int]*input.ImportedPlayer) error {
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

// storeAnnounced stores the byes a file announces for rounds not yet paired: a column after
// the last round paired holding H, F or Z, and 240 records. They become requests, as if the
// players had asked for them.
func storeAnnounced(ctx context.Context, tx *sql.Tx, im *input.Imported, id int64, byRank map[int]*input.ImportedPlayer) error {
	seen := map[[2]int64]bool{}
	var byes []tournament.ByeRecord
	add := func(r int, member int64, kind chess.Result) {
		if r > im.Paired && r <= im.Total && !seen[[2]int64{int64(r), member}] {
			seen[[2]int64{int64(r), member}] = true
			byes = append(byes, tournament.ByeRecord{Round: r, Member: member, Kind: kind, Requested: true})
		}
	}
	for _, p := range im.Players {
		if len(p.Player.Rounds) == im.Paired+1 {
			add(im.Paired+1, p.Member, p.Player.Rounds[im.Paired].Result)
		}
	}
	for _, line := range im.File.Other {
		if !strings.HasPrefix(line, "240 ") || len(line) < 9 {
			continue
		}
		kind := chess.Result(line[4])
		var r int
		if _, err := fmt.Sscanf(strings.TrimSpace(line[6:9]), "%d", &r); err != nil || !strings.ContainsRune("HFZ", rune(kind)) {
			return tournament.ImportInvalid("record %q: want 240 H|F|Z ROUND PLAYER…", line)
		}
		for _, f := range strings.Fields(line[9:]) {
			var rank int
			if _, err := fmt.Sscanf(f, "%d", &rank); err != nil || byRank[rank] == nil {
				return tournament.ImportInvalid("record %q: %q is not a player", line, f)
			}
			add(r, byRank[rank].Member, kind)
		}
	}
	return insertByes(ctx, tx, id, byes)
}

// createGuest makes a guest member for an imported player: a username "guest-" and random
// hex, which no login can use (guests have no password), the name, and the file's rating as
// a declared rating (none: unrated).
func createGuest(ctx context.Context, tx *sql.Tx, name string, rating int, now time.Time) (int64, error) {
	status, clubRating := members.RatingUnrated, members.UnratedRating
	if rating > 0 {
		status, clubRating = members.RatingDeclared, rating
	}
	for attempt := 0; ; attempt++ {
		b := make([]byte, 5)
		_, _ = rand.Read(b)
		username := "guest-" + hex.EncodeToString(b)
		res, err := tx.ExecContext(ctx, "INSERT INTO members (username, username_key, password_hash, full_name, rating, rating_status, role, guest, joined_at) VALUES (?, ?, '', ?, ?, ?, 'member', ?, ?)",
			username, sqldb.Fold(username), name, clubRating, status, true, now)
		if sqldb.IsDuplicate(err) && attempt < 3 {
			continue
		}
		if err != nil {
			return 0, fmt.Errorf("import: create guest: %w", err)
		}
		return res.LastInsertId()
	}
}

// CheckQuota returns a TooManyRequests problem when caller has imported as many tournaments
// in the last 24 hours as a member may (admission.ImportQuota): a member at the limit is
// refused before the file is read; Import counts again in its transaction, where the count
// cannot change under it.
func (s *Imports) CheckQuota(ctx context.Context, caller api.Caller) error {
	return admission.ImportQuota(ctx, s.db, caller, s.clock(), s.cfg.ImportsPerDay)
}

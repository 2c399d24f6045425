package play

import (
	"cmp"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chess/tiebreak"
	"campus.example/apps/internal/chess/trf"
	"campus.example/apps/internal/chessclub/api"
	"campus.example/apps/internal/chessclub/members"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/problem"
	"campus.example/apps/internal/sqldb"
)

// MaxImportBytes bounds a TRF file sent to POST /api/tournaments/import: a tournament of
// tournament.MaxPlayers players and tournament.MaxRounds rounds takes about 600 KB.
const MaxImportBytes = 2 << 20

// EventImported is the first event of a tournament made from a TRF file.
const EventImported = "imported"

// imported is a TRF file read and checked for import.
type imported struct {
	file *trf.Tournament
	in   tournament.TournamentInput
	// paired is the number of rounds in which someone was paired (k); total the rounds the
	// tournament has.
	paired, total int
	// finished is true when every round is paired and has its results.
	finished bool
	players  []*importedPlayer
}

type importedPlayer struct {
	p      *trf.Player
	name   string
	member int64
}

// importInvalid is the problem for a file that reads as TRF but cannot be imported.
func importInvalid(format string, args ...any) error {
	return &problem.Error{Kind: problem.Invalid, Detail: "The TRF file cannot be imported.", Fields: map[string]string{"file": fmt.Sprintf(format, args...)}}
}

// readImport reads a TRF file for import. It returns an Invalid problem naming the file's fault:
// a syntax error (with its line and column), more than tournament.MaxPlayers players or
// tournament.MaxRounds rounds, a knockout (whose bracket a TRF file does not record), unrated
// games (W, D, L), which the club does not record, or games without a result before the last
// round paired.
func readImport(data []byte, today tournament.Date) (*imported, error) {
	t, err := trf.Read(strings.NewReader(string(data)))
	var se *trf.SyntaxError
	if errors.As(err, &se) {
		return nil, importInvalid("line %d, column %d: %s", se.Line, se.Column, se.Msg)
	}
	if err != nil {
		return nil, importInvalid("%v", err)
	}
	im := &imported{file: t}
	switch n := len(t.Players); {
	case n < 2:
		return nil, importInvalid("a tournament needs at least two players; the file has %d", n)
	case n > tournament.MaxPlayers:
		return nil, importInvalid("%d players; a tournament holds at most %d", n, tournament.MaxPlayers)
	}
	if isKnockout(t.Type) {
		return nil, importInvalid("a knockout cannot be imported: a TRF file does not record its bracket")
	}
	for _, p := range t.Players {
		for r, x := range p.Rounds {
			if x.Opponent != 0 || x.Result == chess.PairingBye {
				im.paired = max(im.paired, r+1)
			}
		}
	}
	im.total = t.TotalRounds
	if im.total == 0 {
		im.total = im.paired
	}
	switch {
	case im.total == 0:
		return nil, importInvalid("the file records no round and does not give the number of rounds (XXR)")
	case im.total > tournament.MaxRounds:
		return nil, importInvalid("%d rounds; a tournament has at most %d", im.total, tournament.MaxRounds)
	case im.total < im.paired:
		return nil, importInvalid("XXR says %d rounds, but the file records %d", im.total, im.paired)
	}
	im.finished = im.paired == im.total
	for i := range t.Players {
		p := &t.Players[i]
		name, err := importName(p)
		if err != nil {
			return nil, err
		}
		im.players = append(im.players, &importedPlayer{p: p, name: name})
		for r, x := range p.Rounds {
			switch {
			case r > im.paired:
				return nil, importInvalid("player %d: round %d is beyond the rounds paired", p.StartRank, r+1)
			case x.Result == chess.UnratedWin || x.Result == chess.UnratedDraw || x.Result == chess.UnratedLoss:
				return nil, importInvalid("player %d, round %d: unrated games (W, D, L) are not recorded by the club", p.StartRank, r+1)
			case x.Opponent != 0 && x.Result == chess.NoResult:
				im.finished = false
				if r+1 < im.paired {
					return nil, importInvalid("player %d, round %d: a game without a result before round %d, the last one paired", p.StartRank, r+1, im.paired)
				}
			}
		}
	}
	im.in = importInput(t, im, today)
	return im, nil
}

// isKnockout reports whether a TRF type of tournament (record 092) names a knockout.
func isKnockout(typ string) bool {
	u := strings.ToUpper(typ)
	return strings.Contains(u, "KNOCKOUT") || strings.Contains(u, "KNOCK-OUT") || slices.Contains(strings.FieldsFunc(u, func(r rune) bool { return r < 'A' || r > 'Z' }), "KO")
}

// importName is a player's name as a member's full name: the file's, checked as the API
// checks names (no control or bidirectional control characters), or "Player N" when empty.
func importName(p *trf.Player) (string, error) {
	name := strings.TrimSpace(p.Name)
	if name == "" {
		return fmt.Sprintf("Player %d", p.StartRank), nil
	}
	for _, r := range name {
		if unicode.IsControl(r) || (r >= 0x202A && r <= 0x202E) || (r >= 0x2066 && r <= 0x2069) {
			return "", importInvalid("player %d: the name holds control characters", p.StartRank)
		}
	}
	return name, nil
}

// importInput is the tournament a file makes: its name (012), city (022), dates (042, 052),
// time control (122) and format (092: a round robin when it says so, else a Swiss). Texts
// are cut to the API's limits; dates that do not read as year, month, day are today.
func importInput(t *trf.Tournament, im *imported, today tournament.Date) tournament.TournamentInput {
	in := tournament.TournamentInput{Name: clip(t.Name, tournament.MaxTournamentName), Format: tournament.FormatSwiss, Settings: tournament.DefaultSettings}
	if in.Name == "" {
		in.Name = "Imported tournament"
	}
	if tiebreak.FormatOf(t.Type) == tiebreak.RoundRobin {
		in.Format = tournament.FormatRoundRobin
		single := len(t.Players) - 1 + len(t.Players)%2
		in.DoubleRoundRobin = im.total > single
	}
	if c := clip(t.City, tournament.MaxLocation); c != "" {
		in.Location = &c
	}
	if tc := clip(t.TimeControl, tournament.MaxTimeControl); tc != "" {
		in.TimeControl = &tc
	}
	if t.FirstColour() == chess.Black {
		in.InitialColour = tournament.ColourBlack
	}
	in.StartDate = importDate(t.StartDate, today)
	in.EndDate = importDate(t.EndDate, in.StartDate)
	if in.EndDate < in.StartDate {
		in.EndDate = in.StartDate
	}
	in.Rounds = &im.total
	return in
}

// clip trims s and cuts it to n characters.
func clip(s string, n int) string {
	s = strings.TrimSpace(s)
	if utf8.RuneCountInString(s) > n {
		s = strings.TrimSpace(string([]rune(s)[:n]))
	}
	return s
}

// importDate reads a TRF date (YYYY/MM/DD, or with - or . between), else fallback.
func importDate(s string, fallback tournament.Date) tournament.Date {
	s = strings.TrimSpace(s)
	for _, layout := range []string{"2006/01/02", "2006-01-02", "2006.01.02"} {
		if d, err := time.Parse(layout, s); err == nil && d.Year() >= 1000 {
			return tournament.Date(d.Format(tournament.DateLayout))
		}
	}
	return fallback
}

// importTournament stores a tournament read from a TRF file, organised by caller: one guest
// member per player (guests cannot log in; the import never attaches games to existing
// members, which anyone who can write a file could otherwise do), the entries with the
// file's pairing numbers and ratings, every round with its boards and byes, and byes
// announced for rounds to come (a round's column after the last paired, or 240 records). The
// tournament is finished when every round is paired and played, and running otherwise; it is
// never rated.
func (s *Service) importTournament(ctx context.Context, im *imported, caller api.Caller) (tournament.Tournament, error) {
	defer s.list.changed()
	var out tournament.Tournament
	err := s.db.Transact(ctx, func(tx *sql.Tx) error {
		now := s.clock()
		state := tournament.StateRunning
		var finished any
		if im.finished {
			state, finished = tournament.StateFinished, now
		}
		in := im.in
		res, err := tx.ExecContext(ctx, "INSERT INTO tournaments (name, start_date, end_date, location, format, rounds, time_control, description, created_by, created_at, "+
			"double_round_robin, players_report, bye_limit, rated, initial_colour, state, current_round, started_at, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
			in.Name, in.StartDate, in.EndDate, in.Location, in.Format, in.Rounds, in.TimeControl, "Imported from a TRF file.", caller.ID, now,
			in.DoubleRoundRobin, false, in.ByeLimit, false, in.InitialColour, state, im.paired, now, finished)
		if err != nil {
			return fmt.Errorf("import: insert tournament: %w", err)
		}
		id, err := res.LastInsertId()
		if err != nil {
			return fmt.Errorf("import: %w", err)
		}
		for _, p := range im.players {
			if p.member, err = createGuest(ctx, tx, p.name, p.p.Rating, now); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, "INSERT INTO tournament_players (tournament_id, member_id, start_rank, rating, entered_at, first_round) VALUES (?, ?, ?, ?, ?, ?)",
				id, p.member, p.p.StartRank, p.p.Rating, now, 1); err != nil {
				return fmt.Errorf("import: enter player %d: %w", p.p.StartRank, err)
			}
		}
		if err := im.storeRounds(ctx, tx, id, now); err != nil {
			return err
		}
		if err := s.live.Emit(ctx, tx, id, EventImported, map[string]any{"state": state, "rounds": im.paired}); err != nil {
			return err
		}
		out, err = readTournament(ctx, tx, id, "")
		return err
	})
	return out, err
}

// storeRounds stores every paired round's boards and byes, and the byes announced for the
// rounds to come.
func (im *imported) storeRounds(ctx context.Context, tx *sql.Tx, id int64, now time.Time) error {
	byRank := map[int]*importedPlayer{}
	for _, p := range im.players {
		byRank[p.p.StartRank] = p
	}
	for r := 1; r <= im.paired; r++ {
		if _, err := tx.ExecContext(ctx, "INSERT INTO tournament_rounds (tournament_id, number, paired_at) VALUES (?, ?, ?)", id, r, now); err != nil {
			return fmt.Errorf("import: round %d: %w", r, err)
		}
		var boards []importedBoard
		var byes []tournament.ByeRecord
		for _, p := range im.players {
			x := chess.Round{Result: chess.ZeroBye} // a round missing from the line: absent
			if r <= len(p.p.Rounds) {
				x = p.p.Rounds[r-1]
			}
			switch {
			case x.Opponent == 0:
				byes = append(byes, tournament.ByeRecord{Round: r, Member: p.member, Kind: x.Result})
			case x.Colour == chess.White:
				opp := byRank[x.Opponent]
				oppRound := opp.p.Rounds[r-1]
				b := importedBoard{PairedBoard: tournament.PairedBoard{White: p.member, Black: opp.member},
					score: max(p.p.PointsAfter(r-1), opp.p.PointsAfter(r-1)), low: min(p.p.PointsAfter(r-1), opp.p.PointsAfter(r-1)), rank: min(p.p.StartRank, x.Opponent)}
				if x.Result != chess.NoResult {
					result, ok := tournament.ResultFor(x.Result, oppRound.Result)
					if !ok {
						return importInvalid("round %d: %d v %d has results %c and %c, which the club does not record", r, p.p.StartRank, x.Opponent, x.Result, oppRound.Result)
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
		if err := insertBoards(ctx, tx, id, r, paired); err != nil {
			return err
		}
		if err := insertByes(ctx, tx, id, byes); err != nil {
			return err
		}
	}
	return im.storeAnnounced(ctx, tx, id, byRank)
}

type importedBoard struct {
	tournament.PairedBoard
	score, low chess.Score
	rank       int
}

// storeAnnounced stores the byes a file announces for rounds not yet paired: a column after
// the last round paired holding H, F or Z, and 240 records. They become requests, as if the
// players had asked for them.
func (im *imported) storeAnnounced(ctx context.Context, tx *sql.Tx, id int64, byRank map[int]*importedPlayer) error {
	seen := map[[2]int64]bool{}
	var byes []tournament.ByeRecord
	add := func(r int, member int64, kind chess.Result) {
		if r > im.paired && r <= im.total && !seen[[2]int64{int64(r), member}] {
			seen[[2]int64{int64(r), member}] = true
			byes = append(byes, tournament.ByeRecord{Round: r, Member: member, Kind: kind, Requested: true})
		}
	}
	for _, p := range im.players {
		if len(p.p.Rounds) == im.paired+1 {
			add(im.paired+1, p.member, p.p.Rounds[im.paired].Result)
		}
	}
	for _, line := range im.file.Other {
		if !strings.HasPrefix(line, "240 ") || len(line) < 9 {
			continue
		}
		kind := chess.Result(line[4])
		var r int
		if _, err := fmt.Sscanf(strings.TrimSpace(line[6:9]), "%d", &r); err != nil || !strings.ContainsRune("HFZ", rune(kind)) {
			return importInvalid("record %q: want 240 H|F|Z ROUND PLAYER…", line)
		}
		for _, f := range strings.Fields(line[9:]) {
			var rank int
			if _, err := fmt.Sscanf(f, "%d", &rank); err != nil || byRank[rank] == nil {
				return importInvalid("record %q: %q is not a player", line, f)
			}
			add(r, byRank[rank].member, kind)
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

package input

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chess/swiss"
	"campus.example/apps/internal/chess/tiebreak"
	"campus.example/apps/internal/chess/trf"
	"campus.example/apps/internal/chessclub/play/report"
	"campus.example/apps/internal/chessclub/play/tournament"
)

// Limits of a TRF file to import, besides the body's size (play.MaxImportBytes). They bound
// what reading a file keeps and how long its answer is, whatever the file holds: a file of
// tournament.MaxPlayers players, tournament.MaxRounds rounds and a few records of each kind is far within them.
const (
	// MaxImportLines is the most lines a file may have: what reading keeps grows with them,
	// blank ones too. A file of tournament.MaxPlayers players has a line for each; the rest (the
	// tournament section, 132's round dates, 240 byes, 250 accelerations, comments) takes a
	// few hundred more at most. Twice as many again leaves room for the comment lines and
	// blank lines that pairing programs write between players.
	MaxImportLines = 3 * tournament.MaxPlayers
	// MaxImportLineBytes is the longest line, in bytes: a player's line of trf.MaxRounds
	// rounds has 2 091 characters, and a name of 33 characters takes at most 132 bytes.
	MaxImportLineBytes = 8192
)

// importLimits are the bounds TRF reads a file within.
var importLimits = trf.Limits{Lines: MaxImportLines, LineBytes: MaxImportLineBytes}

// TRF reads a TRF file for import from r, which the caller bounds in size. It returns an
// Invalid refusal naming the file's first fault: a syntax error (with its line, and column
// where there is one), more than MaxImportLines lines or a line longer than
// MaxImportLineBytes, a text that breaks the API's rules for texts (checkTexts) or is longer
// than the club keeps, a date or a player's field that does not read (with its line and
// column: never replaced by a default), more than tournament.MaxPlayers players or
// tournament.MaxRounds rounds, a team competition or a knockout (whose matches and bracket
// the club does not import), unrated games (W, D, L), which the club does not record, games
// without a result before the last round paired, and a file with rounds to pair that asks to
// be paired in its order of players (XXC rank) where that is not the order of their pairing
// numbers. The file's bytes are kept (Imported.Source). An error of r comes back wrapped,
// not as a refusal. today is the start date of a file that gives none (no 042 and no 132).
func TRF(r io.Reader, today tournament.Date) (*tournament.Imported, error) {
	var raw bytes.Buffer
	t, err := trf.ReadLimited(io.TeeReader(r, &raw), importLimits)
	var se *trf.SyntaxError
	switch {
	case errors.As(err, &se) && se.Column == 0:
		return nil, tournament.ImportInvalid("line %d: %s", se.Line, se.Msg)
	case errors.As(err, &se):
		return nil, tournament.ImportInvalid("line %d, column %d: %s", se.Line, se.Column, se.Msg)
	case err != nil:
		return nil, err
	}
	if err := checkTexts(t); err != nil {
		return nil, err
	}
	im := &tournament.Imported{File: t, Source: raw.Bytes()}
	switch n := len(t.Players); {
	case n < 2:
		return nil, tournament.ImportInvalid("a tournament needs at least two players; the file has %d", n)
	case n > tournament.MaxPlayers:
		return nil, tournament.ImportInvalid("%d players; a tournament holds at most %d", n, tournament.MaxPlayers)
	}
	if t.IsTeam() {
		return nil, tournament.ImportInvalid("line %d: a team competition's file (team records 013 or 310); the club imports individual tournaments", teamLine(t))
	}
	if isKnockout(t.Type) {
		return nil, tournament.ImportInvalid("a knockout cannot be imported: a TRF file does not record its bracket")
	}
	// The rounds played: a column after them that holds only byes announced for the next
	// round is no round played (C.07 ranks by the rounds played; trf.Tournament.RoundsPlayed).
	im.Paired = t.RoundsPlayed()
	im.Total = max(t.TotalRounds, t.NumRounds) // XXR and 142, which Read checks agree
	if im.Total == 0 {
		im.Total = im.Paired
	}
	switch {
	case im.Total == 0:
		return nil, tournament.ImportInvalid("the file records no round and does not give the number of rounds (XXR or 142)")
	case im.Total > tournament.MaxRounds:
		return nil, tournament.ImportInvalid("%d rounds; a tournament has at most %d", im.Total, tournament.MaxRounds)
	case im.Total < im.Paired:
		return nil, tournament.ImportInvalid("XXR or 142 says %d rounds, but the file records %d", im.Total, im.Paired)
	}
	im.Finished = im.Paired == im.Total
	for i := range t.Players {
		p := &t.Players[i]
		fide, fault := report.FIDEOf(p)
		if fault != nil {
			return nil, tournament.ImportInvalid("line %d, column %d: player %d: %s", t.Line("001", i), fault.Column, p.StartRank, fault.Msg)
		}
		im.Players = append(im.Players, &tournament.ImportedPlayer{Player: p, Name: importName(p), FIDE: fide})
		for r, x := range p.Rounds {
			switch {
			case r > im.Paired:
				return nil, tournament.ImportInvalid("line %d: player %d: round %d is beyond the rounds paired", t.Line("001", i), p.StartRank, r+1)
			case x.Result == chess.UnratedWin || x.Result == chess.UnratedDraw || x.Result == chess.UnratedLoss:
				return nil, tournament.ImportInvalid("line %d: player %d, round %d: unrated games (W, D, L) are not recorded by the club", t.Line("001", i), p.StartRank, r+1)
			case x.Opponent != 0 && x.Result == chess.NoResult:
				im.Finished = false
				if r+1 < im.Paired {
					return nil, tournament.ImportInvalid("line %d: player %d, round %d: a game without a result before round %d, the last one paired", t.Line("001", i), p.StartRank, r+1, im.Paired)
				}
			}
		}
	}
	if t.RankOrderDiffers() && !im.Finished {
		return nil, tournament.ImportInvalid("line %d: XXC rank asks to pair the players in the file's order, which is not the order of their pairing numbers; the club pairs by pairing number: number the players in the file's order to import it", t.Line("XXC", 0))
	}
	if im.Input, err = importInput(t, im, today); err != nil {
		return nil, err
	}
	if im.Announced, err = tournament.AnnouncedByes(t, im.Paired); err != nil {
		return nil, err
	}
	if err := readPoints(im); err != nil {
		return nil, err
	}
	if err := readAcceleration(im); err != nil {
		return nil, err
	}
	if !im.Finished && im.Input.Format == tournament.FormatSwiss {
		if err := swiss.CheckSystem(t); err != nil {
			return nil, tournament.ImportInvalid("%v", err)
		}
	}
	return im, nil
}

// teamLine is the line of a file's first team record (013, 310).
func teamLine(t *trf.Tournament) int {
	for i, l := range t.Other {
		if strings.HasPrefix(l, "013") || strings.HasPrefix(l, "310") {
			return t.Line("", i)
		}
	}
	return 0
}

// readPoints keeps the file's point system (162, BBW to BBU) as the tournament's, when the
// club's settings can hold it (nothing for a forfeit loss or a zero-point bye), and checks
// every player's points column against their results counted with it, as a pairing program
// does: a file that disagrees with itself is refused, naming the player, rather than imported
// by one of its two readings. A bye announced in the column after the last round paired, and
// the virtual points of 250 records for the next round, may be counted in the column or not.
func readPoints(im *tournament.Imported) error {
	t := im.File
	ps, err := t.PointSystem()
	if err != nil {
		return tournament.ImportInvalid("%v", err)
	}
	if !im.Input.SetPointSystem(ps) {
		return tournament.ImportInvalid("the file gives points for a forfeit loss or a zero-point bye (162 A, BBZ, BBF); the club's point system gives them none")
	}
	if ps.Win == 0 {
		return tournament.ImportInvalid("the file's point system gives nothing for a win")
	}
	acc, err := t.Accelerations()
	if err != nil {
		return tournament.ImportInvalid("%v", err)
	}
	next := im.Paired + 1
	virtual := func(rank int) chess.Score {
		var v chess.Score
		for _, a := range acc { // a later record overrides an earlier one
			if a.FirstRound <= next && next <= a.LastRound && a.FirstPlayer <= rank && rank <= a.LastPlayer {
				v = a.Points
			}
		}
		return v
	}
	if err := t.CheckPointsColumn(ps, im.Paired, virtual); err != nil {
		return tournament.ImportInvalid("%v", err)
	}
	return nil
}

// readAcceleration keeps the acceleration of a Swiss's file when the club can pair with it:
// none, or the Baku method (C.04.5.1), named by record 192 or written out in 250 records or
// XXA lines that give every player the virtual points Baku gives, with every player of the
// file there from the start. Any other acceleration is refused by name rather than dropped:
// the rounds still to pair would come out otherwise than the file's own engine pairs them.
func readAcceleration(im *tournament.Imported) error {
	acc, err := swiss.ReadAcceleration(im.File, im.Total)
	if err != nil {
		return tournament.ImportInvalid("%v", err)
	}
	if !acc.Accelerated() {
		return nil
	}
	first := acc.Baku
	for _, line := range im.File.Other {
		if strings.HasPrefix(line, "250") || strings.HasPrefix(line, "XXA") {
			first = line
			break
		}
	}
	if im.Input.Format != tournament.FormatSwiss {
		return tournament.ImportInvalid("record %q: only a Swiss is paired with an acceleration", first)
	}
	if len(acc.Given) > 0 {
		ids := make([]int, len(im.File.Players))
		for i, p := range im.File.Players {
			ids[i] = p.StartRank
		}
		baku, err := swiss.Baku(ids, im.Total)
		if err != nil || !swiss.SameVirtualPoints(acc.Given, baku, ids, im.Total) {
			return tournament.ImportInvalid("record %q: the club pairs with no acceleration or with the Baku method (C.04.5.1), and this file's virtual points are not Baku's", first)
		}
	}
	im.Input.Acceleration = tournament.AccelerationBaku
	return nil
}

// isKnockout reports whether a TRF type of tournament (record 092) names a knockout.
func isKnockout(typ string) bool {
	u := strings.ToUpper(typ)
	return strings.Contains(u, "KNOCKOUT") || strings.Contains(u, "KNOCK-OUT") || slices.Contains(strings.FieldsFunc(u, func(r rune) bool { return r < 'A' || r > 'Z' }), "KO")
}

// importName is a player's name as a member's full name: the file's (checked by checkTexts),
// or "Player N" when empty.
func importName(p *trf.Player) string {
	if name := strings.TrimSpace(p.Name); name != "" {
		return name
	}
	return fmt.Sprintf("Player %d", p.StartRank)
}

// importInput is the tournament a file makes: its name (012), city (022), dates (042, 052),
// time control (122), what its FIDE report says (importReportInfo) and format (092: a round
// robin when it says so, else a Swiss). A text longer than the club keeps is refused, naming
// its line, rather than cut. A date in any spelling trf.ParseDate reads is the day it names;
// one that does not read is refused with its line and column. A file without 042 starts on
// its first round's date (132), else on today; one without 052 ends on its last round's
// date, else on its start.
func importInput(t *trf.Tournament, im *tournament.Imported, today tournament.Date) (tournament.TournamentInput, error) {
	in := tournament.TournamentInput{Format: tournament.FormatSwiss, Settings: tournament.DefaultSettings}
	var err error
	if in.Name, err = importText(t, "012", "the tournament's name", t.Name, tournament.MaxTournamentName); err != nil {
		return in, err
	}
	if in.Name == "" {
		in.Name = "Imported tournament"
	}
	if tiebreak.FormatOf(t.Type) == tiebreak.RoundRobin {
		in.Format = tournament.FormatRoundRobin
		single := len(t.Players) - 1 + len(t.Players)%2
		in.DoubleRoundRobin = im.Total > single
	}
	city, err := importText(t, "022", "the city", t.City, min(tournament.MaxLocation, tournament.MaxCity))
	if err != nil {
		return in, err
	}
	if city != "" {
		in.Location = &city
	}
	if tc := clip(t.TimeControl, tournament.MaxTimeControl); tc != "" {
		in.TimeControl = &tc // the club's short form; the report writes 122 from the code, kept whole
	}
	if t.FirstColour() == chess.Black {
		in.InitialColour = tournament.ColourBlack
	}
	rounds, err := importRoundDates(t)
	if err != nil {
		return in, err
	}
	var first, last tournament.Date
	for _, d := range rounds {
		if d != "" {
			first = cmp.Or(first, d)
			last = d
		}
	}
	if in.StartDate, err = importDate(t, "042", "the start date", t.StartDate, cmp.Or(first, today)); err != nil {
		return in, err
	}
	if in.EndDate, err = importDate(t, "052", "the end date", t.EndDate, cmp.Or(last, in.StartDate)); err != nil {
		return in, err
	}
	if in.EndDate < in.StartDate {
		return in, tournament.ImportInvalid("line %d: the end date (052) is before the start date (042)", t.Line("052", 0))
	}
	in.Rounds = &im.Total
	return in, importReportInfo(t, &in, rounds)
}

// importText is a text of the tournament section as the club keeps it: trimmed, and refused,
// naming its line, when longer than limit characters.
func importText(t *trf.Tournament, tag, what, s string, limit int) (string, error) {
	s = strings.TrimSpace(s)
	if n := utf8.RuneCountInString(s); n > limit {
		return "", tournament.ImportInvalid("line %d (%s, %s): %d characters; the club keeps at most %d", t.Line(tag, 0), tag, what, n, limit)
	}
	return s, nil
}

// clip trims s and cuts it to n characters.
func clip(s string, n int) string {
	s = strings.TrimSpace(s)
	if utf8.RuneCountInString(s) > n {
		s = strings.TrimSpace(string([]rune(s)[:n]))
	}
	return s
}

// importDate reads the date of record tag (042, 052) in any spelling trf.ParseDate reads; a
// blank or absent record gives fallback, and one that does not read is refused with its line
// and column.
func importDate(t *trf.Tournament, tag, what, s string, fallback tournament.Date) (tournament.Date, error) {
	if strings.TrimSpace(s) == "" {
		return fallback, nil
	}
	d, err := report.DateOf(s)
	if err != nil {
		return "", tournament.ImportInvalid("line %d, column 5: %s: %v", t.Line(tag, 0), what, err)
	}
	return d, nil
}

// importRoundDates reads the rounds' dates of record 132, "" for a round it leaves blank; a
// date that does not read is refused with its line and column (round r's date stands in the
// ten columns from 92 + 10·(r-1)).
func importRoundDates(t *trf.Tournament) ([]tournament.Date, error) {
	out := make([]tournament.Date, len(t.RoundDates))
	for r, s := range t.RoundDates {
		if strings.TrimSpace(s) == "" {
			continue
		}
		d, err := report.DateOf(s)
		if err != nil {
			return nil, tournament.ImportInvalid("line %d, column %d: round %d's date: %v", t.Line("132", 0), 92+10*r, r+1, err)
		}
		out[r] = d
	}
	return out, nil
}

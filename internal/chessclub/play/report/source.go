package report

import (
	"slices"
	"strconv"
	"strings"

	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chess/swiss"
	"campus.example/apps/internal/chess/tiebreak"
	"campus.example/apps/internal/chess/trf"
	"campus.example/apps/internal/chessclub/play/tournament"
)

// A tournament imported from a TRF file keeps the file, and its reports are that file
// brought up to date (UpdateSource): every value the club still holds as the file gave it is
// written back as the file wrote it, byte for byte — its spellings of dates, titles, sexes,
// byes and forfeits, its comments, and the records the club does not read (trf.Write keeps
// a line whose value has not changed) — and only what changed since the import (a result
// corrected, a round paired, a name edited, a birth date left out of the public file) is
// written anew, in TRF-2026's spelling. So an import never changes a file's points, results
// or dates on the way out, and a record the club cannot hold is not lost.

// The records among a file's other lines that the club reads and writes itself, by what they
// give: each group is kept as the file wrote it while it says what the club holds, and
// replaced by the club's own records when it no longer does. The point-system records (162,
// BBW…, XXS) are kept as written: an imported tournament's point system is the file's.
var (
	accelRecords     = []string{"250", "XXA"}
	announcedRecords = []string{"240", "XXZ"}
	forbiddenRecords = []string{"260", "XXP"}
)

// privateRecords are records that may carry what only a player and the federation may see:
// Tornelo's TRFx player data (DAT NUMBER TYPE VALUE), whose types include the player's e-mail
// address. The public report leaves them out (LeavePrivateRecords); the FIDE report keeps them.
var privateRecords = []string{"DAT"}

// LeavePrivateRecords removes from src the records that may carry a player's private data
// (privateRecords), for a report anyone may download.
func LeavePrivateRecords(src *trf.Tournament) {
	src.Other = without(src.Other, privateRecords)
}

// tagOf is a record's tag: its first three characters.
func tagOf(line string) string {
	if len(line) < 3 {
		return line
	}
	return line[:3]
}

// UpdateSource brings src, the file a tournament was imported from (read again), up to date
// with built, the club's own report of the tournament now (FIDE without a source),
// after paired rounds paired in the club. src is changed in place; write it with trf.Write.
// The only errors are records that the file cannot hold.
func UpdateSource(src, built *trf.Tournament, paired int) error {
	updateHeader(src, built)
	announcedKept := paired == src.RoundsPlayed() && sameAnnounced(src, built, paired)
	if !announcedKept {
		src.Other = without(src.Other, announcedRecords)
		src.Other = append(src.Other, only(built.Other, announcedRecords)...)
	}
	updatePlayers(src, built, paired, announcedKept)
	ps, err := built.PointSystem()
	if err != nil {
		return err
	}
	if was, err := src.PointSystem(); err != nil || was != ps {
		if err := src.SetPointSystem(ps); err != nil {
			return err
		}
	}
	if !sameForbidden(src, built) {
		src.Other = append(without(src.Other, forbiddenRecords), only(built.Other, forbiddenRecords)...)
	}
	return updateAccelerations(src, built)
}

// without returns lines less the records of the tags given.
func without(lines []string, tags []string) []string {
	return slices.DeleteFunc(slices.Clone(lines), func(l string) bool { return slices.Contains(tags, tagOf(l)) })
}

// only returns the records of lines with the tags given.
func only(lines []string, tags []string) []string {
	var out []string
	for _, l := range lines {
		if slices.Contains(tags, tagOf(l)) {
			out = append(out, l)
		}
	}
	return out
}

// nonBlank returns the texts of a record's lines that are not blank ("112" alone names no
// deputy).
func nonBlank(texts []string) []string {
	return slices.DeleteFunc(slices.Clone(texts), func(s string) bool { return strings.TrimSpace(s) == "" })
}

// sameText reports whether two texts of a record are the same but for the blanks around them,
// which the columns add.
func sameText(a, b string) bool { return strings.TrimSpace(a) == strings.TrimSpace(b) }

// sameDay reports whether a date as a file wrote it and one as the club writes it are the
// same day.
func sameDay(file, club string) bool {
	a, errA := DateOf(file)
	b, errB := DateOf(club)
	return errA == nil && errB == nil && a == b
}

// updateHeader brings the tournament section of src up to date with built's.
func updateHeader(src, built *trf.Tournament) {
	set := func(dst *string, v string) {
		if !sameText(*dst, v) {
			*dst = v
		}
	}
	set(&src.Name, built.Name)
	set(&src.City, built.City)
	if built.Federation != "" { // another text than a FIDE code ("Lichess") is the file's, which the club does not hold
		set(&src.Federation, built.Federation)
	}
	for _, d := range []struct {
		file *string
		club string
	}{{&src.StartDate, built.StartDate}, {&src.EndDate, built.EndDate}} {
		if !sameDay(*d.file, d.club) {
			*d.file = d.club
		}
	}
	if tiebreak.FormatOf(src.Type) != tiebreak.FormatOf(built.Type) {
		src.Type = built.Type
	}
	set(&src.ChiefArbiter, built.ChiefArbiter)
	if !slices.EqualFunc(nonBlank(src.DeputyArbiters), nonBlank(built.DeputyArbiters), sameText) {
		src.DeputyArbiters = built.DeputyArbiters
	}
	set(&src.TimeControl, built.TimeControl)
	// Round dates: the club's where it has one, else the file's (a 132 record the club could
	// not take as its round dates, with blanks or out of order, is kept as written).
	for r, d := range built.RoundDates {
		switch {
		case r >= len(src.RoundDates):
			src.RoundDates = append(src.RoundDates, d)
		case d != "" && !sameDay(src.RoundDates[r], d):
			src.RoundDates[r] = d
		}
	}
	if src.Rounds() != built.TotalRounds {
		src.NumRounds, src.TotalRounds = built.TotalRounds, built.TotalRounds
	}
	if src.FirstColour() != built.InitialColour {
		src.InitialColour, src.InitialColour2026 = built.InitialColour, built.InitialColour
	}
}

// updatePlayers brings the player records of src up to date with built's: a record whose
// fields and rounds 1..paired say what built's say keeps its spelling, and its points while
// the byes announced are the file's (announcedKept); the ranks are kept while no player's
// rounds changed. A player the file did not have (a late entry) is added after the others.
func updatePlayers(src, built *trf.Tournament, paired int, announcedKept bool) {
	byRank := make(map[int]*trf.Player, len(src.Players))
	for i := range src.Players {
		byRank[src.Players[i].StartRank] = &src.Players[i]
	}
	unchanged := announcedKept && len(src.Players) == len(built.Players)
	changedRounds := map[int]bool{}
	var added []trf.Player
	for _, b := range built.Players {
		p := byRank[b.StartRank]
		if p == nil {
			added = append(added, b)
			unchanged = false
			continue
		}
		updateFields(p, b)
		if !sameRounds(p.Rounds, b.Rounds, paired) {
			changedRounds[b.StartRank] = true
			unchanged = false
		}
	}
	ranks := make(map[int]bool, len(built.Players))
	for _, b := range built.Players {
		ranks[b.StartRank] = true
		p := byRank[b.StartRank]
		if p == nil {
			continue
		}
		switch {
		case !announcedKept:
			p.Rounds = slices.Clone(b.Rounds)
		case changedRounds[b.StartRank]:
			p.Rounds = withAnnounced(b.Rounds, p.Rounds, paired)
		}
		// The points column of a player whose rounds are the file's stays as the file wrote
		// it (whether it counts a bye announced for the next round or not, as programs
		// differ); the ranks follow the club's standings once anything changed.
		if changedRounds[b.StartRank] || !announcedKept {
			p.Points = b.Points
		}
		if !unchanged {
			p.Rank = b.Rank
		}
	}
	src.Players = slices.DeleteFunc(src.Players, func(p trf.Player) bool { return !ranks[p.StartRank] })
	src.Players = append(src.Players, added...)
	if !unchanged || len(added) > 0 {
		src.NumPlayers, src.PlayersWhoPlayed, src.NumRated = built.NumPlayers, 0, built.NumRated
	}
}

// withAnnounced returns the club's rounds 1..paired followed by the file's columns after
// them, which announce byes for the next round.
func withAnnounced(club, file []chess.Round, paired int) []chess.Round {
	out := slices.Clone(club[:min(paired, len(club))])
	for len(out) < paired && len(file) > paired {
		out = append(out, chess.Round{Result: chess.ZeroBye})
	}
	if len(file) > paired {
		out = append(out, file[paired:]...)
	}
	return out
}

// updateFields brings a player's name and FIDE fields up to date with built's, keeping the
// file's spelling of each value the club reads the same (FIDEOf).
func updateFields(p *trf.Player, b trf.Player) {
	if !sameText(p.Name, b.Name) {
		p.Name = b.Name
	}
	if p.Rating != b.Rating {
		p.Rating = b.Rating
	}
	fide, fault := FIDEOf(p)
	if fault != nil { // the import read every field; a file kept is read the same way
		fide = tournament.FIDEPlayer{Rating: p.Rating}
	}
	if deref(fide.Sex) != b.Sex {
		p.Sex = b.Sex
	}
	if deref(fide.Title) != b.Title {
		p.Title = b.Title
	}
	if deref(fide.Federation) != b.Federation {
		p.Federation = b.Federation
	}
	id := ""
	if fide.FIDEID != nil {
		id = strconv.FormatInt(*fide.FIDEID, 10)
	}
	if id != b.FIDEID {
		p.FIDEID = b.FIDEID
	}
	birth := ""
	if fide.BirthDate != nil {
		birth = trfBirthDate(*fide.BirthDate)
	}
	if birth != b.BirthDate {
		p.BirthDate = b.BirthDate
	}
}

// sameRounds reports whether a file's rounds 1..paired say what the club's say: a round the
// line leaves out is a zero-point bye (as the import stores it), and a game not played that
// the file wrote without colours (Swiss-Manager's forfeits) has the colours the club gave it,
// which count in no rule.
func sameRounds(file, club []chess.Round, paired int) bool {
	at := func(rs []chess.Round, r int) chess.Round {
		if r < len(rs) {
			return rs[r]
		}
		return chess.Round{Result: chess.ZeroBye}
	}
	for r := range paired {
		f, c := at(file, r), at(club, r)
		if f == c {
			continue
		}
		if f.Colour == chess.NoColour && f.Opponent != 0 && f.Opponent == c.Opponent && f.Result == c.Result && !f.Result.Played() {
			continue
		}
		return false
	}
	return true
}

// sameAnnounced reports whether the byes src announces for the rounds after paired (a column
// after the last round played, 240 records, JaVaFo's XXZ) are built's.
func sameAnnounced(src, built *trf.Tournament, paired int) bool {
	a, errA := tournament.AnnouncedByes(src, paired)
	b, errB := tournament.AnnouncedByes(built, paired)
	return errA == nil && errB == nil && slices.Equal(a, b)
}

// sameForbidden reports whether src forbids the pairs built forbids, in the same rounds.
func sameForbidden(src, built *trf.Tournament) bool {
	expand := func(t *trf.Tournament) (map[[3]int]bool, bool) {
		ranks := map[int]bool{}
		for _, p := range t.Players {
			ranks[p.StartRank] = true
		}
		pairs, err := tournament.ReadForbidden(t.Other, built.TotalRounds, ranks)
		out := map[[3]int]bool{}
		for _, p := range pairs {
			a, b := min(p.A, p.B), max(p.A, p.B)
			for r := p.From; r <= min(p.To, built.TotalRounds); r++ {
				out[[3]int{a, b, r}] = true
			}
		}
		return out, err == nil
	}
	a, okA := expand(src)
	b, okB := expand(built)
	if !okA || !okB || len(a) != len(b) {
		return false
	}
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}

// updateAccelerations keeps src's 250 records and XXA lines while they give every player
// built's virtual points in every round; else they give way to built's 250 records.
func updateAccelerations(src, built *trf.Tournament) error {
	total := built.TotalRounds
	a, errA := swiss.ReadAcceleration(src, total)
	b, errB := swiss.ReadAcceleration(built, total)
	if errB != nil {
		return errB
	}
	ids := make([]int, len(built.Players))
	for i, p := range built.Players {
		ids[i] = p.StartRank
	}
	if errA == nil && swiss.SameVirtualPoints(a.Given, b.Given, ids, total) {
		return nil
	}
	src.Other = without(src.Other, accelRecords)
	return swiss.SetAccelerations(src, b.Given)
}

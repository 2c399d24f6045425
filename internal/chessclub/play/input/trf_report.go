package input

import (
	"strings"
	"unicode/utf8"

	"campus.example/apps/internal/chess/trf"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/jsonhttp"
)

// importReportInfo keeps what a file's tournament section says for a FIDE report, as the
// tournament's ReportInfo holds it, so that the report of an imported tournament writes it
// back: 022 city, 032 federation, 102 chief arbiter, 112 deputy arbiters, 122 time control
// (as the report's time control code) and 132 round dates (rounds, as importRoundDates read
// them). A text longer than the club keeps, or more deputies than it keeps, is refused with
// its line. A federation that is no FIDE code (lichess writes "Lichess") and round dates the
// club would refuse from an organiser (a round left blank, dates out of order or outside the
// tournament's) are not the tournament's settings, but stay in the file the tournament keeps
// (report.UpdateSource), and so in its report.
func importReportInfo(t *trf.Tournament, in *tournament.TournamentInput, rounds []tournament.Date) error {
	r := &in.ReportInfo
	text := func(tag, what, s string, limit, index int) (*string, error) {
		s = strings.TrimSpace(s)
		if n := utf8.RuneCountInString(s); n > limit {
			return nil, tournament.ImportInvalid("line %d (%s, %s): %d characters; the club keeps at most %d", t.Line(tag, index), tag, what, n, limit)
		}
		if s == "" || jsonhttp.CheckLine(s) != "" {
			return nil, nil
		}
		return &s, nil
	}
	var err error
	if r.City, err = text("022", "the city", t.City, tournament.MaxCity, 0); err != nil {
		return err
	}
	if tournament.ValidFederation(strings.TrimSpace(t.Federation)) {
		fed := strings.TrimSpace(t.Federation)
		r.Federation = &fed
	}
	if r.ChiefArbiter, err = text("102", "the chief arbiter", t.ChiefArbiter, tournament.MaxArbiterName, 0); err != nil {
		return err
	}
	for i, d := range t.DeputyArbiters {
		n, err := text("112", "a deputy arbiter", d, tournament.MaxArbiterName, i)
		if err != nil {
			return err
		}
		if n == nil {
			continue
		}
		if len(r.DeputyArbiters) == tournament.MaxDeputyArbiters {
			return tournament.ImportInvalid("line %d (112): more than %d deputy arbiters, the most the club keeps", t.Line("112", i), tournament.MaxDeputyArbiters)
		}
		r.DeputyArbiters = append(r.DeputyArbiters, *n)
	}
	if r.TimeControlCode, err = text("122", "the time control", t.TimeControl, tournament.MaxTimeControlCode, 0); err != nil {
		return err
	}
	dates := make([]string, 0, len(rounds))
	for _, d := range rounds {
		if d == "" {
			break
		}
		dates = append(dates, string(d))
	}
	if len(dates) == len(rounds) {
		if kept, fault := tournament.CheckRoundDates(dates, in.StartDate, in.EndDate, in.Rounds); fault == "" {
			r.RoundDates = kept
		}
	}
	return nil
}

package input

import (
	"strings"
	"time"

	"campus.example/apps/internal/chess/trf"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/jsonhttp"
)

// importReportInfo keeps what a file's tournament section says for a FIDE report, as the
// tournament's ReportInfo holds it, so that the report of an imported tournament writes it
// back: 022 city, 032 federation, 102 chief arbiter, 112 deputy arbiters, 122 time control
// (as the report's time control code) and 132 round dates. A value the API would refuse from
// an organiser (a federation that is no three capital letters, a date that is not a real one
// within the tournament's dates, in order) is left out rather than guessed at; texts are cut
// to the API's limits.
func importReportInfo(t *trf.Tournament, in *tournament.TournamentInput) {
	r := &in.ReportInfo
	text := func(s string, n int) *string {
		if s = clip(s, n); s == "" || jsonhttp.CheckLine(s) != "" {
			return nil
		}
		return &s
	}
	r.City = text(t.City, tournament.MaxCity)
	if tournament.ValidFederation(strings.TrimSpace(t.Federation)) {
		fed := strings.TrimSpace(t.Federation)
		r.Federation = &fed
	}
	r.ChiefArbiter = text(t.ChiefArbiter, tournament.MaxArbiterName)
	for _, d := range t.DeputyArbiters {
		if n := text(d, tournament.MaxArbiterName); n != nil && len(r.DeputyArbiters) < tournament.MaxDeputyArbiters {
			r.DeputyArbiters = append(r.DeputyArbiters, *n)
		}
	}
	r.TimeControlCode = text(t.TimeControl, tournament.MaxTimeControlCode)
	if len(t.RoundDates) == 0 {
		return
	}
	dates := make([]string, 0, len(t.RoundDates))
	for _, d := range t.RoundDates {
		day, ok := importRoundDate(d, in.StartDate)
		if !ok {
			return
		}
		dates = append(dates, string(day))
	}
	if kept, fault := tournament.CheckRoundDates(dates, in.StartDate, in.EndDate, in.Rounds); fault == "" {
		r.RoundDates = kept
	}
}

// importRoundDate reads a round's date of record 132: YY/MM/DD as TRF-2026 writes it, in the
// century of the tournament's start, or YYYY/MM/DD; ok is false for anything else.
func importRoundDate(s string, start tournament.Date) (tournament.Date, bool) {
	s = strings.TrimSpace(s)
	if len(s) == len("26/03/07") && len(start) == len(tournament.DateLayout) {
		s = string(start[:2]) + s
	}
	d, err := time.Parse("2006/01/02", s)
	if err != nil || d.Format("2006/01/02") != s {
		return "", false
	}
	return tournament.Date(d.Format(tournament.DateLayout)), true
}

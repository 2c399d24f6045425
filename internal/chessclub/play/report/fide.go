package report

import (
	"fmt"
	"strconv"
	"strings"

	"campus.example/apps/internal/chess/trf"
	"campus.example/apps/internal/chessclub/play/tournament"
)

// FIDE returns tournament f as the TRF file FIDE's rating officers take (C.04 Annex 2):
// the file Field.TRF writes, with the records of the tournament section that tournament.ReportInfo holds (022
// city, falling back to the location; 032 federation; 102 chief arbiter; 112 deputies; 122
// the time control's code, falling back to the club's time control; 132 every round's date,
// Tournament.RoundDate), and in each player record the player's FIDE fields from fide (by member id):
// sex, title, the FIDE rating of the tournament's rating type in the rating column (never the
// club rating, which is no FIDE figure: blank for a player without one), federation, FIDE id
// and birth date. 072 counts the players with a FIDE rating.
//
// The file the club pairs from (TRF) keeps the club ratings, by which it numbered the
// players; the pairing programs number nobody again from a file with pairing numbers.
//
// A tournament imported from a file has it as src (nil for the others): the report is then
// that file brought up to date (UpdateSource), and has only the round dates the club knows,
// none spread over the days.
func FIDE(f *tournament.Field, places map[int64]int, fide map[int64]tournament.FIDEPlayer, src *trf.Tournament) (*trf.Tournament, error) {
	out, err := f.TRF(places)
	if err != nil {
		return nil, err
	}
	t := f.Tournament
	setText(&out.City, t.City)
	setText(&out.Federation, t.Federation)
	setText(&out.ChiefArbiter, t.ChiefArbiter)
	setText(&out.TimeControl, t.TimeControlCode)
	out.DeputyArbiters = append([]string(nil), t.DeputyArbiters...)
	out.RoundDates = nil
	for r := 1; r <= out.TotalRounds; r++ {
		switch {
		case src == nil:
			out.RoundDates = append(out.RoundDates, reportDate(t.RoundDate(r, out.TotalRounds)))
		case r <= len(t.RoundDates):
			out.RoundDates = append(out.RoundDates, reportDate(t.RoundDates[r-1]))
		}
	}
	byRank := make(map[int]int64, len(f.Players))
	for _, e := range f.Players {
		if e.StartRank != 0 {
			byRank[e.StartRank] = e.MemberID
		}
	}
	out.NumRated = 0
	for i := range out.Players {
		p := &out.Players[i]
		x := fide[byRank[p.StartRank]]
		p.Rating = x.Rating
		p.Sex, p.Title, p.Federation = deref(x.Sex), deref(x.Title), deref(x.Federation)
		p.FIDEID, p.BirthDate = "", ""
		if x.FIDEID != nil {
			p.FIDEID = strconv.FormatInt(*x.FIDEID, 10)
		}
		if x.BirthDate != nil {
			p.BirthDate = trfBirthDate(*x.BirthDate)
		}
		if p.Rating > 0 {
			out.NumRated++
		}
	}
	if src == nil {
		return out, nil
	}
	if err := UpdateSource(src, out, len(f.Rounds)); err != nil {
		return nil, fmt.Errorf("tournament %d: its file: %w", t.ID, err)
	}
	return src, nil
}

// setText sets *dst to *v when v is given.
func setText(dst *string, v *string) {
	if v != nil && *v != "" {
		*dst = *v
	}
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// reportDate writes a round's date as record 132 has it: YY/MM/DD.
func reportDate(d tournament.Date) string {
	s := string(d)
	if len(s) != len(tournament.DateLayout) {
		return ""
	}
	return strings.ReplaceAll(s[2:], "-", "/")
}

// trfBirthDate writes a birth date as TRF's player record has it: YYYY/MM/DD, or YYYY/00/00
// when only the year is known (as rating lists give it).
func trfBirthDate(s string) string {
	if len(s) == 4 {
		return s + "/00/00"
	}
	return strings.ReplaceAll(s, "-", "/")
}

package report

import (
	"fmt"
	"strconv"
	"strings"

	"campus.example/apps/internal/chess/trf"
	"campus.example/apps/internal/chessclub/play/tournament"
)

// FieldFault is a value of a TRF record that the club cannot read: the column it starts in
// (C.04 Annex 2's columns, from 1) and what was expected there.
type FieldFault struct {
	Column int
	Msg    string
}

// FIDEOf reads what a player record (001) says of a player for FIDE, in the form the club
// keeps it for a guest: the sex (column 10: TRF-2026's m and w, and the spellings trf.SexOf
// reads), the title (11-13: trf.FIDETitle's codes, TRF-16's one-letter ones included), the
// rating (49-52, as written: the rating the tournament was played with), the federation
// (54-56: FIDE's three capital letters), the FIDE id (58-68: digits, 0 for none) and the
// birth date (70-79: any spelling trf.ParseDate reads; BirthDateOf). A field that is
// neither blank nor readable is a fault naming its column: the import refuses the file
// rather than keep a player without it.
func FIDEOf(p *trf.Player) (tournament.FIDEPlayer, *FieldFault) {
	var out tournament.FIDEPlayer
	if s := strings.TrimSpace(p.Sex); s != "" {
		sex, ok := trf.SexOf(s)
		if !ok {
			return out, &FieldFault{10, fmt.Sprintf("the sex %q is not m or w", s)}
		}
		out.Sex = &sex
	}
	if s := strings.TrimSpace(p.Title); s != "" {
		title, ok := trf.FIDETitle(s)
		if !ok {
			return out, &FieldFault{11, fmt.Sprintf("the title %q is not a FIDE title (GM, IM, FM, CM, WGM, WIM, WFM, WCM, or TRF-16's g, m, f, c, wg, wm, wf, wc)", s)}
		}
		out.Title = &title
	}
	out.Rating = p.Rating
	if s := strings.TrimSpace(p.Federation); s != "" {
		if !tournament.ValidFederation(s) {
			return out, &FieldFault{54, fmt.Sprintf("the federation %q is not a FIDE federation code: three capital letters, such as ENG", s)}
		}
		out.Federation = &s
	}
	if s := strings.TrimSpace(p.FIDEID); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n < 0 {
			return out, &FieldFault{58, fmt.Sprintf("the FIDE id %q is not a number", s)}
		}
		if n > 0 { // JaVaFo's sample writes 0 for none
			out.FIDEID = &n
		}
	}
	birth, err := BirthDateOf(p.BirthDate)
	if err != nil {
		return out, &FieldFault{70, "the birth date " + err.Error()}
	}
	if birth != "" {
		out.BirthDate = &birth
	}
	return out, nil
}

// BirthDateOf reads a player record's birth date as the club keeps a birth date:
// "YYYY-MM-DD", or "YYYY" when the field gives the year alone ("1978", "1987/00/00"); ""
// for a blank field. A field that gives a month but no day ("1987/05/00") keeps its year
// only, as the club has no such date; UpdateSource then writes the field back as it was.
func BirthDateOf(field string) (string, error) {
	if strings.TrimSpace(field) == "" {
		return "", nil
	}
	d, err := trf.ParseDate(field)
	if err != nil {
		return "", err
	}
	if d.Month == 0 || d.Day == 0 {
		return fmt.Sprintf("%04d", d.Year), nil
	}
	return fmt.Sprintf("%04d-%02d-%02d", d.Year, d.Month, d.Day), nil
}

// DateOf reads a TRF date that must name a day (042, 052, 132) as a Date.
func DateOf(field string) (tournament.Date, error) {
	d, err := trf.ParseDate(field)
	if err != nil {
		return "", err
	}
	if d.Month == 0 || d.Day == 0 {
		return "", fmt.Errorf("%q gives no day", strings.TrimSpace(field))
	}
	return tournament.Date(fmt.Sprintf("%04d-%02d-%02d", d.Year, d.Month, d.Day)), nil
}

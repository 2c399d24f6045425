package trf

import (
	"fmt"
	"strings"

	"campus.example/apps/internal/chess"
)

// PointSystem returns the points the file's results give: the standard ones (win 1, draw ½,
// loss 0; chess.StandardPoints) changed by the file's records, read in order, a later value
// replacing an earlier one:
//
//   - 162 (TRF-2026, scoring point system for individuals): a result code in column 6 and its
//     points in 7-10, then the same every nine columns (15 and 16-19, ...), blanks between.
//     W the win (over the board, by forfeit, or a full-point bye), D the draw or half-point
//     bye, L the loss, A the absence (zero-point bye and forfeit loss), P the
//     pairing-allocated bye (as W when not given), X the unknown result (no result code of
//     the player section gives it, so its value changes nothing);
//   - BBW, BBD, BBL, BBZ, BBF, BBU (bbpPairings' records, TRF(bx)): the win, draw, loss,
//     zero-point bye, forfeit loss and pairing-allocated bye, the points in columns 5 on; BBW
//     sets the pairing-allocated bye too unless BBU or P gives it, as bbpPairings reads it;
//   - XXS (JaVaFo's scoring, TRF(x)): CODE=VALUE pairs separated by blanks, the codes WW, BW,
//     FW, FPB (a win with White, with Black, by forfeit, a full-point bye; W all four), WD,
//     BD, HPB (a draw with White, with Black, a half-point bye; D all three), WL, BL (a loss
//     with White, with Black), ZPB (zero-point bye), FL (forfeit loss) and PAB
//     (pairing-allocated bye, 1.0 unless given: W does not set it, as JaVaFo reads it), a
//     later pair replacing an earlier one. A chess.PointSystem gives every kind of win the
//     same points, and so every draw and every loss: an XXS record that tells them apart is
//     refused, naming the two codes.
//
// Records that change the points in ways this package does not implement are refused with a
// *SyntaxError naming the line: 299 (TRF-2026, abnormal assignments of points: penalties,
// bonuses). So are values that are not whole or half points, and a point system that
// chess.PointSystem.Validate refuses.
func (t *Tournament) PointSystem() (chess.PointSystem, error) {
	ps := chess.StandardPoints
	pabGiven := false
	last, lastText := 0, "" // the last point record, for an error on the whole system
	for i, line := range t.Other {
		r := row(line)
		tag := r.field(1, 3)
		var err error
		switch tag {
		case "162":
			err = read162(r, &ps, &pabGiven)
		case "BBW", "BBD", "BBL", "BBZ", "BBF", "BBU":
			err = readBB(r, tag, &ps, &pabGiven)
		case "XXS":
			err = readXXS(r, &ps, &pabGiven)
		case "299":
			err = fmt.Errorf("abnormal assignments of points (299) are not supported")
		default:
			continue
		}
		last, lastText = t.Line("", i), line
		if err != nil {
			return chess.PointSystem{}, errorf(last, 0, "record %q: %v", line, err)
		}
	}
	if err := ps.Validate(); err != nil {
		return chess.PointSystem{}, errorf(last, 0, "record %q: the point system it completes: %v", lastText, err)
	}
	return ps, nil
}

// CheckStandardPoints returns nil when the file's results give the standard points, and
// otherwise a *SyntaxError naming the first line of the point records: for the readers that
// count the standard points only.
func (t *Tournament) CheckStandardPoints() error {
	ps, err := t.PointSystem()
	if err != nil {
		return err
	}
	if !ps.Standard() {
		for i, line := range t.Other {
			if isPointRecord(line) {
				return errorf(t.Line("", i), 0, "record %q changes the standard points (win 1, draw ½, loss 0); only those are supported here", line)
			}
		}
	}
	return nil
}

// isPointRecord reports whether a line of Other is one of the records PointSystem reads.
func isPointRecord(line string) bool {
	switch tag, _, _ := strings.Cut(line+" ", " "); tag {
	case "162", "BBW", "BBD", "BBL", "BBZ", "BBF", "BBU", "XXS", "299":
		return true
	}
	return false
}

// read162 reads record 162 into ps (see PointSystem).
func read162(r row, ps *chess.PointSystem, pabGiven *bool) error {
	for at := 6; at <= len(r); at += 9 {
		from := at - 4 // the blanks before the code: 11-14, 20-23, ...; 4-5 after the tag
		if at == 6 {
			from = 4
		}
		if strings.Trim(r.field(from, at-1), " ") != "" {
			return fmt.Errorf("columns %d-%d must be blank", from, at-1)
		}
		code := r.at(at)
		if code == ' ' && strings.Trim(r.field(at, len(r)), " ") == "" {
			return nil
		}
		pts, _, err := parsePoints(r.field(at+1, at+4))
		if err != nil {
			return fmt.Errorf("columns %d-%d: %v", at+1, at+4, err)
		}
		if code == 'X' { // a code 162 reserves and the pairing does not count
			continue
		}
		slots, ok := slotsOf162[code]
		if !ok {
			return fmt.Errorf("column %d: %q is not a result code of record 162 (W, D, L, A, P, X)", at, code)
		}
		setPoints(ps, slots, pts, pabGiven)
	}
	return nil
}

// readBB reads one of bbpPairings' point records into ps (see PointSystem).
func readBB(r row, tag string, ps *chess.PointSystem, pabGiven *bool) error {
	if !r.blank(4) {
		return fmt.Errorf("column 4 must be blank")
	}
	pts, _, err := parsePoints(r.field(5, len(r)))
	if err != nil {
		return err
	}
	if strings.Trim(r.field(5, len(r)), " ") == "" {
		return fmt.Errorf("%s without its points", tag)
	}
	setPoints(ps, slotsOfBB[tag], pts, pabGiven)
	return nil
}

// pointSlot is one result a point record gives points for.
type pointSlot int

const (
	slotWin pointSlot = iota
	slotDraw
	slotLoss
	slotZeroBye
	slotForfeitLoss
	slotPairingBye
)

// slotsOf162 are the results each code of record 162 gives points for: A both the absence and
// the forfeit loss.
var slotsOf162 = map[rune][]pointSlot{
	'W': {slotWin}, 'D': {slotDraw}, 'L': {slotLoss},
	'A': {slotZeroBye, slotForfeitLoss}, 'P': {slotPairingBye},
}

// slotsOfBB are the results each of bbpPairings' point records gives points for.
var slotsOfBB = map[string][]pointSlot{
	"BBW": {slotWin}, "BBD": {slotDraw}, "BBL": {slotLoss},
	"BBZ": {slotZeroBye}, "BBF": {slotForfeitLoss}, "BBU": {slotPairingBye},
}

// setPoints gives pts to the results slots in ps. The pairing-allocated bye follows the win
// until a record names it (pabGiven), as both record 162 and bbpPairings define.
func setPoints(ps *chess.PointSystem, slots []pointSlot, pts chess.Score, pabGiven *bool) {
	for _, slot := range slots {
		switch slot {
		case slotWin:
			ps.Win = pts
			if !*pabGiven {
				ps.PairingBye = pts
			}
		case slotDraw:
			ps.Draw = pts
		case slotLoss:
			ps.Loss = pts
		case slotZeroBye:
			ps.ZeroBye = pts
		case slotForfeitLoss:
			ps.ForfeitLoss = pts
		case slotPairingBye:
			ps.PairingBye, *pabGiven = pts, true
		}
	}
}

// SetPointSystem replaces the file's point records (162, BBW to BBU, XXS) by those of ps, after
// the other lines: nothing for the standard points; otherwise record 162 with the values
// that differ from the defaults, and bbpPairings' records likewise, so that both TRF-2026
// readers and bbpPairings read the same system. Record 162 has one code, A, for the
// zero-point bye and the forfeit loss; when ps gives them different points, 162 leaves them
// out and only BBZ and BBF carry them. ps must pass Validate.
func (t *Tournament) SetPointSystem(ps chess.PointSystem) error {
	if err := ps.Validate(); err != nil {
		return fmt.Errorf("trf: %w", err)
	}
	ps = ps.Or()
	t.removeOther(func(line string) bool {
		switch tag, _, _ := strings.Cut(line+" ", " "); tag {
		case "162", "BBW", "BBD", "BBL", "BBZ", "BBF", "BBU", "XXS":
			return true
		}
		return false
	})
	if ps.Standard() {
		return nil
	}
	std := chess.StandardPoints
	a := byte(0) // 162 has one code for the zero-point bye and the forfeit loss
	if ps.ZeroBye == ps.ForfeitLoss {
		a = 'A'
	}
	entries := []struct {
		code   byte   // the code of record 162, 0 when it has none for the value
		bb     string // bbpPairings' tag
		v      chess.Score
		needed bool // the value differs from what a reader takes when the record is left out
	}{
		{'W', "BBW", ps.Win, ps.Win != std.Win},
		{'D', "BBD", ps.Draw, ps.Draw != std.Draw},
		{'L', "BBL", ps.Loss, ps.Loss != std.Loss},
		{a, "BBZ", ps.ZeroBye, ps.ZeroBye != std.ZeroBye || ps.ForfeitLoss != std.ForfeitLoss},
		{0, "BBF", ps.ForfeitLoss, ps.ForfeitLoss != std.ForfeitLoss},
		{'P', "BBU", ps.PairingBye, ps.PairingBye != ps.Win}, // both default to the win's points
	}
	line := "162"
	var bb []string
	for _, e := range entries {
		if !e.needed {
			continue
		}
		if e.code != 0 {
			// Codes in columns 6, 15, 24, ...: the line so far padded to 5 + 9·i columns.
			line += strings.Repeat(" ", 5+9*((len(line)-3+8)/9)-len(line)) + fmt.Sprintf("%c%4s", e.code, e.v)
		}
		bb = append(bb, fmt.Sprintf("%s %4s", e.bb, e.v))
	}
	if line != "162" {
		t.Other = append(t.Other, line)
	}
	t.Other = append(t.Other, bb...)
	return nil
}

// xxsFamilies are the codes of JaVaFo's XXS record that a chess.PointSystem gives one value:
// the first code of each family names the value, the shortcut sets the family.
var xxsFamilies = []struct {
	shortcut string
	codes    []string
}{
	{"W", []string{"WW", "BW", "FW", "FPB"}},
	{"D", []string{"WD", "BD", "HPB"}},
	{"", []string{"WL", "BL"}},
	{"", []string{"ZPB"}},
	{"", []string{"FL"}},
	{"", []string{"PAB"}},
}

// readXXS reads one of JaVaFo's scoring records into ps (see PointSystem).
func readXXS(r row, ps *chess.PointSystem, pabGiven *bool) error {
	if !r.blank(4) {
		return fmt.Errorf("column 4 must be blank")
	}
	val := map[string]chess.Score{}
	for _, f := range xxsFamilies {
		for _, c := range f.codes {
			val[c] = xxsValue(*ps, f.codes[0])
		}
	}
	words := strings.Fields(r.field(5, len(r)))
	if len(words) == 0 {
		return fmt.Errorf("XXS without CODE=VALUE")
	}
	for _, w := range words {
		code, v, ok := strings.Cut(w, "=")
		if strings.HasPrefix(v, ".") {
			v = "0" + v
		}
		pts, _, err := parsePoints(v)
		if !ok || err != nil || v == "" {
			return fmt.Errorf("%q is not CODE=VALUE with a whole or half number of points", w)
		}
		set := []string{code}
		for _, f := range xxsFamilies {
			if f.shortcut != "" && code == f.shortcut {
				set = f.codes
			}
		}
		if _, known := val[set[0]]; !known {
			return fmt.Errorf("%q: %s is not a code of XXS (WW BW FW FPB W WD BD HPB D WL BL ZPB FL PAB)", w, code)
		}
		for _, c := range set {
			val[c] = pts
		}
	}
	for _, f := range xxsFamilies {
		for _, c := range f.codes[1:] {
			if val[c] != val[f.codes[0]] {
				return fmt.Errorf("%s=%s and %s=%s differ: a point system here gives them the same points", f.codes[0], val[f.codes[0]], c, val[c])
			}
		}
	}
	ps.Win, ps.Draw, ps.Loss = val["WW"], val["WD"], val["WL"]
	ps.ZeroBye, ps.ForfeitLoss, ps.PairingBye = val["ZPB"], val["FL"], val["PAB"]
	*pabGiven = true // XXS sets the bye on its own: a later W in 162 or BBW does not move it
	return nil
}

// xxsValue returns the value ps gives the family whose first code is code.
func xxsValue(ps chess.PointSystem, code string) chess.Score {
	switch code {
	case "WW":
		return ps.Win
	case "WD":
		return ps.Draw
	case "WL":
		return ps.Loss
	case "ZPB":
		return ps.ZeroBye
	case "FL":
		return ps.ForfeitLoss
	}
	return ps.PairingBye
}

package trf

import (
	"fmt"
	"strings"

	"campus.example/apps/internal/chess"
)

// The player line's columns (C.04 Annex 2, player section, record 001). Round r (from 1)
// starts at roundStart + roundWidth·(r-1): opponent in its four columns, a blank, the colour,
// a blank, the result, and two blanks before the next round.
const (
	colStartRank = 5  // 5-8
	colSex       = 10 // 10
	colTitle     = 11 // 11-13
	colName      = 15 // 15-47
	colRating    = 49 // 49-52
	colFed       = 54 // 54-56
	colFIDEID    = 58 // 58-68
	colBirth     = 70 // 70-79
	colPoints    = 81 // 81-84
	colRank      = 86 // 86-89
	roundStart   = 92
	roundWidth   = 10

	nameWidth = 33

	maxPoints chess.Score = 199 // 99.5, written "99.5"
)

// separators are the columns of the static part that must be blank.
var separators = []int{4, 9, 14, 48, 53, 57, 69, 80, 85, 90, 91}

// parsePlayer reads one 001 line; n is its line number, for errors.
func parsePlayer(r row, n int) (Player, error) {
	var p Player
	if len(r) > roundStart-1+roundWidth*MaxRounds {
		return p, errorf(n, roundStart+roundWidth*MaxRounds, "more than %d rounds (the limit)", MaxRounds)
	}
	for _, c := range separators {
		if !r.blank(c) {
			return p, errorf(n, c, "column %d must be blank, found %q", c, r.at(c))
		}
	}
	rank, bad, ok := r.number(colStartRank, colStartRank+3)
	if !ok {
		return p, errorf(n, bad, "start rank %q is not a number", r.field(colStartRank, colStartRank+3))
	}
	if rank < 1 {
		return p, errorf(n, colStartRank, "start rank missing or 0; it must be 1 to %d", MaxStartRank)
	}
	p.StartRank = rank
	p.Sex = strings.TrimSpace(r.field(colSex, colSex))
	p.Title = strings.Trim(r.field(colTitle, colTitle+2), " ")
	p.Name = strings.Trim(r.field(colName, colName+nameWidth-1), " ")
	if p.Rating, bad, ok = r.number(colRating, colRating+3); !ok {
		return p, errorf(n, bad, "rating %q is not a number", r.field(colRating, colRating+3))
	}
	p.Federation = strings.Trim(r.field(colFed, colFed+2), " ")
	p.FIDEID = strings.Trim(r.field(colFIDEID, colFIDEID+10), " ")
	if _, bad, ok := r.number(colFIDEID, colFIDEID+10); !ok {
		return p, errorf(n, bad, "FIDE id %q is not a number", p.FIDEID)
	}
	p.BirthDate = strings.Trim(r.field(colBirth, colBirth+9), " ")
	points, col, err := parsePoints(r.field(colPoints, colPoints+3))
	if err != nil {
		return p, errorf(n, colPoints+col, "points: %v", err)
	}
	p.Points = points
	if p.Rank, bad, ok = r.number(colRank, colRank+3); !ok {
		return p, errorf(n, bad, "rank %q is not a number", r.field(colRank, colRank+3))
	}
	// Trailing blanks carry nothing: a round left blank at the end of the line is a round
	// not recorded, not an absence.
	end := len(r)
	for end > 0 && r[end-1] == ' ' {
		end--
	}
	for start := roundStart; start <= end; start += roundWidth {
		rd, err := parseRound(r, start, n)
		if err != nil {
			return p, err
		}
		p.Rounds = append(p.Rounds, rd)
	}
	return p, nil
}

// parsePoints reads a points field such as " 4.5" or "11" into half points; the column in
// the error is relative to the field (0 for its first column).
func parsePoints(f string) (chess.Score, int, error) {
	t := strings.Trim(f, " ")
	if t == "" {
		return 0, 0, nil
	}
	lead := len(f) - len(strings.TrimLeft(f, " "))
	whole, frac, hasFrac := strings.Cut(t, ".")
	var s chess.Score
	for i, c := range whole {
		if c < '0' || c > '9' {
			return 0, lead + i, fmt.Errorf("%q is not a number of points such as 4.5", t)
		}
		s = s*10 + chess.Score(c-'0')
	}
	s *= 2
	if hasFrac {
		switch frac {
		case "0", "":
		case "5":
			s++
		default:
			return 0, lead + len(whole) + 1, fmt.Errorf("%q is not a whole or half number of points", t)
		}
	}
	if whole == "" {
		return 0, lead, fmt.Errorf("%q is not a number of points such as 4.5", t)
	}
	if s > maxPoints {
		return 0, lead, fmt.Errorf("%s is more than %s, the most four columns hold with one decimal", t, maxPoints)
	}
	return s, 0, nil
}

// parseRound reads the round whose opponent field starts at column start.
func parseRound(r row, start, n int) (chess.Round, error) {
	var rd chess.Round
	opp, bad, ok := r.number(start, start+3)
	if !ok {
		return rd, errorf(n, bad, "opponent %q is not a start rank", r.field(start, start+3))
	}
	rd.Opponent = opp
	for _, c := range []int{start + 4, start + 6, start + 8, start + 9} {
		if !r.blank(c) {
			return rd, errorf(n, c, "column %d must be blank, found %q", c, r.at(c))
		}
	}
	switch c := r.at(start + 5); c {
	case 'w', 'W':
		rd.Colour = chess.White
	case 'b', 'B':
		rd.Colour = chess.Black
	case '-', ' ':
		rd.Colour = chess.NoColour
	default:
		return rd, errorf(n, start+5, "colour %q: want w, b or -", c)
	}
	c := r.at(start + 7)
	if c >= 'a' && c <= 'z' { // TRF-2026: letter codes are case-insensitive
		c -= 'a' - 'A'
	}
	res := chess.Result(c)
	if c > 0x7f || !res.Valid() {
		return rd, errorf(n, start+7, "result %q: want one of 1 = 0 + - W D L H F U Z", r.at(start+7))
	}
	if opp == 0 {
		res = withoutOpponent(res)
	}
	rd.Result = res
	return rd, nil
}

// withoutOpponent returns the meaning of a result written without an opponent (0000 or a blank
// opponent field). Besides the byes, programs write three more codes there, which bbpPairings
// and TieBreakServer read alike (docs/ARBITERS.md has the table):
//
//   - blank: TRF-2026 says it is Z, the round not played;
//   - "+": Swiss-Manager's "spielfrei", the pairing-allocated bye. bbpPairings takes it as a
//     round paired (the player may not get the bye again) won without a game: U;
//   - "-": Swiss-Manager's and lichess's unpaired round for no points ("0000 - -", a blank
//     opponent and colour with "-"): not paired, nothing scored, as bbpPairings and
//     TieBreakServer read it: Z.
//
// Any other result is left as it is, and Read's check refuses a game result without an
// opponent.
func withoutOpponent(res chess.Result) chess.Result {
	switch res {
	case chess.NoResult, chess.ForfeitLoss:
		return chess.ZeroBye
	case chess.ForfeitWin:
		return chess.PairingBye
	}
	return res
}

// formatPlayer lays out one 001 line, without trailing blanks.
func formatPlayer(p Player) (string, error) {
	switch {
	case p.StartRank < 1 || p.StartRank > MaxStartRank:
		return "", fmt.Errorf("start rank %d outside 1..%d", p.StartRank, MaxStartRank)
	case p.Rating < 0 || p.Rating > 9999:
		return "", fmt.Errorf("player %d: rating %d does not fit in four columns", p.StartRank, p.Rating)
	case p.Rank < 0 || p.Rank > 9999:
		return "", fmt.Errorf("player %d: rank %d does not fit in four columns", p.StartRank, p.Rank)
	case p.Points < 0 || p.Points > maxPoints:
		return "", fmt.Errorf("player %d: points %s do not fit in four columns", p.StartRank, p.Points)
	case len(p.Rounds) > MaxRounds:
		return "", fmt.Errorf("player %d: %d rounds, more than %d", p.StartRank, len(p.Rounds), MaxRounds)
	}
	var b strings.Builder
	b.WriteString("001 ")
	fmt.Fprintf(&b, "%4d ", p.StartRank)
	for _, f := range []struct {
		name, value string
		width       int
		right       bool
	}{
		{"sex", p.Sex, 1, false}, {"title", p.Title, 3, true}, {"", "", 1, false},
		{"name", p.Name, nameWidth, false}, {"", "", 1, false},
		{"rating", ratingText(p.Rating), 4, true}, {"", "", 1, false},
		{"federation", p.Federation, 3, false}, {"", "", 1, false},
		{"FIDE id", p.FIDEID, 11, true}, {"", "", 1, false},
		{"birth date", p.BirthDate, 10, false}, {"", "", 1, false},
		{"points", p.Points.String(), 4, true}, {"", "", 1, false},
		{"rank", rankText(p.Rank), 4, true},
	} {
		w := len([]rune(f.value))
		if w > f.width || !printable(f.value) {
			return "", fmt.Errorf("player %d: %s %q does not fit in %d columns", p.StartRank, f.name, f.value, f.width)
		}
		pad := strings.Repeat(" ", f.width-w)
		if f.right {
			b.WriteString(pad + f.value)
		} else {
			b.WriteString(f.value + pad)
		}
	}
	for i, rd := range p.Rounds {
		if rd.Opponent < 0 || rd.Opponent > MaxStartRank || !rd.Result.Valid() || rd.Colour < chess.NoColour || rd.Colour > chess.Black {
			return "", fmt.Errorf("player %d: round %d %+v cannot be written", p.StartRank, i+1, rd)
		}
		fmt.Fprintf(&b, "  %s %s %c", opponentText(rd.Opponent), rd.Colour, rd.Result)
	}
	return strings.TrimRight(b.String(), " "), nil
}

func ratingText(r int) string {
	if r == 0 {
		return ""
	}
	return fmt.Sprint(r)
}

// opponentText writes an opponent right-aligned, and "no opponent" as 0000.
func opponentText(o int) string {
	if o == 0 {
		return "0000"
	}
	return fmt.Sprintf("%4d", o)
}

func rankText(r int) string {
	if r == 0 {
		return ""
	}
	return fmt.Sprint(r)
}

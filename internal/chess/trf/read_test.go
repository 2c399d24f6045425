package trf

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"campus.example/apps/internal/chess"
)

// small is a four-player, three-round tournament with a header, an unknown tag, a comment, a
// forfeit, a half-point bye, a pairing-allocated bye and a round still to be played.
const small = `012 Club Championship
022 Springfield
042 2026/03/07
102 Jane Arbiter
112 John Deputy
112 Joan Deputy
XXR 4
XXC black1
### a comment the file keeps
001    1 m GM Carlsen, Magnus                   2830 NOR     1503014 1990/11/30  2.0    1     4 b 1     2 w +     3 b
001    2 w    Hou, Yifan                        2630 CHN     8602980             1.5    2     3 w =     1 b -  0000 - U
001    3      Unrated, Player                                                    1.0    3     2 b =  0000 - H     1 w
001    4      Absent, Sometimes                 1500                             0.0    4     1 w 0  0000 - Z
132                                                                                        26/03/07  26/03/14  26/03/21
`

func TestReadSmall(t *testing.T) {
	tour, err := Read(strings.NewReader(small))
	if err != nil {
		t.Fatal(err)
	}
	want := &Tournament{
		Name: "Club Championship", City: "Springfield", StartDate: "2026/03/07",
		ChiefArbiter: "Jane Arbiter", DeputyArbiters: []string{"John Deputy", "Joan Deputy"},
		TotalRounds: 4, InitialColour: chess.Black,
		Players: []Player{
			{StartRank: 1, Sex: "m", Title: "GM", Name: "Carlsen, Magnus", Rating: 2830, Federation: "NOR", FIDEID: "1503014", BirthDate: "1990/11/30", Points: 4, Rank: 1,
				Rounds: []chess.Round{round(4, chess.Black, chess.Win), round(2, chess.White, chess.ForfeitWin), round(3, chess.Black, chess.NoResult)}},
			{StartRank: 2, Sex: "w", Name: "Hou, Yifan", Rating: 2630, Federation: "CHN", FIDEID: "8602980", Points: 3, Rank: 2,
				Rounds: []chess.Round{round(3, chess.White, chess.Draw), round(1, chess.Black, chess.ForfeitLoss), round(0, chess.NoColour, chess.PairingBye)}},
			{StartRank: 3, Name: "Unrated, Player", Points: 2, Rank: 3,
				Rounds: []chess.Round{round(2, chess.Black, chess.Draw), round(0, chess.NoColour, chess.HalfBye), round(1, chess.White, chess.NoResult)}},
			{StartRank: 4, Name: "Absent, Sometimes", Rating: 1500, Rank: 4,
				Rounds: []chess.Round{round(1, chess.White, chess.Loss), round(0, chess.NoColour, chess.ZeroBye)}},
		},
		RoundDates: []string{"26/03/07", "26/03/14", "26/03/21"},
		Other:      []string{"### a comment the file keeps"},
	}
	if diff := cmp.Diff(want, tour, cmpopts.IgnoreUnexported(Tournament{})); diff != "" {
		t.Errorf("Read (-want +got):\n%s", diff)
	}
	var out bytes.Buffer
	if err := tour.Write(&out); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(small, out.String()); diff != "" {
		t.Errorf("written back (-read +written):\n%s", diff)
	}
}

// TestReadSpellings covers what the format allows and Write writes back as it was read, while a
// Tournament built with the same values writes it in its one canonical way: blanks for 0000,
// a blank colour, a blank result without opponent (Z), lower-case letter codes, trailing
// blanks, CR line ends, no final line end.
func TestReadSpellings(t *testing.T) {
	in := "012 Open  \r" +
		"001    1                                                                         1.5          2 w 1                   h\r" +
		"001    2                                                                         0.0          1 b 0  0000      \r" +
		"XXC  WHITE1"
	canon := "012 Open\n" +
		"XXC white1\n" +
		"001    1                                                                         1.5          2 w 1  0000 - Z  0000 - H\n" +
		"001    2                                                                         0.0          1 b 0  0000 - Z\n"
	tour, err := Read(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := tour.Write(&out); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(in, out.String()); diff != "" {
		t.Errorf("written back (-read +written):\n%s", diff)
	}
	if diff := cmp.Diff(canon, built(t, tour)); diff != "" {
		t.Errorf("built from the values read (-want +got):\n%s", diff)
	}
}

// built writes a Tournament with the values of tour, built in code: what the writer makes of
// them when no line of a file is kept.
func built(t *testing.T, tour *Tournament) string {
	t.Helper()
	c := *tour
	c.layout, c.eol, c.noFinalEOL, c.bom, c.cp1252 = nil, "", false, false, false
	var out bytes.Buffer
	if err := c.Write(&out); err != nil {
		t.Fatalf("Write of the values read: %v", err)
	}
	return out.String()
}

// TestReadLatin1 reads a line that is not UTF-8 as Latin-1, counting one column per byte.
func TestReadLatin1(t *testing.T) {
	line := []byte("001    1      M\xfcller, J\xfcrgen                    1800")
	tour, err := Read(bytes.NewReader(line))
	if err != nil {
		t.Fatal(err)
	}
	if p := tour.Players[0]; p.Name != "Müller, Jürgen" || p.Rating != 1800 {
		t.Errorf("got name %q rating %d", p.Name, p.Rating)
	}
}

func TestReadErrors(t *testing.T) {
	// player returns a valid 001 line for start rank n with the given rounds text from column 92.
	player := func(n, rounds string) string {
		return "001 " + n + strings.Repeat(" ", 72) + " 0.0" + strings.Repeat(" ", 7) + rounds
	}
	p1 := player("   1", "   2 w 1")
	p2 := player("   2", "   1 b 0")
	tests := []struct {
		name      string
		in        string
		line, col int
		msg       string
	}{
		{"start rank not a number", player("  1x", ""), 1, 8, "start rank"},
		{"start rank zero", player("   0", ""), 1, 5, "start rank missing"},
		{"separator", "001    1 m GMX", 1, 14, "column 14 must be blank"},
		{"rating", "001    1" + strings.Repeat(" ", 40) + "17a0", 1, 51, "rating"},
		{"points", player("   1", "")[:80] + "4.25", 1, 83, "whole or half"},
		{"points letters", player("   1", "")[:80] + "  x1", 1, 83, "points"},
		{"points too many", player("   1", "")[:80] + "9999", 1, 81, "99.5"},
		{"opponent", player("   1", "  2x w 1"), 1, 95, "opponent"},
		{"colour", player("   1", "   2 x 1") + "\n" + p2, 1, 97, "colour"},
		{"result", player("   1", "   2 w 7") + "\n" + p2, 1, 99, "result"},
		{"round separator", player("   1", "   2 w 1x"), 1, 100, "must be blank"},
		{"duplicate start rank", p1 + "\n" + player("   1", ""), 2, 5, "already used on line 1"},
		{"unknown opponent", player("   1", "   7 w 1"), 1, 92, "not a player"},
		{"self", player("   1", "   1 w 1"), 1, 92, "themself"},
		{"not named back", p1 + "\n" + player("   2", "0000 - Z"), 1, 92, "does not have player 1"},
		{"same colour", p1 + "\n" + player("   2", "   1 w 0"), 1, 97, "colour w"},
		{"results clash", p1 + "\n" + player("   2", "   1 b 1"), 1, 99, "does not go with"},
		{"rated and unrated", p1 + "\n" + player("   2", "   1 b L"), 1, 99, "does not go with"},
		{"played without colour", player("   1", "   2 - 1") + "\n" + player("   2", "   1 - 0"), 1, 97, "needs a colour"},
		{"bye with opponent", player("   1", "   2 - U") + "\n" + player("   2", "   1 - U"), 1, 99, "no opponent"},
		{"game without opponent", player("   1", "0000 - 1"), 1, 99, "needs an opponent"},
		{"bye with colour", player("   1", "0000 w U"), 1, 97, "no colour"},
		{"two byes", player("   1", "0000 - U") + "\n" + player("   2", "0000 - U"), 2, 99, "second pairing-allocated bye"},
		{"beyond XXR", "XXR 1\n" + player("   1", "0000 - U  0000 - H"), 2, 102, "XXR or 142 says"},
		{"142 against XXR", "XXR 3\n142 4", 2, 5, "XXR says 3 rounds and 142 says 4"},
		{"152 against XXC", "XXC white1\n152 B", 2, 5, "XXC gives w as the initial colour and 152 b"},
		{"152 unreadable", "152 G", 1, 5, "152 wants the initial colour, W or B"},
		{"142 unreadable", "142 three", 1, 5, "142 wants a number"},
		{"142 too big", "142 201", 1, 5, "142 wants a number"},
		{"beyond 142", "142 1\n" + player("   1", "0000 - U  0000 - H"), 2, 102, "XXR or 142 says"},
		{"132 text before the dates", "132 26/03/07", 1, 5, "132: columns 4-91 must be blank"},
		{"132 dates out of their columns", "132" + strings.Repeat(" ", 88) + "26/03/07 26/03/14", 1, 92, "must hold one date"},
		{"132 date across two rounds", "132" + strings.Repeat(" ", 94) + "26/03/07", 1, 92, "must hold one date"},
		{"XXR not a number", "XXR x", 1, 5, "XXR wants a number"},
		{"XXR too big", "XXR 201", 1, 5, "XXR wants a number"},
		{"062 not a number", "062 12 players", 1, 7, "062 wants the number of players"},
		{"062 more played than players", "062 12 (13)", 1, 9, "062 wants the number of players"},
		{"062 unclosed", "062 12 (8", 1, 8, "062 wants the number of players"},
		{"062 after the parenthesis", "062 12 (8) x", 1, 11, "062 wants the number of players"},
		{"XXC unknown", "XXC white1 rook", 1, 12, `unknown word "rook"`},
		{"XXC rank twice", "XXC rank rank", 1, 10, "rank twice"},
		{"XXC empty", "XXC", 1, 5, "without white1, black1 or rank"},
		{"XXC twice in one", "XXC white1 black1", 1, 12, "twice"},
		{"tag needs a blank", "012X", 1, 4, "column 4"},
		{"tag twice", "\n012 A\n012 B", 3, 1, "the first is line 2"},
		{"too many rounds", player("   1", strings.Repeat("0000 - Z  ", MaxRounds)+"0000 - Z"), 1, 92 + 10*MaxRounds, "more than 200 rounds"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Read(strings.NewReader(tt.in))
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("Read: %v, want a *SyntaxError", err)
			}
			if se.Line != tt.line || se.Column != tt.col || !strings.Contains(se.Msg, tt.msg) {
				t.Errorf("got %v; want line %d, column %d, a message with %q", se, tt.line, tt.col, tt.msg)
			}
		})
	}
}

// failingReader fails after its first read, as a broken connection would.
type failingReader struct{ done bool }

func (r *failingReader) Read(p []byte) (int, error) {
	if r.done {
		return 0, errors.New("connection reset")
	}
	r.done = true
	return copy(p, "012 Half a file\n"), nil
}

func TestReadReaderError(t *testing.T) {
	_, err := Read(&failingReader{})
	if err == nil || !strings.Contains(err.Error(), "connection reset") {
		t.Errorf("Read = %v, want the reader's error", err)
	}
}

// round builds a chess.Round.
func round(opponent int, c chess.Colour, r chess.Result) chess.Round {
	return chess.Round{Opponent: opponent, Colour: c, Result: r}
}

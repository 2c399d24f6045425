package knockout

import (
	"errors"
	"reflect"
	"testing"
)

func TestMatchFormatValidate(t *testing.T) {
	tests := []struct {
		name string
		m    MatchFormat
		ok   bool
	}{
		{"one game, no tie-breaks", MatchFormat{Games: 1}, true},
		{"one game with the defaults", MatchFormat{Games: 1, TieBreaks: DefaultTieBreaks()}, true},
		{"two games with the defaults", MatchFormat{Games: 2, TieBreaks: DefaultTieBreaks()}, true},
		{"armageddon alone", MatchFormat{Games: 2, TieBreaks: []StageGames{{Armageddon, 1}}}, true},
		{"no games", MatchFormat{Games: 0}, false},
		{"too many games", MatchFormat{Games: MaxGames + 1, TieBreaks: DefaultTieBreaks()}, false},
		{"two games without tie-breaks", MatchFormat{Games: 2}, false},
		{"not ending in armageddon", MatchFormat{Games: 2, TieBreaks: []StageGames{{Rapid, 2}}}, false},
		{"armageddon not last", MatchFormat{Games: 2, TieBreaks: []StageGames{{Armageddon, 1}, {Rapid, 2}, {Armageddon, 1}}}, false},
		{"two armageddon games", MatchFormat{Games: 2, TieBreaks: []StageGames{{Armageddon, 2}}}, false},
		{"unknown stage", MatchFormat{Games: 2, TieBreaks: []StageGames{{"bullet", 2}, {Armageddon, 1}}}, false},
		{"classical as a tie-break", MatchFormat{Games: 2, TieBreaks: []StageGames{{Classical, 2}, {Armageddon, 1}}}, false},
		{"rapid without games", MatchFormat{Games: 2, TieBreaks: []StageGames{{Rapid, 0}, {Armageddon, 1}}}, false},
		{"too many stages", MatchFormat{Games: 2, TieBreaks: append(make([]StageGames, MaxTieBreaks), StageGames{Armageddon, 1})}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.m.Validate()
			if (err == nil) != tt.ok {
				t.Fatalf("Validate = %v, want ok %v", err, tt.ok)
			}
			if err != nil && !errors.Is(err, ErrInvalid) {
				t.Fatalf("%v does not wrap ErrInvalid", err)
			}
		})
	}
}

// g is a played game of stage s; a is A's half points; A has White when w.
func g(s Stage, w bool, a int) Game { return Game{Stage: s, AWhite: w, Played: true, AHalves: a} }

// u is a game of stage s without its result.
func u(s Stage, w bool) Game { return Game{Stage: s, AWhite: w} }

func TestMatchScore(t *testing.T) {
	two := MatchFormat{Games: 2, TieBreaks: DefaultTieBreaks()}
	tests := []struct {
		name     string
		m        MatchFormat
		games    []Game
		decided  bool
		winner   byte
		next     *StageGames
		expected int
		scores   [][2]int // each stage's half points, A then B
	}{
		{"nothing played", two, []Game{u(Classical, true), u(Classical, false)}, false, 0, nil, 2, [][2]int{{0, 0}}},
		{"half the match", two, []Game{g(Classical, true, 2), u(Classical, false)}, false, 0, nil, 2, [][2]int{{2, 0}}},
		{"won 1½–½", two, []Game{g(Classical, true, 2), g(Classical, false, 1)}, true, 'A', nil, 2, [][2]int{{3, 1}}},
		{"lost ½–1½", two, []Game{g(Classical, true, 1), g(Classical, false, 0)}, true, 'B', nil, 2, [][2]int{{1, 3}}},
		{"level: rapid next", two, []Game{g(Classical, true, 1), g(Classical, false, 1)}, false, 0, &StageGames{Rapid, 2}, 4, [][2]int{{2, 2}}},
		{"rapid won", two, []Game{g(Classical, true, 2), g(Classical, false, 0), g(Rapid, true, 1), g(Rapid, false, 2)}, true, 'A', nil, 4, [][2]int{{2, 2}, {3, 1}}},
		{"rapid level: blitz next", two, []Game{g(Classical, true, 2), g(Classical, false, 0), g(Rapid, true, 0), g(Rapid, false, 2)}, false, 0, &StageGames{Blitz, 2}, 6, [][2]int{{2, 2}, {2, 2}}},
		{"rapid under way", two, []Game{g(Classical, true, 1), g(Classical, false, 1), g(Rapid, true, 2), u(Rapid, false)}, false, 0, nil, 4, [][2]int{{2, 2}, {2, 0}}},
		{"armageddon drawn, A Black wins", two, []Game{
			g(Classical, true, 1), g(Classical, false, 1), g(Rapid, true, 1), g(Rapid, false, 1),
			g(Blitz, true, 1), g(Blitz, false, 1), g(Armageddon, false, 1)}, true, 'A', nil, 7, [][2]int{{2, 2}, {2, 2}, {2, 2}, {2, 0}}},
		{"armageddon drawn, A White loses", two, []Game{
			g(Classical, true, 1), g(Classical, false, 1), g(Rapid, true, 1), g(Rapid, false, 1),
			g(Blitz, true, 1), g(Blitz, false, 1), g(Armageddon, true, 1)}, true, 'B', nil, 7, [][2]int{{2, 2}, {2, 2}, {2, 2}, {0, 2}}},
		{"armageddon won by White", MatchFormat{Games: 2, TieBreaks: []StageGames{{Armageddon, 1}}}, []Game{
			g(Classical, true, 1), g(Classical, false, 1), g(Armageddon, true, 2)}, true, 'A', nil, 3, [][2]int{{2, 2}, {2, 0}}},
		{"one game", MatchFormat{Games: 1}, []Game{g(Classical, false, 0)}, true, 'B', nil, 1, [][2]int{{0, 2}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, err := tt.m.Score(tt.games)
			if err != nil {
				t.Fatal(err)
			}
			if st.Decided != tt.decided || st.Winner != tt.winner || !reflect.DeepEqual(st.Next, tt.next) || st.Expected != tt.expected {
				t.Fatalf("decided %v winner %q next %v expected %d; want %v %q %v %d", st.Decided, st.Winner, st.Next, st.Expected, tt.decided, tt.winner, tt.next, tt.expected)
			}
			var scores [][2]int
			for _, s := range st.Stages {
				scores = append(scores, [2]int{s.AHalves, s.BHalves})
			}
			if !reflect.DeepEqual(scores, tt.scores) {
				t.Fatalf("scores %v, want %v", scores, tt.scores)
			}
		})
	}
}

func TestMatchScoreRefuses(t *testing.T) {
	two := MatchFormat{Games: 2, TieBreaks: DefaultTieBreaks()}
	tests := []struct {
		name  string
		games []Game
	}{
		{"wrong stage", []Game{g(Classical, true, 1), g(Rapid, false, 1)}},
		{"games after a decided match", []Game{g(Classical, true, 2), g(Classical, false, 2), g(Rapid, true, 1), g(Rapid, false, 1)}},
		{"games after an incomplete stage", []Game{g(Classical, true, 1), u(Classical, false), g(Rapid, true, 1), g(Rapid, false, 1)}},
		{"a stage cut short", []Game{g(Classical, true, 1), g(Classical, false, 1), g(Rapid, true, 1)}},
		{"past armageddon", []Game{g(Classical, true, 1), g(Classical, false, 1), g(Rapid, true, 1), g(Rapid, false, 1),
			g(Blitz, true, 1), g(Blitz, false, 1), g(Armageddon, true, 1), g(Armageddon, false, 1)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := two.Score(tt.games); !errors.Is(err, ErrInvalid) {
				t.Fatalf("Score = %v, want ErrInvalid", err)
			}
		})
	}
}

func TestAWhiteIn(t *testing.T) {
	var got []bool
	for k := 1; k <= 5; k++ {
		got = append(got, AWhiteIn(true, k))
	}
	if want := []bool{true, false, true, false, true}; !reflect.DeepEqual(got, want) {
		t.Fatalf("A first White: %v, want %v", got, want)
	}
	if AWhiteIn(false, 1) || !AWhiteIn(false, 2) {
		t.Fatal("A first Black: colours do not alternate")
	}
}

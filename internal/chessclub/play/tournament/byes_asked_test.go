package tournament

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"campus.example/apps/internal/chess"
)

// fieldWithByes is an open Swiss of rounds rounds and bye limit limit whose player i
// (member 100+i) asked for a bye in each round of byes[i].
func fieldWithByes(rounds, limit int, byes ...[]int) *Field {
	f := &Field{Tournament: Tournament{ID: 1, Format: FormatSwiss, Rounds: &rounds, State: StateOpen,
		Settings: Settings{ByeLimit: limit}}, ByID: map[int64]*Entrant{}}
	for i, rs := range byes {
		e := &Entrant{MemberID: int64(100 + i), FullName: fmt.Sprintf("Player %d", i), Requested: map[int]chess.Result{}}
		for _, r := range rs {
			e.Requested[r] = chess.HalfBye
		}
		f.Players = append(f.Players, e)
		f.ByID[e.MemberID] = e
	}
	return f
}

func TestByesAsked(t *testing.T) {
	f := fieldWithByes(5, 3, []int{4, 3}, nil)
	f.Rounds = []*RoundRecord{
		{Number: 1, Byes: []*ByeRecord{{Round: 1, Member: 100, Kind: chess.HalfBye, Requested: true}, {Round: 1, Member: 101, Kind: chess.HalfBye}}},
		{Number: 2, Byes: []*ByeRecord{{Round: 2, Member: 101, Kind: chess.PairingBye}}},
	}
	if got := f.ByesAsked(f.Players[0]); !slices.Equal(got, []int{1, 3, 4}) {
		t.Errorf("ByesAsked = %v, want [1 3 4]: the one given and the two to come", got)
	}
	if got := f.ByesAsked(f.Players[1]); len(got) != 0 {
		t.Errorf("ByesAsked = %v: a late entry's half point and a pairing bye were not asked for", got)
	}
}

func TestCheckSettings(t *testing.T) {
	ptr := func(n int) *int { return &n }
	f := fieldWithByes(4, 2, []int{1, 2}, []int{4}, nil)
	in := func(change func(*TournamentInput)) TournamentInput {
		v := TournamentInput{Format: FormatSwiss, Rounds: ptr(4), Settings: Settings{ByeLimit: 2}}
		change(&v)
		return v
	}
	for _, tt := range []struct {
		name   string
		in     TournamentInput
		fields []string
		byes   []ByeRef
	}{
		{"nothing changed", in(func(*TournamentInput) {}), nil, nil},
		{"more rounds, a higher limit", in(func(v *TournamentInput) { v.Rounds, v.ByeLimit = ptr(9), 5 }), nil, nil},
		{"no rounds set", in(func(v *TournamentInput) { v.Rounds = nil }), nil, nil},
		{"rounds down to the last bye", in(func(v *TournamentInput) { v.Rounds = ptr(4) }), nil, nil},
		{"rounds below a bye", in(func(v *TournamentInput) { v.Rounds = ptr(3) }), []string{"rounds"}, []ByeRef{{101, 4}}},
		{"the limit below a player's byes", in(func(v *TournamentInput) { v.ByeLimit = 1 }), []string{"bye_limit"}, []ByeRef{{100, 1}, {100, 2}}},
		{"no byes", in(func(v *TournamentInput) { v.ByeLimit = 0 }), []string{"bye_limit"}, []ByeRef{{100, 1}, {100, 2}, {101, 4}}},
		{"a round robin", in(func(v *TournamentInput) { v.Format = FormatRoundRobin }), []string{"format"}, []ByeRef{{100, 1}, {100, 2}, {101, 4}}},
		{"all three", in(func(v *TournamentInput) { v.Format, v.Rounds, v.ByeLimit = FormatKnockout, ptr(1), 0 }), []string{"bye_limit", "format", "rounds"}, []ByeRef{{100, 1}, {100, 2}, {101, 4}}},
	} {
		err := f.CheckSettings(tt.in)
		var pe *Error
		if tt.fields == nil {
			if err != nil {
				t.Errorf("%s: %v", tt.name, err)
			}
			continue
		}
		if !errors.As(err, &pe) || pe.Kind != Conflict {
			t.Errorf("%s: %v, want a Conflict", tt.name, err)
			continue
		}
		var fields []string
		for k := range pe.Fields {
			fields = append(fields, k)
		}
		slices.Sort(fields)
		cur := pe.Current.(byesInTheWay)
		if !slices.Equal(fields, tt.fields) || !slices.Equal(cur.Byes, tt.byes) || cur.ByesTotal != len(tt.byes) || cur.State != StateOpen {
			t.Errorf("%s: fields %v, current %+v; want %v, %v", tt.name, fields, cur, tt.fields, tt.byes)
		}
	}
}

// TestCheckSettingsBounded: however many byes stand in the way, the refusal lists
// maxByesShown of them and counts them all.
func TestCheckSettingsBounded(t *testing.T) {
	var byes [][]int
	for range 60 {
		byes = append(byes, []int{1, 2, 3})
	}
	f := fieldWithByes(3, 3, byes...)
	err := f.CheckSettings(TournamentInput{Format: FormatRoundRobin, Rounds: f.Tournament.Rounds, Settings: Settings{ByeLimit: 3}})
	var pe *Error
	if !errors.As(err, &pe) {
		t.Fatal(err)
	}
	cur := pe.Current.(byesInTheWay)
	if len(cur.Byes) != maxByesShown || cur.ByesTotal != 180 || len(pe.Detail) > 10_000 {
		t.Errorf("%d byes shown of %d, a detail of %d bytes", len(cur.Byes), cur.ByesTotal, len(pe.Detail))
	}
}

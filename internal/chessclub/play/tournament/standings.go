package tournament

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"campus.example/apps/internal/chess/knockout"
	"campus.example/apps/internal/chess/tiebreak"
)

// Standings is the ranking of a tournament after its last complete round.
type Standings struct {
	// Round is the number of rounds counted: rounds 1..Round have all their results. A
	// round still being played is not counted until its last result is in, so that every
	// tie-break is computed from complete rounds.
	Round int `json:"round"`
	// Tiebreaks are the tie-break codes used, in order, points first.
	Tiebreaks []string `json:"tiebreaks"`
	// Rows are the players in final order.
	Rows []StandingsRow `json:"rows"`
}

// StandingsRow is one player's line.
type StandingsRow struct {
	// Place is shared by players still equal after the last tie-break ("1, 2, 2, 4"); in a
	// knockout, by players knocked out in the same round.
	Place  int       `json:"place"`
	Player PlayerRef `json:"player"`
	// Values holds each tie-break's value by code; null where a tie-break has none (a
	// rating tie-break with unrated opponents).
	Values map[string]tiebreak.Value `json:"values"`
	// Withdrawn is true for a player who withdrew.
	Withdrawn bool `json:"withdrawn"`
	// Explain says, by code, how each value is reached (tiebreak.Breakdown): only in the
	// standings asked for with ExplainedStandings, so that the usual ones stay as small.
	Explain map[string]tiebreak.Breakdown `json:"explain,omitempty"`
}

// tiebreakFormat is how the tie-breaks count a format's unplayed rounds (C.07 15): a round
// robin's pairings are fixed in advance; a Swiss's and a knockout's are made round by round.
func tiebreakFormat(format string) tiebreak.Format {
	if format == FormatRoundRobin {
		return tiebreak.RoundRobin
	}
	return tiebreak.Swiss
}

// defaultTiebreaks is the tie-break list by format when the client names none: FIDE's
// recommendations (tiebreak.Defaults) for a Swiss and a round robin; for a knockout the
// points only, since the place comes from the bracket.
func defaultTiebreaks(format string) []tiebreak.Spec {
	if format == FormatKnockout {
		specs, _ := tiebreak.ParseList("PTS")
		return specs
	}
	return tiebreak.Defaults(tiebreakFormat(format))
}

// ParseTiebreaks reads the tiebreaks query parameter: one to tiebreak.MaxSpecs C.07 codes
// separated by commas, such as PTS,BH/C1,SB, each written as FIDE writes it (upper case, no
// spaces), with PTS first or not at all and no tie-break twice (tiebreak.ParseList). The
// spelling is stricter than tiebreak.Parse's so that a list has one URL: the standings
// under "sb" and under "SB" are one view, cached and tagged as one. Anything else is a
// Malformed refusal that names the parameter and says which item is wrong.
func ParseTiebreaks(raw string) ([]tiebreak.Spec, error) {
	specs, err := tiebreak.ParseList(raw)
	if err == nil {
		err = checkSpelling(raw, specs)
	}
	var le *tiebreak.ListError
	if errors.As(err, &le) {
		return nil, &Error{Kind: Malformed,
			Detail: fmt.Sprintf("Item %d of the tie-break list is not valid.", le.Item),
			Fields: map[string]string{"tiebreaks": le.Error()}}
	}
	return specs, err
}

// checkSpelling returns a *tiebreak.ListError for the first item of raw that is not written
// as its code is; specs are what tiebreak.ParseList read from raw, one per item.
func checkSpelling(raw string, specs []tiebreak.Spec) error {
	for i, item := range strings.Split(raw, ",") {
		if code := specs[i].String(); item != code {
			return &tiebreak.ListError{Item: i + 1, Reason: fmt.Sprintf("%q: write the code as FIDE does, in upper case without spaces: %q", item, code)}
		}
	}
	return nil
}

// Standings ranks the players over the rounds that are complete, by the tie-break list
// specs (nil: defaultTiebreaks) under the FIDE Tie-Break Regulations (package tiebreak) in
// force on its start date (TiebreakRules); a
// knockout's places come from the bracket (knockout.Places), with the tie-break values shown
// beside them. Before the start there is nothing to rank: every entry shares the first place
// with no values.
func (f *Field) Standings(specs []tiebreak.Spec) (Standings, error) {
	return f.standings(specs, tiebreak.Compute)
}

// ExplainedStandings is Standings with every row's Explain: the numbers each tie-break value
// is computed from (tiebreak.Explain), for a player or an arbiter to check it by hand.
func (f *Field) ExplainedStandings(specs []tiebreak.Spec) (Standings, error) {
	return f.standings(specs, tiebreak.Explain)
}

// standings ranks the players with rank, tiebreak.Compute or tiebreak.Explain.
func (f *Field) standings(specs []tiebreak.Spec, rank func(tiebreak.Event, []tiebreak.Spec) (*tiebreak.Standings, error)) (Standings, error) {
	if specs == nil {
		specs = defaultTiebreaks(f.Tournament.Format)
	}
	k := f.lastComplete()
	ev := tiebreak.Event{Format: tiebreakFormat(f.Tournament.Format), Rounds: k, Points: f.Tournament.PointSystem(), Rules: f.Tournament.TiebreakRules()}
	records := f.Records(k)
	ranked := make([]*Entrant, 0, len(f.Players))
	for _, e := range f.Players {
		if e.StartRank == 0 {
			continue
		}
		ranked = append(ranked, e)
		ev.Players = append(ev.Players, tiebreak.Player{StartRank: e.StartRank, Rating: e.Rating, Rounds: records[e.MemberID]})
	}
	out := Standings{Round: k, Tiebreaks: []string{}, Rows: []StandingsRow{}}
	if len(ranked) == 0 {
		return out, nil
	}
	st, err := rank(ev, specs)
	if err != nil {
		return Standings{}, fmt.Errorf("standings of tournament %d: %w", f.Tournament.ID, err)
	}
	for _, sp := range st.Specs {
		out.Tiebreaks = append(out.Tiebreaks, sp.String())
	}
	byRank := f.ByStartRank()
	for _, row := range st.Rows {
		e := byRank[row.StartRank]
		values := make(map[string]tiebreak.Value, len(row.Values))
		for i, v := range row.Values {
			values[out.Tiebreaks[i]] = v
		}
		sr := StandingsRow{Place: row.Place, Player: f.Ref(e.MemberID), Values: values, Withdrawn: e.WithdrawnAfter != nil}
		if row.Breakdowns != nil {
			sr.Explain = make(map[string]tiebreak.Breakdown, len(row.Breakdowns))
			for i, b := range row.Breakdowns {
				sr.Explain[out.Tiebreaks[i]] = b
			}
		}
		out.Rows = append(out.Rows, sr)
	}
	if f.Tournament.Format == FormatKnockout {
		f.knockoutPlaces(out.Rows, k)
	}
	return out, nil
}

// knockoutPlaces replaces the places of a knockout's rows by how far each player got in
// rounds 1..k, and orders the rows by them (stably, so that the tie-breaks order players who
// share a place).
func (f *Field) knockoutPlaces(rows []StandingsRow, k int) {
	lost := map[int64]int{}
	for _, r := range f.Rounds[:k] {
		for _, m := range f.RoundMatches(r) {
			switch w, _ := f.MatchWinner(m); w {
			case m.A:
				lost[m.B] = r.Number
			case m.B:
				lost[m.A] = r.Number
			}
		}
	}
	results := make([]knockout.Result, len(rows))
	for i, row := range rows {
		results[i] = knockout.Result{Seed: row.Player.StartRank, LostIn: lost[row.Player.MemberID]}
	}
	places := knockout.Places(results)
	for i := range rows {
		rows[i].Place = places[i]
	}
	slices.SortStableFunc(rows, func(a, b StandingsRow) int { return cmp.Compare(a.Place, b.Place) })
}

// TiebreakRules is the version of the FIDE Tie-Break Regulations the tournament is ranked
// by: the one in force on its start date (tiebreak.RulesOn), as TieBreakServer picks it.
func (t Tournament) TiebreakRules() tiebreak.Rules {
	d, err := time.Parse(DateLayout, string(t.StartDate))
	if err != nil {
		return tiebreak.Rules2026
	}
	return tiebreak.RulesOn(d.Year(), int(d.Month()), d.Day())
}

// Places returns each ranked player's place, by member id, for the TRF file's rank column.
func (s Standings) Places() map[int64]int {
	out := make(map[int64]int, len(s.Rows))
	for _, r := range s.Rows {
		out[r.Player.MemberID] = r.Place
	}
	return out
}

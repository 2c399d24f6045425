package play

import (
	"bytes"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/jsonhttp"
	"campus.example/apps/internal/problem"
)

// editableAfterStart are the fields that may still change once a tournament has started:
// what it is called and where it is, not how it is played.
var editableAfterStart = []string{"name", "description", "location"}

// editableAfterFinish adds whether a finished tournament counts in the club ratings: an
// imported one may be made rated once its players are linked to members, and one rated by
// mistake made unrated; the ratings are then computed again (updateTournament).
var editableAfterFinish = append(slices.Clone(editableAfterStart), "rated")

// applyPatch applies a JSON merge patch (RFC 7396) to t: a member sets a field, null removes it
// (an optional field becomes null, a setting takes its default), an absent member leaves it as it
// is. The result is validated as tournament.DecodeTournament validates a new tournament. Once t
// has started, only name, description and location may change, and once it has finished also
// rated; a patch that changes anything else is a Conflict that names those fields.
func applyPatch(t tournament.Tournament, patch jsonhttp.Object) (tournament.TournamentInput, error) {
	merged := t.Input()
	for name, v := range patch {
		if bytes.Equal(bytes.TrimSpace(v), []byte("null")) {
			delete(merged, name)
		} else {
			merged[name] = v
		}
	}
	in, err := tournament.DecodeTournament(merged)
	if err != nil {
		return tournament.TournamentInput{}, err
	}
	if t.State == tournament.StateOpen {
		return in, nil
	}
	editable := editableAfterStart
	if t.State == tournament.StateFinished {
		editable = editableAfterFinish
	}
	var frozen []string
	for _, name := range changedFields(t, in) {
		if !slices.Contains(editable, name) {
			frozen = append(frozen, name)
		}
	}
	if len(frozen) > 0 {
		fields := map[string]string{}
		for _, name := range frozen {
			fields[name] = "cannot change once the tournament has started"
		}
		return tournament.TournamentInput{}, &problem.Error{Kind: problem.Conflict, Fields: fields, Current: t.Current(),
			Detail: fmt.Sprintf("The tournament is %s: only %s may change now, not %s.", t.State, strings.Join(editable, ", "), strings.Join(frozen, ", "))}
	}
	return in, nil
}

// byeFields are the fields whose change may leave byes asked for in advance outside the
// tournament: how many half-point byes a player may ask for, the format (only a Swiss takes
// them) and how many rounds there are.
var byeFields = []string{"bye_limit", "format", "rounds"}

// requestedBye is a bye asked for in advance, as the 409 to an edit it stands in the way of
// lists it.
type requestedBye struct {
	MemberID int64  `json:"member_id"`
	FullName string `json:"full_name"`
	Round    int    `json:"round"`
}

// byeClash is the "current" member of that 409: the tournament's state, and the byes that
// stand in the way, by player in the order of the players' list, then by round.
type byeClash struct {
	tournament.Current
	RequestedByes []requestedBye `json:"requested_byes"`
}

// checkRequestedByes returns a Conflict when in, an edit of f's tournament, would leave
// byes that players have asked for (in rounds not paired yet) outside the tournament: a
// bye_limit lowered below the half-point byes a player has asked for, rounds set below the
// round of a bye, or a format other than the Swiss, which alone takes requested byes.
//
// The edit is refused, rather than the byes cancelled, so that nothing changes behind a
// player's back: the problem names each field with the players in the way, and its
// "current" member lists each bye, which the player or the organiser may cancel first.
func checkRequestedByes(f *tournament.Field, in tournament.TournamentInput) error {
	t := f.Tournament
	limit := in.ByeLimit < t.ByeLimit
	rounds := in.Rounds != nil && !equalPtr(in.Rounds, t.Rounds)
	format := in.Format != t.Format && in.Format != tournament.FormatSwiss
	var clash []requestedBye
	why := map[string][]string{} // by field, what each player asked for
	for _, e := range f.Players {
		asked, halves := pendingByes(e)
		var past []int
		for _, r := range asked {
			if rounds && r > *in.Rounds {
				past = append(past, r)
			}
		}
		blocked := map[int]bool{} // the rounds of e's byes in the way
		note := func(field string, byes []int) {
			why[field] = append(why[field], whoAsked(e, byes))
			for _, r := range byes {
				blocked[r] = true
			}
		}
		if limit && len(halves) > in.ByeLimit {
			note("bye_limit", halves)
		}
		if format && len(asked) > 0 {
			note("format", asked)
		}
		if len(past) > 0 {
			note("rounds", past)
		}
		for _, r := range asked {
			if blocked[r] {
				clash = append(clash, requestedBye{MemberID: e.MemberID, FullName: e.FullName, Round: r})
			}
		}
	}
	if len(clash) == 0 {
		return nil
	}
	fields := map[string]string{}
	var says []string
	for _, name := range byeFields {
		if len(why[name]) == 0 {
			continue
		}
		var limitText string
		switch name {
		case "bye_limit":
			limitText = fmt.Sprintf("a bye limit of %d", in.ByeLimit)
		case "format":
			limitText = fmt.Sprintf("a %s, which takes no byes asked for in advance", formatName(in.Format))
		case "rounds":
			limitText = fmt.Sprintf("round %d as the last", *in.Rounds)
		}
		fields[name] = limitText + ", but " + strings.Join(why[name], "; ")
		says = append(says, fields[name])
	}
	return &problem.Error{Kind: problem.Conflict, Fields: fields, Current: byeClash{Current: t.Current(), RequestedByes: clash},
		Detail: fmt.Sprintf("The edit would leave byes that players have asked for outside the tournament: %s. "+
			"Cancel those byes first, or keep the tournament as it is.", strings.Join(says, "; "))}
}

// pendingByes returns the rounds of the byes player e has asked for (in rounds not paired
// yet), and those of them that are half-point byes, in order.
func pendingByes(e *tournament.Entrant) (asked, halves []int) {
	for r := range e.Requested {
		asked = append(asked, r)
	}
	slices.Sort(asked)
	for _, r := range asked {
		if e.Requested[r] == chess.HalfBye {
			halves = append(halves, r)
		}
	}
	return asked, halves
}

// whoAsked says which byes player e has asked for: "Ann Example (member 7) has asked for
// byes in rounds 2 and 3".
func whoAsked(e *tournament.Entrant, rounds []int) string {
	what := "a bye in round " + strconv.Itoa(rounds[0])
	if n := len(rounds); n > 1 {
		nums := make([]string, n)
		for i, r := range rounds {
			nums[i] = strconv.Itoa(r)
		}
		what = "byes in rounds " + strings.Join(nums[:n-1], ", ") + " and " + nums[n-1]
	}
	return fmt.Sprintf("%s (member %d) has asked for %s", e.FullName, e.MemberID, what)
}

// changedFields lists the fields whose value in differs from t's, sorted.
func changedFields(t tournament.Tournament, in tournament.TournamentInput) []string {
	var out []string
	differs := func(name string, changed bool) {
		if changed {
			out = append(out, name)
		}
	}
	differs("name", in.Name != t.Name)
	differs("start_date", in.StartDate != t.StartDate)
	differs("end_date", in.EndDate != t.EndDate)
	differs("location", !equalPtr(in.Location, t.Location))
	differs("format", in.Format != t.Format)
	differs("rounds", !equalPtr(in.Rounds, t.Rounds))
	differs("time_control", !equalPtr(in.TimeControl, t.TimeControl))
	differs("description", !equalPtr(in.Description, t.Description))
	differs("double_round_robin", in.DoubleRoundRobin != t.DoubleRoundRobin)
	differs("players_report", in.PlayersReport != t.PlayersReport)
	differs("bye_limit", in.ByeLimit != t.ByeLimit)
	differs("rated", in.Rated != t.Rated)
	differs("initial_colour", in.InitialColour != t.InitialColour)
	sort.Strings(out)
	return out
}

func equalPtr[T comparable](a, b *T) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

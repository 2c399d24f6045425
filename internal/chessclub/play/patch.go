package play

import (
	"bytes"
	"fmt"
	"slices"
	"sort"
	"strings"

	"campus.example/apps/internal/chessclub/play/input"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/jsonhttp"
	"campus.example/apps/internal/problem"
)

// editableAfterStart are the fields that may still change once a tournament has started:
// what it is called and where it is, and what its FIDE report says of it (ReportInfo, which
// is often completed after the last round), not how it is played.
var editableAfterStart = []string{"name", "description", "location", "city", "federation", "chief_arbiter", "deputy_arbiters", "time_control_code", "round_dates"}

// editableAfterFinish adds whether a finished tournament counts in the club ratings: an
// imported one may be made rated once its players are linked to members, and one rated by
// mistake made unrated; the ratings are then computed again (updateTournament).
var editableAfterFinish = append(slices.Clone(editableAfterStart), "rated")

// byeSettings are the fields that byes asked for depend on: a change to one of them is held
// against the byes (tournament.Field.CheckSettings).
var byeSettings = []string{"format", "rounds", "bye_limit"}

// applyPatch applies a JSON merge patch (RFC 7396) to t: a member sets a field, null removes it
// (an optional field becomes null, a setting takes its default), an absent member leaves it as it
// is. The result is validated as input.Tournament validates a new tournament. Once t
// has started, only editableAfterStart may change, and once it has finished also rated; a patch that changes anything else is a Conflict that names those fields.
func applyPatch(t tournament.Tournament, patch jsonhttp.Object) (tournament.TournamentInput, error) {
	merged := input.Object(t)
	for name, v := range patch {
		if bytes.Equal(bytes.TrimSpace(v), []byte("null")) {
			delete(merged, name)
		} else {
			merged[name] = v
		}
	}
	in, err := input.Tournament(merged)
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
	differs("acceleration", in.Acceleration != t.Acceleration)
	differs("points_win", in.PointsWin != t.PointsWin)
	differs("points_draw", in.PointsDraw != t.PointsDraw)
	differs("points_loss", in.PointsLoss != t.PointsLoss)
	differs("points_bye", in.PointsBye != t.PointsBye)
	differs("rating_type", in.RatingType != t.RatingType)
	differs("city", !equalPtr(in.City, t.City))
	differs("federation", !equalPtr(in.Federation, t.Federation))
	differs("chief_arbiter", !equalPtr(in.ChiefArbiter, t.ChiefArbiter))
	differs("deputy_arbiters", !slices.Equal(in.DeputyArbiters, t.DeputyArbiters))
	differs("time_control_code", !equalPtr(in.TimeControlCode, t.TimeControlCode))
	differs("round_dates", !slices.Equal(in.RoundDates, t.RoundDates))
	differs("games_per_match", in.GamesPerMatch != t.GamesPerMatch)
	differs("tiebreak_stages", !slices.Equal(in.TieBreaks, t.TieBreaks))
	sort.Strings(out)
	return out
}

func equalPtr[T comparable](a, b *T) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

// Package input reads what clients send to make or change a tournament: a JSON body, or a
// JSON merge patch applied to the tournament as it is, checked field by field. Every bad or
// unknown field is named in one validation problem; what it returns is a
// tournament.TournamentInput that the rules of package tournament may take as it is.
package input

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"
	"time"

	"campus.example/apps/internal/chess/knockout"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/jsonhttp"
)

// readOnlyFields are the members the API shows but a client may not set.
var readOnlyFields = []string{"id", "created_by", "created_at", "state", "current_round", "player_count", "started_at", "finished_at"}

// Tournament validates the body of POST /api/tournaments. An absent end_date is the
// start date, an absent format is swiss, and absent settings take tournament.DefaultSettings. It
// returns a validation problem naming every bad or unknown field.
func Tournament(obj jsonhttp.Object) (tournament.TournamentInput, error) {
	f := jsonhttp.NewFields(obj)
	in := tournament.TournamentInput{Format: tournament.FormatSwiss, Settings: tournament.DefaultSettings}
	name := f.Line("name", 1, tournament.MaxTournamentName, true)
	start := decodeDate(f, "start_date", true)
	end := decodeDate(f, "end_date", false)
	in.Location = f.Line("location", 0, tournament.MaxLocation, false)
	if format := f.String("format"); format != nil {
		switch *format {
		case tournament.FormatSwiss, tournament.FormatRoundRobin, tournament.FormatKnockout:
			in.Format = *format
		default:
			f.Fail("format", "must be one of swiss, round_robin, knockout")
		}
	}
	if r := f.Int("rounds", tournament.MinRounds, tournament.MaxRounds); r != nil {
		n := int(*r)
		in.Rounds = &n
	}
	in.TimeControl = f.Line("time_control", 0, tournament.MaxTimeControl, false)
	in.Description = f.Text("description", 0, tournament.MaxDescription, false)
	if b := f.Bool("double_round_robin"); b != nil {
		in.DoubleRoundRobin = *b
	}
	if b := f.Bool("players_report"); b != nil {
		in.PlayersReport = *b
	}
	if n := f.Int("bye_limit", 0, tournament.MaxByeLimit); n != nil {
		in.ByeLimit = int(*n)
	}
	if b := f.Bool("rated"); b != nil {
		in.Rated = *b
	}
	if c := f.String("initial_colour"); c != nil {
		switch *c {
		case tournament.ColourWhite, tournament.ColourBlack:
			in.InitialColour = *c
		default:
			f.Fail("initial_colour", "must be white or black")
		}
	}
	if a := f.String("acceleration"); a != nil {
		switch *a {
		case tournament.AccelerationNone, tournament.AccelerationBaku:
			in.Acceleration = *a
		default:
			f.Fail("acceleration", "must be none or baku")
		}
	}
	decodePoints(f, obj, &in.Settings)
	if in.Acceleration != tournament.AccelerationNone && in.Format != tournament.FormatSwiss {
		f.Fail("acceleration", "only a Swiss is paired with an acceleration")
	}
	decodeRatingType(f, &in.Settings)
	decodeMatchFormat(f, obj, &in)
	if start != "" && end != "" && end < start {
		f.Fail("end_date", "must not be before start_date")
	}
	lastDay := end // an invalid end date bounds nothing
	if _, failed := f.Errors["end_date"]; !failed && end == "" {
		lastDay = start
	}
	in.ReportInfo = decodeReportInfo(f, obj, start, lastDay, in.Rounds)
	f.RejectUnknown(readOnlyFields...)
	if err := f.Err(); err != nil {
		return tournament.TournamentInput{}, err
	}
	in.Name, in.StartDate, in.EndDate = *name, start, end
	if in.EndDate == "" {
		in.EndDate = in.StartDate
	}
	return in, nil
}

// decodeDate reads a strict YYYY-MM-DD date; it returns "" when absent or invalid.
func decodeDate(f *jsonhttp.Fields, name string, required bool) tournament.Date {
	s := f.String(name)
	if _, failed := f.Errors[name]; failed {
		return ""
	}
	if s == nil || *s == "" {
		if required {
			f.Fail(name, "is required")
		}
		return ""
	}
	t, err := time.Parse(tournament.DateLayout, *s)
	if err != nil || t.Format(tournament.DateLayout) != *s || t.Year() < 1000 {
		f.Fail(name, "must be a date as YYYY-MM-DD")
		return ""
	}
	return tournament.Date(*s)
}

// Object returns what a client could send to make t as it is: the base that a merge patch
// changes.
func Object(t tournament.Tournament) jsonhttp.Object {
	obj := jsonhttp.Object{}
	set := func(name string, v any) {
		b, _ := json.Marshal(v)
		obj[name] = b
	}
	set("name", t.Name)
	set("start_date", t.StartDate)
	set("end_date", t.EndDate)
	set("format", t.Format)
	set("double_round_robin", t.DoubleRoundRobin)
	set("players_report", t.PlayersReport)
	set("bye_limit", t.ByeLimit)
	set("rated", t.Rated)
	set("initial_colour", t.InitialColour)
	set("acceleration", t.Acceleration)
	set("points_win", t.PointsWin)
	set("points_draw", t.PointsDraw)
	set("points_loss", t.PointsLoss)
	set("points_bye", t.PointsBye)
	set("rating_type", t.RatingType)
	if len(t.DeputyArbiters) > 0 {
		set("deputy_arbiters", t.DeputyArbiters)
	}
	if len(t.RoundDates) > 0 {
		set("round_dates", t.RoundDates)
	}
	for name, v := range map[string]*string{"city": t.City, "federation": t.Federation, "chief_arbiter": t.ChiefArbiter, "time_control_code": t.TimeControlCode} {
		if v != nil {
			set(name, *v)
		}
	}
	set("games_per_match", t.GamesPerMatch)
	set("tiebreak_stages", t.TieBreaks)
	if t.Location != nil {
		set("location", *t.Location)
	}
	if t.Rounds != nil {
		set("rounds", *t.Rounds)
	}
	if t.TimeControl != nil {
		set("time_control", *t.TimeControl)
	}
	if t.Description != nil {
		set("description", *t.Description)
	}
	return obj
}

// ObjectOf is what a client sends to make a tournament as in says: Object of such a
// tournament.
func ObjectOf(in tournament.TournamentInput) jsonhttp.Object {
	return Object(tournament.Tournament{Name: in.Name, StartDate: in.StartDate, EndDate: in.EndDate, Location: in.Location, Format: in.Format, Rounds: in.Rounds,
		TimeControl: in.TimeControl, Description: in.Description, Settings: in.Settings, ReportInfo: in.ReportInfo})
}

// pointFields are the settings of the point system, in the order the API lists them.
var pointFields = []string{"points_win", "points_draw", "points_loss", "points_bye"}

// decodePoints reads the point settings of a tournament body: each a number of points from 0
// to tournament.MaxPointsPerResult in whole or half points; a loss no more than a draw and a draw no more
// than a win, so that the pairing's scoregroups rank a win first (chess.PointSystem.Validate).
func decodePoints(f *jsonhttp.Fields, obj jsonhttp.Object, s *tournament.Settings) {
	for i, name := range pointFields {
		f.Ignore(name)
		raw, ok := obj[name]
		if !ok || bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
			continue
		}
		var x float64
		if err := json.Unmarshal(raw, &x); err != nil {
			f.Fail(name, "must be a number of points")
			continue
		}
		if x < 0 || x > tournament.MaxPointsPerResult || x*2 != math.Trunc(x*2) {
			f.Fail(name, "must be whole or half points from 0 to %g", tournament.MaxPointsPerResult)
			continue
		}
		*[]*tournament.HalfPoints{&s.PointsWin, &s.PointsDraw, &s.PointsLoss, &s.PointsBye}[i] = tournament.HalfPoints(x * 2)
	}
	if s.PointsLoss > s.PointsDraw {
		f.Fail("points_loss", "must not be more than points_draw")
	}
	if s.PointsDraw > s.PointsWin {
		f.Fail("points_draw", "must not be more than points_win")
	}
	if s.PointsWin == 0 {
		f.Fail("points_win", "must be more than 0")
	}
	// C.04.5.1's virtual points are a win's and a draw's of the standard points, which is
	// what the club writes as 250 records (swiss.Baku); it does not scale them to another
	// system, so it does not pair one with the Baku acceleration.
	if s.Acceleration == tournament.AccelerationBaku && !s.PointSystem().Standard() {
		f.Fail("acceleration", "the Baku acceleration is paired with the standard points only (points_win 1, points_draw 0.5, points_loss 0, points_bye 1)")
	}
}

// decodeReportInfo validates the report's fields of a tournament starting on start and ending
// on end (either "" when invalid), with rounds rounds (nil: not fixed yet).
func decodeReportInfo(f *jsonhttp.Fields, obj jsonhttp.Object, start, end tournament.Date, rounds *int) tournament.ReportInfo {
	var r tournament.ReportInfo
	r.City = f.Line("city", 0, tournament.MaxCity, false)
	if fed := f.String("federation"); fed != nil {
		if !tournament.ValidFederation(*fed) {
			f.Fail("federation", "must be a FIDE federation code: three capital letters, such as ENG")
		}
		r.Federation = fed
	}
	r.ChiefArbiter = f.Line("chief_arbiter", 0, tournament.MaxArbiterName, false)
	r.TimeControlCode = f.Line("time_control_code", 0, tournament.MaxTimeControlCode, false)
	if names, ok := stringArray(f, obj, "deputy_arbiters"); ok {
		if len(names) > tournament.MaxDeputyArbiters {
			f.Fail("deputy_arbiters", "must name at most %d deputy arbiters", tournament.MaxDeputyArbiters)
		}
		for _, n := range names {
			n = strings.TrimSpace(n)
			if msg := jsonhttp.CheckLine(n); msg != "" || n == "" || len([]rune(n)) > tournament.MaxArbiterName {
				f.Fail("deputy_arbiters", "must be names of 1 to %d characters on one line each", tournament.MaxArbiterName)
				break
			}
			r.DeputyArbiters = append(r.DeputyArbiters, n)
		}
	}
	if dates, ok := stringArray(f, obj, "round_dates"); ok {
		var fault string
		if r.RoundDates, fault = tournament.CheckRoundDates(dates, start, end, rounds); fault != "" {
			f.Fail("round_dates", "%s", fault)
		}
	}
	return r
}

// stringArray decodes an optional array of strings; ok is false when absent, null or invalid
// (then the field has failed).
func stringArray(f *jsonhttp.Fields, obj jsonhttp.Object, name string) ([]string, bool) {
	f.Ignore(name)
	raw, present := obj[name]
	if !present || string(raw) == "null" {
		return nil, false
	}
	var out []string
	if err := json.Unmarshal(raw, &out); err != nil {
		f.Fail(name, "must be an array of strings")
		return nil, false
	}
	return out, true
}

// decodeRatingType reads the rating type into s.
func decodeRatingType(f *jsonhttp.Fields, s *tournament.Settings) {
	rt := f.String("rating_type")
	if rt == nil {
		return
	}
	for _, v := range tournament.RatingTypes {
		if *rt == v {
			s.RatingType = v
			return
		}
	}
	f.Fail("rating_type", "must be one of standard, rapid, blitz")
}

// decodeMatchFormat reads games_per_match and tiebreak_stages into in and checks them by
// knockout.MatchFormat.Validate. Both are a knockout's only: another format keeps the
// defaults.
func decodeMatchFormat(f *jsonhttp.Fields, obj jsonhttp.Object, in *tournament.TournamentInput) {
	if n := f.Int("games_per_match", 1, knockout.MaxGames); n != nil {
		in.GamesPerMatch = int(*n)
	}
	f.Ignore("tiebreak_stages")
	if raw, ok := obj["tiebreak_stages"]; ok && !bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.DisallowUnknownFields()
		var stages []knockout.StageGames
		if err := dec.Decode(&stages); err != nil {
			f.FailMalformed("tiebreak_stages", "must be a list of {\"stage\": rapid, blitz or armageddon, \"games\": a number}")
			return
		}
		in.TieBreaks = stages
	}
	if in.Format != tournament.FormatKnockout {
		if in.GamesPerMatch != 1 {
			f.Fail("games_per_match", "only a knockout plays matches of several games")
		}
		if !sameStages(in.TieBreaks, knockout.DefaultTieBreaks()) {
			f.Fail("tiebreak_stages", "only a knockout has tie-break stages: leave them out, or null for the default")
		}
		return
	}
	// The club's ratings count one game per player and round (rating_games); a match's
	// several games a round would not fit, so a knockout of matches is not rated.
	if in.Rated && in.GamesPerMatch > 1 {
		f.Fail("rated", "a knockout of matches of several games is not rated by the club: its ratings count one game a round")
	}
	if err := in.Match().Validate(); err != nil {
		// Validate wraps knockout.ErrInvalid; the client needs only what follows it.
		f.Fail("tiebreak_stages", "%s", strings.TrimPrefix(err.Error(), knockout.ErrInvalid.Error()+": "))
	}
}

// sameStages reports whether a and b list the same stages.
func sameStages(a, b []knockout.StageGames) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

package tournament

import (
	"bytes"
	"database/sql/driver"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"campus.example/apps/internal/chess/knockout"
	"campus.example/apps/internal/jsonhttp"
)

// TieBreaks are a knockout match's tie-break stages in order. The database keeps them as
// text, "rapid:2,blitz:2,armageddon:1", so that one column holds the list.
type TieBreaks []knockout.StageGames

// Value stores the stages as text.
func (t TieBreaks) Value() (driver.Value, error) {
	parts := make([]string, len(t))
	for i, s := range t {
		parts[i] = fmt.Sprintf("%s:%d", s.Stage, s.Games)
	}
	return strings.Join(parts, ","), nil
}

// Scan reads the stages from their text.
func (t *TieBreaks) Scan(src any) error {
	var s string
	switch v := src.(type) {
	case string:
		s = v
	case []byte:
		s = string(v)
	default:
		return fmt.Errorf("tie-break stages: cannot scan %T", src)
	}
	out := TieBreaks{}
	for _, part := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' }) {
		name, games, ok := strings.Cut(part, ":")
		n, err := strconv.Atoi(games)
		if !ok || err != nil {
			return fmt.Errorf("tie-break stages: %q", s)
		}
		out = append(out, knockout.StageGames{Stage: knockout.Stage(name), Games: n})
	}
	*t = out
	return nil
}

// MarshalJSON writes an empty list as [], never null.
func (t TieBreaks) MarshalJSON() ([]byte, error) {
	if t == nil {
		return []byte("[]"), nil
	}
	return json.Marshal([]knockout.StageGames(t))
}

// Match returns the format of the tournament's knockout matches.
func (s Settings) Match() knockout.MatchFormat {
	return knockout.MatchFormat{Games: s.GamesPerMatch, TieBreaks: s.TieBreaks}
}

// Matches reports whether the tournament is a knockout whose matches have several games;
// a knockout of single games keeps them as one game each, a draw settled by a decider.
func (t Tournament) Matches() bool {
	return t.Format == FormatKnockout && t.GamesPerMatch > 1
}

// decodeMatchFormat reads games_per_match and tiebreak_stages into in and checks them by
// knockout.MatchFormat.Validate. Both are a knockout's only: another format keeps the
// defaults.
func decodeMatchFormat(f *jsonhttp.Fields, obj jsonhttp.Object, in *TournamentInput) {
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
	if in.Format != FormatKnockout && (in.GamesPerMatch != 1 || !sameStages(in.TieBreaks, knockout.DefaultTieBreaks())) {
		f.Fail("games_per_match", "only a knockout plays matches")
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

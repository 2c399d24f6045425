package tournament

import (
	"database/sql/driver"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"campus.example/apps/internal/chess/knockout"
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

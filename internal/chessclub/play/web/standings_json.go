package web

import (
	"encoding/json"
	"slices"
	"strconv"

	"campus.example/apps/internal/chessclub/play/tournament"
)

// MarshalJSON encodes the standings as encoding/json would, byte for byte, without its
// reflection: the standings of a 4 000-player Swiss are about a megabyte, and encoding them
// by reflection took a quarter of their computation (the first poll after each change waits
// for it, and so do the polls that come meanwhile; docs/BENCHMARKS.md, "A large Swiss
// night"). tournament.Standings with explanations (ExplainedStandings) go through encoding/json.
func encodeStandings(s tournament.Standings) ([]byte, error) {
	type plain tournament.Standings // without this method
	for _, r := range s.Rows {
		if r.Explain != nil {
			return json.Marshal(plain(s))
		}
	}
	b := make([]byte, 0, 64+256*len(s.Rows))
	b = append(b, `{"round":`...)
	b = strconv.AppendInt(b, int64(s.Round), 10)
	b = append(b, `,"tiebreaks":`...)
	if s.Tiebreaks == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, code := range s.Tiebreaks {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendString(b, code)
		}
		b = append(b, ']')
	}
	b = append(b, `,"rows":`...)
	if s.Rows == nil {
		return append(b, "null}"...), nil
	}
	b = append(b, '[')
	var codes []string
	for i, r := range s.Rows {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"place":`...)
		b = strconv.AppendInt(b, int64(r.Place), 10)
		b = append(b, `,"player":{"member_id":`...)
		b = strconv.AppendInt(b, r.Player.MemberID, 10)
		b = append(b, `,"start_rank":`...)
		b = strconv.AppendInt(b, int64(r.Player.StartRank), 10)
		b = append(b, `,"full_name":`...)
		b = appendString(b, r.Player.FullName)
		b = append(b, `,"rating":`...)
		if r.Player.Rating == nil {
			b = append(b, "null"...)
		} else {
			b = strconv.AppendInt(b, int64(*r.Player.Rating), 10)
		}
		b = append(b, `},"values":`...)
		if r.Values == nil {
			b = append(b, "null"...)
		} else {
			codes = codes[:0]
			for code := range r.Values {
				codes = append(codes, code)
			}
			slices.Sort(codes) // encoding/json sorts a map's keys
			b = append(b, '{')
			for k, code := range codes {
				if k > 0 {
					b = append(b, ',')
				}
				b = appendString(b, code)
				b = append(b, ':')
				v, err := r.Values[code].MarshalJSON()
				if err != nil {
					return nil, err
				}
				b = append(b, v...)
			}
			b = append(b, '}')
		}
		b = append(b, `,"withdrawn":`...)
		b = strconv.AppendBool(b, r.Withdrawn)
		b = append(b, '}')
	}
	return append(b, "]}"...), nil
}

// appendString appends s as encoding/json encodes a string: quoted, with <, > and & escaped
// for HTML, as are U+2028 and U+2029, and invalid UTF-8 replaced. A string that needs none of
// that, a name's usual case, is copied as it is.
func appendString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' || c >= 0x80 {
			q, _ := json.Marshal(s) // a string always encodes
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

package tiebreak

import (
	"bufio"
	"encoding/json"
	"io"
	"slices"
	"strconv"
)

// WriteJSON writes the standings in the shape of the oracle's tie-break files:
//
//	{
//	  "tiebreaks": ["PTS", "BH/C1"],
//	  "players": {
//	    "1": {"PTS": 3.0, "BH/C1": 9.0, "rank": 2},
//	    ...
//	  },
//	  "rank": [2, 1, ...]
//	}
//
// players is keyed by start rank, in start-rank order; each value is a number with the
// tie-break's decimals, or null when there is none; rank is the player's place. The list rank
// gives the start ranks in final order.
func (s *Standings) WriteJSON(w io.Writer) error {
	bw := bufio.NewWriter(w)
	codes := make([]string, len(s.Specs))
	for i, sp := range s.Specs {
		codes[i] = sp.String()
	}
	head, _ := json.Marshal(codes)
	bw.WriteString("{\n  \"tiebreaks\": ")
	bw.Write(spaced(head))
	bw.WriteString(",\n  \"players\": {\n")
	rows := slices.Clone(s.Rows)
	slices.SortFunc(rows, func(a, b Row) int { return a.StartRank - b.StartRank })
	for i, r := range rows {
		bw.WriteString("    \"" + strconv.Itoa(r.StartRank) + "\": {")
		for k, v := range r.Values {
			key, _ := json.Marshal(codes[k])
			val, _ := v.MarshalJSON()
			bw.Write(key)
			bw.WriteString(": ")
			bw.Write(val)
			bw.WriteString(", ")
		}
		bw.WriteString("\"rank\": " + strconv.Itoa(r.Place) + "}")
		if i < len(rows)-1 {
			bw.WriteString(",")
		}
		bw.WriteString("\n")
	}
	bw.WriteString("  },\n  \"rank\": [")
	for i, r := range s.Rows {
		if i > 0 {
			bw.WriteString(", ")
		}
		bw.WriteString(strconv.Itoa(r.StartRank))
	}
	bw.WriteString("]\n}\n")
	return bw.Flush()
}

// spaced puts a blank after each comma of a compact JSON array of strings without commas,
// as the oracle's files are laid out.
func spaced(b []byte) []byte {
	out := make([]byte, 0, len(b)+len(b)/4)
	inString := false
	for i, c := range b {
		if c == '"' && (i == 0 || b[i-1] != '\\') {
			inString = !inString
		}
		out = append(out, c)
		if c == ',' && !inString {
			out = append(out, ' ')
		}
	}
	return out
}

package roundrobin

import (
	"bufio"
	"io"
	"strconv"
)

// WriteJSON writes a schedule for n players in the shape of the oracle's Berger files, one
// round per line, each pair as [white, black] with 0 for the free round:
//
//	{
//	  "players": 5,
//	  "rounds": [
//	    [[1, 0], [2, 5], [3, 4]],
//	    ...
//	  ]
//	}
func WriteJSON(w io.Writer, n int, rounds []Round) error {
	bw := bufio.NewWriter(w)
	bw.WriteString("{\n  \"players\": " + strconv.Itoa(n) + ",\n  \"rounds\": [\n")
	for r, round := range rounds {
		bw.WriteString("    [")
		for i, p := range round {
			if i > 0 {
				bw.WriteString(", ")
			}
			bw.WriteString("[" + strconv.Itoa(p.White) + ", " + strconv.Itoa(p.Black) + "]")
		}
		bw.WriteString("]")
		if r < len(rounds)-1 {
			bw.WriteString(",")
		}
		bw.WriteString("\n")
	}
	bw.WriteString("  ]\n}\n")
	return bw.Flush()
}

package tiebreak

import (
	"bytes"
	"strings"
	"testing"

	"campus.example/apps/internal/chess/trf"
)

// everything lists every tie-break, with modifiers, for FuzzStandings.
const everything = "PTS,WIN,WON,BPG,BWG,PS/C1,REP,NUM,VUR,TPN,BH/M1,FB/C1,SB/C2/P,AOB/F,KS/L+1,DE,ARO/C1,TPR/U1500,PTP,APRO,APPO,RTNG"

// FuzzStandings ranks whatever TRF file the reader takes, in both formats and with every
// tie-break: Compute must not fail or panic on it, and the places must run from 1 in order.
func FuzzStandings(f *testing.F) {
	for _, o := range []genOptions{
		{players: 7, rounds: 5, forfeits: 150, doubles: 300, unratedGames: 100, byes: 100, unrated: 3},
		{players: 5, roundRobin: true, double: true, forfeits: 200, doubles: 300},
	} {
		var buf bytes.Buffer
		if err := generate(9, o).Write(&buf); err != nil {
			f.Fatal(err)
		}
		f.Add(buf.Bytes())
	}
	specs, err := ParseList(everything)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		tour, err := trf.Read(bytes.NewReader(data))
		if err != nil {
			return
		}
		for _, format := range []Format{Swiss, RoundRobin} {
			ev, err := FromTRF(tour, format)
			if err != nil {
				if _, ok := err.(*trf.SyntaxError); !ok {
					t.Fatalf("FromTRF: %T %v, want a *trf.SyntaxError", err, err)
				}
				return
			}
			st, err := Compute(ev, specs)
			if err != nil {
				t.Fatalf("%v: %v", format, err)
			}
			for i, row := range st.Rows {
				if row.Place < 1 || row.Place > i+1 || (i > 0 && row.Place < st.Rows[i-1].Place) {
					t.Fatalf("%v: row %d has place %d", format, i+1, row.Place)
				}
				if len(row.Values) != len(st.Specs) {
					t.Fatalf("row %d has %d values for %d tie-breaks", i+1, len(row.Values), len(st.Specs))
				}
			}
			var out strings.Builder
			if err := st.WriteJSON(&out); err != nil {
				t.Fatal(err)
			}
		}
	})
}

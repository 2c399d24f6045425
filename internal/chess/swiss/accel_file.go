package swiss

import (
	"slices"
	"strings"

	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chess/trf"
)

// FileAcceleration is what a TRF file says about the acceleration of its pairings (C.04.5).
type FileAcceleration struct {
	// Given are the accelerations its 250 records and XXA lines write out, as NextRound reads
	// them: 250 records in their order, then XXA lines.
	Given []Acceleration
	// Baku is the 192 record that names the Dutch system with the Baku acceleration
	// (C.04.5.1), "" when the file has none.
	Baku string
}

// Accelerated reports whether the file asks for any acceleration at all.
func (a FileAcceleration) Accelerated() bool { return len(a.Given) > 0 || a.Baku != "" }

// ReadAcceleration reads the acceleration a TRF file gives for a tournament of `rounds`
// rounds: its 250 records, its XXA lines and a 192 record naming Baku. It reads nothing
// else, so that a program keeping a file (an import) can tell an accelerated file from
// one that is not without the checks of pairing its next round. A record that does not
// read, or an XXA line that NextRound would refuse, wraps ErrInvalid and names it.
func ReadAcceleration(t *trf.Tournament, rounds int) (FileAcceleration, error) {
	var out FileAcceleration
	var lines []xxa
	for _, line := range t.Other {
		switch {
		case strings.HasPrefix(line, "XXA"):
			x, err := readXXA(line)
			if err != nil {
				return FileAcceleration{}, invalid("record %q: %v", line, err)
			}
			lines = append(lines, x)
		case strings.HasPrefix(line, "192"):
			value := ""
			if len(line) > 4 {
				value = strings.TrimRight(line[4:], " ")
			}
			// A later 192 record replaces an earlier one (readSystem).
			out.Baku = ""
			if dutchSystems[value] {
				out.Baku = line
			}
		}
	}
	r250, err := t.Accelerations()
	if err != nil {
		return FileAcceleration{}, invalid("%v", err)
	}
	ids := make(map[int]bool, len(t.Players))
	for _, p := range t.Players {
		ids[p.StartRank] = true
	}
	if out.Given, err = fileAccelerations(r250, lines, rounds, ids); err != nil {
		return FileAcceleration{}, err
	}
	return out, nil
}

// SameVirtualPoints reports whether accelerations a and b give each player of ids the same
// virtual points in every round from 1 to rounds: whether they pair alike, however each
// writes its ranges down.
func SameVirtualPoints(a, b []Acceleration, ids []int, rounds int) bool {
	players := make([]Player, len(ids))
	for i, id := range ids {
		players[i] = Player{ID: id}
	}
	ra := &Request{Players: players, Accelerations: a}
	rb := &Request{Players: players, Accelerations: b}
	for round := 1; round <= rounds; round++ {
		va, vb := virtualPoints(ra, round), virtualPoints(rb, round)
		if !slices.Equal(orZeros(va, len(ids)), orZeros(vb, len(ids))) {
			return false
		}
	}
	return true
}

// orZeros is v, or n zeros when v is nil (virtualPoints' answer when nobody has any).
func orZeros(v []chess.Score, n int) []chess.Score {
	if v == nil {
		return make([]chess.Score, n)
	}
	return v
}

// CheckSystem returns nil when the records of a TRF file that name how it is paired (192,
// the pairing system; 013 and 310, teams) let this package pair its next rounds, and
// otherwise an error wrapping ErrInvalid that names the record: another pairing system than
// the Dutch one, or a team competition (readSystem). A program that keeps a file to pair its
// rounds later (an import) calls it so as not to pair by another system without a word.
func CheckSystem(t *trf.Tournament) error {
	var rec records
	for _, line := range t.Other {
		switch tag := line[:min(3, len(line))]; tag {
		case "192", "013", "310":
			if err := rec.readSystem(line); err != nil {
				return invalid("record %q: %v", line, err)
			}
		}
	}
	return nil
}

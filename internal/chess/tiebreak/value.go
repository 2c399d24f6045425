package tiebreak

import (
	"strconv"
	"strings"
)

// Value is one player's value for one tie-break: a fixed-point number with Decimals digits
// after the point (7.25 is {725, 2}), or no value at all (a rating tie-break for a player with
// no game, or when unrated players are present; C.07 10). Values of one tie-break share their
// decimals, so they compare exactly.
type Value struct {
	units    int64
	decimals int8
	ok       bool
}

// value returns units / 10^decimals.
func value(units int64, decimals int8) Value {
	return Value{units: units, decimals: decimals, ok: true}
}

// none is the absent value.
func none(decimals int8) Value { return Value{decimals: decimals} }

// halves returns a score in half points as a value with one decimal (4.5).
func halves(h int64) Value { return value(h*5, 1) }

// quarters returns a value in quarter points with two decimals (7.25).
func quarters(q int64) Value { return value(q*25, 2) }

// whole returns a whole number.
func whole(n int64) Value { return value(n, 0) }

// OK reports whether there is a value.
func (v Value) OK() bool { return v.ok }

// Decimals returns the number of digits after the point.
func (v Value) Decimals() int { return int(v.decimals) }

// Float64 returns the value as a float, 0 when there is none.
func (v Value) Float64() float64 {
	f := float64(v.units)
	for range v.decimals {
		f /= 10
	}
	return f
}

// String writes the value with its decimals ("7.25", "1788", "-3.0"), or "-" when there is
// none.
func (v Value) String() string {
	if !v.ok {
		return "-"
	}
	s := strconv.FormatInt(abs(v.units), 10)
	d := int(v.decimals)
	if d > 0 {
		if len(s) <= d {
			s = strings.Repeat("0", d-len(s)+1) + s
		}
		s = s[:len(s)-d] + "." + s[len(s)-d:]
	}
	if v.units < 0 {
		s = "-" + s
	}
	return s
}

// MarshalJSON writes the value as a JSON number with its decimals, or null.
func (v Value) MarshalJSON() ([]byte, error) {
	if !v.ok {
		return []byte("null"), nil
	}
	return []byte(v.String()), nil
}

// cmp compares two values of one tie-break: −1 when a < b, and so on; no value is below
// every value.
func (a Value) cmp(b Value) int {
	switch {
	case a.ok != b.ok:
		if a.ok {
			return 1
		}
		return -1
	case a.units < b.units:
		return -1
	case a.units > b.units:
		return 1
	}
	return 0
}

func abs(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}

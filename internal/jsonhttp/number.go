package jsonhttp

import "strings"

// numberFault says why a JSON number is not an int64.
type numberFault int

const (
	numberOK numberFault = iota
	// notIntegral: the number has a fractional part (2.5, 1e-400).
	notIntegral
	// outOfRange: an integer too large for int64 (1e400, 2^63).
	outOfRange
)

// exactInt returns the value of lit, a number in JSON's grammar, when it is an integer that
// an int64 holds. It works on the decimal digits and never through float64, which would
// round: 1e-400 would be 0, 3.0000000000000000000001 would be 3, and 2^63+1 would be 2^63.
// Integral values in any notation are accepted (3.0, 1e1, 50e-1). An exponent of any length
// costs no more than its digits: the value is never built when it cannot fit.
func exactInt(lit string) (int64, numberFault) {
	neg := strings.HasPrefix(lit, "-")
	lit = strings.TrimPrefix(lit, "-")
	mantissa, expText, _ := strings.Cut(strings.ToLower(lit), "e")
	intPart, fracPart, _ := strings.Cut(mantissa, ".")
	digits := strings.TrimLeft(intPart+fracPart, "0")
	// The value is digits × 10^exp.
	exp, expHuge := parseExponent(expText)
	exp -= len(fracPart)
	for strings.HasSuffix(digits, "0") {
		digits = digits[:len(digits)-1]
		exp++
	}
	switch {
	case digits == "":
		return 0, numberOK
	case expHuge < 0:
		return 0, notIntegral
	case expHuge > 0:
		return 0, outOfRange
	case exp < 0:
		// digits ends in a non-zero digit, so a negative exponent leaves a fraction.
		return 0, notIntegral
	case len(digits)+exp > 19:
		return 0, outOfRange
	}
	// At most 19 digits: below 10^19, within uint64.
	var u uint64
	for _, c := range digits {
		u = u*10 + uint64(c-'0')
	}
	for range exp {
		u *= 10
	}
	switch {
	case neg && u <= 1<<63:
		return int64(-u), numberOK // -u wraps to the right int64, -2^63 included
	case !neg && u <= 1<<63-1:
		return int64(u), numberOK
	}
	return 0, outOfRange
}

// parseExponent reads an exponent such as "+12" or "-3" ("" is 0). huge is -1 or +1 (by its
// sign) when it has more than nine significant digits, beyond any number a field could hold or
// a fraction it could lose.
func parseExponent(s string) (exp int, huge int) {
	sign := 1
	switch {
	case strings.HasPrefix(s, "-"):
		sign, s = -1, s[1:]
	case strings.HasPrefix(s, "+"):
		s = s[1:]
	}
	s = strings.TrimLeft(s, "0")
	if len(s) > 9 {
		return 0, sign
	}
	for _, c := range s {
		exp = exp*10 + int(c-'0')
	}
	return sign * exp, 0
}

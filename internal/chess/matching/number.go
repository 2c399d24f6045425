package matching

import "math/bits"

// The weights and dual variables of a Graph are unsigned integers of a fixed number of 64-bit
// words, little-endian, stored side by side in flat slices. The functions below work on such
// numbers of equal length; they allocate nothing, so the hot loops of the algorithm stay free of
// garbage. Lexicographic weights (criterion over criterion) need far more than 64 bits, and a
// fixed-width array beats math/big by an order of magnitude here.

// add sets dst = a + b. The caller makes the numbers wide enough for the sum.
func add(dst, a, b []uint64) {
	a, b = a[:len(dst)], b[:len(dst)] // one bounds check here, none in the loop
	var carry uint64
	for i := range dst {
		dst[i], carry = bits.Add64(a[i], b[i], carry)
	}
}

// sub sets dst = a - b; a >= b.
func sub(dst, a, b []uint64) {
	a, b = a[:len(dst)], b[:len(dst)]
	var borrow uint64
	for i := range dst {
		dst[i], borrow = bits.Sub64(a[i], b[i], borrow)
	}
}

// cmp returns -1, 0 or +1 as a is less than, equal to or greater than b.
func cmp(a, b []uint64) int {
	b = b[:len(a)]
	for i := len(a) - 1; i >= 0; i-- {
		if a[i] != b[i] {
			if a[i] < b[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}

// equal reports whether a equals b. It compares the least significant words first, which
// differ first among numbers close in their leading criteria.
func equal(a, b []uint64) bool {
	b = b[:len(a)]
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// isZero reports whether a is 0.
func isZero(a []uint64) bool {
	for _, w := range a {
		if w != 0 {
			return false
		}
	}
	return true
}

// isOdd reports whether a is odd.
func isOdd(a []uint64) bool { return a[0]&1 == 1 }

// half sets dst = a / 2, rounded down.
func half(dst, a []uint64) {
	for i := range dst {
		w := a[i] >> 1
		if i+1 < len(a) {
			w |= a[i+1] << 63
		}
		dst[i] = w
	}
}

// double sets dst = 2a; the top bit of a is 0.
func double(dst, a []uint64) {
	for i := len(dst) - 1; i >= 0; i-- {
		w := a[i] << 1
		if i > 0 {
			w |= a[i-1] >> 63
		}
		dst[i] = w
	}
}

// addSmall sets a += v.
func addSmall(a []uint64, v uint64) {
	carry := v
	for i := range a {
		if carry == 0 {
			return
		}
		a[i], carry = bits.Add64(a[i], carry, 0)
	}
}

// subSmall sets a -= v; a >= v.
func subSmall(a []uint64, v uint64) {
	borrow := v
	for i := range a {
		if borrow == 0 {
			return
		}
		a[i], borrow = bits.Sub64(a[i], borrow, 0)
	}
}

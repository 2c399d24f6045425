package chessclub

import (
	"encoding/binary"
	"testing"
)

// tiffWithEntries is a TIFF block in byte order order whose IFD0 holds the given entries:
// tag, type, count and a SHORT value.
func tiffWithEntries(order binary.AppendByteOrder, entries ...[4]uint32) []byte {
	var b []byte
	if order == binary.AppendByteOrder(binary.LittleEndian) {
		b = []byte("II*\x00")
	} else {
		b = []byte("MM\x00*")
	}
	b = order.AppendUint32(b, 8)
	b = order.AppendUint16(b, uint16(len(entries)))
	for _, e := range entries {
		b = order.AppendUint16(b, uint16(e[0]))
		b = order.AppendUint16(b, uint16(e[1]))
		b = order.AppendUint32(b, e[2])
		b = order.AppendUint16(b, uint16(e[3]))
		b = append(b, 0, 0)
	}
	return order.AppendUint32(b, 0) // no next IFD
}

// tiffOrientation is a TIFF block whose IFD0 gives orientation v, after an unrelated tag.
func tiffOrientation(order binary.AppendByteOrder, v int) []byte {
	return tiffWithEntries(order, [4]uint32{0x010F, 2, 4, 0}, [4]uint32{0x0112, 3, 1, uint32(v)})
}

func TestEXIFOrientation(t *testing.T) {
	be, le := binary.BigEndian, binary.LittleEndian
	cut := tiffOrientation(be, 6)
	tests := []struct {
		name string
		b    []byte
		want int
	}{
		{"big-endian 6", tiffOrientation(be, 6), 6},
		{"little-endian 8", tiffOrientation(le, 8), 8},
		{"with the Exif prefix", append([]byte(exifPrefix), tiffOrientation(le, 3)...), 3},
		{"each value", tiffOrientation(be, 5), 5},
		{"out of range", tiffOrientation(be, 9), 1},
		{"zero", tiffOrientation(le, 0), 1},
		{"no orientation tag", tiffWithEntries(be, [4]uint32{0x010F, 2, 4, 0}), 1},
		{"orientation as a LONG", tiffWithEntries(le, [4]uint32{0x0112, 4, 1, 6}), 1},
		{"orientation with two values", tiffWithEntries(le, [4]uint32{0x0112, 3, 2, 6}), 1},
		{"cut in the entry", cut[:len(cut)-10], 1},
		{"IFD offset past the end", append([]byte("MM\x00*"), 0xFF, 0xFF, 0xFF, 0xF0), 1},
		{"not TIFF", []byte("hello, world"), 1},
		{"empty", nil, 1},
	}
	for _, tc := range tests {
		if got := exifOrientation(tc.b); got != tc.want {
			t.Errorf("%s: %d, want %d", tc.name, got, tc.want)
		}
	}
}

func TestPrefixWriter(t *testing.T) {
	p := newPrefixWriter(5)
	for _, s := range []string{"abc", "defg", "h"} {
		if n, err := p.Write([]byte(s)); n != len(s) || err != nil {
			t.Fatalf("Write(%q) = %d, %v", s, n, err)
		}
	}
	if string(p.buf) != "abcde" {
		t.Errorf("kept %q", p.buf)
	}
}

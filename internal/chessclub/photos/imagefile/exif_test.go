package imagefile

import (
	"encoding/binary"
	"testing"

	"campus.example/apps/internal/imagetest"
)

func TestEXIFOrientation(t *testing.T) {
	be, le := binary.BigEndian, binary.LittleEndian
	cut := imagetest.TIFFOrientation(be, 6)
	tests := []struct {
		name string
		b    []byte
		want int
	}{
		{"big-endian 6", imagetest.TIFFOrientation(be, 6), 6},
		{"little-endian 8", imagetest.TIFFOrientation(le, 8), 8},
		{"with the Exif prefix", append([]byte(exifPrefix), imagetest.TIFFOrientation(le, 3)...), 3},
		{"each value", imagetest.TIFFOrientation(be, 5), 5},
		{"out of range", imagetest.TIFFOrientation(be, 9), 1},
		{"zero", imagetest.TIFFOrientation(le, 0), 1},
		{"no orientation tag", imagetest.TIFFWithEntries(be, [4]uint32{0x010F, 2, 4, 0}), 1},
		{"orientation as a LONG", imagetest.TIFFWithEntries(le, [4]uint32{0x0112, 4, 1, 6}), 1},
		{"orientation with two values", imagetest.TIFFWithEntries(le, [4]uint32{0x0112, 3, 2, 6}), 1},
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

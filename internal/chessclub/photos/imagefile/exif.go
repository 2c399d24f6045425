package imagefile

import (
	"bytes"
	"encoding/binary"
)

// maxEXIF is how much of an EXIF block is read for its orientation. IFD0, which holds the
// tag, comes first in every camera's files; a block whose IFD0 lies further in is read as
// having no orientation.
const maxEXIF = 64 << 10

// exifPrefix starts the EXIF payload of a JPEG APP1 segment, and that of some WebP files.
const exifPrefix = "Exif\x00\x00"

// exifOrientation returns the Orientation tag (0x0112) of IFD0 in a TIFF-structured EXIF
// block (TIFF 6.0 section 2, EXIF 2.3 section 4.6.4), with or without the "Exif\0\0"
// prefix: 1 (upright) to 8, or 1 when the block is malformed, lacks the tag, or gives a value
// outside 1–8. It never reads outside b.
func exifOrientation(b []byte) int {
	b = bytes.TrimPrefix(b, []byte(exifPrefix))
	if len(b) < 8 {
		return 1
	}
	var order binary.ByteOrder
	switch string(b[:4]) {
	case "II*\x00":
		order = binary.LittleEndian
	case "MM\x00*":
		order = binary.BigEndian
	default:
		return 1
	}
	ifd := uint64(order.Uint32(b[4:8]))
	if ifd+2 > uint64(len(b)) {
		return 1
	}
	n := uint64(order.Uint16(b[ifd:]))
	for i := range n {
		e := ifd + 2 + 12*i
		if e+12 > uint64(len(b)) {
			return 1
		}
		const tagOrientation, typeShort = 0x0112, 3
		if order.Uint16(b[e:]) != tagOrientation {
			continue
		}
		if order.Uint16(b[e+2:]) != typeShort || order.Uint32(b[e+4:]) != 1 {
			return 1
		}
		// A SHORT that fits in the value field sits at its start.
		if v := int(order.Uint16(b[e+8:])); v >= 1 && v <= 8 {
			return v
		}
		return 1
	}
	return 1
}

// prefixWriter keeps the first bytes written to it, up to its capacity, and discards the
// rest: the start of a metadata chunk that is being checked and dropped.
type prefixWriter struct{ buf []byte }

func newPrefixWriter(n int) *prefixWriter { return &prefixWriter{buf: make([]byte, 0, n)} }

func (p *prefixWriter) Write(b []byte) (int, error) {
	if room := cap(p.buf) - len(p.buf); room > 0 {
		p.buf = append(p.buf, b[:min(room, len(b))]...)
	}
	return len(b), nil
}

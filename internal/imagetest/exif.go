package imagetest

import "encoding/binary"

// The builders below put an EXIF block (a TIFF structure) where each format keeps it: an APP1
// segment of a JPEG, an eXIf chunk of a PNG, an EXIF chunk of a WebP.

// TIFFWithEntries is a TIFF block in byte order order whose IFD0 holds the given entries:
// tag, type, count and a SHORT value.
func TIFFWithEntries(order binary.AppendByteOrder, entries ...[4]uint32) []byte {
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

// TIFFOrientation is a TIFF block whose IFD0 gives orientation v, after an unrelated tag.
func TIFFOrientation(order binary.AppendByteOrder, v int) []byte {
	return TIFFWithEntries(order, [4]uint32{0x010F, 2, 4, 0}, [4]uint32{0x0112, 3, 1, uint32(v)})
}

// WithJPEGEXIF inserts an APP1 EXIF segment holding tiff after a JPEG's SOI.
func WithJPEGEXIF(b, tiff []byte) []byte {
	out := append([]byte{}, b[:2]...)
	out = append(out, JPEGSegment(0xE1, "Exif\x00\x00"+string(tiff))...)
	return append(out, b[2:]...)
}

// WithPNGEXIF inserts an eXIf chunk holding tiff after a PNG's IHDR.
func WithPNGEXIF(b, tiff []byte) []byte {
	const afterIHDR = 8 + 25
	out := append([]byte{}, b[:afterIHDR]...)
	out = append(out, PNGChunk("eXIf", tiff)...)
	return append(out, b[afterIHDR:]...)
}

// WithWebPEXIF appends an EXIF chunk holding tiff to a WebP and fixes the RIFF size.
func WithWebPEXIF(b, tiff []byte) []byte {
	out := append(append([]byte{}, b...), WebPChunk("EXIF", tiff)...)
	binary.LittleEndian.PutUint32(out[4:], uint32(len(out)-8))
	return out
}

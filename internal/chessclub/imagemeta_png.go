package chessclub

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"io"
)

// pngKept are the chunks a stored PNG keeps: the critical ones, and the ancillary ones that
// say how to show the pixels (transparency, gamma, chromaticities, colour space and profile,
// significant bits, background, pixel size). Every other chunk is dropped, whatever the case
// of its name: text, EXIF, times, and private chunks that could hold anything.
var pngKept = map[string]bool{
	"IHDR": true, "PLTE": true, "IDAT": true, "IEND": true,
	"tRNS": true, "gAMA": true, "cHRM": true, "sRGB": true, "iCCP": true, "sBIT": true, "bKGD": true, "pHYs": true,
}

// pngCritical reports whether a chunk type is critical: bit 5 of its first byte is clear
// (an upper-case letter). A decoder must refuse a critical chunk it does not know.
func pngCritical(typ string) bool { return typ[0]&0x20 == 0 }

// stripPNG copies chunks up to IEND, checking each chunk's CRC and keeping only pngKept. An
// unknown critical chunk makes the file malformed, as it would for any decoder.
func stripPNG(br *bufio.Reader, w io.Writer, checkSize func(int, int) error) (width, height int, err error) {
	var sig [8]byte
	if err := readFull(br, sig[:]); err != nil {
		return 0, 0, err
	}
	if _, err := w.Write(sig[:]); err != nil {
		return 0, 0, err
	}
	sawIDAT := false
	for first := true; ; first = false {
		var head [8]byte
		if err := readFull(br, head[:]); err != nil {
			return 0, 0, err
		}
		n := binary.BigEndian.Uint32(head[:4])
		typ := string(head[4:])
		if n > 1<<31-1 {
			return 0, 0, malformed("PNG chunk length")
		}
		if first {
			if typ != "IHDR" || n != 13 {
				return 0, 0, malformed("PNG does not start with IHDR")
			}
			ihdr, err := br.Peek(13)
			if err != nil {
				return 0, 0, readErr(err, "the file is truncated")
			}
			width, height = int(binary.BigEndian.Uint32(ihdr[:4])), int(binary.BigEndian.Uint32(ihdr[4:8]))
			if width == 0 || height == 0 || width > 1<<31-1 || height > 1<<31-1 {
				return 0, 0, malformed("PNG has no size")
			}
			if err := checkIHDR(ihdr[8], ihdr[9], ihdr[10], ihdr[11], ihdr[12]); err != nil {
				return 0, 0, err
			}
			if err := checkSize(width, height); err != nil {
				return 0, 0, err
			}
		}
		crc := crc32.NewIEEE()
		crc.Write(head[4:])
		var dst io.Writer = crc
		keep := pngKept[typ]
		if !keep && pngCritical(typ) {
			return 0, 0, malformed("PNG has an unknown critical chunk %q", typ)
		}
		if keep {
			if _, err := w.Write(head[:]); err != nil {
				return 0, 0, err
			}
			dst = io.MultiWriter(w, crc)
		}
		if err := copyN(dst, br, int64(n)); err != nil {
			return 0, 0, err
		}
		var sum [4]byte
		if err := readFull(br, sum[:]); err != nil {
			return 0, 0, err
		}
		if binary.BigEndian.Uint32(sum[:]) != crc.Sum32() {
			return 0, 0, malformed("PNG chunk %q has a bad checksum", typ)
		}
		if keep {
			if _, err := w.Write(sum[:]); err != nil {
				return 0, 0, err
			}
		}
		switch typ {
		case "IDAT":
			sawIDAT = true
		case "IEND":
			if !sawIDAT {
				return 0, 0, malformed("PNG has no image data")
			}
			return width, height, nil
		}
	}
}

// pngDepths lists the bit depths each PNG colour type allows (PNG specification, table 11.1).
var pngDepths = map[byte][]byte{0: {1, 2, 4, 8, 16}, 2: {8, 16}, 3: {1, 2, 4, 8}, 4: {8, 16}, 6: {8, 16}}

// checkIHDR refuses the header fields that no PNG may have.
func checkIHDR(depth, colourType, compression, filter, interlace byte) error {
	depths, ok := pngDepths[colourType]
	if !ok || !bytes.Contains(depths, []byte{depth}) {
		return malformed("PNG colour type %d with bit depth %d", colourType, depth)
	}
	if compression != 0 || filter != 0 || interlace > 1 {
		return malformed("PNG header has unknown methods")
	}
	return nil
}

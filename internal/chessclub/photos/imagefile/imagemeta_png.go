package imagefile

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
// unknown critical chunk makes the file malformed, as it would for any decoder. It fills
// info's size, mode and orientation (from an eXIf chunk).
func stripPNG(br *bufio.Reader, w io.Writer, checkSize func(int, int) error, info *Info) error {
	var sig [8]byte
	if err := readFull(br, sig[:]); err != nil {
		return err
	}
	if _, err := w.Write(sig[:]); err != nil {
		return err
	}
	sawIDAT, sawEXIF := false, false
	for first := true; ; first = false {
		var head [8]byte
		if err := readFull(br, head[:]); err != nil {
			return err
		}
		n := binary.BigEndian.Uint32(head[:4])
		typ := string(head[4:])
		if n > 1<<31-1 {
			return malformed("PNG chunk length")
		}
		if first {
			if typ != "IHDR" || n != 13 {
				return malformed("PNG does not start with IHDR")
			}
			if err := readIHDR(br, info); err != nil {
				return err
			}
			if err := checkSize(info.Width, info.Height); err != nil {
				return err
			}
		}
		crc := crc32.NewIEEE()
		crc.Write(head[4:])
		dst := []io.Writer{crc}
		keep := pngKept[typ]
		if !keep && pngCritical(typ) {
			return malformed("PNG has an unknown critical chunk %q", typ)
		}
		if keep {
			if _, err := w.Write(head[:]); err != nil {
				return err
			}
			dst = append(dst, w)
		}
		var exif *prefixWriter
		if typ == "eXIf" && !sawEXIF {
			exif = newPrefixWriter(maxEXIF)
			dst = append(dst, exif)
		}
		if err := copyN(io.MultiWriter(dst...), br, int64(n)); err != nil {
			return err
		}
		var sum [4]byte
		if err := readFull(br, sum[:]); err != nil {
			return err
		}
		if binary.BigEndian.Uint32(sum[:]) != crc.Sum32() {
			return malformed("PNG chunk %q has a bad checksum", typ)
		}
		if keep {
			if _, err := w.Write(sum[:]); err != nil {
				return err
			}
		}
		switch typ {
		case "eXIf":
			if exif != nil {
				info.Orientation, sawEXIF = exifOrientation(exif.buf), true
			}
		case "tRNS":
			// Before the image data it gives grey and RGB images an alpha channel, which
			// decoders then allocate.
			if !sawIDAT {
				info.Mode.Transparency = true
			}
		case "IDAT":
			sawIDAT = true
		case "IEND":
			if !sawIDAT {
				return malformed("PNG has no image data")
			}
			return nil
		}
	}
}

// readIHDR reads the size and mode from the IHDR chunk's 13 bytes without consuming them.
func readIHDR(br *bufio.Reader, info *Info) error {
	ihdr, err := br.Peek(13)
	if err != nil {
		return readErr(err, "the file is truncated")
	}
	w, h := binary.BigEndian.Uint32(ihdr[:4]), binary.BigEndian.Uint32(ihdr[4:8])
	if w == 0 || h == 0 || w > 1<<31-1 || h > 1<<31-1 {
		return malformed("PNG has no size")
	}
	if err := checkIHDR(ihdr[8], ihdr[9], ihdr[10], ihdr[11], ihdr[12]); err != nil {
		return err
	}
	info.Width, info.Height = int(w), int(h)
	info.Mode.Depth, info.Mode.ColourType, info.Mode.Interlaced = ihdr[8], ihdr[9], ihdr[12] == 1
	return nil
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

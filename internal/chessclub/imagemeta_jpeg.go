package chessclub

import (
	"bufio"
	"encoding/binary"
	"errors"
	"io"
)

// JPEG markers (ITU T.81 table B.1).
const (
	markerDHT   = 0xC4
	markerDAC   = 0xCC
	markerSOI   = 0xD8
	markerEOI   = 0xD9
	markerSOS   = 0xDA
	markerDQT   = 0xDB
	markerDNL   = 0xDC
	markerDRI   = 0xDD
	markerAPP0  = 0xE0
	markerAPP14 = 0xEE
)

// jfifCoreLen is the length of a JFIF APP0 payload without its thumbnail: "JFIF\0", version,
// density units, X and Y density, thumbnail width and height.
const jfifCoreLen = 14

func isSOF(m byte) bool {
	return m >= 0xC0 && m <= 0xCF && m != 0xC4 && m != 0xC8 && m != 0xCC
}

// stripJPEG copies the segments that jpegKept allows and a JFIF APP0 without its thumbnail,
// dropping every other segment.
func stripJPEG(br *bufio.Reader, w io.Writer, checkSize func(int, int) error) (width, height int, err error) {
	var soi [2]byte
	if err := readFull(br, soi[:]); err != nil {
		return 0, 0, err
	}
	if _, err := w.Write(soi[:]); err != nil {
		return 0, 0, err
	}
	sawSOF, afterScan := false, false
	for {
		m, err := nextMarker(br, afterScan)
		afterScan = false
		if err != nil {
			return 0, 0, err
		}
		switch {
		case m == markerEOI:
			_, err := w.Write([]byte{0xFF, m})
			if !sawSOF {
				return 0, 0, malformed("JPEG has no frame header")
			}
			return width, height, err
		case m == markerSOI || (m >= 0xD0 && m <= 0xD7) || m == 0x01:
			return 0, 0, malformed("JPEG marker %#x out of place", m)
		}
		var lenBuf [2]byte
		if err := readFull(br, lenBuf[:]); err != nil {
			return 0, 0, err
		}
		n := int64(binary.BigEndian.Uint16(lenBuf[:])) - 2
		if n < 0 {
			return 0, 0, malformed("JPEG segment length")
		}
		if isSOF(m) && sawSOF {
			// Only the first frame header is size-checked, and a baseline or progressive
			// JPEG has one; a second could claim any size.
			return 0, 0, malformed("JPEG has more than one frame header")
		}
		if isSOF(m) {
			if n < 5 {
				return 0, 0, malformed("JPEG frame header is short")
			}
			head, err := br.Peek(5)
			if err != nil {
				return 0, 0, readErr(err, "JPEG frame header is short")
			}
			height, width = int(binary.BigEndian.Uint16(head[1:3])), int(binary.BigEndian.Uint16(head[3:5]))
			if width == 0 || height == 0 {
				return 0, 0, malformed("JPEG frame has no size")
			}
			if err := checkSize(width, height); err != nil {
				return 0, 0, err
			}
			sawSOF = true
		}
		if m == markerAPP0 && n >= jfifCoreLen {
			head, err := br.Peek(jfifCoreLen)
			if err != nil {
				return 0, 0, readErr(err, "the file is truncated")
			}
			if string(head[:5]) == "JFIF\x00" {
				// The fixed header only, with the thumbnail size set to 0×0: a thumbnail is
				// a picture of its own, and may show what the photo was cropped to hide.
				seg := append([]byte{0xFF, markerAPP0, 0, 2 + jfifCoreLen}, head[:jfifCoreLen-2]...)
				if _, err := w.Write(append(seg, 0, 0)); err != nil {
					return 0, 0, err
				}
				if _, err := br.Discard(int(n)); err != nil {
					return 0, 0, readErr(err, "the file is truncated")
				}
				continue
			}
		}
		if !jpegKept(br, m, n) {
			if _, err := br.Discard(int(n)); err != nil {
				return 0, 0, readErr(err, "the file is truncated")
			}
			continue
		}
		if _, err := w.Write([]byte{0xFF, m, lenBuf[0], lenBuf[1]}); err != nil {
			return 0, 0, err
		}
		if err := copyN(w, br, n); err != nil {
			return 0, 0, err
		}
		if m == markerSOS {
			if !sawSOF {
				return 0, 0, malformed("JPEG scan before frame header")
			}
			if err := copyScan(br, w); err != nil {
				return 0, 0, err
			}
			afterScan = true
		}
	}
}

// jpegKept reports whether the segment with marker m and payload length n is copied: frame
// and scan headers, the tables a decoder needs (DQT, DHT, DAC, DRI, DNL), and an Adobe APP14,
// which tells decoders how to interpret the colour channels and holds nothing personal.
// Every other APPn (EXIF, XMP, ICC profile, IPTC, maker notes, JFXX thumbnails), comments,
// JPGn extensions and reserved markers are dropped.
func jpegKept(br *bufio.Reader, m byte, n int64) bool {
	switch {
	case isSOF(m), m == markerDHT, m == markerDAC, m == markerDQT, m == markerDRI, m == markerDNL, m == markerSOS:
		return true
	case m == markerAPP14 && n >= 5:
		id, err := br.Peek(5)
		return err == nil && string(id) == "Adobe"
	}
	return false
}

// nextMarker reads a marker: 0xFF (already read when haveFF), any fill bytes 0xFF, then the
// marker code.
func nextMarker(br *bufio.Reader, haveFF bool) (byte, error) {
	b := byte(0xFF)
	if !haveFF {
		var err error
		if b, err = br.ReadByte(); err != nil {
			return 0, readErr(err, "JPEG ends without an end-of-image marker")
		}
	}
	if b != 0xFF {
		return 0, malformed("JPEG segment does not start with a marker")
	}
	for b == 0xFF {
		var err error
		if b, err = br.ReadByte(); err != nil {
			return 0, readErr(err, "JPEG ends without an end-of-image marker")
		}
	}
	if b == 0 {
		return 0, malformed("JPEG has a stray byte-stuffing marker")
	}
	return b, nil
}

// copyScan copies entropy-coded data up to the next marker that is not a byte-stuffed 0xFF00
// or a restart marker. It consumes that marker's 0xFF without writing it.
func copyScan(br *bufio.Reader, w io.Writer) error {
	for {
		chunk, err := br.ReadSlice(0xFF)
		if errors.Is(err, bufio.ErrBufferFull) {
			if _, err := w.Write(chunk); err != nil {
				return err
			}
			continue
		}
		if err != nil {
			return readErr(err, "JPEG scan is truncated")
		}
		next, err := br.Peek(1)
		if err != nil {
			return readErr(err, "JPEG scan is truncated")
		}
		if c := next[0]; c == 0x00 || (c >= 0xD0 && c <= 0xD7) {
			if _, err := w.Write(chunk); err != nil {
				return err
			}
			b, _ := br.ReadByte()
			if _, err := w.Write([]byte{b}); err != nil {
				return err
			}
			continue
		}
		_, err = w.Write(chunk[:len(chunk)-1])
		return err
	}
}

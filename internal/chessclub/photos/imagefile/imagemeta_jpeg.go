package imagefile

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
	markerAPP1  = 0xE1
	markerAPP14 = 0xEE
	markerSOF2  = 0xC2
)

// jfifCoreLen is the length of a JFIF APP0 payload without its thumbnail: "JFIF\0", version,
// density units, X and Y density, thumbnail width and height.
const jfifCoreLen = 14

func isSOF(m byte) bool {
	return m >= 0xC0 && m <= 0xCF && m != 0xC4 && m != 0xC8 && m != 0xCC
}

// stripJPEG copies the segments that jpegKept allows and a JFIF APP0 without its thumbnail,
// dropping every other segment. It fills info's size, mode and orientation.
func stripJPEG(br *bufio.Reader, w io.Writer, checkSize func(int, int) error, info *Info) error {
	var soi [2]byte
	if err := readFull(br, soi[:]); err != nil {
		return err
	}
	if _, err := w.Write(soi[:]); err != nil {
		return err
	}
	sawSOF, sawEXIF, afterScan := false, false, false
	for {
		m, err := nextMarker(br, afterScan)
		afterScan = false
		if err != nil {
			return err
		}
		switch {
		case m == markerEOI:
			if !sawSOF {
				return malformed("JPEG has no frame header")
			}
			_, err := w.Write([]byte{0xFF, m})
			return err
		case m == markerSOI || (m >= 0xD0 && m <= 0xD7) || m == 0x01:
			return malformed("JPEG marker %#x out of place", m)
		}
		var lenBuf [2]byte
		if err := readFull(br, lenBuf[:]); err != nil {
			return err
		}
		n := int64(binary.BigEndian.Uint16(lenBuf[:])) - 2
		if n < 0 {
			return malformed("JPEG segment length")
		}
		if isSOF(m) && sawSOF {
			// Only the first frame header is size-checked, and a baseline or progressive
			// JPEG has one; a second could claim any size.
			return malformed("JPEG has more than one frame header")
		}
		if isSOF(m) {
			if err := readSOF(br, m, n, info); err != nil {
				return err
			}
			if err := checkSize(info.Width, info.Height); err != nil {
				return err
			}
			sawSOF = true
		}
		if m == markerAPP14 && n >= 12 {
			if head, err := br.Peek(12); err == nil && string(head[:5]) == "Adobe" {
				info.Mode.Adobe, info.Mode.AdobeTransform = true, head[11]
			}
		}
		if m == markerAPP1 && !sawEXIF && n >= int64(len(exifPrefix)) {
			// The first EXIF block gives the orientation (T.872 and EXIF 2.3 put it in APP1).
			head, err := br.Peek(int(min(n, maxEXIF)))
			if err != nil {
				return readErr(err, "the file is truncated")
			}
			if string(head[:len(exifPrefix)]) == exifPrefix {
				info.Orientation, sawEXIF = exifOrientation(head), true
			}
		}
		if m == markerAPP0 && n >= jfifCoreLen {
			head, err := br.Peek(jfifCoreLen)
			if err != nil {
				return readErr(err, "the file is truncated")
			}
			if string(head[:5]) == "JFIF\x00" {
				// The fixed header only, with the thumbnail size set to 0×0: a thumbnail is
				// a picture of its own, and may show what the photo was cropped to hide.
				seg := append([]byte{0xFF, markerAPP0, 0, 2 + jfifCoreLen}, head[:jfifCoreLen-2]...)
				if _, err := w.Write(append(seg, 0, 0)); err != nil {
					return err
				}
				if _, err := br.Discard(int(n)); err != nil {
					return readErr(err, "the file is truncated")
				}
				continue
			}
		}
		if !jpegKept(br, m, n) {
			if _, err := br.Discard(int(n)); err != nil {
				return readErr(err, "the file is truncated")
			}
			continue
		}
		if _, err := w.Write([]byte{0xFF, m, lenBuf[0], lenBuf[1]}); err != nil {
			return err
		}
		if err := copyN(w, br, n); err != nil {
			return err
		}
		if m == markerSOS {
			if !sawSOF {
				return malformed("JPEG scan before frame header")
			}
			if err := copyScan(br, w); err != nil {
				return err
			}
			afterScan = true
		}
	}
}

// readSOF reads a frame header (T.81 B.2.2) of payload length n without consuming it: the
// size, and each component's identifier and sampling factors, which decide the decoder's
// memory along with whether the frame is progressive.
func readSOF(br *bufio.Reader, m byte, n int64, info *Info) error {
	if n < 6 {
		return malformed("JPEG frame header is short")
	}
	head, err := br.Peek(6)
	if err != nil {
		return readErr(err, "JPEG frame header is short")
	}
	info.Height, info.Width = int(binary.BigEndian.Uint16(head[1:3])), int(binary.BigEndian.Uint16(head[3:5]))
	if info.Width == 0 || info.Height == 0 {
		return malformed("JPEG frame has no size")
	}
	comps := int(head[5])
	if comps == 0 || n != 6+3*int64(comps) {
		return malformed("JPEG frame header has %d components in %d bytes", comps, n)
	}
	body, err := br.Peek(int(n))
	if err != nil {
		return readErr(err, "JPEG frame header is short")
	}
	mode := &info.Mode
	mode.Progressive = m == markerSOF2
	for c := range comps {
		id, hv := body[6+3*c], body[7+3*c]
		h, v := int(hv>>4), int(hv&0x0F)
		if h < 1 || h > 4 || v < 1 || v > 4 {
			return malformed("JPEG component sampling factors %d×%d", h, v)
		}
		mode.ComponentIDs = append(mode.ComponentIDs, id)
		mode.Sampling = append(mode.Sampling, [2]int{h, v})
	}
	return nil
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

package imagefile

import (
	"bufio"
	"encoding/binary"
	"io"
)

// VP8X flags (WebP container specification).
const (
	vp8xEXIF = 0x08
	vp8xXMP  = 0x04
	vp8xICC  = 0x20
)

// webpKept are the chunks a stored WebP keeps: the image data and what a decoder needs to
// show it. EXIF, XMP, the ICC profile and any chunk unknown to the specification are dropped.
var webpKept = map[string]bool{"VP8X": true, "VP8 ": true, "VP8L": true, "ALPH": true, "ANIM": true, "ANMF": true}

// webpDroppedFlags are the VP8X flags that announce chunks stripWebP drops.
const webpDroppedFlags = vp8xICC | vp8xEXIF | vp8xXMP

// stripWebP copies the RIFF chunks that webpKept allows, clears the VP8X flags of those it
// drops, and then writes the new RIFF size into the header, which is why it needs to seek.
// It fills info's size, mode and orientation (from an EXIF chunk).
func stripWebP(br *bufio.Reader, ws io.WriteSeeker, w *countingWriter, checkSize func(int, int) error, info *Info) error {
	var hdr [12]byte
	if err := readFull(br, hdr[:]); err != nil {
		return err
	}
	remaining := int64(binary.LittleEndian.Uint32(hdr[4:8])) - 4
	if remaining < 8 {
		return malformed("WebP is empty")
	}
	start, err := ws.Seek(0, io.SeekCurrent)
	if err != nil {
		return err
	}
	if _, err := w.Write(hdr[:]); err != nil {
		return err
	}
	sawImage, sawEXIF := false, false
	for first := true; remaining > 0; first = false {
		if remaining < 8 {
			return malformed("WebP chunk header is cut")
		}
		var head [8]byte
		if err := readFull(br, head[:]); err != nil {
			return err
		}
		fourcc := string(head[:4])
		n := int64(binary.LittleEndian.Uint32(head[4:]))
		padded := n + n&1
		remaining -= 8 + padded
		if remaining < 0 {
			return malformed("WebP chunk %q overruns the file", fourcc)
		}
		if first {
			peek, err := br.Peek(int(min(n, 10)))
			if err != nil {
				return readErr(err, "the file is truncated")
			}
			if info.Width, info.Height, err = webpSize(fourcc, peek); err != nil {
				return err
			}
			if err := checkSize(info.Width, info.Height); err != nil {
				return err
			}
		}
		if fourcc == "VP8X" && (!first || n != 10) {
			return malformed("WebP VP8X chunk out of place or of %d bytes", n)
		}
		if err := webpMode(br, fourcc, n, info); err != nil {
			return err
		}
		if fourcc == "VP8 " || fourcc == "VP8L" || fourcc == "ANMF" {
			sawImage = true
		}
		if fourcc == "EXIF" && !sawEXIF {
			exif := newPrefixWriter(maxEXIF)
			if err := copyN(exif, br, padded); err != nil {
				return err
			}
			info.Orientation, sawEXIF = exifOrientation(exif.buf), true
			continue
		}
		if !webpKept[fourcc] {
			if _, err := br.Discard(int(padded)); err != nil {
				return readErr(err, "the file is truncated")
			}
			continue
		}
		if _, err := w.Write(head[:]); err != nil {
			return err
		}
		if fourcc == "VP8X" {
			flags, err := br.ReadByte()
			if err != nil {
				return readErr(err, "the file is truncated")
			}
			if _, err := w.Write([]byte{flags &^ webpDroppedFlags}); err != nil {
				return err
			}
			padded--
		}
		if err := copyN(w, br, padded); err != nil {
			return err
		}
	}
	if !sawImage {
		return malformed("WebP has no image data")
	}
	end, err := ws.Seek(0, io.SeekCurrent)
	if err != nil {
		return err
	}
	var size [4]byte
	binary.LittleEndian.PutUint32(size[:], uint32(end-start-8))
	if _, err := ws.Seek(start+4, io.SeekStart); err != nil {
		return err
	}
	if _, err := ws.Write(size[:]); err != nil {
		return err
	}
	_, err = ws.Seek(end, io.SeekStart)
	return err
}

// webpMode notes in info what a chunk tells about decoding memory: VP8L is lossless, ALPH's
// first byte says how the alpha channel is compressed, and ANMF is an animation frame.
func webpMode(br *bufio.Reader, fourcc string, n int64, info *Info) error {
	switch fourcc {
	case "VP8L":
		info.Mode.Lossless = true
	case "ANMF":
		info.Mode.Animated = true
	case "ALPH":
		if n < 1 {
			return malformed("WebP alpha chunk is empty")
		}
		b, err := br.Peek(1)
		if err != nil {
			return readErr(err, "the file is truncated")
		}
		switch b[0] & 0x03 {
		case 0:
			info.Mode.Alpha = alphaRaw
		case 1:
			info.Mode.Alpha = alphaLossless
		default:
			return malformed("WebP alpha compression %d", b[0]&0x03)
		}
	}
	return nil
}

// webpSize reads the canvas size from the first chunk of a WebP file: VP8X (extended), VP8
// (lossy) or VP8L (lossless).
func webpSize(fourcc string, b []byte) (int, int, error) {
	switch fourcc {
	case "VP8X":
		if len(b) < 10 {
			return 0, 0, malformed("WebP VP8X chunk is short")
		}
		w := int(b[4]) | int(b[5])<<8 | int(b[6])<<16
		h := int(b[7]) | int(b[8])<<8 | int(b[9])<<16
		return w + 1, h + 1, nil
	case "VP8 ":
		if len(b) < 10 || b[3] != 0x9d || b[4] != 0x01 || b[5] != 0x2a {
			return 0, 0, malformed("WebP VP8 frame header")
		}
		w := int(binary.LittleEndian.Uint16(b[6:8]) & 0x3fff)
		h := int(binary.LittleEndian.Uint16(b[8:10]) & 0x3fff)
		if w == 0 || h == 0 {
			return 0, 0, malformed("WebP VP8 frame has no size")
		}
		return w, h, nil
	case "VP8L":
		if len(b) < 5 || b[0] != 0x2f {
			return 0, 0, malformed("WebP VP8L header")
		}
		bits := binary.LittleEndian.Uint32(b[1:5])
		return int(bits&0x3fff) + 1, int(bits>>14&0x3fff) + 1, nil
	}
	return 0, 0, malformed("WebP starts with chunk %q", fourcc)
}

package chessclub

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
)

// Image types accepted for photos. The type is read from the file's first bytes, never from
// its name or the request's headers.
const (
	TypeJPEG = "image/jpeg"
	TypePNG  = "image/png"
	TypeWebP = "image/webp"
)

// errNotImage means the bytes are none of the accepted types.
var errNotImage = errors.New("not a JPEG, PNG or WebP image")

// badImage is a file that starts like an accepted type but is not well formed.
type badImage struct{ reason string }

func (e *badImage) Error() string { return "malformed image: " + e.reason }

func malformed(format string, args ...any) error {
	return &badImage{reason: fmt.Sprintf(format, args...)}
}

// imageInfo is what stripping learns about an image.
type imageInfo struct {
	ContentType   string
	Width, Height int
	Size          int64
}

// sniff returns the type of the image that br starts with, or errNotImage.
func sniff(br *bufio.Reader) (string, error) {
	head, _ := br.Peek(12)
	switch {
	case bytes.HasPrefix(head, []byte{0xFF, 0xD8, 0xFF}):
		return TypeJPEG, nil
	case bytes.HasPrefix(head, []byte("\x89PNG\r\n\x1a\n")):
		return TypePNG, nil
	case len(head) == 12 && string(head[:4]) == "RIFF" && string(head[8:]) == "WEBP":
		return TypeWebP, nil
	}
	return "", errNotImage
}

// stripImage copies the image that r holds to w without its metadata, in one pass and
// without decoding it. Each format keeps an allowlist of what a decoder needs to show the
// pixels, so that metadata under a name nobody thought of is dropped too: see jpegKept,
// pngKept and webpKept. Bytes after the image's end are dropped as well. checkSize is called with the
// dimensions as soon as the header gives them, before any image data is read, and its error
// stops the copy. Errors from r come back wrapped; a malformed file gives a *badImage and an
// unknown type errNotImage.
func stripImage(r io.Reader, w io.WriteSeeker, checkSize func(width, height int) error) (imageInfo, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	typ, err := sniff(br)
	if err != nil {
		return imageInfo{}, err
	}
	cw := &countingWriter{w: w}
	info := imageInfo{ContentType: typ}
	switch typ {
	case TypeJPEG:
		info.Width, info.Height, err = stripJPEG(br, cw, checkSize)
	case TypePNG:
		info.Width, info.Height, err = stripPNG(br, cw, checkSize)
	case TypeWebP:
		info.Width, info.Height, err = stripWebP(br, w, cw, checkSize)
	}
	info.Size = cw.n
	return info, err
}

type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// readErr reports the end of the input as a malformed (truncated) image and passes any
// other error, such as the size limit or a *bodyError, through.
func readErr(err error, what string) error {
	var body *bodyError
	if errors.As(err, &body) {
		return err
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, bufio.ErrBufferFull) {
		return malformed("%s", what)
	}
	return err
}

// readFull is io.ReadFull that reports a short file as malformed.
func readFull(r io.Reader, buf []byte) error {
	_, err := io.ReadFull(r, buf)
	if err != nil {
		return readErr(err, "the file is truncated")
	}
	return nil
}

// copyN copies n bytes, reporting a short file as malformed.
func copyN(w io.Writer, r io.Reader, n int64) error {
	_, err := io.CopyN(w, r, n)
	if err != nil {
		return readErr(err, "the file is truncated")
	}
	return nil
}

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
func stripWebP(br *bufio.Reader, ws io.WriteSeeker, w *countingWriter, checkSize func(int, int) error) (width, height int, err error) {
	var hdr [12]byte
	if err := readFull(br, hdr[:]); err != nil {
		return 0, 0, err
	}
	remaining := int64(binary.LittleEndian.Uint32(hdr[4:8])) - 4
	if remaining < 8 {
		return 0, 0, malformed("WebP is empty")
	}
	start, err := ws.Seek(0, io.SeekCurrent)
	if err != nil {
		return 0, 0, err
	}
	if _, err := w.Write(hdr[:]); err != nil {
		return 0, 0, err
	}
	sawImage := false
	for first := true; remaining > 0; first = false {
		if remaining < 8 {
			return 0, 0, malformed("WebP chunk header is cut")
		}
		var head [8]byte
		if err := readFull(br, head[:]); err != nil {
			return 0, 0, err
		}
		fourcc := string(head[:4])
		n := int64(binary.LittleEndian.Uint32(head[4:]))
		padded := n + n&1
		remaining -= 8 + padded
		if remaining < 0 {
			return 0, 0, malformed("WebP chunk %q overruns the file", fourcc)
		}
		if first {
			peek, err := br.Peek(int(min(n, 10)))
			if err != nil {
				return 0, 0, readErr(err, "the file is truncated")
			}
			if width, height, err = webpSize(fourcc, peek); err != nil {
				return 0, 0, err
			}
			if err := checkSize(width, height); err != nil {
				return 0, 0, err
			}
		}
		if fourcc == "VP8 " || fourcc == "VP8L" || fourcc == "ANMF" {
			sawImage = true
		}
		if !webpKept[fourcc] {
			if _, err := br.Discard(int(padded)); err != nil {
				return 0, 0, readErr(err, "the file is truncated")
			}
			continue
		}
		if _, err := w.Write(head[:]); err != nil {
			return 0, 0, err
		}
		if fourcc == "VP8X" {
			flags, err := br.ReadByte()
			if err != nil {
				return 0, 0, readErr(err, "the file is truncated")
			}
			if _, err := w.Write([]byte{flags &^ webpDroppedFlags}); err != nil {
				return 0, 0, err
			}
			padded--
		}
		if err := copyN(w, br, padded); err != nil {
			return 0, 0, err
		}
	}
	if !sawImage {
		return 0, 0, malformed("WebP has no image data")
	}
	end, err := ws.Seek(0, io.SeekCurrent)
	if err != nil {
		return 0, 0, err
	}
	var size [4]byte
	binary.LittleEndian.PutUint32(size[:], uint32(end-start-8))
	if _, err := ws.Seek(start+4, io.SeekStart); err != nil {
		return 0, 0, err
	}
	if _, err := ws.Write(size[:]); err != nil {
		return 0, 0, err
	}
	_, err = ws.Seek(end, io.SeekStart)
	return width, height, err
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

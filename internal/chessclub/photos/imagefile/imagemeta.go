// Package imagefile reads JPEG, PNG and WebP files as untrusted input and makes the photos
// the club stores of them. Strip copies a file without its metadata (EXIF, XMP, comments,
// ICC profiles, text and private chunks) while it checks the headers and reads the size,
// the EXIF orientation and what the decoder will allocate (imagemeta*.go, exif.go);
// DecodeCost says from those headers how much memory decoding and normalising will take,
// before anything is decoded (decodecost.go); Decode turns the image upright and scales it
// to the stored photo and its thumbnail (decode.go, normalise.go), and Encode writes them.
//
// It works on bytes and images only: it must never import the club's packages, storage or
// HTTP.
package imagefile

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
)

// Image types accepted for photos. The type is read from the file's first bytes, never from
// its name or the request's headers.
const (
	TypeJPEG = "image/jpeg"
	TypePNG  = "image/png"
	TypeWebP = "image/webp"
)

// ErrNotImage means the bytes are none of the accepted types.
var ErrNotImage = errors.New("not a JPEG, PNG or WebP image")

// BadImage is a file that starts like an accepted type but is not well formed.
type BadImage struct{ Reason string }

func (e *BadImage) Error() string { return "malformed image: " + e.Reason }

func malformed(format string, args ...any) error {
	return &BadImage{Reason: fmt.Sprintf(format, args...)}
}

// Info is what stripping learns about an image.
type Info struct {
	ContentType   string
	Width, Height int
	// Size is the length of the stripped file.
	Size int64
	// Orientation is the EXIF orientation the dropped metadata gave (1, upright, to 8; 1
	// when there was none): how the pixels are to be turned to show the picture upright.
	Orientation int
	// Mode is what decides the decoder's memory (see DecodeCost).
	Mode Mode
}

// Mode is what an image's headers say about how its decoder lays it out in memory.
// Only the fields of the image's format are set.
type Mode struct {
	// Progressive is a JPEG progressive frame (SOF2): the decoder keeps every
	// coefficient of the whole image until the last scan.
	Progressive bool
	// Sampling holds each JPEG component's horizontal and vertical sampling factors.
	Sampling [][2]int
	// ComponentIDs are the JPEG components' identifiers ("RGB" marks an RGB file).
	ComponentIDs []byte
	// Adobe is set by an APP14 Adobe segment, whose AdobeTransform says whether three or
	// four components are RGB or CMYK (0), YCbCr (1) or YCCK (2).
	Adobe          bool
	AdobeTransform byte

	// ColourType, Depth and Interlaced come from a PNG's IHDR; Transparency is a tRNS chunk.
	ColourType, Depth        byte
	Interlaced, Transparency bool

	// Lossless is a WebP VP8L image; Alpha is how a lossy WebP's ALPH chunk is stored
	// (alphaNone, alphaRaw or alphaLossless); Animated is a WebP with ANMF frames.
	Lossless bool
	Alpha    byte
	Animated bool
}

// How a lossy WebP's alpha channel is stored (the ALPH chunk's compression method).
const (
	alphaNone = iota
	alphaRaw
	alphaLossless
)

// sniff returns the type of the image that br starts with, or ErrNotImage.
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
	return "", ErrNotImage
}

// Strip copies the image that r holds to w without its metadata, in one pass and
// without decoding it. Each format keeps an allowlist of what a decoder needs to show the
// pixels, so that metadata under a name nobody thought of is dropped too: see jpegKept,
// pngKept and webpKept. Bytes after the image's end are dropped as well. On the way it
// learns what decides the decoder's memory and the EXIF orientation (from JPEG APP1, PNG eXIf
// or WebP EXIF), which the stored file no longer carries. checkSize is called with the
// dimensions as soon as the header gives them, before any image data is read, and its error
// stops the copy. Errors from r come back wrapped; a malformed file gives a *BadImage and an
// unknown type ErrNotImage.
func Strip(r io.Reader, w io.WriteSeeker, checkSize func(width, height int) error) (Info, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	typ, err := sniff(br)
	if err != nil {
		return Info{}, err
	}
	cw := &countingWriter{w: w}
	info := Info{ContentType: typ, Orientation: 1}
	switch typ {
	case TypeJPEG:
		err = stripJPEG(br, cw, checkSize, &info)
	case TypePNG:
		err = stripPNG(br, cw, checkSize, &info)
	case TypeWebP:
		err = stripWebP(br, w, cw, checkSize, &info)
	}
	info.Size = cw.n
	if err != nil {
		return Info{}, err
	}
	return info, nil
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

// ReadError is a failure to read the input itself, not a fault of the image in it: a reader
// that can fail for reasons of its own (a network connection) wraps its errors in one, so
// that Strip passes them through rather than reporting a truncated image.
type ReadError struct{ Err error }

func (e *ReadError) Error() string { return "read input: " + e.Err.Error() }
func (e *ReadError) Unwrap() error { return e.Err }

// readErr reports the end of the input as a malformed (truncated) image and passes any
// other error, such as a size limit or a *ReadError, through.
func readErr(err error, what string) error {
	var source *ReadError
	if errors.As(err, &source) {
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

// DiscardSeeker is an io.WriteSeeker that keeps nothing: Strip into it reads an
// image's headers without writing the stripped copy anywhere.
type DiscardSeeker struct{ pos, end int64 }

func (d *DiscardSeeker) Write(p []byte) (int, error) {
	d.pos += int64(len(p))
	d.end = max(d.end, d.pos)
	return len(p), nil
}

func (d *DiscardSeeker) Seek(offset int64, whence int) (int64, error) {
	switch whence {
	case io.SeekStart:
	case io.SeekCurrent:
		offset += d.pos
	case io.SeekEnd:
		offset += d.end
	}
	if offset < 0 {
		return 0, errors.New("DiscardSeeker: negative position")
	}
	d.pos = offset
	return offset, nil
}

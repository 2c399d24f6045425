package chessclub

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

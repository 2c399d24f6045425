package chessclub

import (
	"bufio"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"time"

	"golang.org/x/image/webp"

	"campus.example/apps/internal/problem"
)

// Photo limits.
const (
	// DefaultMaxPhotoBytes is the largest photo accepted, 10 MiB.
	DefaultMaxPhotoBytes = 10 << 20
	// DefaultMaxPixels refuses images of more than about 40 megapixels: a small file can claim
	// a huge canvas, and whoever decodes it later would need gigabytes of memory.
	DefaultMaxPixels = 40_000_000
	// DefaultDecodeConcurrency is how many uploads decode their photo at once. A photo at the
	// pixel limit decodes to about 160 MB, so the bound is what keeps memory in check.
	DefaultDecodeConcurrency = 2
	// decodeWait is how long an upload waits for a decoding slot before it is told to retry.
	decodeWait = 5 * time.Second
)

// Figure is a stored member photo as the API shows it.
type Figure struct {
	// ID is random and unguessable (128 bits); the file is named after it, never after
	// anything the client sent.
	ID          string    `json:"id"`
	MemberID    int64     `json:"member_id"`
	ContentType string    `json:"content_type"`
	Size        int64     `json:"size"`
	Width       int       `json:"width"`
	Height      int       `json:"height"`
	URL         string    `json:"url"`
	CreatedAt   time.Time `json:"created_at"`
}

// FigureURL returns the path that serves the photo with id.
func FigureURL(id string) string { return "/api/figures/" + id }

var figureID = regexp.MustCompile(`^[0-9a-f]{32}$`)

var figureExt = map[string]string{TypeJPEG: ".jpg", TypePNG: ".png", TypeWebP: ".webp"}

func figureNotFound() error { return problem.New(problem.NotFound, "There is no such photo.") }

// Figure returns the photo record with id, or a NotFound problem.
func (s *Store) Figure(ctx context.Context, id string) (Figure, error) {
	var f Figure
	err := s.db.QueryRowContext(ctx, "SELECT id, member_id, content_type, size, width, height, created_at FROM figures WHERE id = ?", id).
		Scan(&f.ID, &f.MemberID, &f.ContentType, &f.Size, &f.Width, &f.Height, &f.CreatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return Figure{}, figureNotFound()
	}
	if err != nil {
		return Figure{}, fmt.Errorf("read figure: %w", err)
	}
	f.URL, f.CreatedAt = FigureURL(f.ID), f.CreatedAt.UTC()
	return f, nil
}

// ReplaceFigure records f as its member's photo and returns the photo it replaces, if any,
// whose file the caller removes. It returns NotFound when the member does not exist.
func (s *Store) ReplaceFigure(ctx context.Context, f Figure) (*Figure, error) {
	var old *Figure
	err := s.db.Transact(ctx, func(tx *sql.Tx) error {
		var id int64
		err := tx.QueryRowContext(ctx, "SELECT id FROM members WHERE id = ?"+s.db.Dialect.ForUpdate(), f.MemberID).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			return memberNotFound(f.MemberID)
		}
		if err != nil {
			return fmt.Errorf("read member: %w", err)
		}
		var prev Figure
		err = tx.QueryRowContext(ctx, "SELECT id, content_type FROM figures WHERE member_id = ?", f.MemberID).Scan(&prev.ID, &prev.ContentType)
		switch {
		case err == nil:
			old = &prev
			if _, err := tx.ExecContext(ctx, "DELETE FROM figures WHERE id = ?", prev.ID); err != nil {
				return fmt.Errorf("delete figure: %w", err)
			}
		case !errors.Is(err, sql.ErrNoRows):
			return fmt.Errorf("read figure: %w", err)
		}
		_, err = tx.ExecContext(ctx, "INSERT INTO figures (id, member_id, content_type, size, width, height, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
			f.ID, f.MemberID, f.ContentType, f.Size, f.Width, f.Height, f.CreatedAt)
		if err != nil {
			return fmt.Errorf("insert figure: %w", err)
		}
		return nil
	})
	return old, err
}

// photos keeps photo files in one directory. It is safe for concurrent use.
type photos struct {
	dir       string
	maxBytes  int64
	maxPixels int64
	store     *Store
	log       *slog.Logger
	// decodeSlots bounds the decodes that run at once; decodeWait is how long an upload
	// waits for one.
	decodeSlots chan struct{}
	decodeWait  time.Duration
}

func newPhotos(dir string, maxBytes, maxPixels int64, decodeConcurrency int, store *Store, log *slog.Logger) *photos {
	return &photos{dir: dir, maxBytes: maxBytes, maxPixels: maxPixels, store: store, log: log,
		decodeSlots: make(chan struct{}, max(1, decodeConcurrency)), decodeWait: decodeWait}
}

// upload is a received photo in a temporary file, not yet anyone's photo. The file stays
// open, and so locked against sweepTemp, until it is renamed into place or discarded.
type upload struct {
	tmp  *os.File
	info imageInfo
}

// discard removes the temporary file of an upload that was not committed.
func (u *upload) discard() {
	if u != nil && u.tmp != nil {
		_ = os.Remove(u.tmp.Name())
		_ = u.tmp.Close()
		u.tmp = nil
	}
}

var errPhotoTooLarge = errors.New("photo exceeds the size limit")

// limitReader fails with errPhotoTooLarge as soon as more than n bytes have come through, so
// the limit holds while streaming and nothing is buffered whole.
type limitReader struct {
	r io.Reader
	n int64
}

func (l *limitReader) Read(p []byte) (int, error) {
	if l.n < 0 {
		return 0, errPhotoTooLarge
	}
	if int64(len(p)) > l.n+1 {
		p = p[:l.n+1]
	}
	n, err := l.r.Read(p)
	l.n -= int64(n)
	if l.n < 0 {
		return n, errPhotoTooLarge
	}
	return n, err
}

// bodyError is a failure to read the request body itself: a connection that broke, a body
// shorter than its Content-Length, a multipart part cut off before its closing boundary. It
// is the client's fault or the network's, never a malformed image in a body read whole, and
// never the size limit.
type bodyError struct{ err error }

func (e *bodyError) Error() string { return "read request body: " + e.err.Error() }
func (e *bodyError) Unwrap() error { return e.err }

// bodyReader marks every error of r other than the end of the body and the size limit as a
// *bodyError, so that it cannot pass for a truncated image (io.ErrUnexpectedEOF) or for a
// failure of the server.
type bodyReader struct{ r io.Reader }

func (b bodyReader) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	if err != nil && err != io.EOF && !isSizeLimit(err) {
		err = &bodyError{err: err}
	}
	return n, err
}

// isSizeLimit reports whether err is the photo's or the request's size limit.
func isSizeLimit(err error) bool {
	var tooBig *http.MaxBytesError
	return errors.Is(err, errPhotoTooLarge) || errors.As(err, &tooBig)
}

// checkSize refuses images with more than maxPixels pixels.
func (p *photos) checkSize(w, h int) error {
	if int64(w)*int64(h) > p.maxPixels {
		return problem.Validation(map[string]string{
			"photo": fmt.Sprintf("is %d×%d pixels; at most %d megapixels are accepted", w, h, p.maxPixels/1_000_000),
		})
	}
	return nil
}

// receive streams body into a temporary file in the photo directory, without metadata, and
// then decodes that file in full, so that only real images are stored. It returns TooLarge,
// UnsupportedMediaType (not JPEG, PNG or WebP), Invalid (malformed, too many pixels, or does
// not decode), Malformed (the body could not be read to its end) or TooManyRequests (no
// decoding slot came free in time) problems.
func (p *photos) receive(ctx context.Context, body io.Reader) (*upload, error) {
	tmp, err := createTemp(p.dir)
	if err != nil {
		return nil, fmt.Errorf("create temporary photo: %w", err)
	}
	u := &upload{tmp: tmp}
	info, err := stripImage(&limitReader{r: bodyReader{r: body}, n: p.maxBytes}, tmp, p.checkSize)
	if err == nil {
		err = p.decode(ctx, tmp, info)
	}
	if err == nil {
		err = tmp.Sync()
	}
	if err != nil {
		u.discard()
		return nil, photoError(err, p.maxBytes)
	}
	u.info = info
	return u, nil
}

// decoders decode each accepted type in full.
var decoders = map[string]func(io.Reader) (image.Image, error){TypeJPEG: jpeg.Decode, TypePNG: png.Decode, TypeWebP: webp.Decode}

// decode reads the stripped image in f from its start and decodes it, which the header checks
// of stripImage cannot replace: a file can have every chunk in place and still not be an
// image. Its pixels were counted before, so memory is bounded by maxPixels, and the number
// of decodes at once by decodeSlots. The decoded size must be the one the header gave.
func (p *photos) decode(ctx context.Context, f *os.File, info imageInfo) error {
	if err := p.acquireDecode(ctx); err != nil {
		return err
	}
	defer func() { <-p.decodeSlots }()
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return err
	}
	img, err := decoders[info.ContentType](bufio.NewReaderSize(f, 64<<10))
	if err != nil {
		return malformed("its pixel data does not decode")
	}
	if got := img.Bounds().Size(); got != image.Pt(info.Width, info.Height) {
		return malformed("its pixel data is %d×%d, its header says %d×%d", got.X, got.Y, info.Width, info.Height)
	}
	return nil
}

// acquireDecode takes a decoding slot. When none frees up within decodeWait it returns a
// TooManyRequests problem, as the password hasher does, so a flood of uploads queues briefly
// and then sheds load instead of holding ever more decoded images in memory.
func (p *photos) acquireDecode(ctx context.Context) error {
	t := time.NewTimer(p.decodeWait)
	defer t.Stop()
	select {
	case p.decodeSlots <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return &problem.Error{Kind: problem.TooManyRequests, Detail: "The server is busy with other photos; try again shortly.", RetryAfter: 1}
	}
}

// photoError maps what can go wrong while reading a photo to problems.
func photoError(err error, maxBytes int64) error {
	var bad *badImage
	var body *bodyError
	switch {
	case isSizeLimit(err):
		return problem.New(problem.TooLarge, "The photo exceeds the limit of %d bytes.", maxBytes)
	case errors.As(err, &body):
		return &problem.Error{Kind: problem.Malformed, Detail: "The request body ended early or could not be read.", Err: err}
	case errors.Is(err, errNotImage):
		return problem.New(problem.UnsupportedMediaType, "The photo must be a JPEG, PNG or WebP image.")
	case errors.As(err, &bad):
		return problem.Validation(map[string]string{"photo": "is not a valid image (" + bad.reason + ")"})
	case problem.KindOf(err) != problem.Internal:
		return err
	}
	return fmt.Errorf("store photo: %w", err)
}

// commit makes u the photo of member: it renames the temporary file to its final name,
// records it, and removes the file of the photo it replaces. On failure the new file is
// removed, so the database never points at a missing file.
func (p *photos) commit(ctx context.Context, u *upload, member int64) (Figure, error) {
	idBytes := make([]byte, 16)
	_, _ = rand.Read(idBytes)
	f := Figure{
		ID: hex.EncodeToString(idBytes), MemberID: member, ContentType: u.info.ContentType, Size: u.info.Size,
		Width: u.info.Width, Height: u.info.Height, CreatedAt: p.store.now(),
	}
	f.URL = FigureURL(f.ID)
	final := p.path(f.ID, f.ContentType)
	if err := os.Rename(u.tmp.Name(), final); err != nil {
		u.discard()
		return Figure{}, fmt.Errorf("store photo: %w", err)
	}
	_ = u.tmp.Close()
	u.tmp = nil
	p.syncDir()
	old, err := p.store.ReplaceFigure(ctx, f)
	if err != nil {
		_ = os.Remove(final)
		return Figure{}, err
	}
	if old != nil {
		if err := os.Remove(p.path(old.ID, old.ContentType)); err != nil && !errors.Is(err, os.ErrNotExist) {
			p.log.ErrorContext(ctx, "remove replaced photo", "figure", old.ID, "err", err)
		}
	}
	return f, nil
}

func (p *photos) path(id, contentType string) string {
	return filepath.Join(p.dir, id+figureExt[contentType])
}

// syncDir makes a rename durable; failure only weakens durability, so it is logged.
func (p *photos) syncDir() {
	d, err := os.Open(p.dir)
	if err != nil {
		return
	}
	defer d.Close()
	if err := d.Sync(); err != nil {
		p.log.Warn("sync photo directory", "err", err)
	}
}

package photos

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	"io"
	"net/http"
	"os"

	"campus.example/apps/internal/chessclub/audit"
	"campus.example/apps/internal/chessclub/photos/imagefile"
	"campus.example/apps/internal/problem"
)

// Photo limits.
const (
	// DefaultMaxPhotoBytes is the largest photo accepted, 10 MiB.
	DefaultMaxPhotoBytes = 10 << 20
	// DefaultMaxPixels refuses images of more than about 40 megapixels as soon as the header
	// gives their size: a small file can claim a huge canvas. What a photo within it may
	// take to decode is then bounded by the memory budget (photoBudget).
	DefaultMaxPixels = 40_000_000
)

// upload is a received photo, normalised, in temporary files: not yet anyone's photo. The
// files stay open, and so locked against sweepTemp, until they are stored (put) or
// discarded.
type upload struct {
	photo, thumb         *os.File
	photoInfo, thumbInfo storedImage
}

// discard removes the temporary files of an upload that was not committed.
func (u *upload) discard() {
	if u == nil {
		return
	}
	releaseTemp(u.photo)
	releaseTemp(u.thumb)
	u.photo, u.thumb = nil, nil
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

// bodyReader marks every error of r other than the end of the body and the size limit as an
// *imagefile.ReadError: a failure to read the request body itself (a connection that broke,
// a body shorter than its Content-Length, a multipart part cut off before its closing
// boundary). It is the client's fault or the network's, so it must not pass for a truncated
// image (io.ErrUnexpectedEOF) or for a failure of the server.
type bodyReader struct{ r io.Reader }

func (b bodyReader) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	if err != nil && err != io.EOF && !isSizeLimit(err) {
		err = &imagefile.ReadError{Err: err}
	}
	return n, err
}

// isSizeLimit reports whether err is the photo's or the request's size limit.
func isSizeLimit(err error) bool {
	var tooBig *http.MaxBytesError
	return errors.Is(err, errPhotoTooLarge) || errors.As(err, &tooBig)
}

// checkSize refuses images with more than maxPixels pixels.
func (p *Service) checkSize(w, h int) error {
	if int64(w)*int64(h) > p.maxPixels {
		return problem.Validation(map[string]string{
			"photo": fmt.Sprintf("is %d×%d pixels; at most %d megapixels are accepted", w, h, p.maxPixels/1_000_000),
		})
	}
	return nil
}

// receive streams body into a temporary file without its metadata, computes from the
// headers what decoding it will take (imagefile.DecodeCost), waits for that much of the memory
// budget, decodes it in full (so that only real images are stored) and writes its
// normalised copy and thumbnail to temporary files. The stripped original is not kept. It
// returns TooLarge, UnsupportedMediaType (not JPEG, PNG or WebP), Invalid (malformed, too
// many pixels, more memory than the budget could ever give, or does not decode), Malformed
// (the body could not be read to its end) or TooManyRequests (no memory came free in time)
// problems.
func (p *Service) receive(ctx context.Context, body io.Reader) (*upload, error) {
	in, err := createTemp(p.files.stagingDir())
	if err != nil {
		return nil, fmt.Errorf("create temporary photo: %w", err)
	}
	defer releaseTemp(in)
	info, err := imagefile.Strip(&limitReader{r: bodyReader{r: body}, n: p.maxBytes}, in, p.checkSize)
	if err != nil {
		return nil, photoError(err, p.maxBytes)
	}
	u, err := p.render(ctx, in, info)
	if err != nil {
		return nil, photoError(err, p.maxBytes)
	}
	return u, nil
}

// render decodes the stripped image in f within the memory budget and writes the stored
// copies to temporary files.
func (p *Service) render(ctx context.Context, f io.ReadSeeker, info imagefile.Info) (*upload, error) {
	cost := imagefile.DecodeCost(info)
	if cost > p.budget.capacity {
		return nil, problem.Validation(map[string]string{"photo": fmt.Sprintf(
			"is a %d×%d %s, which takes about %d MB to decode; this server decodes photos within %d MB",
			info.Width, info.Height, imagefile.ModeName(info), ceilDiv64(cost, 1e6), p.budget.capacity/1e6)})
	}
	if err := p.budget.acquire(ctx, cost); err != nil {
		return nil, err
	}
	defer p.budget.release(cost)
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	photo, thumb, err := imagefile.Decode(bufio.NewReaderSize(f, 64<<10), info)
	if err != nil {
		return nil, err
	}
	u := &upload{}
	if u.photo, u.photoInfo, err = p.writeTemp(photo, photo.Opaque()); err == nil {
		u.thumb, u.thumbInfo, err = p.writeTemp(thumb, photo.Opaque())
	}
	if err != nil {
		u.discard()
		return nil, err
	}
	return u, nil
}

// writeTemp encodes img as JPEG (opaque) or PNG into a new temporary file, synced, and
// returns the open file and what it holds.
func (p *Service) writeTemp(img *image.RGBA, opaque bool) (*os.File, storedImage, error) {
	f, err := createTemp(p.files.stagingDir())
	if err != nil {
		return nil, storedImage{}, fmt.Errorf("create temporary photo: %w", err)
	}
	info := storedImage{Width: img.Rect.Dx(), Height: img.Rect.Dy()}
	bw := bufio.NewWriterSize(f, 64<<10)
	info.ContentType, err = imagefile.Encode(bw, img, opaque)
	if err == nil {
		err = bw.Flush()
	}
	if err == nil {
		err = f.Sync()
	}
	var st os.FileInfo
	if err == nil {
		st, err = f.Stat()
	}
	if err != nil {
		releaseTemp(f)
		return nil, storedImage{}, fmt.Errorf("write photo: %w", err)
	}
	info.Size = st.Size()
	return f, info, nil
}

func ceilDiv64(a, b int64) int64 { return (a + b - 1) / b }

// photoError maps what can go wrong while reading a photo to problems.
func photoError(err error, maxBytes int64) error {
	var bad *imagefile.BadImage
	var body *imagefile.ReadError
	switch {
	case isSizeLimit(err):
		return problem.New(problem.TooLarge, "The photo exceeds the limit of %d bytes.", maxBytes)
	case errors.As(err, &body):
		return &problem.Error{Kind: problem.Malformed, Detail: "The request body ended early or could not be read.", Err: err}
	case errors.Is(err, imagefile.ErrNotImage):
		return problem.New(problem.UnsupportedMediaType, "The photo must be a JPEG, PNG or WebP image.")
	case errors.As(err, &bad):
		return problem.Validation(map[string]string{"photo": "is not a valid image (" + bad.Reason + ")"})
	case problem.KindOf(err) != problem.Internal:
		return err
	}
	return fmt.Errorf("store photo: %w", err)
}

// commit makes u the photo of member, on behalf of by, whom the audit trail names. The order keeps every recorded photo whole and
// leaves no file that nothing will remove: it notes the new id as an orphan in the
// database, stores both files under it (each put is atomic, and no record points at them
// yet), records them, which in one transaction replaces the old record, clears the new
// id's orphan row and writes one for the old id, and only then removes the old photo's
// files and its orphan row. When recording fails the new files are removed at once;
// whatever a crash or a failed removal leaves has its orphan row, and sweepOrphans
// removes it later.
func (p *Service) commit(ctx context.Context, u *upload, member int64, by audit.Actor) (Figure, error) {
	idBytes := make([]byte, 16)
	_, _ = rand.Read(idBytes)
	f := Figure{
		ID: hex.EncodeToString(idBytes), MemberID: member, ContentType: u.photoInfo.ContentType, Size: u.photoInfo.Size,
		Width: u.photoInfo.Width, Height: u.photoInfo.Height, CreatedAt: p.records.clock(),
	}
	f.URL, f.ThumbnailURL = FigureURL(f.ID), ThumbnailURL(f.ID)
	if err := p.records.markOrphan(ctx, f.ID); err != nil {
		return Figure{}, err
	}
	// From here on the files are removed on failure, even when the client has gone.
	bg := context.WithoutCancel(ctx)
	key, thumb := figureKey(f.ID, f.ContentType), thumbKey(f.ID, u.thumbInfo.ContentType)
	if err := p.files.put(ctx, key, u.photo, f.ContentType); err != nil {
		p.dropOrphan(bg, f.ID)
		return Figure{}, fmt.Errorf("store photo: %w", err)
	}
	u.photo = nil
	if err := p.files.put(ctx, thumb, u.thumb, u.thumbInfo.ContentType); err != nil {
		p.dropOrphan(bg, f.ID)
		return Figure{}, fmt.Errorf("store thumbnail: %w", err)
	}
	u.thumb = nil
	old, err := p.records.replaceFigure(ctx, f, u.thumbInfo, by)
	if err != nil {
		p.dropOrphan(bg, f.ID)
		return Figure{}, err
	}
	if old != nil {
		p.dropOrphan(bg, old.ID)
	}
	p.maybeSweep()
	return f, nil
}

// dropOrphan removes the files of the photo with id, which no record names, then its
// orphan row. A failure is logged, not returned: the row stays, and sweepOrphans retries.
func (p *Service) dropOrphan(ctx context.Context, id string) {
	for _, key := range orphanKeys(id) {
		if err := p.files.remove(ctx, key); err != nil {
			p.log.ErrorContext(ctx, "remove photo file; the sweep will retry", "file", key, "err", err)
			return
		}
	}
	if err := p.records.clearOrphan(ctx, id); err != nil {
		p.log.ErrorContext(ctx, "clear orphan photo; the sweep will retry", "figure", id, "err", err)
	}
}

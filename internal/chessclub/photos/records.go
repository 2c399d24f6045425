package photos

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"regexp"
	"time"

	"campus.example/apps/internal/chessclub/audit"
	"campus.example/apps/internal/chessclub/photos/imagefile"
	"campus.example/apps/internal/problem"
	"campus.example/apps/internal/sqldb"
)

// Figure is a stored member photo as the API shows it.
type Figure struct {
	// ID is random and unguessable (128 bits); the files are named after it, never after
	// anything the client sent.
	ID       string `json:"id"`
	MemberID int64  `json:"member_id"`
	// ContentType is image/jpeg, or image/png for a photo with transparent pixels. Photos
	// stored before normalisation keep the type they were uploaded with (WebP too).
	ContentType string `json:"content_type"`
	// Size, Width and Height are those of the stored photo, not of the upload.
	Size   int64  `json:"size"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
	URL    string `json:"url"`
	// ThumbnailURL serves the photo's middle square at imagefile.ThumbSide pixels, for lists.
	ThumbnailURL string    `json:"thumbnail_url"`
	CreatedAt    time.Time `json:"created_at"`
}

// FigureURL returns the path that serves the photo with id.
func FigureURL(id string) string { return "/api/figures/" + id }

// ThumbnailURL returns the path that serves the thumbnail of the photo with id.
func ThumbnailURL(id string) string { return "/api/figures/" + id + "/thumbnail" }

// storedImage describes one stored file: a photo or its thumbnail.
type storedImage struct {
	ContentType   string
	Size          int64
	Width, Height int
}

var figureID = regexp.MustCompile(`^[0-9a-f]{32}$`)

var figureExt = map[string]string{imagefile.TypeJPEG: ".jpg", imagefile.TypePNG: ".png", imagefile.TypeWebP: ".webp"}

func figureNotFound() error { return problem.New(problem.NotFound, "There is no such photo.") }

// records keeps the photo rows: figures, figure_thumbnails and figure_orphans. It is safe
// for concurrent use.
type records struct {
	db *sqldb.DB
	// now is the clock, read at each call.
	now func() time.Time
}

// clock returns the time in UTC to the second, the precision both databases keep.
func (s *records) clock() time.Time { return s.now().UTC().Truncate(time.Second) }

// figure returns the photo record with id, or a NotFound problem.
func (s *records) figure(ctx context.Context, id string) (Figure, error) {
	f, _, err := s.figureAndThumbnail(ctx, id)
	return f, err
}

// figureAndThumbnail returns the photo record with id and its thumbnail's, which is nil for
// a photo stored before thumbnails existed and not yet asked for. It returns a NotFound
// problem when there is no such photo.
func (s *records) figureAndThumbnail(ctx context.Context, id string) (Figure, *storedImage, error) {
	var f Figure
	var tType sql.NullString
	var tSize sql.NullInt64
	var tw, th sql.NullInt32
	err := s.db.QueryRowContext(ctx, "SELECT f.id, f.member_id, f.content_type, f.size, f.width, f.height, f.created_at, "+
		"t.content_type, t.size, t.width, t.height FROM figures f LEFT JOIN figure_thumbnails t ON t.figure_id = f.id WHERE f.id = ?", id).
		Scan(&f.ID, &f.MemberID, &f.ContentType, &f.Size, &f.Width, &f.Height, &f.CreatedAt, &tType, &tSize, &tw, &th)
	if errors.Is(err, sql.ErrNoRows) {
		return Figure{}, nil, figureNotFound()
	}
	if err != nil {
		return Figure{}, nil, fmt.Errorf("read figure: %w", err)
	}
	f.URL, f.ThumbnailURL, f.CreatedAt = FigureURL(f.ID), ThumbnailURL(f.ID), f.CreatedAt.UTC()
	if !tType.Valid {
		return f, nil, nil
	}
	return f, &storedImage{ContentType: tType.String, Size: tSize.Int64, Width: int(tw.Int32), Height: int(th.Int32)}, nil
}

// replaceFigure records f, with its thumbnail, as its member's photo and returns the photo
// it replaces, if any, whose files the caller removes. In the same transaction it clears
// f's orphan row, writes one for the replaced photo (see sweep.go), and records the change,
// made by by, in the audit trail. It returns NotFound when the member does not exist.
func (s *records) replaceFigure(ctx context.Context, f Figure, thumb storedImage, by audit.Actor) (*Figure, error) {
	var old *Figure
	err := s.db.Transact(ctx, func(tx *sql.Tx) error {
		old = nil
		var username string
		err := tx.QueryRowContext(ctx, "SELECT username FROM members WHERE id = ?"+s.db.Dialect.ForUpdate(), f.MemberID).Scan(&username)
		if errors.Is(err, sql.ErrNoRows) {
			return problem.New(problem.NotFound, "There is no member with id %d.", f.MemberID)
		}
		if err != nil {
			return fmt.Errorf("read member: %w", err)
		}
		var prev Figure
		err = tx.QueryRowContext(ctx, "SELECT id, content_type FROM figures WHERE member_id = ?", f.MemberID).Scan(&prev.ID, &prev.ContentType)
		switch {
		case err == nil:
			old = &prev
			// The thumbnail's row goes with it (ON DELETE CASCADE).
			if _, err := tx.ExecContext(ctx, "DELETE FROM figures WHERE id = ?", prev.ID); err != nil {
				return fmt.Errorf("delete figure: %w", err)
			}
			if err := markOrphanTx(ctx, tx, prev.ID, f.CreatedAt); err != nil {
				return err
			}
		case !errors.Is(err, sql.ErrNoRows):
			return fmt.Errorf("read figure: %w", err)
		}
		if _, err := tx.ExecContext(ctx, "DELETE FROM figure_orphans WHERE figure_id = ?", f.ID); err != nil {
			return fmt.Errorf("clear orphan photo: %w", err)
		}
		_, err = tx.ExecContext(ctx, "INSERT INTO figures (id, member_id, content_type, size, width, height, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
			f.ID, f.MemberID, f.ContentType, f.Size, f.Width, f.Height, f.CreatedAt)
		if err != nil {
			return fmt.Errorf("insert figure: %w", err)
		}
		if err := insertThumbnail(ctx, tx, f.ID, thumb); err != nil {
			return err
		}
		var before any
		if old != nil {
			before = old.ID
		}
		return audit.Record(ctx, tx, f.CreatedAt, audit.Change{Actor: by, Member: f.MemberID, Action: audit.PhotoChanged, Subject: username,
			Before: map[string]any{"photo_id": before}, After: map[string]any{"photo_id": f.ID}})
	})
	return old, err
}

func insertThumbnail(ctx context.Context, tx *sql.Tx, id string, t storedImage) error {
	_, err := tx.ExecContext(ctx, "INSERT INTO figure_thumbnails (figure_id, content_type, size, width, height) VALUES (?, ?, ?, ?, ?)",
		id, t.ContentType, t.Size, t.Width, t.Height)
	if err != nil {
		return fmt.Errorf("insert thumbnail: %w", err)
	}
	return nil
}

// addThumbnail records the thumbnail of a photo stored before thumbnails existed. A
// thumbnail recorded meanwhile (two requests made it at once) is kept, and its record
// returned; a photo that is gone (replaced meanwhile) gives a NotFound problem.
func (s *records) addThumbnail(ctx context.Context, id string, t storedImage) (storedImage, error) {
	var out storedImage
	err := s.db.Transact(ctx, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, "SELECT COUNT(*) FROM figures WHERE id = ?"+s.db.Dialect.ForUpdate(), id).Scan(&n); err != nil {
			return fmt.Errorf("read figure: %w", err)
		}
		if n == 0 {
			return figureNotFound()
		}
		err := tx.QueryRowContext(ctx, "SELECT content_type, size, width, height FROM figure_thumbnails WHERE figure_id = ?", id).
			Scan(&out.ContentType, &out.Size, &out.Width, &out.Height)
		if err == nil {
			return nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("read thumbnail: %w", err)
		}
		out = t
		err = insertThumbnail(ctx, tx, id, t)
		if sqldb.IsDuplicate(err) {
			return problem.New(problem.Conflict, "The thumbnail was recorded meanwhile.")
		}
		return err
	})
	if problem.KindOf(err) == problem.Conflict {
		_, thumb, err := s.figureAndThumbnail(ctx, id)
		if err != nil || thumb == nil {
			return storedImage{}, figureNotFound()
		}
		return *thumb, nil
	}
	return out, err
}

package photos

import (
	"context"
	"fmt"
	"io"

	"campus.example/apps/internal/chessclub/photos/imagefile"
	"campus.example/apps/internal/problem"
)

// legacyThumbnail makes and records the thumbnail of a photo stored before thumbnails
// existed, the first time it is asked for: such a photo's file is the upload with its
// metadata removed, in its original size and type. The photo itself is left as it is,
// since its URL promises the same bytes for good. The decode runs within the memory budget
// like an upload's, so it returns the same problems: TooManyRequests when memory does not
// come free in time, Invalid when the photo could never fit the budget. Two requests at once
// may both make it; the files are the same, and the first record wins.
func (p *Service) legacyThumbnail(ctx context.Context, f Figure) (storedImage, error) {
	src, err := p.files.open(ctx, figureKey(f.ID, f.ContentType))
	if err != nil {
		return storedImage{}, fmt.Errorf("open photo %s: %w", f.ID, err)
	}
	defer src.Close()
	info, err := imagefile.Strip(src, &imagefile.DiscardSeeker{}, p.checkSize)
	if err != nil {
		return storedImage{}, fmt.Errorf("read stored photo %s: %w", f.ID, err)
	}
	if _, err := src.Seek(0, io.SeekStart); err != nil {
		return storedImage{}, err
	}
	u, err := p.render(ctx, src, info)
	if err != nil {
		return storedImage{}, err
	}
	defer u.discard()
	if err := p.files.put(ctx, thumbKey(f.ID, u.thumbInfo.ContentType), u.thumb, u.thumbInfo.ContentType); err != nil {
		return storedImage{}, fmt.Errorf("store thumbnail: %w", err)
	}
	u.thumb = nil
	rec, err := p.records.addThumbnail(ctx, f.ID, u.thumbInfo)
	if problem.KindOf(err) == problem.NotFound {
		// The photo was replaced meanwhile, and its files removed; so goes this one, as
		// an orphan like them (its row may be there still: then it is that one).
		bg := context.WithoutCancel(ctx)
		_ = p.records.markOrphan(bg, f.ID)
		p.dropOrphan(bg, f.ID)
	}
	return rec, err
}

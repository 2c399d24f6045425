package imagefile

import (
	"encoding/binary"
	"image"
	"image/draw"

	xdraw "golang.org/x/image/draw"
)

// The stored copies of a photo. Every upload is decoded and re-encoded at these sizes, so
// that what is stored carries no metadata by construction, whatever the original held, and
// the list screens load small images.
const (
	// PhotoMaxSide is the long side of a stored photo at most: larger photos are scaled
	// down, smaller ones kept at their size.
	PhotoMaxSide = 1024
	// ThumbSide is the side of a thumbnail: the photo's middle square, scaled down. The
	// app's lists show 40 px avatars, which this covers at up to 3 device pixels per CSS
	// pixel.
	ThumbSide = 128
)

// normalise turns src upright as the EXIF orientation says, scales it to fit PhotoMaxSide
// (never enlarging it) and cuts its thumbnail. Scaling first averages boxes of k×k pixels
// (an integer k that leaves the image between one and two times the target), then applies
// Catmull-Rom to the exact size: box averaging is cheap and alias-free for large factors,
// and it keeps the Catmull-Rom scaler's buffer (32 bytes per destination column and source
// row) small. The memory it takes is normaliseCost.
func normalise(src image.Image, orientation int) (photo, thumb *image.RGBA) {
	sr := src.Bounds()
	w, h := fitWithin(sr.Dx(), sr.Dy(), PhotoMaxSide)
	photo = Orient(scaleTo(src, sr, w, h), orientation)
	return photo, thumbnail(photo)
}

// fitWithin returns w×h scaled down so that its long side is at most side, keeping the
// aspect ratio (rounded, never below 1 pixel).
func fitWithin(w, h, side int) (int, int) {
	long := max(w, h)
	if long <= side {
		return w, h
	}
	return max(1, (w*side+long/2)/long), max(1, (h*side+long/2)/long)
}

// thumbnail returns the middle square of photo, scaled down to ThumbSide.
func thumbnail(photo *image.RGBA) *image.RGBA {
	b := photo.Bounds()
	s := min(b.Dx(), b.Dy())
	x0, y0 := b.Min.X+(b.Dx()-s)/2, b.Min.Y+(b.Dy()-s)/2
	t := min(s, ThumbSide)
	return scaleTo(photo, image.Rect(x0, y0, x0+s, y0+s), t, t)
}

// boxFactor is the largest integer k by which a sw×sh source can be box-averaged and still
// be at least w×h.
func boxFactor(sw, sh, w, h int) int { return max(1, min(sw/w, sh/h)) }

// scaleTo returns the sr part of src scaled to w×h (no larger than sr) as RGBA.
func scaleTo(src image.Image, sr image.Rectangle, w, h int) *image.RGBA {
	if k := boxFactor(sr.Dx(), sr.Dy(), w, h); k >= 2 {
		src = boxShrink(src, sr, k)
		sr = src.Bounds()
	}
	if rgba, ok := src.(*image.RGBA); ok && sr == image.Rect(0, 0, w, h) && rgba.Rect == sr {
		return rgba // the box filter made it already
	}
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	if sr.Size() == dst.Rect.Size() {
		draw.Draw(dst, dst.Rect, src, sr.Min, draw.Src)
		return dst
	}
	xdraw.CatmullRom.Scale(dst, dst.Rect, src, sr, xdraw.Src, nil)
	return dst
}

// boxShrink averages each k×k box of the sr part of src into one pixel (a partial box at
// the right or bottom edge into one pixel too). It converts k source rows at a time to RGBA,
// so that it never holds a second copy of the whole source. Premultiplied RGBA averages
// correctly, transparent pixels included.
func boxShrink(src image.Image, sr image.Rectangle, k int) *image.RGBA {
	sw, sh := sr.Dx(), sr.Dy()
	ow, oh := ceilDiv(sw, k), ceilDiv(sh, k)
	out := image.NewRGBA(image.Rect(0, 0, ow, oh))
	band := image.NewRGBA(image.Rect(0, 0, sw, k))
	sums := make([]uint32, 4*ow)
	for oy := range oh {
		rows := min(k, sh-oy*k)
		draw.Draw(band, image.Rect(0, 0, sw, rows), src, image.Pt(sr.Min.X, sr.Min.Y+oy*k), draw.Src)
		clear(sums)
		for y := range rows {
			addBoxRow(sums, band.Pix[y*band.Stride:y*band.Stride+4*sw], k)
		}
		dst := out.Pix[oy*out.Stride:]
		for ox := range ow {
			n := uint32(rows * min(k, sw-ox*k))
			for c := range 4 {
				dst[4*ox+c] = uint8((sums[4*ox+c] + n/2) / n)
			}
		}
	}
	return out
}

// addBoxRow adds one RGBA row to the per-box channel sums, k pixels a box (fewer in the
// last). Each pixel is read as one 32-bit word and its four channels summed in the 16-bit
// lanes of a 64-bit word, emptied into sums every 256 pixels, before a lane could overflow
// (256 × 255 < 65 536). A 36 MP photo's rows are 36 million words, so this loop is most of
// a large upload's normalising (and, under the race detector, which checks every memory
// access, most of a test's time).
func addBoxRow(sums []uint32, row []byte, k int) {
	for ox := 0; 4*ox < len(sums) && 4*ox*k < len(row); ox++ {
		box := row[4*ox*k : min(len(row), 4*(ox+1)*k)]
		s := sums[4*ox : 4*ox+4]
		for len(box) > 0 {
			part := box[:min(len(box), 4*256)]
			box = box[len(part):]
			var lanes uint64
			for i := 0; i+4 <= len(part); i += 4 {
				p := uint64(binary.LittleEndian.Uint32(part[i:]))
				lanes += p&0xff | (p&0xff00)<<8 | (p&0xff0000)<<16 | (p&0xff000000)<<24
			}
			s[0] += uint32(lanes & 0xffff)
			s[1] += uint32(lanes >> 16 & 0xffff)
			s[2] += uint32(lanes >> 32 & 0xffff)
			s[3] += uint32(lanes >> 48)
		}
	}
}

func ceilDiv(a, b int) int { return (a + b - 1) / b }

// orient returns img turned upright as EXIF orientation o (1–8) says (EXIF 2.3, 4.6.4 A,
// tag 0x0112: where the stored rows and columns are to be shown). Orientations 5 to 8 swap
// width and height. Orientation 1, or a value outside 1–8, returns img as it is.
func Orient(img *image.RGBA, o int) *image.RGBA {
	if o < 2 || o > 8 {
		return img
	}
	w, h := img.Rect.Dx(), img.Rect.Dy()
	dw, dh := w, h
	if o >= 5 {
		dw, dh = h, w
	}
	out := image.NewRGBA(image.Rect(0, 0, dw, dh))
	for y := range h {
		for x := range w {
			var dx, dy int
			switch o {
			case 2: // mirrored left to right
				dx, dy = w-1-x, y
			case 3: // turned half a circle
				dx, dy = w-1-x, h-1-y
			case 4: // mirrored top to bottom
				dx, dy = x, h-1-y
			case 5: // mirrored along the main diagonal
				dx, dy = y, x
			case 6: // to be turned a quarter clockwise
				dx, dy = h-1-y, x
			case 7: // mirrored along the other diagonal
				dx, dy = h-1-y, w-1-x
			case 8: // to be turned a quarter anticlockwise
				dx, dy = y, w-1-x
			}
			copy(out.Pix[out.PixOffset(dx, dy):out.PixOffset(dx, dy)+4], img.Pix[img.PixOffset(x+img.Rect.Min.X, y+img.Rect.Min.Y):])
		}
	}
	return out
}

package imagefile

import (
	"image"
	"image/jpeg"
	"image/png"
	"io"

	"golang.org/x/image/webp"
)

// decoders decode each accepted type in full.
var decoders = map[string]func(io.Reader) (image.Image, error){TypeJPEG: jpeg.Decode, TypePNG: png.Decode, TypeWebP: webp.Decode}

// Decode decodes the stripped image that r holds and returns its normalised copy
// and thumbnail (see normalise). Decoding in full is what the header checks of Strip
// cannot replace: a file can have every chunk in place and still not be an image. The
// decoded size must be the one the header gave.
func Decode(r io.Reader, info Info) (photo, thumb *image.RGBA, err error) {
	img, err := decoders[info.ContentType](r)
	if err != nil {
		return nil, nil, malformed("its pixel data does not decode")
	}
	if got := img.Bounds().Size(); got != image.Pt(info.Width, info.Height) {
		return nil, nil, malformed("its pixel data is %d×%d, its header says %d×%d", got.X, got.Y, info.Width, info.Height)
	}
	photo, thumb = normalise(img, info.Orientation)
	return photo, thumb, nil
}

// Quality is the JPEG quality of stored photos and thumbnails: no visible loss at the sizes
// they are shown.
const Quality = 85

// Encode writes img as photos are stored: as a JPEG at Quality when opaque (every pixel of
// the photo it belongs to is opaque), which photos compress far better, and as a PNG
// otherwise, which keeps the transparency. It returns the content type it wrote.
func Encode(w io.Writer, img *image.RGBA, opaque bool) (string, error) {
	if opaque {
		return TypeJPEG, jpeg.Encode(w, img, &jpeg.Options{Quality: Quality})
	}
	return TypePNG, png.Encode(w, img)
}

package imagefile

import "fmt"

// What decoding and normalising a photo costs in memory, computed from its headers before
// anything is decoded, so that the server admits decodes by the bytes they will take (see
// photoBudget) rather than by their number.
//
// The figures are what Go's decoders allocate, measured with runtime.MemStats.TotalAlloc
// while decoding flat images of every mode at 2048×1536 (go test -run TestDecodeCost -v
// ./internal/chessclub prints them; internal/imagetest writes the images). TotalAlloc
// counts every allocation, so it is an upper bound of what is live at the peak. Bytes per
// pixel:
//
//	image/jpeg (per pixel of the frame padded to whole MCUs)   baseline  progressive
//	  grey                                                      1         5
//	  YCbCr 4:2:0 or 4:1:1                                      1.5       7.5
//	  YCbCr 4:2:2 or 4:4:0                                      2         10
//	  YCbCr 4:4:4                                               3         15
//	  RGB (Adobe transform 0, or components named R, G, B)      7         19
//	  CMYK 1:1:1:1                                              8         24
//	  YCCK 2:1:1:2                                              6.5       16.5
//	  rule: 1 byte per sample, + 4 per sample when progressive (an int32 coefficient kept
//	  for every sample of the whole image until the last scan), + 4 per pixel when the
//	  result is converted to RGBA or CMYK (RGB and four-component files)
//
//	image/png                                      depth 1–8  depth 16
//	  grey                                         1          2
//	  grey with tRNS (decoded with alpha)          4          8
//	  RGB, with or without tRNS                    4          8
//	  palette                                      1          –
//	  grey with alpha, RGBA                        4          8
//	  interlaced: twice these (each Adam7 pass is decoded into an image of its own and then
//	  copied into the whole one)
//
//	golang.org/x/image/webp
//	  lossy (VP8), per pixel padded to 16×16 macroblocks       1.5
//	  + alpha stored raw                                        1
//	  + alpha compressed losslessly (VP8L)                      7 (4.5–7: 6 with a palette
//	                                                              of 5–16 colours, then 1)
//	  lossless (VP8L)                                           6 (4 without a palette,
//	                                                              4.5–6 with one of ≤16)
//	  the compressed data of a lossy image, read whole          1 per byte of the file
//	  VP8L prefix-code groups: not a per-pixel cost; bounded by vp8lTreeBytes
//
// Normalising (normalise) adds what normaliseCost computes: the band and the averaged image
// of the box filter, the Catmull-Rom scaler's buffer (32 bytes per destination column and
// source row), the scaled photo, its turned copy and the thumbnail.
const (
	jpegSampleBytes      = 1 // a decoded sample of a component plane
	jpegCoefficientBytes = 4 // a progressive frame's int32 coefficient per sample
	jpegConvertBytes     = 4 // RGBA or CMYK output of RGB and four-component files

	// webpLossyBytes4 is lossy WebP's YCbCr 4:2:0 planes, in quarter bytes per pixel.
	webpLossyBytes4 = 6
	// vp8lBytes is what lossless WebP takes per pixel at most: 4 for the ARGB pixels, and
	// 2 more for the packed indices a palette of 5 to 16 colours leaves before unpacking.
	vp8lBytes = 6

	// decodeOverhead covers what does not grow with the image: buffers, tables, the
	// decoder's state, the encoders' buffers.
	decodeOverhead = 2 << 20
)

// vp8lTreeBytes bounds the memory of a VP8L stream's prefix codes. x/image/webp refuses more
// than 2600 groups of five codes; a group takes 2 680 bytes of lookup tables, up to 50 136
// bytes of tree nodes (16 bytes per coded symbol, 2 328 symbols at most for green with a
// full colour cache) and 12.5 KB of code-length arrays while it is read. Nodes need coded
// symbols, which cost the file at least a third of a bit each, so the bound is the lesser
// of the groups' maximum and 512 bytes per byte of the file.
func vp8lTreeBytes(fileSize int64) int64 {
	const groups, tables, most = 2600, 2680, 2680 + 50136 + 12_800
	return min(groups*most, groups*tables+512*fileSize)
}

// pngBytesPerPixel is the table above for PNG, by colour type, without interlacing.
func pngBytesPerPixel(m Mode) int64 {
	wide := int64(1)
	if m.Depth == 16 {
		wide = 2
	}
	switch m.ColourType {
	case 0: // grey
		if m.Transparency {
			return 4 * wide
		}
		return wide
	case 3: // palette
		return 1
	}
	return 4 * wide // RGB, grey with alpha, RGBA
}

// DecodeCost returns the bytes that decoding info's image takes at most, with what
// normalising it adds. The image's dimensions have been checked against the pixel limit,
// so the products cannot overflow.
func DecodeCost(info Info) int64 {
	w, h := int64(info.Width), int64(info.Height)
	m := info.Mode
	var cost int64
	switch info.ContentType {
	case TypeJPEG:
		cost = jpegCost(w, h, m)
	case TypePNG:
		cost = pngBytesPerPixel(m) * w * h
		if m.Interlaced {
			cost *= 2
		}
		cost += 2 * (8*w + 1) // the current and previous rows
	case TypeWebP:
		cost = info.Size
		switch {
		case m.Lossless || m.Animated:
			cost += vp8lBytes*w*h + vp8lTreeBytes(info.Size)
		default:
			mbw, mbh := (w+15)/16, (h+15)/16
			cost += webpLossyBytes4*256*mbw*mbh/4 + 64*mbw*mbh
			switch m.Alpha {
			case alphaRaw:
				cost += w * h
			case alphaLossless:
				cost += (vp8lBytes+1)*w*h + vp8lTreeBytes(info.Size)
			}
		}
	}
	return cost + normaliseCost(info.Width, info.Height, info.Orientation) + decodeOverhead
}

// jpegCost is the table above for JPEG. As Go's decoder does, a lone component counts as
// 1×1, and the planes cover whole MCUs.
func jpegCost(w, h int64, m Mode) int64 {
	sampling := m.Sampling
	if len(sampling) == 1 {
		sampling = [][2]int{{1, 1}}
	}
	hmax, vmax := 1, 1
	for _, s := range sampling {
		hmax, vmax = max(hmax, s[0]), max(vmax, s[1])
	}
	mcuW, mcuH := int64(8*hmax), int64(8*vmax)
	pw, ph := (w+mcuW-1)/mcuW*mcuW, (h+mcuH-1)/mcuH*mcuH
	// samples counts the samples of all planes in units of 1/(hmax·vmax) per pixel.
	var samples int64
	for _, s := range sampling {
		samples += int64(s[0] * s[1])
	}
	perSample := int64(jpegSampleBytes)
	if m.Progressive {
		perSample += jpegCoefficientBytes
	}
	cost := perSample * samples * pw * ph / int64(hmax*vmax)
	rgb := len(sampling) == 3 && ((m.Adobe && m.AdobeTransform == 0) || string(m.ComponentIDs) == "RGB")
	if rgb || len(sampling) == 4 {
		cost += jpegConvertBytes * pw * ph
	}
	return cost
}

// normaliseCost returns the bytes normalise takes for a w×h image with EXIF orientation o:
// see normalise, scaleTo and boxShrink for where each term comes from.
func normaliseCost(w, h, o int) int64 {
	pw, ph := fitWithin(w, h, PhotoMaxSide)
	cost := scaleCost(w, h, pw, ph)
	if o >= 2 && o <= 8 {
		cost += 4 * int64(pw) * int64(ph) // the turned copy
	}
	s := min(pw, ph)
	t := min(s, ThumbSide)
	return cost + scaleCost(s, s, t, t)
}

// scaleCost is what scaleTo allocates to scale sw×sh to w×h.
func scaleCost(sw, sh, w, h int) int64 {
	var cost int64
	boxed := false
	if k := boxFactor(sw, sh, w, h); k >= 2 {
		boxed = true
		ow, oh := ceilDiv(sw, k), ceilDiv(sh, k)
		cost += 4*int64(sw)*int64(k) + 16*int64(ow) + 4*int64(ow)*int64(oh)
		sw, sh = ow, oh
	}
	if sw == w && sh == h && boxed {
		return cost // the box filter's result is the scaled image
	}
	if sw != w || sh != h {
		// The scaler's buffer, and its tables of weights (a few per source pixel of each
		// axis).
		cost += 32*int64(w)*int64(sh) + 256*int64(sw+sh)
	}
	return cost + 4*int64(w)*int64(h)
}

// ModeName describes info's decoding mode for people, in the words of the table above.
func ModeName(info Info) string {
	m := info.Mode
	switch info.ContentType {
	case TypeJPEG:
		kind := "baseline"
		if m.Progressive {
			kind = "progressive"
		}
		colours := map[int]string{1: "grey", 3: "YCbCr", 4: "CMYK"}[len(m.Sampling)]
		if len(m.Sampling) == 3 && ((m.Adobe && m.AdobeTransform == 0) || string(m.ComponentIDs) == "RGB") {
			colours = "RGB"
		}
		if colours == "" {
			colours = fmt.Sprintf("%d-component", len(m.Sampling))
		}
		return kind + " " + colours + " JPEG"
	case TypePNG:
		il := ""
		if m.Interlaced {
			il = "interlaced "
		}
		return fmt.Sprintf("%s%d-bit PNG", il, m.Depth)
	}
	if m.Lossless {
		return "lossless WebP"
	}
	return "lossy WebP"
}

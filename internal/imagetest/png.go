package imagetest

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
)

// PNG colour types (PNG specification, table 11.1).
const (
	PNGGray      = 0
	PNGRGB       = 2
	PNGPalette   = 3
	PNGGrayAlpha = 4
	PNGRGBA      = 6
)

// PNG describes a PNG whose pixels are all zero bytes: black, or the first palette entry.
type PNG struct {
	Width, Height int
	ColourType    byte
	Depth         byte
	// Interlaced writes the seven Adam7 passes (PNG specification 8.2).
	Interlaced bool
	// TRNS adds a tRNS chunk: a transparent grey level or colour, or alpha for every
	// palette entry. Decoders then give grey and RGB images an alpha channel.
	TRNS bool
}

// adam7 are the passes' first column and row and their steps.
var adam7 = [7][4]int{{0, 0, 8, 8}, {4, 0, 8, 8}, {0, 4, 4, 8}, {2, 0, 4, 4}, {0, 2, 2, 4}, {1, 0, 2, 2}, {0, 1, 1, 2}}

// Encode writes the file.
func (p PNG) Encode() []byte {
	out := []byte("\x89PNG\r\n\x1a\n")
	ihdr := binary.BigEndian.AppendUint32(nil, uint32(p.Width))
	ihdr = binary.BigEndian.AppendUint32(ihdr, uint32(p.Height))
	interlace := byte(0)
	if p.Interlaced {
		interlace = 1
	}
	out = pngChunk(out, "IHDR", append(ihdr, p.Depth, p.ColourType, 0, 0, interlace))
	if p.ColourType == PNGPalette {
		out = pngChunk(out, "PLTE", make([]byte, 3<<p.Depth))
	}
	if p.TRNS {
		switch p.ColourType {
		case PNGGray:
			out = pngChunk(out, "tRNS", []byte{0, 1})
		case PNGRGB:
			out = pngChunk(out, "tRNS", []byte{0, 1, 0, 1, 0, 1})
		case PNGPalette:
			out = pngChunk(out, "tRNS", bytes.Repeat([]byte{128}, 1<<p.Depth))
		}
	}
	var idat bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&idat, zlib.BestSpeed)
	channels := map[byte]int{PNGGray: 1, PNGRGB: 3, PNGPalette: 1, PNGGrayAlpha: 2, PNGRGBA: 4}[p.ColourType]
	bitsPerPixel := channels * int(p.Depth)
	row := make([]byte, 1+ceilDiv(p.Width*bitsPerPixel, 8)) // filter type 0, then zeros
	writeRows := func(w, h int) {
		if w == 0 || h == 0 {
			return // an empty pass has no rows at all, not even filter bytes
		}
		n := 1 + ceilDiv(w*bitsPerPixel, 8)
		for range h {
			_, _ = zw.Write(row[:n])
		}
	}
	if !p.Interlaced {
		writeRows(p.Width, p.Height)
	}
	for _, a := range adam7 {
		if p.Interlaced {
			writeRows(passSize(p.Width, a[0], a[2]), passSize(p.Height, a[1], a[3]))
		}
	}
	_ = zw.Close()
	out = pngChunk(out, "IDAT", idat.Bytes())
	return pngChunk(out, "IEND", nil)
}

// passSize is how many of n columns (or rows) an Adam7 pass holds from start in steps.
func passSize(n, start, step int) int {
	if n <= start {
		return 0
	}
	return ceilDiv(n-start, step)
}

func pngChunk(out []byte, typ string, data []byte) []byte {
	out = binary.BigEndian.AppendUint32(out, uint32(len(data)))
	start := len(out)
	out = append(out, typ...)
	out = append(out, data...)
	return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[start:]))
}

package imagetest

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"testing"
)

// The fixtures below are small real photos with the metadata that phones and cameras write
// (EXIF, XMP, comments, ICC profiles, private chunks), for the tests that check what an
// upload keeps and drops. GPSMarker and SecretMarker stand for what must not survive.

// VP8X flags (RFC 9649 2.7): the chunks an extended WebP announces.
const (
	vp8xICC  = 0x20
	vp8xEXIF = 0x08
	vp8xXMP  = 0x04
)

// GPSMarker stands for the location an EXIF block gives away; it must not survive.
const GPSMarker = "GPS 47.3769N 8.5417E"

// Pattern is a w×h opaque image whose pixels all differ from their neighbours, so that it
// compresses like a photo, not like a flat colour.
func Pattern(w, h int) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.RGBA{uint8(x * 7), uint8(y * 13), uint8(x ^ y), 255})
		}
	}
	return img
}

// SampleJPEG encodes a w×h JPEG; with exif it carries an APP1 Exif segment, an XMP segment and
// a comment, all holding GPSMarker.
func SampleJPEG(t testing.TB, w, h int, exif bool) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, Pattern(w, h), &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	b := buf.Bytes()
	if !exif {
		return b
	}
	seg := func(marker byte, payload string) []byte {
		out := []byte{0xFF, marker, 0, 0}
		binary.BigEndian.PutUint16(out[2:], uint16(len(payload)+2))
		return append(out, payload...)
	}
	var meta []byte
	meta = append(meta, seg(0xE1, "Exif\x00\x00MM\x00\x2a"+GPSMarker)...)
	meta = append(meta, seg(0xE1, "http://ns.adobe.com/xap/1.0/\x00<x:xmpmeta>"+GPSMarker+"</x:xmpmeta>")...)
	meta = append(meta, seg(0xFE, "taken at "+GPSMarker)...)
	out := append([]byte{}, b[:2]...)
	out = append(out, meta...)
	out = append(out, b[2:]...)
	// Bytes after the end of the image are dropped too.
	return append(out, []byte("trailer "+GPSMarker)...)
}

// PNGChunk is a PNG chunk of type typ holding data, with its checksum.
func PNGChunk(typ string, data []byte) []byte {
	out := make([]byte, 8, 12+len(data))
	binary.BigEndian.PutUint32(out, uint32(len(data)))
	copy(out[4:], typ)
	out = append(out, data...)
	crc := crc32.NewIEEE()
	crc.Write([]byte(typ))
	crc.Write(data)
	return binary.BigEndian.AppendUint32(out, crc.Sum32())
}

// SamplePNG encodes a w×h PNG; with meta it carries tEXt, iTXt and eXIf chunks after IHDR.
func SamplePNG(t testing.TB, w, h int, meta bool) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, Pattern(w, h)); err != nil {
		t.Fatal(err)
	}
	b := buf.Bytes()
	if !meta {
		return b
	}
	const afterIHDR = 8 + 25
	out := append([]byte{}, b[:afterIHDR]...)
	out = append(out, PNGChunk("tEXt", []byte("Comment\x00"+GPSMarker))...)
	out = append(out, PNGChunk("iTXt", []byte("XML:com.adobe.xmp\x00\x00\x00\x00\x00"+GPSMarker))...)
	out = append(out, PNGChunk("eXIf", []byte("MM\x00\x2a"+GPSMarker))...)
	return append(out, b[afterIHDR:]...)
}

// PNGClaiming is a tiny PNG whose header claims w×h pixels: a decompression bomb's start.
// Its IDAT holds zeros, which do not inflate.
func PNGClaiming(w, h uint32) []byte {
	return PNGOf(PNGIHDR(w, h, 8, 2), PNGChunk("IDAT", make([]byte, 64)))
}

// PNGIHDR is an IHDR chunk with a valid checksum, whatever the values.
func PNGIHDR(w, h uint32, depth, colourType byte) []byte {
	ihdr := binary.BigEndian.AppendUint32(nil, w)
	ihdr = binary.BigEndian.AppendUint32(ihdr, h)
	return PNGChunk("IHDR", append(ihdr, depth, colourType, 0, 0, 0))
}

// PNGOf is a PNG signature, the chunks, and IEND.
func PNGOf(chunks ...[]byte) []byte {
	out := []byte("\x89PNG\r\n\x1a\n")
	for _, c := range chunks {
		out = append(out, c...)
	}
	return append(out, PNGChunk("IEND", nil)...)
}

// PNGIDAT returns the IDAT chunks of a real PNG.
func PNGIDAT(t testing.TB, b []byte) []byte {
	t.Helper()
	var out []byte
	for i := 8; i+12 <= len(b); {
		n := int(binary.BigEndian.Uint32(b[i:]))
		if string(b[i+4:i+8]) == "IDAT" {
			out = append(out, b[i:i+12+n]...)
		}
		i += 12 + n
	}
	if out == nil {
		t.Fatal("no IDAT in the test PNG")
	}
	return out
}

// JPEGSecondSOF adds to a small JPEG a second frame header, after the first, that claims
// w×h pixels.
func JPEGSecondSOF(t testing.TB, b []byte, w, h uint16) []byte {
	t.Helper()
	i := bytes.Index(b, []byte{0xFF, 0xC0})
	if i < 0 {
		t.Fatal("no SOF0 in the test JPEG")
	}
	end := i + 2 + int(binary.BigEndian.Uint16(b[i+2:]))
	sof := append([]byte{}, b[i:end]...)
	sof[5], sof[6], sof[7], sof[8] = byte(h>>8), byte(h), byte(w>>8), byte(w)
	out := append([]byte{}, b[:end]...)
	out = append(out, sof...)
	return append(out, b[end:]...)
}

// TinyWebP is a 1×1 lossy WebP (a VP8 chunk in a simple RIFF container).
var TinyWebP = []byte{
	'R', 'I', 'F', 'F', 0x22, 0, 0, 0, 'W', 'E', 'B', 'P', 'V', 'P', '8', ' ', 0x16, 0, 0, 0,
	0x30, 0x01, 0x00, 0x9d, 0x01, 0x2a, 0x01, 0x00, 0x01, 0x00, 0x0e, 0xc0, 0xfe, 0x25, 0xa4, 0x00,
	0x03, 0x70, 0x00, 0x00, 0x00, 0x00,
}

// SampleWebP wraps TinyWebP's VP8 chunk in an extended (VP8X) container with EXIF and XMP
// chunks, as phones write it.
func SampleWebP(t testing.TB) []byte {
	t.Helper()
	vp8 := TinyWebP[12:]
	chunk := func(fourcc string, data []byte) []byte {
		out := append([]byte(fourcc), binary.LittleEndian.AppendUint32(nil, uint32(len(data)))...)
		out = append(out, data...)
		if len(data)%2 == 1 {
			out = append(out, 0)
		}
		return out
	}
	vp8x := []byte{vp8xEXIF | vp8xXMP, 0, 0, 0, 0, 0, 0, 0, 0, 0} // 1×1 canvas
	var body []byte
	body = append(body, chunk("VP8X", vp8x)...)
	body = append(body, vp8...)
	body = append(body, chunk("EXIF", []byte("MM\x00\x2a"+GPSMarker))...)
	body = append(body, chunk("XMP ", []byte("<x:xmpmeta>"+GPSMarker+"</x:xmpmeta>"))...)
	out := append([]byte("RIFF"), binary.LittleEndian.AppendUint32(nil, uint32(4+len(body)))...)
	out = append(out, "WEBP"...)
	return append(out, body...)
}

// SecretMarker hides in metadata that a blocklist would miss; it must not survive either.
const SecretMarker = "GPS-SECRET"

// JPEGSegment is a JPEG marker segment with payload.
func JPEGSegment(marker byte, payload string) []byte {
	out := []byte{0xFF, marker, 0, 0}
	binary.BigEndian.PutUint16(out[2:], uint16(len(payload)+2))
	return append(out, payload...)
}

// jfifCore is the fixed part of a JFIF APP0 segment: version 1.2, 72×72 dpi, and the
// thumbnail size given.
func jfifCore(thumbW, thumbH byte) string {
	return "JFIF\x00\x01\x02\x01\x00\x48\x00\x48" + string([]byte{thumbW, thumbH})
}

// LeakyJPEG is a 40×30 JPEG whose metadata hides SecretMarker where a blocklist of APP1–APP13,
// APP15 and COM would not look: a JFIF APP0 with a thumbnail, a JFXX APP0, and a JPG0
// extension segment; an ICC profile (APP2) and a comment carry it too.
func LeakyJPEG(t testing.TB) []byte {
	t.Helper()
	b := SampleJPEG(t, 40, 30, false)
	var meta []byte
	meta = append(meta, JPEGSegment(0xE0, jfifCore(2, 2)+SecretMarker+"!!")...) // 2×2 RGB thumbnail
	meta = append(meta, JPEGSegment(0xE0, "JFXX\x00\x10"+SecretMarker)...)
	meta = append(meta, JPEGSegment(0xE2, "ICC_PROFILE\x00\x01\x01"+SecretMarker)...)
	meta = append(meta, JPEGSegment(0xF0, SecretMarker)...)
	meta = append(meta, JPEGSegment(0xFE, SecretMarker)...)
	out := append([]byte{}, b[:2]...)
	out = append(out, meta...)
	return append(out, b[2:]...)
}

// LeakyPNG is a 20×10 PNG with SecretMarker in a private chunk (prVt), a lower-case exIf and
// an unregistered tEXT-like chunk, next to a gAMA chunk that must be kept.
func LeakyPNG(t testing.TB) []byte {
	t.Helper()
	b := SamplePNG(t, 20, 10, false)
	const afterIHDR = 8 + 25
	out := append([]byte{}, b[:afterIHDR]...)
	out = append(out, PNGChunk("gAMA", []byte{0, 0, 0xB1, 0x8F})...)
	out = append(out, PNGChunk("prVt", []byte(SecretMarker))...)
	out = append(out, PNGChunk("exIf", []byte("MM\x00\x2a"+SecretMarker))...)
	out = append(out, PNGChunk("teXt", []byte("Comment\x00"+SecretMarker))...)
	return append(out, b[afterIHDR:]...)
}

// WebPChunk is a RIFF chunk, padded to an even length.
func WebPChunk(fourcc string, data []byte) []byte {
	out := append([]byte(fourcc), binary.LittleEndian.AppendUint32(nil, uint32(len(data)))...)
	out = append(out, data...)
	if len(data)%2 == 1 {
		out = append(out, 0)
	}
	return out
}

// WebPFile wraps chunks in a RIFF WEBP header.
func WebPFile(chunks ...[]byte) []byte {
	var body []byte
	for _, c := range chunks {
		body = append(body, c...)
	}
	out := append([]byte("RIFF"), binary.LittleEndian.AppendUint32(nil, uint32(4+len(body)))...)
	out = append(out, "WEBP"...)
	return append(out, body...)
}

// LeakyWebP is a 1×1 extended WebP with SecretMarker in an ICC profile, which VP8X
// announces, and in chunks no blocklist knows.
func LeakyWebP() []byte {
	vp8x := []byte{vp8xICC, 0, 0, 0, 0, 0, 0, 0, 0, 0}
	return WebPFile(WebPChunk("VP8X", vp8x), WebPChunk("ICCP", []byte(SecretMarker)), TinyWebP[12:],
		WebPChunk("exif", []byte(SecretMarker)), WebPChunk("META", []byte(SecretMarker)))
}

// PNGWithChunk is an 8×8 PNG with one more chunk after IHDR.
func PNGWithChunk(t testing.TB, typ string, data []byte) []byte {
	t.Helper()
	b := SamplePNG(t, 8, 8, false)
	const afterIHDR = 8 + 25
	out := append([]byte{}, b[:afterIHDR]...)
	out = append(out, PNGChunk(typ, data)...)
	return append(out, b[afterIHDR:]...)
}

// JPEGNoiseScan keeps a small JPEG's headers but cuts its scan to one byte: every segment is
// in order, yet the pixels are not there.
func JPEGNoiseScan(t testing.TB, b []byte) []byte {
	t.Helper()
	i := bytes.Index(b, []byte{0xFF, 0xDA})
	if i < 0 {
		t.Fatal("no SOS in the test JPEG")
	}
	end := i + 2 + int(binary.BigEndian.Uint16(b[i+2:]))
	out := append([]byte{}, b[:end]...)
	return append(out, 0x12, 0xFF, 0xD9)
}

// WebPClaiming is an extended WebP whose VP8X canvas claims w×h pixels.
func WebPClaiming(w, h int) []byte {
	vp8x := []byte{0, 0, 0, 0, byte(w - 1), byte((w - 1) >> 8), byte((w - 1) >> 16), byte(h - 1), byte((h - 1) >> 8), byte((h - 1) >> 16)}
	body := append([]byte("VP8X\x0a\x00\x00\x00"), vp8x...)
	body = append(body, TinyWebP[12:]...)
	out := append([]byte("RIFF"), byte(len(body)+4), byte((len(body)+4)>>8), 0, 0)
	out = append(out, "WEBP"...)
	return append(out, body...)
}

// Metadata lists what a JPEG or PNG holds besides what Go's encoders write for pixels:
// JPEG segments other than DQT, SOF0, DHT and SOS, and PNG chunks other than IHDR, IDAT and
// IEND.
func Metadata(t testing.TB, b []byte) []string {
	t.Helper()
	var extra []string
	switch {
	case bytes.HasPrefix(b, []byte{0xFF, 0xD8}):
		for i := 2; i+4 <= len(b); {
			m := b[i+1]
			if m == 0xDA {
				return extra
			}
			if m != 0xDB && m != 0xC0 && m != 0xC4 {
				extra = append(extra, fmt.Sprintf("JPEG segment %#x", m))
			}
			i += 2 + int(binary.BigEndian.Uint16(b[i+2:]))
		}
		t.Fatal("JPEG without a scan")
	case bytes.HasPrefix(b, []byte("\x89PNG")):
		for i := 8; i+8 <= len(b); {
			n, typ := int(binary.BigEndian.Uint32(b[i:])), string(b[i+4:i+8])
			if typ != "IHDR" && typ != "IDAT" && typ != "IEND" {
				extra = append(extra, "PNG chunk "+typ)
			}
			i += 12 + n
		}
		return extra
	}
	t.Fatalf("neither JPEG nor PNG: % x", b[:min(8, len(b))])
	return nil
}

package chessclub

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"testing"
)

// gpsMarker stands for the location an EXIF block gives away; it must not survive.
const gpsMarker = "GPS 47.3769N 8.5417E"

func testImage(w, h int) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.RGBA{uint8(x * 7), uint8(y * 13), uint8(x ^ y), 255})
		}
	}
	return img
}

// testJPEG encodes a w×h JPEG; with exif it carries an APP1 Exif segment, an XMP segment and
// a comment, all holding gpsMarker.
func testJPEG(t testing.TB, w, h int, exif bool) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, testImage(w, h), &jpeg.Options{Quality: 90}); err != nil {
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
	meta = append(meta, seg(0xE1, "Exif\x00\x00MM\x00\x2a"+gpsMarker)...)
	meta = append(meta, seg(0xE1, "http://ns.adobe.com/xap/1.0/\x00<x:xmpmeta>"+gpsMarker+"</x:xmpmeta>")...)
	meta = append(meta, seg(0xFE, "taken at "+gpsMarker)...)
	out := append([]byte{}, b[:2]...)
	out = append(out, meta...)
	out = append(out, b[2:]...)
	// Bytes after the end of the image are dropped too.
	return append(out, []byte("trailer "+gpsMarker)...)
}

func pngChunk(typ string, data []byte) []byte {
	out := make([]byte, 8, 12+len(data))
	binary.BigEndian.PutUint32(out, uint32(len(data)))
	copy(out[4:], typ)
	out = append(out, data...)
	crc := crc32.NewIEEE()
	crc.Write([]byte(typ))
	crc.Write(data)
	return binary.BigEndian.AppendUint32(out, crc.Sum32())
}

// testPNG encodes a w×h PNG; with meta it carries tEXt, iTXt and eXIf chunks after IHDR.
func testPNG(t testing.TB, w, h int, meta bool) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, testImage(w, h)); err != nil {
		t.Fatal(err)
	}
	b := buf.Bytes()
	if !meta {
		return b
	}
	const afterIHDR = 8 + 25
	out := append([]byte{}, b[:afterIHDR]...)
	out = append(out, pngChunk("tEXt", []byte("Comment\x00"+gpsMarker))...)
	out = append(out, pngChunk("iTXt", []byte("XML:com.adobe.xmp\x00\x00\x00\x00\x00"+gpsMarker))...)
	out = append(out, pngChunk("eXIf", []byte("MM\x00\x2a"+gpsMarker))...)
	return append(out, b[afterIHDR:]...)
}

// pngClaiming is a tiny PNG whose header claims w×h pixels: a decompression bomb's start.
// Its IDAT holds zeros, which do not inflate.
func pngClaiming(w, h uint32) []byte {
	return pngOf(pngIHDR(w, h, 8, 2), pngChunk("IDAT", make([]byte, 64)))
}

// pngIHDR is an IHDR chunk with a valid checksum, whatever the values.
func pngIHDR(w, h uint32, depth, colourType byte) []byte {
	ihdr := binary.BigEndian.AppendUint32(nil, w)
	ihdr = binary.BigEndian.AppendUint32(ihdr, h)
	return pngChunk("IHDR", append(ihdr, depth, colourType, 0, 0, 0))
}

// pngOf is a PNG signature, the chunks, and IEND.
func pngOf(chunks ...[]byte) []byte {
	out := []byte("\x89PNG\r\n\x1a\n")
	for _, c := range chunks {
		out = append(out, c...)
	}
	return append(out, pngChunk("IEND", nil)...)
}

// pngIDAT returns the IDAT chunks of a real PNG.
func pngIDAT(t testing.TB, b []byte) []byte {
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

// jpegSecondSOF adds to a small JPEG a second frame header, after the first, that claims
// w×h pixels.
func jpegSecondSOF(t testing.TB, b []byte, w, h uint16) []byte {
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

// webpLossy is a 1×1 lossy WebP (a VP8 chunk in a simple RIFF container).
var webpLossy = []byte{
	'R', 'I', 'F', 'F', 0x22, 0, 0, 0, 'W', 'E', 'B', 'P', 'V', 'P', '8', ' ', 0x16, 0, 0, 0,
	0x30, 0x01, 0x00, 0x9d, 0x01, 0x2a, 0x01, 0x00, 0x01, 0x00, 0x0e, 0xc0, 0xfe, 0x25, 0xa4, 0x00,
	0x03, 0x70, 0x00, 0x00, 0x00, 0x00,
}

// testWebP wraps webpLossy's VP8 chunk in an extended (VP8X) container with EXIF and XMP
// chunks, as phones write it.
func testWebP(t testing.TB) []byte {
	t.Helper()
	vp8 := webpLossy[12:]
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
	body = append(body, chunk("EXIF", []byte("MM\x00\x2a"+gpsMarker))...)
	body = append(body, chunk("XMP ", []byte("<x:xmpmeta>"+gpsMarker+"</x:xmpmeta>"))...)
	out := append([]byte("RIFF"), binary.LittleEndian.AppendUint32(nil, uint32(4+len(body)))...)
	out = append(out, "WEBP"...)
	return append(out, body...)
}

// secretMarker hides in metadata that a blocklist would miss; it must not survive either.
const secretMarker = "GPS-SECRET"

// jpegSegment is a JPEG marker segment with payload.
func jpegSegment(marker byte, payload string) []byte {
	out := []byte{0xFF, marker, 0, 0}
	binary.BigEndian.PutUint16(out[2:], uint16(len(payload)+2))
	return append(out, payload...)
}

// jfifCore is the fixed part of a JFIF APP0 segment: version 1.2, 72×72 dpi, and the
// thumbnail size given.
func jfifCore(thumbW, thumbH byte) string {
	return "JFIF\x00\x01\x02\x01\x00\x48\x00\x48" + string([]byte{thumbW, thumbH})
}

// leakyJPEG is a 40×30 JPEG whose metadata hides secretMarker where a blocklist of APP1–APP13,
// APP15 and COM would not look: a JFIF APP0 with a thumbnail, a JFXX APP0, and a JPG0
// extension segment; an ICC profile (APP2) and a comment carry it too.
func leakyJPEG(t testing.TB) []byte {
	t.Helper()
	b := testJPEG(t, 40, 30, false)
	var meta []byte
	meta = append(meta, jpegSegment(0xE0, jfifCore(2, 2)+secretMarker+"!!")...) // 2×2 RGB thumbnail
	meta = append(meta, jpegSegment(0xE0, "JFXX\x00\x10"+secretMarker)...)
	meta = append(meta, jpegSegment(0xE2, "ICC_PROFILE\x00\x01\x01"+secretMarker)...)
	meta = append(meta, jpegSegment(0xF0, secretMarker)...)
	meta = append(meta, jpegSegment(0xFE, secretMarker)...)
	out := append([]byte{}, b[:2]...)
	out = append(out, meta...)
	return append(out, b[2:]...)
}

// leakyPNG is a 20×10 PNG with secretMarker in a private chunk (prVt), a lower-case exIf and
// an unregistered tEXT-like chunk, next to a gAMA chunk that must be kept.
func leakyPNG(t testing.TB) []byte {
	t.Helper()
	b := testPNG(t, 20, 10, false)
	const afterIHDR = 8 + 25
	out := append([]byte{}, b[:afterIHDR]...)
	out = append(out, pngChunk("gAMA", []byte{0, 0, 0xB1, 0x8F})...)
	out = append(out, pngChunk("prVt", []byte(secretMarker))...)
	out = append(out, pngChunk("exIf", []byte("MM\x00\x2a"+secretMarker))...)
	out = append(out, pngChunk("teXt", []byte("Comment\x00"+secretMarker))...)
	return append(out, b[afterIHDR:]...)
}

// webpChunk is a RIFF chunk, padded to an even length.
func webpChunk(fourcc string, data []byte) []byte {
	out := append([]byte(fourcc), binary.LittleEndian.AppendUint32(nil, uint32(len(data)))...)
	out = append(out, data...)
	if len(data)%2 == 1 {
		out = append(out, 0)
	}
	return out
}

// webpFile wraps chunks in a RIFF WEBP header.
func webpFile(chunks ...[]byte) []byte {
	var body []byte
	for _, c := range chunks {
		body = append(body, c...)
	}
	out := append([]byte("RIFF"), binary.LittleEndian.AppendUint32(nil, uint32(4+len(body)))...)
	out = append(out, "WEBP"...)
	return append(out, body...)
}

// leakyWebP is a 1×1 extended WebP with secretMarker in an ICC profile, which VP8X
// announces, and in chunks no blocklist knows.
func leakyWebP() []byte {
	vp8x := []byte{vp8xICC, 0, 0, 0, 0, 0, 0, 0, 0, 0}
	return webpFile(webpChunk("VP8X", vp8x), webpChunk("ICCP", []byte(secretMarker)), webpLossy[12:],
		webpChunk("exif", []byte(secretMarker)), webpChunk("META", []byte(secretMarker)))
}

// pngWithChunk is an 8×8 PNG with one more chunk after IHDR.
func pngWithChunk(t testing.TB, typ string, data []byte) []byte {
	t.Helper()
	b := testPNG(t, 8, 8, false)
	const afterIHDR = 8 + 25
	out := append([]byte{}, b[:afterIHDR]...)
	out = append(out, pngChunk(typ, data)...)
	return append(out, b[afterIHDR:]...)
}

// jpegNoiseScan keeps a small JPEG's headers but cuts its scan to one byte: every segment is
// in order, yet the pixels are not there.
func jpegNoiseScan(t testing.TB, b []byte) []byte {
	t.Helper()
	i := bytes.Index(b, []byte{0xFF, 0xDA})
	if i < 0 {
		t.Fatal("no SOS in the test JPEG")
	}
	end := i + 2 + int(binary.BigEndian.Uint16(b[i+2:]))
	out := append([]byte{}, b[:end]...)
	return append(out, 0x12, 0xFF, 0xD9)
}

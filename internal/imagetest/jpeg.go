package imagetest

import "encoding/binary"

// Adobe colour transforms (the last byte of an APP14 "Adobe" segment): how a decoder reads
// three or four components.
const (
	AdobeRGBOrCMYK = 0 // components are R, G, B or C, M, Y, K
	AdobeYCbCr     = 1
	AdobeYCCK      = 2
)

// JPEG describes a flat JPEG: every 8×8 block holds only a DC coefficient of zero, coded in
// one bit, so a 6320×6320 progressive CMYK image takes about 312 KB.
type JPEG struct {
	Width, Height int
	// Sampling holds each component's horizontal and vertical sampling factors: one entry
	// for grey, three for YCbCr or RGB, four for CMYK or YCCK. The first component's
	// factors must be the largest, as decoders expect.
	Sampling [][2]int
	// Progressive writes a progressive frame (SOF2) with one interleaved DC scan, so that a
	// decoder keeps coefficients for the whole image; otherwise a baseline frame (SOF0).
	Progressive bool
	// Adobe writes an APP14 Adobe segment with Transform, which four-component files need.
	Adobe     bool
	Transform byte
}

// Gray, YCbCr420, YCbCr444 and CMYK are the usual sampling layouts.
var (
	Gray     = [][2]int{{1, 1}}
	YCbCr420 = [][2]int{{2, 2}, {1, 1}, {1, 1}}
	YCbCr422 = [][2]int{{2, 1}, {1, 1}, {1, 1}}
	YCbCr444 = [][2]int{{1, 1}, {1, 1}, {1, 1}}
	CMYK     = [][2]int{{1, 1}, {1, 1}, {1, 1}, {1, 1}}
)

// WorstJPEG is the image of the hardening report: a 6320×6320 progressive CMYK JPEG of about
// 312 KB, under the pixel limit, which Go's decoder needs about a gigabyte to decode.
func WorstJPEG() []byte {
	return JPEG{Width: 6320, Height: 6320, Sampling: CMYK, Progressive: true, Adobe: true, Transform: AdobeRGBOrCMYK}.Encode()
}

// Encode writes the file.
func (j JPEG) Encode() []byte {
	out := []byte{0xFF, 0xD8}
	if j.Adobe {
		// "Adobe", version 100, two flag words, the transform (T.872 6.5.3).
		out = segment(out, 0xEE, []byte{'A', 'd', 'o', 'b', 'e', 0, 100, 0, 0, 0, 0, j.Transform})
	}
	dqt := make([]byte, 65) // table 0, 8-bit entries, every quantiser 1
	for i := 1; i < len(dqt); i++ {
		dqt[i] = 1
	}
	out = segment(out, 0xDB, dqt)

	sof := []byte{8, byte(j.Height >> 8), byte(j.Height), byte(j.Width >> 8), byte(j.Width), byte(len(j.Sampling))}
	hmax, vmax, blocksPerMCU := 1, 1, 0
	for i, s := range j.Sampling {
		sof = append(sof, byte(i+1), byte(s[0]<<4|s[1]), 0)
		hmax, vmax = max(hmax, s[0]), max(vmax, s[1])
		blocksPerMCU += s[0] * s[1]
	}
	marker := byte(0xC0)
	if j.Progressive {
		marker = 0xC2
	}
	out = segment(out, marker, sof)

	// Huffman tables with a single code, "0", of length 1: DC difference category 0 and,
	// for baseline scans, the AC end of block.
	oneCode := func(class byte) []byte {
		t := make([]byte, 18)
		t[0], t[1] = class<<4, 1
		return t
	}
	out = segment(out, 0xC4, oneCode(0))
	bitsPerBlock, se := 1, byte(0)
	if !j.Progressive {
		out = segment(out, 0xC4, oneCode(1))
		bitsPerBlock, se = 2, 63
	}
	sos := []byte{byte(len(j.Sampling))}
	for i := range j.Sampling {
		sos = append(sos, byte(i+1), 0)
	}
	out = segment(out, 0xDA, append(sos, 0, se, 0))

	// A lone component is not interleaved: one block per MCU whatever its factors.
	if len(j.Sampling) == 1 {
		hmax, vmax, blocksPerMCU = 1, 1, 1
	}
	mcus := ceilDiv(j.Width, 8*hmax) * ceilDiv(j.Height, 8*vmax)
	bits := mcus * blocksPerMCU * bitsPerBlock
	out = append(out, make([]byte, bits/8)...)
	if r := bits % 8; r != 0 {
		out = append(out, byte(1<<(8-r)-1)) // pad the last byte with ones (F.1.2.3)
	}
	return append(out, 0xFF, 0xD9)
}

func segment(out []byte, marker byte, payload []byte) []byte {
	out = append(out, 0xFF, marker)
	out = binary.BigEndian.AppendUint16(out, uint16(len(payload)+2))
	return append(out, payload...)
}

func ceilDiv(a, b int) int { return (a + b - 1) / b }

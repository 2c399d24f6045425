package imagetest

import "encoding/binary"

// bitWriter writes a VP8L bit stream: values least significant bit first (RFC 9649 3.1).
type bitWriter struct {
	out   []byte
	acc   uint64
	nbits uint
}

func (b *bitWriter) write(v uint64, n uint) {
	b.acc |= v << b.nbits
	b.nbits += n
	for b.nbits >= 8 {
		b.out = append(b.out, byte(b.acc))
		b.acc >>= 8
		b.nbits -= 8
	}
}

func (b *bitWriter) bytes() []byte {
	if b.nbits > 0 {
		return append(b.out, byte(b.acc))
	}
	return b.out
}

// flatPixels writes the entropy-coded image of one colour, (alpha, red, green, blue) =
// (alpha, 0, green, 0): no colour cache, no meta prefix codes (for the main image), and
// five prefix codes of one symbol each, which cost no bits per pixel (RFC 9649 3.7.2.1.1).
func (b *bitWriter) flatPixels(green, alpha byte, mainImage bool) {
	b.write(0, 1) // no colour cache
	if mainImage {
		b.write(0, 1) // one prefix code group for the whole image
	}
	oneSymbol := func(s byte) {
		b.write(1, 1) // simple code
		b.write(0, 1) // one symbol
		b.write(1, 1) // of 8 bits
		b.write(uint64(s), 8)
	}
	oneSymbol(green)
	oneSymbol(0) // red
	oneSymbol(0) // blue
	oneSymbol(alpha)
	oneSymbol(0) // distance, unused
}

// vp8lImage writes a VP8L image stream (without the 5-byte header): with colours > 0, a
// colour-indexing transform with that many palette entries, which makes the decoder unpack
// the indices into a second buffer, its most memory-hungry path.
func vp8lImage(b *bitWriter, green, alpha byte, colours int) {
	if colours > 0 {
		b.write(1, 1) // a transform
		b.write(3, 2) // colour indexing
		b.write(uint64(colours-1), 8)
		b.flatPixels(green, alpha, false) // the palette, as a colours×1 image
	}
	b.write(0, 1) // no more transforms
	b.flatPixels(0, alpha, true)
}

// LosslessWebP returns a lossless (VP8L) WebP of w×h opaque pixels; with colours > 0 it uses
// a palette of that many colours (see vp8lImage).
func LosslessWebP(w, h, colours int) []byte {
	var b bitWriter
	b.write(0x2f, 8)
	b.write(uint64(w-1), 14)
	b.write(uint64(h-1), 14)
	b.write(0, 1) // alpha hint
	b.write(0, 3) // version
	vp8lImage(&b, 0x80, 0xFF, colours)
	return riff(chunk{"VP8L", b.bytes()})
}

// LossyWebP returns a lossy (VP8) WebP of w×h pixels. Its partitions are zero bytes, which a
// VP8 boolean decoder reads as all-zero bits whatever the probabilities: every macroblock
// is then predicted from its neighbours and has no residual, a valid flat key frame (RFC
// 6386 9 and 19). With alphaColours >= 0 the file is an extended WebP (VP8X) with an ALPH
// chunk compressed as VP8L, with a palette of that many colours when positive.
func LossyWebP(w, h, alphaColours int) []byte {
	// A macroblock takes about a byte of each partition (measured); twice that is safe. The
	// first partition's size has 19 bits, which bounds w×h to about 8000×8000.
	mbs := ceilDiv(w, 16) * ceilDiv(h, 16)
	first := make([]byte, 64+2*mbs)
	tokens := make([]byte, 64+2*mbs)
	frame := []byte{0, 0, 0, 0x9d, 0x01, 0x2a}
	tag := 1<<4 | uint32(len(first))<<5 // key frame, version 0, shown, first partition size
	frame[0], frame[1], frame[2] = byte(tag), byte(tag>>8), byte(tag>>16)
	frame = binary.LittleEndian.AppendUint16(frame, uint16(w))
	frame = binary.LittleEndian.AppendUint16(frame, uint16(h))
	frame = append(frame, first...)
	frame = append(frame, tokens...)
	if alphaColours < 0 {
		return riff(chunk{"VP8 ", frame})
	}
	vp8x := []byte{0x10, 0, 0, 0} // alpha
	vp8x = append(vp8x, byte(w-1), byte((w-1)>>8), byte((w-1)>>16), byte(h-1), byte((h-1)>>8), byte((h-1)>>16))
	var b bitWriter
	b.write(1, 8) // ALPH header: no pre-processing, no filter, VP8L compression
	vp8lImage(&b, 0x80, 0xFF, alphaColours)
	return riff(chunk{"VP8X", vp8x}, chunk{"ALPH", b.bytes()}, chunk{"VP8 ", frame})
}

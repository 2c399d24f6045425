// Package imagetest writes JPEG, PNG and WebP files of any size and in any of the modes the
// decoders distinguish (progressive or baseline, CMYK, 16-bit, interlaced, palette, lossless,
// alpha…), for tests and benchmarks of the photo pipeline. The images are flat — one colour —
// so the files stay small however many pixels they claim, yet each is a valid file that a
// decoder decodes in full, allocating what a real photo of that size and mode needs. That
// is what makes them right for measuring decoding memory and for the image bombs of the
// hostile-input tests, and why no large binary needs to be committed.
//
// The encoders are written from the format specifications (ITU T.81 for JPEG, the PNG
// specification, RFC 6386 and RFC 9649 for WebP) and only as far as flat images need.
package imagetest

import "encoding/binary"

// riff wraps chunks (each a FourCC and its payload) in a RIFF WEBP container, padding odd
// payloads.
func riff(chunks ...chunk) []byte {
	var body []byte
	for _, c := range chunks {
		body = append(body, c.fourcc...)
		body = binary.LittleEndian.AppendUint32(body, uint32(len(c.data)))
		body = append(body, c.data...)
		if len(c.data)%2 == 1 {
			body = append(body, 0)
		}
	}
	out := append([]byte("RIFF"), binary.LittleEndian.AppendUint32(nil, uint32(4+len(body)))...)
	out = append(out, "WEBP"...)
	return append(out, body...)
}

type chunk struct {
	fourcc string
	data   []byte
}

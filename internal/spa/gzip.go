package spa

import (
	"bytes"
	"compress/gzip"
	"path"
	"strconv"
	"strings"
)

// compressible lists the text types of a built app. Images and fonts are compressed already.
var compressible = map[string]bool{
	".html": true, ".js": true, ".mjs": true, ".css": true, ".json": true, ".map": true,
	".svg": true, ".txt": true, ".webmanifest": true, ".xml": true,
}

// minGzipSize is the size below which compressing saves less than a packet.
const minGzipSize = 1024

// compress returns body gzipped at the best level, once per file, or nil when the file is
// not text or the saving is under a tenth. Served to a phone over a slow link, the app's
// JavaScript is about a third of its size this way, which is most of its load time.
func compress(name string, body []byte) []byte {
	if !compressible[path.Ext(name)] || len(body) < minGzipSize {
		return nil
	}
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	_, _ = zw.Write(body)
	if err := zw.Close(); err != nil || buf.Len() > len(body)*9/10 {
		return nil
	}
	return buf.Bytes()
}

// acceptsGzip reports whether Accept-Encoding header values allow gzip: "gzip" or "*" with a
// quality above zero, and no "gzip;q=0" refusing it (RFC 9110, section 12.5.3).
func acceptsGzip(values []string) bool {
	ok := false
	for _, v := range values {
		for item := range strings.SplitSeq(v, ",") {
			coding, params, _ := strings.Cut(strings.TrimSpace(item), ";")
			coding = strings.ToLower(strings.TrimSpace(coding))
			if coding != "gzip" && coding != "x-gzip" && coding != "*" {
				continue
			}
			q := 1.0
			if qs, found := strings.CutPrefix(strings.TrimSpace(params), "q="); found {
				if f, err := strconv.ParseFloat(qs, 64); err == nil {
					q = f
				}
			}
			if coding != "*" && q <= 0 {
				return false
			}
			if q > 0 {
				ok = true
			}
		}
	}
	return ok
}

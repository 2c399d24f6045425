package spa

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
)

func TestHandler_Gzip(t *testing.T) {
	script := strings.Repeat("export const greeting = 'hello, club';\n", 200)
	fsys := fstest.MapFS{
		"index.html":            {Data: []byte("<!doctype html><title>app</title>")}, // too small to be worth it
		"assets/index-A1.js":    {Data: []byte(script)},
		"assets/photo-B2.png":   {Data: bytes.Repeat([]byte{0x89, 'P', 'N', 'G'}, 1000)}, // not text
		"assets/vendor-C3.json": {Data: []byte(strings.Repeat(`{"k":1}`, 300))},
	}
	h := Handler(fsys)
	tests := []struct {
		name, path, acceptEncoding string
		wantGzip, wantVary         bool
	}{
		{"script, gzip accepted", "/assets/index-A1.js", "gzip, deflate, br", true, true},
		{"script, no header", "/assets/index-A1.js", "", false, true},
		{"script, gzip refused", "/assets/index-A1.js", "gzip;q=0, deflate", false, true},
		{"script, any coding", "/assets/index-A1.js", "*", true, true},
		{"script, upper case and quality", "/assets/index-A1.js", "br;q=1.0, GZIP;q=0.5", true, true},
		{"script, only br", "/assets/index-A1.js", "br", false, true},
		{"json", "/assets/vendor-C3.json", "gzip", true, true},
		{"small html stays as it is", "/", "gzip", false, false},
		{"image stays as it is", "/assets/photo-B2.png", "gzip", false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			req := httptest.NewRequest("GET", tc.path, nil)
			if tc.acceptEncoding != "" {
				req.Header.Set("Accept-Encoding", tc.acceptEncoding)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != 200 {
				t.Fatalf("status %d", rec.Code)
			}
			gotGzip := rec.Header().Get("Content-Encoding") == "gzip"
			if gotGzip != tc.wantGzip || (rec.Header().Get("Vary") == "Accept-Encoding") != tc.wantVary {
				t.Fatalf("Content-Encoding %q, Vary %q", rec.Header().Get("Content-Encoding"), rec.Header().Get("Vary"))
			}
			body := rec.Body.Bytes()
			if gotGzip {
				zr, err := gzip.NewReader(bytes.NewReader(body))
				if err != nil {
					t.Fatal(err)
				}
				if body, err = io.ReadAll(zr); err != nil {
					t.Fatal(err)
				}
			}
			name := strings.TrimPrefix(tc.path, "/")
			if name == "" {
				name = "index.html"
			}
			if !bytes.Equal(body, fsys[name].Data) {
				t.Errorf("the body (decompressed) differs from the file")
			}
		})
	}

	// The two forms are different representations, so they have different entity tags, and
	// revalidating each gives 304.
	etags := map[string]string{}
	for _, ae := range []string{"gzip", ""} {
		req := httptest.NewRequest("GET", "/assets/index-A1.js", nil)
		req.Header.Set("Accept-Encoding", ae)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		etags[ae] = rec.Header().Get("ETag")
		req.Header.Set("If-None-Match", etags[ae])
		rec = httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != 304 {
			t.Errorf("revalidating the %q form: %d", ae, rec.Code)
		}
	}
	if etags["gzip"] == etags[""] || etags["gzip"] == "" {
		t.Errorf("ETags %q and %q should differ", etags["gzip"], etags[""])
	}
}

package spa

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"

	"campus.example/apps/internal/problem"
)

func TestHandler(t *testing.T) {
	fsys := fstest.MapFS{
		"index.html":             {Data: []byte("<!doctype html><title>app</title>")},
		"favicon.ico":            {Data: []byte("icon")},
		"assets/index-AbC123.js": {Data: []byte("console.log(1)")},
		"assets/app-9f.css":      {Data: []byte("body{}")},
		"assets/sub/dir.txt":     {Data: []byte("x")},
	}
	h := Handler(fsys)
	type result struct {
		Status      int
		Body        string
		ContentType string
		Cache       string
		Allow       string
	}
	const html = "text/html; charset=utf-8"
	index := "<!doctype html><title>app</title>"
	tests := []struct {
		name, method, path string
		want               result
	}{
		{"root", "GET", "/", result{200, index, html, RevalidateCache, ""}},
		{"index by name", "GET", "/index.html", result{200, index, html, RevalidateCache, ""}},
		{"deep link", "GET", "/tournaments/new", result{200, index, html, RevalidateCache, ""}},
		{"deep link with trailing slash", "GET", "/members/3/", result{200, index, html, RevalidateCache, ""}},
		{"directory", "GET", "/assets", result{200, index, html, RevalidateCache, ""}},
		{"hashed script", "GET", "/assets/index-AbC123.js", result{200, "console.log(1)", "text/javascript; charset=utf-8", ImmutableCache, ""}},
		{"hashed style", "GET", "/assets/app-9f.css", result{200, "body{}", "text/css; charset=utf-8", ImmutableCache, ""}},
		{"root file", "GET", "/favicon.ico", result{200, "icon", "image/vnd.microsoft.icon", RevalidateCache, ""}},
		{"HEAD", "HEAD", "/", result{200, "", html, RevalidateCache, ""}},
		{"missing file with extension", "GET", "/assets/gone-1.js", result{404, "", problem.ContentType, "", ""}},
		{"escape attempt", "GET", "/../../etc/passwd", result{200, index, html, RevalidateCache, ""}},
		{"POST", "POST", "/tournaments/new", result{405, "", problem.ContentType, "", "GET, HEAD"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(tc.method, tc.path, nil))
			got := result{rec.Code, rec.Body.String(), rec.Header().Get("Content-Type"), rec.Header().Get("Cache-Control"), rec.Header().Get("Allow")}
			if got.ContentType == problem.ContentType {
				var doc problem.Document
				if err := json.Unmarshal(rec.Body.Bytes(), &doc); err != nil || doc.Status != tc.want.Status {
					t.Errorf("problem body %s (%v)", rec.Body, err)
				}
				got.Body = ""
			}
			if d := cmp.Diff(tc.want, got); d != "" {
				t.Errorf("(-want +got):\n%s", d)
			}
		})
	}

	// Revalidation: the ETag of the first answer gives 304.
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/tournaments", nil))
	etag := rec.Header().Get("ETag")
	if etag == "" {
		t.Fatal("no ETag")
	}
	req := httptest.NewRequest("GET", "/", nil)
	req.Header.Set("If-None-Match", etag)
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusNotModified {
		t.Errorf("If-None-Match: status %d, want 304", rec.Code)
	}
}

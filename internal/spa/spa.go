// Package spa serves a built single-page application from a file system: its files as they
// are, and index.html for every other path without a file extension, so that deep links such
// as /tournaments/new load the app, whose router then shows the right screen.
package spa

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io/fs"
	"log/slog"
	"net/http"
	"path"
	"strings"
	"sync"
	"time"

	"campus.example/apps/internal/problem"
)

// Cache policies. Files under assets/ carry a content hash in their names (Vite's build
// does this), so they never change and may be cached for a year; everything else, index.html
// above all, must be revalidated so a new release is picked up at once.
const (
	ImmutableCache  = "public, max-age=31536000, immutable"
	RevalidateCache = "no-cache"
)

// ContentSecurityPolicy is the policy of the app's files. Everything comes from the app's own
// origin: scripts only from its files (no inline script, no eval), styles from its files and
// the style elements its components add at run time ('unsafe-inline' for styles alone: Ionic
// adds them, and styles cannot run code), images also from data: and blob: URLs (icons, the
// camera's picture), and no site may frame the app, which would let it trick a member into
// clicks (frame-ancestors 'none').
const ContentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data: blob:; font-src 'self'; connect-src 'self' blob:; media-src 'self' blob:; worker-src 'self' blob:; " +
	"manifest-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// Handler returns a handler that serves fsys for GET and HEAD requests. It answers other
// methods with 405 and missing files that have an extension with 404, both as problem+json.
// fsys must not change while served, except for os.DirFS in development, where changed
// files are noticed by their size and modification time.
func Handler(fsys fs.FS) http.Handler {
	return &handler{fsys: fsys}
}

type handler struct {
	fsys  fs.FS
	cache sync.Map // name → *file
}

// file is a file's content with its entity tag, cached after the first read, and its gzip
// form when compressing it is worth it.
type file struct {
	size    int64
	modTime time.Time
	body    []byte
	etag    string
	gz      []byte
	gzETag  string
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		problem.Write(w, r, slog.Default(), problem.New(problem.MethodNotAllowed, "%s is not allowed here; use GET.", r.Method))
		return
	}
	name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
	if name == "" {
		name = "index.html"
	}
	f, err := h.load(name)
	if errors.Is(err, fs.ErrNotExist) && path.Ext(name) == "" {
		name = "index.html"
		f, err = h.load(name)
	}
	if errors.Is(err, fs.ErrNotExist) {
		problem.Write(w, r, slog.Default(), problem.New(problem.NotFound, "There is nothing at this path."))
		return
	}
	if err != nil {
		problem.Write(w, r, slog.Default(), err)
		return
	}
	if strings.HasPrefix(name, "assets/") {
		w.Header().Set("Cache-Control", ImmutableCache)
	} else {
		w.Header().Set("Cache-Control", RevalidateCache)
	}
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Content-Security-Policy", ContentSecurityPolicy)
	body, etag := f.body, f.etag
	if f.gz != nil {
		w.Header().Add("Vary", "Accept-Encoding")
		if acceptsGzip(r.Header.Values("Accept-Encoding")) {
			body, etag = f.gz, f.gzETag
			w.Header().Set("Content-Encoding", "gzip")
		}
	}
	w.Header().Set("ETag", etag)
	http.ServeContent(w, r, name, f.modTime, bytes.NewReader(body))
}

// load returns the regular file name, from the cache while its size and time are unchanged.
// A directory counts as missing.
func (h *handler) load(name string) (*file, error) {
	info, err := fs.Stat(h.fsys, name)
	if err != nil {
		return nil, fs.ErrNotExist
	}
	if !info.Mode().IsRegular() {
		return nil, fs.ErrNotExist
	}
	if v, ok := h.cache.Load(name); ok {
		if f := v.(*file); f.size == info.Size() && f.modTime.Equal(info.ModTime()) {
			return f, nil
		}
	}
	body, err := fs.ReadFile(h.fsys, name)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(body)
	f := &file{size: info.Size(), modTime: info.ModTime(), body: body, etag: `"` + hex.EncodeToString(sum[:16]) + `"`}
	if gz := compress(name, body); gz != nil {
		f.gz, f.gzETag = gz, `"`+hex.EncodeToString(sum[:16])+`-gzip"`
	}
	h.cache.Store(name, f)
	return f, nil
}

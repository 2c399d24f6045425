package idempotency

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"os"
	"strings"

	"campus.example/apps/internal/problem"
	"campus.example/apps/internal/sqldb"
)

const (
	// Header is the request header that names a key.
	Header = "Idempotency-Key"
	// ReplayedHeader is set to "true" on a response that is a stored one sent again.
	ReplayedHeader = "Idempotent-Replayed"
	// MaxKey is the longest key accepted, in bytes.
	MaxKey = 255
	// MaxResponse is the largest response body kept for a key. A larger one is sent but not
	// kept, and its key is released (the endpoints that take keys answer with a few KiB).
	MaxResponse = 256 << 10
	// memorySpool is how much of a request body is held in memory; the rest goes to a
	// temporary file while it is hashed.
	memorySpool = 1 << 20
)

// keptHeaders are the response headers stored and replayed with a response.
var keptHeaders = []string{"Content-Type", "Location", "ETag", "Last-Modified", "Cache-Control", "Content-Location"}

// Guard runs requests through a Store. It is safe for concurrent use.
type Guard struct {
	store *Store
	log   *slog.Logger
	// maxBody is the largest request body hashed; a larger one passes through without the
	// key, and the handler refuses it as too large.
	maxBody int64
}

// NewGuard returns a guard over store that hashes request bodies of up to maxBody bytes.
func NewGuard(store *Store, log *slog.Logger, maxBody int64) *Guard {
	return &Guard{store: store, log: log, maxBody: maxBody}
}

// WithMaxBody returns a copy of g for an endpoint whose bodies may reach n bytes.
func (g *Guard) WithMaxBody(n int64) *Guard {
	c := *g
	c.maxBody = n
	return &c
}

// Wrap returns next guarded by keys in scope (a route, with the client's identity where there
// is one: the same key in two scopes names two requests).
func (g *Guard) Wrap(scope string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { g.Serve(w, r, scope, next) })
}

// Serve runs next for r, unless r carries an Idempotency-Key already used in scope: then it
// replays the first response (same body), or answers 422 (another body) or 409 (the first
// request still runs). A key that is not a string of 1 to 255 printable ASCII characters
// is 400. A response of status 5xx or 429 is not kept: its key is released so that a retry
// runs again; every other final response is kept for TTL.
func (g *Guard) Serve(w http.ResponseWriter, r *http.Request, scope string, next http.Handler) {
	values := r.Header.Values(Header)
	if len(values) == 0 {
		next.ServeHTTP(w, r)
		return
	}
	key, err := parseKey(values)
	if err != nil {
		problem.Write(w, r, g.log, err)
		return
	}
	body, requestHash, err := g.spool(r.Body)
	if body != nil {
		defer body.Close()
	}
	if errors.Is(err, errTooLarge) {
		// Let the handler refuse it, with its own limit and words.
		r.Body = body
		next.ServeHTTP(w, r)
		return
	}
	if err != nil {
		problem.Write(w, r, g.log, problem.New(problem.Malformed, "The request body could not be read."))
		return
	}
	keyHash := hashStrings(scope, key)
	state, stored, err := g.store.Claim(r.Context(), keyHash, requestHash)
	if err != nil {
		problem.Write(w, r, g.log, sqldb.Classify(err))
		return
	}
	switch state {
	case Done:
		replay(w, stored)
		return
	case InProgress:
		problem.Write(w, r, g.log, problem.New(problem.Conflict, "A request with this Idempotency-Key is still being processed; retry later."))
		return
	case Mismatch:
		problem.Write(w, r, g.log, problem.New(problem.Invalid, "This Idempotency-Key was used with another request body."))
		return
	}
	r.Body = body
	rec := &recorder{ResponseWriter: w}
	finished := false
	defer func() {
		// A panic or an unfinished response leaves nothing to keep: free the key.
		if !finished {
			g.release(r.Context(), keyHash)
		}
	}()
	next.ServeHTTP(rec, r)
	finished = true
	status := rec.status
	if status == 0 {
		status = http.StatusOK
	}
	if status >= 500 || status == http.StatusTooManyRequests || rec.overflow {
		if rec.overflow {
			g.log.WarnContext(r.Context(), "idempotency: response too large to keep; key released", "path", r.URL.Path, "bytes", rec.size)
		}
		g.release(r.Context(), keyHash)
		return
	}
	resp := Response{Status: status, Header: map[string]string{}, Body: rec.body.Bytes()}
	for _, h := range keptHeaders {
		if v := rec.Header().Get(h); v != "" {
			resp.Header[h] = v
		}
	}
	if err := g.store.Complete(context.WithoutCancel(r.Context()), keyHash, resp); err != nil {
		// The response has gone out; the claim is released by Abandoned at the latest.
		g.log.ErrorContext(r.Context(), "idempotency: keep response", "err", err)
	}
}

func (g *Guard) release(ctx context.Context, keyHash string) {
	if err := g.store.Release(context.WithoutCancel(ctx), keyHash); err != nil {
		g.log.ErrorContext(ctx, "idempotency: release key", "err", err)
	}
}

func replay(w http.ResponseWriter, resp *Response) {
	for k, v := range resp.Header {
		w.Header().Set(k, v)
	}
	w.Header().Set(ReplayedHeader, "true")
	w.WriteHeader(resp.Status)
	_, _ = w.Write(resp.Body)
}

// parseKey reads the header's value: a Structured Field string ("..." with \" and \\
// escapes), as the draft defines it, or the same characters unquoted, as many clients send.
func parseKey(values []string) (string, error) {
	bad := func(why string) error {
		return problem.New(problem.Malformed, "The Idempotency-Key header %s.", why)
	}
	if len(values) != 1 {
		return "", bad("must appear once")
	}
	v := strings.TrimSpace(values[0])
	if len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"' {
		var b strings.Builder
		inner := v[1 : len(v)-1]
		for i := 0; i < len(inner); i++ {
			c := inner[i]
			switch {
			case c == '\\':
				if i+1 == len(inner) || (inner[i+1] != '"' && inner[i+1] != '\\') {
					return "", bad(`has a "\" that escapes nothing`)
				}
				i++
				b.WriteByte(inner[i])
			case c == '"':
				return "", bad("has an unescaped quote")
			default:
				b.WriteByte(c)
			}
		}
		v = b.String()
	}
	if v == "" {
		return "", bad("is empty")
	}
	if len(v) > MaxKey {
		return "", bad("is longer than 255 characters")
	}
	for i := 0; i < len(v); i++ {
		if v[i] < 0x20 || v[i] > 0x7e {
			return "", bad("may hold printable ASCII characters only")
		}
	}
	return v, nil
}

var errTooLarge = errors.New("body too large")

// spool reads body while hashing it with SHA-256 and returns a reader of the same bytes: the
// first MiB from memory, the rest from a temporary file that Close removes. When the body is
// larger than maxBody, the reader gives the whole body (what was read, then the rest) and the
// error is errTooLarge.
func (g *Guard) spool(body io.ReadCloser) (io.ReadCloser, string, error) {
	h := sha256.New()
	if body == nil || body == http.NoBody {
		return io.NopCloser(bytes.NewReader(nil)), hex.EncodeToString(h.Sum(nil)), nil
	}
	var mem bytes.Buffer
	n, err := io.Copy(io.MultiWriter(&mem, h), io.LimitReader(body, min(memorySpool, g.maxBody+1)))
	if err != nil {
		return nil, "", err
	}
	if n <= g.maxBody && n < memorySpool {
		return io.NopCloser(&mem), hex.EncodeToString(h.Sum(nil)), nil
	}
	if n > g.maxBody {
		return readCloser{io.MultiReader(&mem, body), body}, "", errTooLarge
	}
	f, err := os.CreateTemp("", "idempotency-*")
	if err != nil {
		return nil, "", err
	}
	tmp := &tempFile{f}
	m, err := io.Copy(io.MultiWriter(f, h), io.LimitReader(body, g.maxBody-n+1))
	if err == nil {
		_, err = f.Seek(0, io.SeekStart)
	}
	if err != nil {
		tmp.Close()
		return nil, "", err
	}
	if n+m > g.maxBody {
		return readCloser{io.MultiReader(&mem, f, body), tmp}, "", errTooLarge
	}
	return readCloser{io.MultiReader(&mem, f), tmp}, hex.EncodeToString(h.Sum(nil)), nil
}

type readCloser struct {
	io.Reader
	io.Closer
}

type tempFile struct{ *os.File }

func (t *tempFile) Close() error {
	err := t.File.Close()
	os.Remove(t.Name())
	return err
}

// hashStrings is the hex SHA-256 of the strings, each ended by a zero byte.
func hashStrings(parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		io.WriteString(h, p)
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))
}

// recorder passes a response through while keeping its status and, up to MaxResponse, its
// body.
type recorder struct {
	http.ResponseWriter
	status   int
	body     bytes.Buffer
	size     int64
	overflow bool
}

func (r *recorder) WriteHeader(status int) {
	if r.status == 0 && status >= 200 {
		r.status = status
	}
	r.ResponseWriter.WriteHeader(status)
}

func (r *recorder) Write(p []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	r.size += int64(len(p))
	if !r.overflow {
		if r.body.Len()+len(p) > MaxResponse {
			r.overflow = true
			r.body = bytes.Buffer{}
		} else {
			r.body.Write(p)
		}
	}
	return r.ResponseWriter.Write(p)
}

// Unwrap lets http.ResponseController reach the connection's writer.
func (r *recorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

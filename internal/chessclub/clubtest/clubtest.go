// Package clubtest runs the whole Chess Club server over a real database for the tests of
// packages outside chessclub (such as play): members registered and logged in through the
// API, a settable clock, and every response checked against openapi.json.
package clubtest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"campus.example/apps/internal/chessclub"
	"campus.example/apps/internal/dbtest"
	"campus.example/apps/internal/openapitest"
	"campus.example/apps/internal/problem"
	"campus.example/apps/internal/sqldb"
)

// T0 is the time every Env's clock starts at.
var T0 = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

// Clock is a settable time source. It is safe for concurrent use.
type Clock struct {
	mu sync.Mutex
	t  time.Time
}

// Now returns the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// Add moves the clock on by d.
func (c *Clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// Env is one Chess Club server over a fresh database of one dialect, with a fixed clock.
type Env struct {
	T       testing.TB
	DB      *sqldb.DB
	Store   *chessclub.Store
	Handler http.Handler
	Clock   *Clock
	// Tokens and IDs of the members made by Register, by username.
	Tokens map[string]string
	IDs    map[string]int64
	api    *openapitest.Validator
}

// ForDialects runs fn as a subtest on SQLite and on MariaDB.
func ForDialects(t *testing.T, fn func(t *testing.T, d sqldb.Dialect)) {
	for _, d := range dbtest.Dialects {
		t.Run(d.String(), func(t *testing.T) { fn(t, d) })
	}
}

// New starts a server over a fresh database of dialect d; change adjusts its Config.
func New(t testing.TB, d sqldb.Dialect, change ...func(*chessclub.Config)) *Env {
	t.Helper()
	return NewOn(t, dbtest.Open(t, d), change...)
}

var (
	apiOnce sync.Once
	api     *openapitest.Validator
)

// NewOn is New on a database the test opened itself (migrated here if it is not yet).
func NewOn(t testing.TB, db *sqldb.DB, change ...func(*chessclub.Config)) *Env {
	t.Helper()
	store := chessclub.NewStore(db)
	c := &Clock{t: T0}
	store.Now = c.Now
	if err := store.Migrate(context.Background()); err != nil {
		t.Fatalf("migrate: %v", err)
	}
	// Cheap password hashes, and throttles opened wide: the tests register hundreds of
	// members from one address; the throttles have tests of their own.
	cfg := chessclub.Config{FiguresDir: t.TempDir(), Password: chessclub.PasswordParams{Memory: 64, Time: 1, Threads: 1},
		Throttle: chessclub.ThrottleConfig{RegisterBurst: 1 << 20, RegisterRefill: time.Millisecond, AddrBurst: 1 << 20, AddrRefill: time.Millisecond}}
	for _, fn := range change {
		fn(&cfg)
	}
	srv, err := chessclub.NewServer(slog.New(slog.NewTextHandler(io.Discard, nil)), store, cfg)
	if err != nil {
		t.Fatalf("NewServer: %v", err)
	}
	apiOnce.Do(func() { api = openapitest.New(t, chessclub.OpenAPI) })
	return &Env{T: t, DB: db, Store: store, Handler: srv, Clock: c, Tokens: map[string]string{}, IDs: map[string]int64{}, api: api}
}

// Req describes a request.
type Req struct {
	Method, Path string
	// As names a member made by Register, whose token is sent; Token is sent as is.
	As, Token string
	// Body is JSON-encoded unless it is a string or []byte, sent as is.
	Body        any
	ContentType string
	Header      map[string]string
}

// Resp is a recorded response.
type Resp struct {
	Status int
	Header http.Header
	Body   []byte
}

// Decode decodes the body into v, failing the test when it does not decode.
func (r Resp) Decode(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		t.Fatalf("decode %s: %v", r.Body, err)
	}
}

// Problem decodes a problem document, failing when the body is not one.
func (r Resp) Problem(t testing.TB) problem.Document {
	t.Helper()
	if ct := r.Header.Get("Content-Type"); ct != problem.ContentType {
		t.Fatalf("Content-Type = %q, want %s; body %s", ct, problem.ContentType, r.Body)
	}
	var d problem.Document
	r.Decode(t, &d)
	return d
}

// Request builds the *http.Request for r.
func (e *Env) Request(r Req) *http.Request {
	e.T.Helper()
	var body io.Reader
	ct := r.ContentType
	switch b := r.Body.(type) {
	case nil:
	case string:
		body = strings.NewReader(b)
	case []byte:
		body = bytes.NewReader(b)
	default:
		enc, err := json.Marshal(b)
		if err != nil {
			e.T.Fatal(err)
		}
		body = bytes.NewReader(enc)
		if ct == "" {
			ct = "application/json"
		}
	}
	hr := httptest.NewRequest(r.Method, r.Path, body)
	if ct != "" {
		hr.Header.Set("Content-Type", ct)
	}
	token := r.Token
	if r.As != "" {
		var ok bool
		if token, ok = e.Tokens[r.As]; !ok {
			e.T.Fatalf("no token for %q", r.As)
		}
	}
	if token != "" {
		hr.Header.Set("Authorization", "Bearer "+token)
	}
	for k, v := range r.Header {
		hr.Header.Set(k, v)
	}
	return hr
}

// Do sends r to the server and checks the response against openapi.json.
func (e *Env) Do(r Req) Resp {
	e.T.Helper()
	hr := e.Request(r)
	rec := httptest.NewRecorder()
	e.Handler.ServeHTTP(rec, hr)
	e.api.Check(e.T, hr, rec)
	return Resp{Status: rec.Code, Header: rec.Header(), Body: rec.Body.Bytes()}
}

// MustDo is Do that fails the test unless the status is want.
func (e *Env) MustDo(r Req, want int) Resp {
	e.T.Helper()
	res := e.Do(r)
	if res.Status != want {
		e.T.Fatalf("%s %s: status %d, want %d; body %s", r.Method, r.Path, res.Status, want, res.Body)
	}
	return res
}

// Register makes a member with the password "password-USERNAME", logs them in, and keeps
// their token and id under username. extra adds registration fields.
func (e *Env) Register(username, fullName string, extra ...map[string]any) int64 {
	e.T.Helper()
	body := map[string]any{"username": username, "password": "password-" + username, "full_name": fullName}
	for _, x := range extra {
		for k, v := range x {
			body[k] = v
		}
	}
	var m struct {
		ID int64 `json:"id"`
	}
	e.MustDo(Req{Method: "POST", Path: "/api/user", Body: body}, http.StatusCreated).Decode(e.T, &m)
	e.IDs[username] = m.ID
	var s struct {
		Token string `json:"token"`
	}
	e.MustDo(Req{Method: "POST", Path: "/api/login", Body: map[string]any{"username": username, "password": "password-" + username}}, http.StatusOK).Decode(e.T, &s)
	e.Tokens[username] = s.Token
	return m.ID
}

// MakeAdmin gives a registered member the admin role.
func (e *Env) MakeAdmin(username string) {
	e.T.Helper()
	if err := e.Store.SetRole(context.Background(), username, chessclub.RoleAdmin); err != nil {
		e.T.Fatal(err)
	}
}

// Path formats an API path.
func Path(format string, args ...any) string { return fmt.Sprintf(format, args...) }

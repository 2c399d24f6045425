// Package clubtest runs the whole Chess Club server over a real database for the tests of
// the club's packages: members registered and logged in through the API, a settable clock,
// every response checked against openapi.json, and the server's logs checked for secrets
// when the test ends (watch.go). It is the one fixture of the club's API tests; the tests of
// the package root and of its subpackages (auth, members, photos, play) all use it.
package clubtest

import (
	"bytes"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/prometheus/client_golang/prometheus"

	"campus.example/apps/internal/chessclub"
	"campus.example/apps/internal/chessclub/auth"
	"campus.example/apps/internal/chessclub/members"
	"campus.example/apps/internal/dbtest"
	"campus.example/apps/internal/problem"
	"campus.example/apps/internal/sqldb"
)

// T0 is the time every Env's clock starts at.
var T0 = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

// Password is the cheap argon2id cost of the suite's password hashes: the tests hash
// hundreds of passwords, and the production cost has a test of its own.
var Password = auth.PasswordParams{Memory: 64, Time: 1, Threads: 1}

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

// Set puts the clock at t.
func (c *Clock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = t
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
	Dialect sqldb.Dialect
	// DB is the server's database.
	DB      *sqldb.DB
	Store   *chessclub.Store
	Handler http.Handler
	Clock   *Clock
	// Config is the server's configuration as NewServer got it, without a metrics registry:
	// Replica starts another server with it.
	Config chessclub.Config
	// Tokens and IDs of the members made by Register, by username. WithMembers adds
	// "revoked", a logged-out token of alice's, and "bad", one that never existed.
	Tokens map[string]string
	IDs    map[string]int64
	// watch holds the server's logs and metrics (watch.go); nil for a replica.
	watch *watch
	// dbClosed is set by CloseDB.
	dbClosed bool
}

// ForDialects runs fn as a subtest on SQLite and on MariaDB.
func ForDialects(t *testing.T, fn func(t *testing.T, d sqldb.Dialect)) {
	for _, d := range dbtest.Dialects {
		t.Run(d.String(), func(t *testing.T) { fn(t, d) })
	}
}

// New starts a server over a fresh database of dialect d. Its photos go to a new directory,
// its password hashes are cheap (Password), and its throttles of logins and registrations
// are opened wide, since the tests register hundreds of members from one address; a test
// of the throttles sets Config.Auth.Throttle in change, or takes the defaults with
// DefaultThrottle. change adjusts the Config.
func New(t testing.TB, d sqldb.Dialect, change ...func(*chessclub.Config)) *Env {
	t.Helper()
	return NewOn(t, dbtest.Open(t, d), change...)
}

// DefaultThrottle is a change for New that keeps the production throttle of logins and
// registrations (auth.DefaultThrottle).
func DefaultThrottle(c *chessclub.Config) { c.Auth.Throttle = auth.ThrottleConfig{} }

// NewOn is New on a database the test opened itself (migrated here if it is not yet).
func NewOn(t testing.TB, db *sqldb.DB, change ...func(*chessclub.Config)) *Env {
	t.Helper()
	store := chessclub.NewStore(db)
	c := &Clock{t: T0}
	store.Now = c.Now
	if err := store.Migrate(context.Background()); err != nil {
		t.Fatalf("migrate: %v", err)
	}
	cfg := chessclub.Config{}
	cfg.Photos.Dir = t.TempDir()
	cfg.Auth.Password = Password
	cfg.Auth.Throttle = auth.ThrottleConfig{RegisterBurst: 1 << 20, RegisterRefill: time.Millisecond, AddrBurst: 1 << 20, AddrRefill: time.Millisecond}
	for _, fn := range change {
		fn(&cfg)
	}
	w := observed(t)
	// Config keeps no registry: replicas made from it register in registries of their own.
	withMetrics := cfg
	if withMetrics.Metrics == nil {
		withMetrics.Metrics = w.reg
	}
	srv, err := chessclub.NewServer(w.logger(t), store, withMetrics)
	if err != nil {
		t.Fatalf("NewServer: %v", err)
	}
	e := &Env{T: t, Dialect: db.Dialect, DB: db, Store: store, Handler: w.wrap(t, srv, cfg), Clock: c, Config: cfg,
		Tokens: map[string]string{}, IDs: map[string]int64{}, watch: w}
	// The audit trail keeps no secret either: checked when the test ends, before the
	// database closes (cleanups run last first).
	t.Cleanup(func() {
		if !e.dbClosed {
			w.checkText(t, "audit trail", auditText(t, db))
		}
	})
	return e
}

// CloseDB closes the server's database under it, to see how the server fails without
// one. The audit trail is then not read when the test ends.
func (e *Env) CloseDB() {
	e.dbClosed = true
	if err := e.DB.Close(); err != nil {
		e.T.Errorf("close the database: %v", err)
	}
}

// Replica starts another server on e's database through a pool of its own, with the same
// clock, configuration, tokens and ids: a second replica behind a load balancer, or e's
// server after a restart.
func (e *Env) Replica() *Env {
	e.T.Helper()
	db, err := sqldb.Open(context.Background(), e.DB.Source())
	if err != nil {
		e.T.Fatalf("open replica: %v", err)
	}
	e.T.Cleanup(func() { db.Close() })
	store := chessclub.NewStore(db)
	store.Now = e.Clock.Now
	srv, err := chessclub.NewServer(slog.New(slog.NewTextHandler(io.Discard, nil)), store, e.Config)
	if err != nil {
		e.T.Fatalf("NewServer: %v", err)
	}
	return &Env{T: e.T, Dialect: e.Dialect, DB: db, Store: store, Handler: srv, Clock: e.Clock, Config: e.Config, Tokens: e.Tokens, IDs: e.IDs}
}

// Req describes a request.
type Req struct {
	Method, Path string
	// As names a member made by Register, whose token is sent; Token is sent as is.
	As, Token string
	// Body is JSON-encoded unless it is a string, a []byte or an io.Reader, sent as is.
	Body        any
	ContentType string
	Header      map[string]string
	// RemoteAddr is the client's address (host:port), httptest's when empty.
	RemoteAddr string
	// UnknownLength sends the body without a Content-Length, as a chunked upload would.
	UnknownLength bool
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

// SansRequestID returns r without what names the request itself, the X-Request-ID header and
// a problem document's request_id, which the server makes anew for every request: what two
// answers that must not be told apart may differ in.
func (r Resp) SansRequestID() Resp {
	r.Header = r.Header.Clone()
	r.Header.Del("X-Request-ID")
	if id := regexp.MustCompile(`"request_id":"[^"]*"`); id.Match(r.Body) {
		r.Body = id.ReplaceAll(r.Body, []byte(`"request_id":""`))
	}
	return r
}

// Problem decodes a problem document, failing when the body is not one. Every problem of a
// server behind observe.Handler names its request, as the answer's X-Request-ID header
// does; Problem checks that, then leaves the id out of what it returns, so that tests may
// compare documents whole.
func (r Resp) Problem(t testing.TB) problem.Document {
	t.Helper()
	if ct := r.Header.Get("Content-Type"); ct != problem.ContentType {
		t.Fatalf("Content-Type = %q, want %s; body %s", ct, problem.ContentType, r.Body)
	}
	var d problem.Document
	r.Decode(t, &d)
	if d.RequestID != r.Header.Get("X-Request-ID") {
		t.Errorf("problem request_id %q, X-Request-ID %q", d.RequestID, r.Header.Get("X-Request-ID"))
	}
	d.RequestID = ""
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
	case io.Reader:
		body = b
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
	if token := e.token(r); token != "" {
		hr.Header.Set("Authorization", "Bearer "+token)
	}
	// A request id of the client's, as a proxy in front might send: the server keeps it
	// apart from its own (the audit trail's client_request_id).
	hr.Header.Set("X-Request-ID", "suite-request")
	for k, v := range r.Header {
		hr.Header.Set(k, v)
	}
	if r.UnknownLength {
		hr.ContentLength = -1
	}
	if r.RemoteAddr != "" {
		hr.RemoteAddr = r.RemoteAddr
	}
	return hr
}

// token is the bearer token r sends, if any.
func (e *Env) token(r Req) string {
	e.T.Helper()
	if r.As == "" {
		return r.Token
	}
	token, ok := e.Tokens[r.As]
	if !ok {
		e.T.Fatalf("no token for %q", r.As)
	}
	return token
}

// Do sends r to the server, checks the response against openapi.json, and notes the
// secrets it carries for the check of the logs.
func (e *Env) Do(r Req) Resp {
	e.T.Helper()
	hr := e.Request(r)
	rec := httptest.NewRecorder()
	e.Handler.ServeHTTP(rec, hr)
	out := Resp{Status: rec.Code, Header: rec.Header(), Body: rec.Body.Bytes()}
	var sent []byte
	switch b := r.Body.(type) {
	case string:
		sent = []byte(b)
	case []byte:
		sent = b
	case map[string]any:
		sent, _ = json.Marshal(b)
	}
	e.watch.note(e.token(r), sent, out.Body)
	checkOpenAPI(e.T, hr, rec)
	return out
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
// their token and id under username. extra adds registration fields, such as "email".
func (e *Env) Register(username, fullName string, extra ...map[string]any) members.Member {
	e.T.Helper()
	body := map[string]any{"username": username, "password": "password-" + username, "full_name": fullName}
	for _, x := range extra {
		for k, v := range x {
			body[k] = v
		}
	}
	var m members.Member
	e.MustDo(Req{Method: "POST", Path: "/api/user", Body: body}, http.StatusCreated).Decode(e.T, &m)
	e.IDs[username] = m.ID
	e.Tokens[username] = e.Login(username)
	return m
}

// Login logs the member made by Register in once more and returns the new token.
func (e *Env) Login(username string) string {
	e.T.Helper()
	var s auth.Session
	e.MustDo(Req{Method: "POST", Path: "/api/login", Body: map[string]any{"username": username, "password": "password-" + username}}, http.StatusOK).Decode(e.T, &s)
	return s.Token
}

// WithMembers registers alice and bob (members) and carol (admin), and the tokens "revoked"
// (alice's, logged out) and "bad" (never issued).
func (e *Env) WithMembers() *Env {
	e.T.Helper()
	e.Register("alice", "Alice Anand", map[string]any{"email": "alice@example.org"})
	e.Register("bob", "bob Botvinnik", map[string]any{"email": "bob@example.org"})
	e.Register("carol", "Carol Carlsen")
	e.MakeAdmin("carol")
	revoked := e.Login("alice")
	e.MustDo(Req{Method: "POST", Path: "/api/logout", Token: revoked}, http.StatusNoContent)
	e.Tokens["revoked"] = revoked
	bad := make([]byte, 32)
	_, _ = rand.Read(bad)
	e.Tokens["bad"] = base64.RawURLEncoding.EncodeToString(bad)
	return e
}

// MakeAdmin gives a registered member the admin role.
func (e *Env) MakeAdmin(username string) {
	e.T.Helper()
	if err := e.Store.SetRole(context.Background(), username, members.RoleAdmin); err != nil {
		e.T.Fatal(err)
	}
}

// MakeArbiter gives a registered member the arbiter role, as an admin's command does.
func (e *Env) MakeArbiter(username string) {
	e.T.Helper()
	if err := e.Store.Appoint(context.Background(), username, members.RoleArbiter); err != nil {
		e.T.Fatal(err)
	}
}

// Tournament creates a tournament as the member named by and returns its id.
func (e *Env) Tournament(by, name, start string) int64 {
	e.T.Helper()
	var tr struct {
		ID int64 `json:"id"`
	}
	e.MustDo(Req{Method: "POST", Path: "/api/tournaments", As: by, Body: map[string]any{"name": name, "start_date": start}}, http.StatusCreated).Decode(e.T, &tr)
	return tr.ID
}

// Path formats an API path.
func Path(format string, args ...any) string { return fmt.Sprintf(format, args...) }

// Diff fails the test with a diff when got and want, decoded values, differ.
func Diff(t testing.TB, what string, got, want any, opts ...cmp.Option) {
	t.Helper()
	if d := cmp.Diff(want, got, opts...); d != "" {
		t.Errorf("%s mismatch (-want +got):\n%s", what, d)
	}
}

// Serve sends r straight to the handler, without the OpenAPI check and the note of secrets
// that Do makes, for benchmarks and for tests that send thousands of requests. It is safe
// to call from many goroutines.
func (e *Env) Serve(r Req) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	e.Handler.ServeHTTP(rec, e.Request(r))
	return rec
}

// ForDialectsB runs fn as a sub-benchmark on SQLite and on MariaDB.
func ForDialectsB(b *testing.B, fn func(b *testing.B, d sqldb.Dialect)) {
	for _, d := range dbtest.Dialects {
		b.Run(d.String(), func(b *testing.B) { fn(b, d) })
	}
}

// Logs returns what the server has logged so far, one JSON object per line.
func (e *Env) Logs() string { return e.watch.logs.String() }

// Metrics is the registry of the server's metrics, those of the service and of its
// requests (observe.Handler).
func (e *Env) Metrics() *prometheus.Registry { return e.watch.reg }

// auditText is the whole audit trail of db as text, every column of every entry.
func auditText(t testing.TB, db *sqldb.DB) string {
	rows, err := db.Query("SELECT actor_username, action, subject, COALESCE(before_value, ''), COALESCE(after_value, ''), request_id, client_request_id FROM audit_log")
	if err != nil {
		t.Errorf("read the audit trail: %v", err)
		return ""
	}
	var b strings.Builder
	err = sqldb.EachRow(rows, func(rows *sql.Rows) error {
		var cols [7]string
		if err := rows.Scan(&cols[0], &cols[1], &cols[2], &cols[3], &cols[4], &cols[5], &cols[6]); err != nil {
			return err
		}
		b.WriteString(strings.Join(cols[:], " ") + "\n")
		return nil
	})
	if err != nil {
		t.Errorf("read the audit trail: %v", err)
	}
	return b.String()
}

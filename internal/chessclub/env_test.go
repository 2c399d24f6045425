package chessclub

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"
	"github.com/google/go-cmp/cmp"

	"campus.example/apps/internal/chessclub/play"
	"campus.example/apps/internal/dbtest"
	"campus.example/apps/internal/problem"
	"campus.example/apps/internal/sqldb"
)

// testPassword is cheap argon2id: the API suite hashes hundreds of passwords, and the
// production cost is checked once in TestHasherProductionCost.
var testPassword = PasswordParams{Memory: 64, Time: 1, Threads: 1}

// clock is a settable time source for the store and throttle.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// env is one server over a fresh database of one dialect, with a fixed clock.
type env struct {
	t       testing.TB
	dialect sqldb.Dialect
	store   *Store
	srv     http.Handler
	clock   *clock
	cfg     Config
	// tokens of the members made by withMembers, by username; "revoked" is a logged-out
	// token of alice's and "bad" one that never existed.
	tokens map[string]string
	ids    map[string]int64
	// watch holds the server's logs and metrics (observe_env_test.go).
	watch *watch
}

var t0 = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

// newEnv starts a server; change adjusts its Config.
func newEnv(t testing.TB, d sqldb.Dialect, change ...func(*Config)) *env {
	t.Helper()
	return newEnvOn(t, dbtest.Open(t, d), change...)
}

// newEnvOn is newEnv on a database the test opened itself.
func newEnvOn(t testing.TB, db *sqldb.DB, change ...func(*Config)) *env {
	t.Helper()
	d := db.Dialect
	store := NewStore(db)
	c := &clock{t: t0}
	store.Now = c.Now
	if err := store.Migrate(context.Background()); err != nil {
		t.Fatalf("migrate: %v", err)
	}
	cfg := Config{FiguresDir: t.TempDir(), Password: testPassword}
	for _, fn := range change {
		fn(&cfg)
	}
	w := observed(t)
	// e.cfg keeps no registry: replicas made from it register in registries of their own.
	withMetrics := cfg
	if withMetrics.Metrics == nil {
		withMetrics.Metrics = w.reg
	}
	srv, err := NewServer(w.logger(t), store, withMetrics)
	if err != nil {
		t.Fatalf("NewServer: %v", err)
	}
	_ = cfg.setDefaults()
	return &env{t: t, dialect: d, store: store, srv: w.wrap(t, srv, cfg), clock: c, cfg: cfg, tokens: map[string]string{}, ids: map[string]int64{}, watch: w}
}

// forDialects runs fn as a subtest on SQLite and on MariaDB.
func forDialects(t *testing.T, fn func(t *testing.T, d sqldb.Dialect)) {
	for _, d := range dbtest.Dialects {
		t.Run(d.String(), func(t *testing.T) { fn(t, d) })
	}
}

// req describes a request to the server.
type req struct {
	method, path string
	// token is sent as a bearer token; as names a member of withMembers instead.
	token, as string
	// body is JSON-encoded unless it is a string, a []byte or an io.Reader, sent as is.
	body        any
	contentType string
	header      map[string]string
	remoteAddr  string
	// unknownLength sends the body without a Content-Length, as a chunked upload would.
	unknownLength bool
}

// resp is a recorded response.
type resp struct {
	status int
	header http.Header
	body   []byte
}

func (r resp) decode(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.body, v); err != nil {
		t.Fatalf("decode %s: %v", r.body, err)
	}
}

// problemDoc decodes a problem+json body, failing when the content type is not that.
func (r resp) problemDoc(t testing.TB) problem.Document {
	t.Helper()
	if ct := r.header.Get("Content-Type"); ct != problem.ContentType {
		t.Fatalf("Content-Type = %q, want %s; body %s", ct, problem.ContentType, r.body)
	}
	var d problem.Document
	r.decode(t, &d)
	// Every problem of a server behind observe.Handler names its request, as the answer's
	// header does; the comparisons of the suite leave the id out.
	if d.RequestID != r.header.Get("X-Request-ID") {
		t.Errorf("problem request_id %q, X-Request-ID %q", d.RequestID, r.header.Get("X-Request-ID"))
	}
	d.RequestID = ""
	return d
}

// do sends a request and checks the response against the OpenAPI description.
func (e *env) do(r req) resp {
	e.t.Helper()
	var body io.Reader
	ct := r.contentType
	switch b := r.body.(type) {
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
			e.t.Fatal(err)
		}
		body = bytes.NewReader(enc)
		if ct == "" {
			ct = "application/json"
		}
	}
	hr := httptest.NewRequest(r.method, r.path, body)
	if ct != "" {
		hr.Header.Set("Content-Type", ct)
	}
	token := r.token
	if r.as != "" {
		var ok bool
		if token, ok = e.tokens[r.as]; !ok {
			e.t.Fatalf("no token for %q", r.as)
		}
	}
	if token != "" {
		hr.Header.Set("Authorization", "Bearer "+token)
	}
	// A fixed request id, as a proxy in front might send, keeps the answers of the same
	// request alike, for the tests that compare two answers whole.
	hr.Header.Set("X-Request-ID", "suite-request")
	for k, v := range r.header {
		hr.Header.Set(k, v)
	}
	if r.unknownLength {
		hr.ContentLength = -1
	}
	if r.remoteAddr != "" {
		hr.RemoteAddr = r.remoteAddr
	}
	var sent []byte
	switch b := r.body.(type) {
	case string:
		sent = []byte(b)
	case []byte:
		sent = b
	case map[string]any:
		sent, _ = json.Marshal(b)
	}
	rec := httptest.NewRecorder()
	e.srv.ServeHTTP(rec, hr)
	out := resp{status: rec.Code, header: rec.Header(), body: rec.Body.Bytes()}
	e.watch.note(token, sent, out.body)
	checkOpenAPI(e.t, hr, out)
	return out
}

// mustDo is do that fails the test unless the status is want.
func (e *env) mustDo(r req, want int) resp {
	e.t.Helper()
	res := e.do(r)
	if res.status != want {
		e.t.Fatalf("%s %s: status %d, want %d; body %s", r.method, r.path, res.status, want, res.body)
	}
	return res
}

// register makes a member and logs them in, remembering the token and id under username.
func (e *env) register(username, fullName, email string) Member {
	e.t.Helper()
	body := map[string]any{"username": username, "password": "password-" + username, "full_name": fullName}
	if email != "" {
		body["email"] = email
	}
	var m Member
	e.mustDo(req{method: "POST", path: "/api/user", body: body}, http.StatusCreated).decode(e.t, &m)
	e.ids[username] = m.ID
	e.tokens[username] = e.login(username)
	return m
}

func (e *env) login(username string) string {
	e.t.Helper()
	var s Session
	e.mustDo(req{method: "POST", path: "/api/login", body: map[string]any{"username": username, "password": "password-" + username}}, http.StatusOK).decode(e.t, &s)
	return s.Token
}

// withMembers registers alice and bob (members) and carol (admin), and the tokens "revoked"
// (alice's, logged out) and "bad" (never issued).
func (e *env) withMembers() *env {
	e.t.Helper()
	e.register("alice", "Alice Anand", "alice@example.org")
	e.register("bob", "bob Botvinnik", "bob@example.org")
	e.register("carol", "Carol Carlsen", "")
	if err := e.store.SetRole(context.Background(), "carol", RoleAdmin); err != nil {
		e.t.Fatal(err)
	}
	revoked := e.login("alice")
	e.mustDo(req{method: "POST", path: "/api/logout", token: revoked}, http.StatusNoContent)
	e.tokens["revoked"] = revoked
	e.tokens["bad"] = newToken()
	return e
}

// tournament creates a tournament as the member named by and returns its id.
func (e *env) tournament(by, name, start string) int64 {
	e.t.Helper()
	var tr play.Tournament
	e.mustDo(req{method: "POST", path: "/api/tournaments", as: by, body: map[string]any{"name": name, "start_date": start}}, http.StatusCreated).decode(e.t, &tr)
	return tr.ID
}

// multipartBody builds a multipart/form-data body from fields in order; a []byte value is a
// file part.
func multipartBody(t testing.TB, fields ...any) ([]byte, string) {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for i := 0; i < len(fields); i += 2 {
		name := fields[i].(string)
		switch v := fields[i+1].(type) {
		case []byte:
			fw, err := mw.CreateFormFile(name, "../../etc/passwd.jpg")
			if err != nil {
				t.Fatal(err)
			}
			fw.Write(v)
		case string:
			mw.WriteField(name, v)
		}
	}
	mw.Close()
	return buf.Bytes(), mw.FormDataContentType()
}

var (
	apiDocOnce sync.Once
	apiDoc     *openapi3.T
	apiRouter  routers.Router
	apiDocErr  error
)

func loadAPIDoc() (*openapi3.T, routers.Router, error) {
	apiDocOnce.Do(func() {
		loader := openapi3.NewLoader()
		apiDoc, apiDocErr = loader.LoadFromData(OpenAPI)
		if apiDocErr != nil {
			return
		}
		if apiDocErr = apiDoc.Validate(context.Background()); apiDocErr != nil {
			return
		}
		apiDoc.Servers = nil
		apiRouter, apiDocErr = legacy.NewRouter(apiDoc)
		// text/html: the app page that a browser navigation to a root alias (/members) gets.
		for _, typ := range []string{TypeJPEG, TypePNG, TypeWebP, "text/html"} {
			openapi3filter.RegisterBodyDecoder(typ, openapi3filter.FileBodyDecoder)
		}
	})
	return apiDoc, apiRouter, apiDocErr
}

// checkOpenAPI validates a response against openapi.json when the request's path and method
// are described there; unknown paths (404) and methods (405) are not.
func checkOpenAPI(t testing.TB, r *http.Request, res resp) {
	t.Helper()
	_, router, err := loadAPIDoc()
	if err != nil {
		t.Fatalf("openapi.json: %v", err)
	}
	u := *r.URL
	u.Scheme, u.Host = "http", "localhost"
	rr := r.Clone(context.Background())
	rr.URL = &u
	route, params, err := router.FindRoute(rr)
	if err != nil {
		return
	}
	in := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{Request: rr, PathParams: params, Route: route},
		Status:                 res.status,
		Header:                 res.header,
		Options:                &openapi3filter.Options{IncludeResponseStatus: true},
	}
	in.SetBodyBytes(res.body)
	if err := openapi3filter.ValidateResponse(context.Background(), in); err != nil {
		t.Errorf("%s %s → %d does not match openapi.json: %v", r.Method, r.URL.Path, res.status, err)
	}
}

// diff compares decoded values.
func diff(t testing.TB, what string, got, want any, opts ...cmp.Option) {
	t.Helper()
	if d := cmp.Diff(want, got, opts...); d != "" {
		t.Errorf("%s mismatch (-want +got):\n%s", what, d)
	}
}

func strconvFormat(id int64) string { return strconv.FormatInt(id, 10) }

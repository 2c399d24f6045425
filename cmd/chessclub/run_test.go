package main

import (
	"bytes"
	"context"
	"encoding/json"
	"maps"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"campus.example/apps/internal/servicetest"
)

// call sends a JSON request and decodes a JSON answer into out, returning the response.
func call(t testing.TB, method, url, token string, body, out any) *http.Response {
	t.Helper()
	var rd *bytes.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	} else {
		rd = bytes.NewReader(nil)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if out != nil {
		if err := json.NewDecoder(res.Body).Decode(out); err != nil {
			t.Fatalf("%s %s: decode: %v", method, url, err)
		}
	}
	return res
}

// fromToday is the day offset days from today (before it when negative) as the API writes
// dates, YYYY-MM-DD: the server runs on the real clock, so a tournament a test makes is dated
// from the day the test runs, as a club would date it.
func fromToday(offset int) string { return time.Now().AddDate(0, 0, offset).Format(time.DateOnly) }

// TestRun starts the whole service as main does, on a free port with a fresh SQLite file
// named by the environment, registers and logs in at the production password cost, makes the
// member an admin with the admin subcommand, and shuts down through the context.
func TestRun(t *testing.T) {
	dir := t.TempDir()
	dbURL := "sqlite:" + filepath.Join(dir, "nested", "chessclub.db")
	figures := filepath.Join(dir, "figures")
	envMap := map[string]string{"CHESSCLUB_DB": dbURL, "CHESSCLUB_FIGURES": figures, "CHESSCLUB_TOKEN_TTL": "1h"}
	env := servicetest.Env(envMap)

	svc := servicetest.Start(t, run, []string{"-addr", "127.0.0.1:0"}, envMap)
	base, logs := svc.URL, svc.Logs
	if res := call(t, "POST", base+"/api/user", "", map[string]any{"username": "Magnus", "password": "e4 e5 Nf3", "full_name": "Magnus"}, nil); res.StatusCode != http.StatusCreated {
		t.Fatalf("register: %d", res.StatusCode)
	}
	var sess struct {
		Token     string    `json:"token"`
		ExpiresAt time.Time `json:"expires_at"`
		Member    struct {
			Role string `json:"role"`
		} `json:"member"`
	}
	start := time.Now()
	if res := call(t, "POST", base+"/api/login", "", map[string]any{"username": "magnus", "password": "e4 e5 Nf3"}, &sess); res.StatusCode != http.StatusOK {
		t.Fatalf("login: %d", res.StatusCode)
	}
	if d := time.Until(sess.ExpiresAt); d < 50*time.Minute || d > time.Hour+time.Minute {
		t.Errorf("CHESSCLUB_TOKEN_TTL=1h gave a token that expires in %v", d)
	}
	t.Logf("login at the production cost took %v", time.Since(start))

	// The admin subcommand works on the same database while the server runs.
	var out bytes.Buffer
	if err := run(t.Context(), []string{"admin", "-db", dbURL, "MAGNUS"}, servicetest.Env(nil), &out, logs); err != nil {
		t.Fatalf("admin: %v", err)
	}
	if got := out.String(); got != "MAGNUS is now an admin\n" {
		t.Errorf("admin printed %q", got)
	}
	if err := run(t.Context(), []string{"admin", "nobody"}, env, &out, logs); err == nil || !strings.Contains(err.Error(), "nobody") {
		t.Errorf("admin of an unknown member: %v", err)
	}
	var me struct {
		Role string `json:"role"`
	}
	call(t, "GET", base+"/api/me", sess.Token, nil, &me)
	if me.Role != "admin" {
		t.Errorf("role after chessclub admin = %q", me.Role)
	}

	res, err := http.Get(base + "/tournaments/new")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
		t.Errorf("deep link: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	if _, err := os.Stat(figures); err != nil {
		t.Errorf("photo directory not created: %v", err)
	}
	if strings.Contains(logs.String(), "e4 e5 Nf3") || strings.Contains(logs.String(), sess.Token) {
		t.Errorf("the logs hold a secret:\n%s", logs.String())
	}

	if err := svc.Stop(t); err != nil {
		t.Errorf("run returned %v after shutdown", err)
	}
}

// TestRun_NoAdminYet: a server whose club has no admin says so in one line of its log, with
// the exact command that makes one, and that command works; once there is an admin, the
// line is gone.
func TestRun_NoAdminYet(t *testing.T) {
	dbURL := "sqlite:" + filepath.Join(t.TempDir(), "club.db")
	env := map[string]string{"CHESSCLUB_FIGURES": filepath.Join(t.TempDir(), "figures")}
	args := []string{"-addr", "127.0.0.1:0", "-db", dbURL}
	svc := servicetest.Start(t, run, args, env)
	want := "go run ./cmd/chessclub admin -db '" + dbURL + "' USERNAME"
	var lines []string
	for l := range strings.Lines(svc.Logs.String()) {
		if strings.Contains(l, "no admin") {
			lines = append(lines, l)
		}
	}
	if len(lines) != 1 || !strings.Contains(lines[0], "register in the app, then run "+want) {
		t.Fatalf("the first run's lines about the admin: %q, want one naming %q", lines, want)
	}
	if res := call(t, "POST", svc.URL+"/api/user", "", map[string]any{"username": "olga", "password": "a long password", "full_name": "Olga"}, nil); res.StatusCode != http.StatusCreated {
		t.Fatalf("register: %d", res.StatusCode)
	}
	// The command as logged, USERNAME filled in; go run would pass these arguments to run.
	command := strings.Fields(strings.ReplaceAll(strings.ReplaceAll(want, "'", ""), "USERNAME", "olga"))[3:]
	var out bytes.Buffer
	if err := run(t.Context(), command, servicetest.Env(nil), &out, &out); err != nil || out.String() != "olga is now an admin\n" {
		t.Fatalf("%v: %v, %q", command, err, out.String())
	}
	if err := svc.Stop(t); err != nil {
		t.Fatal(err)
	}
	again := servicetest.Start(t, run, args, env)
	if strings.Contains(again.Logs.String(), "no admin") {
		t.Errorf("a club with an admin still says it has none:\n%s", again.Logs.String())
	}
}

// TestAdminCommand: the first-run line never shows a database password.
func TestAdminCommand(t *testing.T) {
	for _, tc := range []struct{ url, want string }{
		{defaultDB, "go run ./cmd/chessclub admin USERNAME"},
		{"sqlite:/srv/club.db", "go run ./cmd/chessclub admin -db 'sqlite:/srv/club.db' USERNAME"},
		{"mysql://club:hunter2@db.example:3306/chessclub", "go run ./cmd/chessclub admin -db 'mysql://club@db.example:3306/chessclub' USERNAME"},
		{"mysql://club@localhost/chessclub?socket=/run/mysqld/mysqld.sock", "go run ./cmd/chessclub admin -db 'mysql://club@localhost/chessclub?socket=/run/mysqld/mysqld.sock' USERNAME"},
	} {
		if got := adminCommand(tc.url); got != tc.want {
			t.Errorf("adminCommand(%q) = %q, want %q", tc.url, got, tc.want)
		}
	}
}

// unreachableDB names a database that refuses connections at once.
var unreachableDB = map[string]string{"CHESSCLUB_DB": "mysql://u:hunter2@127.0.0.1:1/db?timeout=1s"}

// with returns a copy of env with k set to v.
func with(env map[string]string, k, v string) map[string]string {
	out := maps.Clone(env)
	out[k] = v
	return out
}

func TestRunFlags(t *testing.T) {
	// A database that opens, so that the photo bucket is the first thing to fail.
	sqlite := map[string]string{"CHESSCLUB_DB": "sqlite:" + filepath.Join(t.TempDir(), "club.db")}
	bucket := "s3://photos/club?endpoint=http://127.0.0.1:1"
	tests := []struct {
		name    string
		args    []string
		env     map[string]string
		wantErr string
		wantOut []string
	}{
		{"help", []string{"-h"}, nil, "", []string{"CHESSCLUB_ADDR", "CHESSCLUB_DB", "CHESSCLUB_DB_PASSWORD", "CHESSCLUB_FIGURES", "CHESSCLUB_CORS_ORIGINS", "capacitor://localhost", "ionic://localhost", "http://localhost", "https://localhost", "127.0.0.1:8080", "sqlite:data/chessclub.db", "data/figures",
			"-trusted-proxies", "CHESSCLUB_TRUSTED_PROXIES", "X-Forwarded-For", "-memory-limit", "CHESSCLUB_MEMORY_LIMIT", "-shutdown-grace", "CHESSCLUB_SHUTDOWN_GRACE", "-photo-memory", "CHESSCLUB_PHOTO_MEMORY", "268435456",
			"-max-streams", "CHESSCLUB_MAX_STREAMS", "-max-streams-per-client", "CHESSCLUB_MAX_STREAMS_PER_CLIENT", "-event-retention", "CHESSCLUB_EVENT_RETENTION", "336h0m0s",
			"-max-imports", "CHESSCLUB_MAX_IMPORTS", "-imports-per-day", "CHESSCLUB_IMPORTS_PER_DAY", "-pairings-at-once", "CHESSCLUB_PAIRINGS_AT_ONCE",
			"s3://bucket/prefix?endpoint=URL&region=REGION", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_REGION"}},
		{"bucket without credentials", []string{"-figures", bucket}, sqlite, "AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set", nil},
		{"bucket with an unknown parameter", []string{"-figures", "s3://photos?colour=blue"}, sqlite, `unknown parameter "colour"`, nil},
		{"bucket with a bad endpoint", []string{"-figures", "s3://photos?endpoint=127.0.0.1:9000"}, sqlite, `endpoint "127.0.0.1:9000" is not an http or https URL`, nil},
		{"unreachable bucket, secret never quoted", []string{"-figures", bucket},
			with(with(sqlite, "AWS_ACCESS_KEY_ID", "club"), "AWS_SECRET_ACCESS_KEY", "hunter2"), "photo bucket photos", nil},
		{"admin help", []string{"admin", "-h"}, nil, "", []string{"Usage: chessclub admin"}},
		{"bad database URL", []string{"-db", "postgres://x"}, nil, "sqlite: or mysql://", nil},
		{"password never quoted", nil, map[string]string{"CHESSCLUB_DB": "mysql://u:hunter2@127.0.0.1:1/db?timeout=1s"}, "connect", nil},
		{"bad TTL in the environment", nil, map[string]string{"CHESSCLUB_TOKEN_TTL": "forever"}, "CHESSCLUB_TOKEN_TTL", nil},
		{"trusted proxies from the environment", nil, map[string]string{"CHESSCLUB_TRUSTED_PROXIES": "10.0.0.0/8, ::1,192.0.2.1", "CHESSCLUB_DB": "mysql://u:hunter2@127.0.0.1:1/db?timeout=1s"}, "connect", nil},
		{"bad trusted proxy in the environment", nil, map[string]string{"CHESSCLUB_TRUSTED_PROXIES": "10.0.0.0/8,proxy.local"}, "-trusted-proxies: trusted proxy \"proxy.local\"", nil},
		{"bad trusted proxy flag", []string{"-trusted-proxies", "10.0.0.0/40"}, nil, "-trusted-proxies: trusted proxy \"10.0.0.0/40\"", nil},
		// The database is unreachable, so that a value taken for a default would fail later
		// with another error rather than serve.
		{"negative token TTL", []string{"-token-ttl", "-5s"}, unreachableDB, "-token-ttl (CHESSCLUB_TOKEN_TTL) must be positive, not -5s", nil},
		{"zero token TTL in the environment", nil, with(unreachableDB, "CHESSCLUB_TOKEN_TTL", "0s"), "-token-ttl (CHESSCLUB_TOKEN_TTL) must be positive, not 0s", nil},
		{"negative photo limit", []string{"-max-photo-bytes", "-1"}, unreachableDB, "-max-photo-bytes (CHESSCLUB_MAX_PHOTO_BYTES) must be positive, not -1", nil},
		{"zero photo limit in the environment", nil, with(unreachableDB, "CHESSCLUB_MAX_PHOTO_BYTES", "0"), "-max-photo-bytes (CHESSCLUB_MAX_PHOTO_BYTES) must be positive, not 0", nil},
		{"bad memory limit", []string{"-memory-limit", "lots"}, unreachableDB, "-memory-limit (CHESSCLUB_MEMORY_LIMIT): memory limit \"lots\"", nil},
		{"bad memory limit in the environment", nil, with(unreachableDB, "CHESSCLUB_MEMORY_LIMIT", "12MB"), "-memory-limit (CHESSCLUB_MEMORY_LIMIT): memory limit \"12MB\"", nil},
		{"photo memory below the minimum", []string{"-photo-memory", "1000000"}, unreachableDB, "-photo-memory (CHESSCLUB_PHOTO_MEMORY) must be at least 33554432 bytes, not 1000000", nil},
		{"photo memory from the environment", nil, with(unreachableDB, "CHESSCLUB_PHOTO_MEMORY", "536870912"), "connect", nil},
		{"zero shutdown grace", []string{"-shutdown-grace", "0s"}, unreachableDB, "-shutdown-grace (CHESSCLUB_SHUTDOWN_GRACE) must be positive, not 0s", nil},
		{"negative shutdown grace in the environment", nil, with(unreachableDB, "CHESSCLUB_SHUTDOWN_GRACE", "-1s"), "-shutdown-grace (CHESSCLUB_SHUTDOWN_GRACE) must be positive, not -1s", nil},
		{"zero streams", []string{"-max-streams", "0"}, unreachableDB, "-max-streams (CHESSCLUB_MAX_STREAMS) must be positive, not 0", nil},
		{"zero imports at once", []string{"-max-imports", "0"}, unreachableDB, "-max-imports (CHESSCLUB_MAX_IMPORTS) must be positive, not 0", nil},
		{"negative imports a day in the environment", nil, with(unreachableDB, "CHESSCLUB_IMPORTS_PER_DAY", "-1"), "-imports-per-day (CHESSCLUB_IMPORTS_PER_DAY) must be positive, not -1", nil},
		{"zero pairings at once", []string{"-pairings-at-once", "0"}, unreachableDB, "-pairings-at-once (CHESSCLUB_PAIRINGS_AT_ONCE) must be positive, not 0", nil},
		{"negative pairings at once in the environment", nil, with(unreachableDB, "CHESSCLUB_PAIRINGS_AT_ONCE", "-2"), "-pairings-at-once (CHESSCLUB_PAIRINGS_AT_ONCE) must be positive, not -2", nil},
		{"pairings at once from the environment", nil, with(unreachableDB, "CHESSCLUB_PAIRINGS_AT_ONCE", "3"), "connect", nil},
		{"import limits from the environment", nil, with(with(unreachableDB, "CHESSCLUB_MAX_IMPORTS", "2"), "CHESSCLUB_IMPORTS_PER_DAY", "50"), "connect", nil},
		{"zero streams per client in the environment", nil, with(unreachableDB, "CHESSCLUB_MAX_STREAMS_PER_CLIENT", "0"), "-max-streams-per-client (CHESSCLUB_MAX_STREAMS_PER_CLIENT) must be positive, not 0", nil},
		{"negative event retention in the environment", nil, with(unreachableDB, "CHESSCLUB_EVENT_RETENTION", "-1h"), "-event-retention (CHESSCLUB_EVENT_RETENTION) must be positive, not -1h0m0s", nil},
		{"stray argument", []string{"serve"}, nil, "unexpected argument", nil},
		{"admin without a name", []string{"admin"}, nil, "exactly one USERNAME", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out servicetest.SyncBuffer
			ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
			defer cancel()
			err := run(ctx, tc.args, servicetest.Env(tc.env), &out, &out)
			got := ""
			if err != nil {
				got = err.Error()
			}
			if (tc.wantErr == "") != (err == nil) || !strings.Contains(got, tc.wantErr) {
				t.Fatalf("run error %q, want one containing %q", got, tc.wantErr)
			}
			if strings.Contains(got+out.String(), "hunter2") {
				t.Errorf("the password appears in the output: %s %s", got, out.String())
			}
			var missing []string
			for _, w := range tc.wantOut {
				if !strings.Contains(out.String(), w) {
					missing = append(missing, w)
				}
			}
			if d := cmp.Diff([]string(nil), missing); d != "" {
				t.Errorf("usage lacks (-want +got):\n%s\n%s", d, out.String())
			}
		})
	}
}

// TestRunSQL checks that `chessclub sql` prints the committed chess.sql, and the same script
// for another database name.
func TestRunSQL(t *testing.T) {
	var out, errOut bytes.Buffer
	if err := run(t.Context(), []string{"sql"}, servicetest.Env(nil), &out, &errOut); err != nil {
		t.Fatal(err)
	}
	committed, err := os.ReadFile("../../chess.sql")
	if err != nil {
		t.Fatal(err)
	}
	if out.String() != string(committed) {
		t.Error("`chessclub sql` differs from chess.sql; regenerate it with: go run ./cmd/chessclub sql > chess.sql")
	}
	out.Reset()
	if err := run(t.Context(), []string{"sql", "-database", "club_test"}, servicetest.Env(nil), &out, &errOut); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "USE `club_test`;") || strings.Contains(out.String(), "`chessclub`") {
		t.Errorf("`chessclub sql -database club_test` does not use the name:\n%.400s", out.String())
	}
	if err := run(t.Context(), []string{"sql", "-database", "x;y"}, servicetest.Env(nil), &out, &errOut); err == nil {
		t.Error("an invalid database name was accepted")
	}
}

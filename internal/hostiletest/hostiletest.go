// Package hostiletest sends hostile requests to a server over a real connection and checks
// what a server must never do with them: answer 5xx, hang, answer an error in anything but a
// problem document, or change stored data while refusing the request.
//
// A service's suite builds its cases (usually from the generators here crossed with its own
// endpoints and fields) and calls Run once per database dialect.
package hostiletest

import (
	"bufio"
	"bytes"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
)

// Case is one hostile request.
type Case struct {
	// Name says what the case tries; names are unique within a suite.
	Name   string
	Method string
	// Path is the request target, query included, sent as is (no escaping is added).
	Path   string
	Header http.Header
	Body   []byte
	// Raw, when set, is written as is to a new TCP connection instead of an HTTP request
	// built from the fields above: for malformed request lines and framing.
	Raw string
	// HalfClose ends the client's side of a Raw connection after writing, as a client that
	// sent a truncated body and stopped would.
	HalfClose bool
}

// protocolLevel reports whether net/http itself answers c before any handler runs (a raw
// message, or a target that is not a valid request URI). Such answers are checked for their
// status only: the server's own 400, 431, 501 and 505 are plain text, and 501 and 505 are the
// right answers to a method or version it does not implement.
func (c Case) protocolLevel() bool {
	if c.Raw != "" {
		return true
	}
	_, err := url.ParseRequestURI(c.Path)
	return err != nil
}

// Timeout is how long a case may take before it counts as a hang. It guards against hangs
// only, never measures speed (benchmarks do): the slowest case, a photo of the most pixels
// the servers take decoded and scaled, runs for seconds under the race detector on a busy
// machine, and a case cut off while the server still works on it would blame the next case
// for the data it then changes.
const Timeout = 60 * time.Second

// Run sends every case to base (such as an httptest.Server's URL) in order and checks that
// none is answered with a 5xx or takes longer than Timeout; that every 4xx answer to a
// non-raw request is application/problem+json; and that snapshot, taken before and after
// each case, is unchanged by every case the server refused (4xx). It fails when two cases
// share a name, and returns how many cases it ran.
func Run(t testing.TB, base string, cases []Case, snapshot func() string) int {
	t.Helper()
	seen := map[string]bool{}
	for _, c := range cases {
		if seen[c.Name] {
			t.Fatalf("two hostile cases are named %q", c.Name)
		}
		seen[c.Name] = true
	}
	client := &http.Client{
		Timeout:       Timeout,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		Transport:     &http.Transport{DisableCompression: true, MaxIdleConnsPerHost: 4},
	}
	host := strings.TrimPrefix(base, "http://")
	for _, c := range cases {
		before := snapshot()
		var status int
		var contentType string
		var err error
		if c.Raw != "" {
			status, err = sendRaw(host, c.Raw, c.HalfClose)
		} else {
			status, contentType, err = send(client, base, c)
		}
		switch {
		case err != nil:
			t.Errorf("%s: %v", c.Name, err)
			continue
		case status >= 500 && !(c.protocolLevel() && (status == http.StatusNotImplemented || status == http.StatusHTTPVersionNotSupported)):
			t.Errorf("%s: answered %d", c.Name, status)
		case status >= 400 && !c.protocolLevel() && c.Method != http.MethodHead && contentType != "application/problem+json":
			t.Errorf("%s: answered %d with Content-Type %q, not a problem document", c.Name, status, contentType)
		}
		if status >= 400 {
			if after := snapshot(); after != before {
				t.Errorf("%s: refused with %d, but the data changed:\nbefore: %s\nafter:  %s", c.Name, status, before, after)
			}
		}
	}
	return len(cases)
}

// send makes the request of c and returns its status and content type.
func send(client *http.Client, base string, c Case) (int, string, error) {
	req, err := http.NewRequest(c.Method, base+"/", bytes.NewReader(c.Body))
	if err != nil {
		return 0, "", err
	}
	// The target goes on the wire exactly as written, so that a case may send what a
	// browser never would (bad escapes, dot segments).
	req.URL = &url.URL{Scheme: "http", Host: req.URL.Host, Opaque: "//" + req.URL.Host + c.Path}
	if c.Body == nil {
		req.Body, req.ContentLength = http.NoBody, 0
	}
	for k, vs := range c.Header {
		for _, v := range vs {
			if k == "Host" {
				req.Host = v
				continue
			}
			req.Header.Add(k, v)
		}
	}
	resp, err := client.Do(req)
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	if _, err := io.Copy(io.Discard, resp.Body); err != nil {
		return 0, "", fmt.Errorf("reading the answer: %w", err)
	}
	ct, _, _ := strings.Cut(resp.Header.Get("Content-Type"), ";")
	return resp.StatusCode, ct, nil
}

// sendRaw writes raw to a new connection, half-closes it if asked, and reads the status of
// the answer. A server that
// closes the connection without answering is fine (status 0, no error); one that keeps it
// open past Timeout is a hang.
func sendRaw(host, raw string, halfClose bool) (int, error) {
	conn, err := net.DialTimeout("tcp", host, Timeout)
	if err != nil {
		return 0, err
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(Timeout))
	if _, err := io.WriteString(conn, raw); err != nil {
		return 0, nil
	}
	if tcp, ok := conn.(*net.TCPConn); ok && halfClose {
		_ = tcp.CloseWrite()
	}
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			return 0, fmt.Errorf("no answer and no close within %v", Timeout)
		}
		return 0, nil
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, resp.Body)
	return resp.StatusCode, nil
}

// Snapshot returns a function that dumps the rows of tables (every column, ordered by the
// first) from db, and the names and sizes of the files under each of dirs, as one string:
// what a refused request must leave unchanged.
func Snapshot(t testing.TB, db *sql.DB, tables []string, dirs ...string) func() string {
	return func() string {
		t.Helper()
		var b strings.Builder
		for _, table := range tables {
			dumpTable(t, &b, db, table)
		}
		for _, dir := range dirs {
			var files []string
			_ = filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
				if err == nil && !d.IsDir() {
					info, _ := d.Info()
					if info != nil {
						files = append(files, fmt.Sprintf("%s:%d", strings.TrimPrefix(path, dir), info.Size()))
					}
				}
				return nil
			})
			sort.Strings(files)
			fmt.Fprintf(&b, "files %v; ", files)
		}
		return b.String()
	}
}

func dumpTable(t testing.TB, b *strings.Builder, db *sql.DB, table string) {
	t.Helper()
	rows, err := db.Query("SELECT * FROM " + table + " ORDER BY 1")
	if err != nil {
		t.Fatalf("snapshot %s: %v", table, err)
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	fmt.Fprintf(b, "%s: ", table)
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatalf("snapshot %s: %v", table, err)
		}
		for i, v := range vals {
			if bs, ok := v.([]byte); ok {
				vals[i] = string(bs)
			}
		}
		fmt.Fprintf(b, "%v ", vals)
	}
	if err := rows.Err(); err != nil {
		t.Fatalf("snapshot %s: %v", table, err)
	}
	b.WriteString("; ")
}

package httpserve_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"campus.example/apps/internal/httpserve"
	"campus.example/apps/internal/problem"
)

// serveForTest runs Serve on a free port with a handler that answers "ok <path>", until the
// test ends, and returns the address.
func serveForTest(t *testing.T) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	addrc := make(chan net.Addr, 1)
	errc := make(chan error, 1)
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		_, _ = io.WriteString(w, "ok "+r.URL.Path)
	})
	go func() {
		errc <- httpserve.Serve(ctx, "127.0.0.1:0", h, slog.New(slog.NewTextHandler(io.Discard, nil)), func(a net.Addr) { addrc <- a })
	}()
	t.Cleanup(func() {
		cancel()
		<-errc
	})
	return (<-addrc).String()
}

// exchange sends raw bytes on a new connection and reads every response until the server
// closes the connection (or 3 s pass), returning the responses and whether it was closed.
func exchange(t *testing.T, addr, raw string) (resps []*http.Response, bodies []string, closed bool) {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := io.WriteString(conn, raw); err != nil {
		t.Fatal(err)
	}
	_ = conn.SetReadDeadline(time.Now().Add(3 * time.Second))
	br := bufio.NewReader(conn)
	for {
		resp, err := http.ReadResponse(br, nil)
		if err != nil {
			var ne net.Error
			return resps, bodies, !(errors.As(err, &ne) && ne.Timeout())
		}
		b, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			var ne net.Error
			return resps, bodies, !(errors.As(err, &ne) && ne.Timeout())
		}
		resps = append(resps, resp)
		bodies = append(bodies, string(b))
	}
}

// TestServe_ProtocolErrorsAreProblems sends requests that net/http refuses before any handler
// sees them: each answer is a problem document with the status net/http chose, and the
// connection is closed.
func TestServe_ProtocolErrorsAreProblems(t *testing.T) {
	addr := serveForTest(t)
	for _, tc := range []struct {
		name   string
		raw    string
		status int
		slug   string
	}{
		{"headers over the limit", "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + strings.Repeat("a", httpserve.MaxHeaderBytes+8192) + "\r\n\r\n", 431, "headers-too-large"},
		{"no Host header", "GET / HTTP/1.1\r\n\r\n", 400, "malformed-request"},
		{"garbage request line", "HELLO\r\n\r\n", 400, "malformed-request"},
		{"invalid header name", "GET / HTTP/1.1\r\nHost: x\r\nBad Name: y\r\n\r\n", 400, "malformed-request"},
		{"unknown transfer coding", "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n", 501, "not-implemented"},
		{"HTTP/3.0", "GET / HTTP/3.0\r\nHost: x\r\n\r\n", 505, "http-version-not-supported"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resps, bodies, closed := exchange(t, addr, tc.raw)
			if len(resps) != 1 {
				t.Fatalf("%d responses, want 1", len(resps))
			}
			resp := resps[0]
			if resp.StatusCode != tc.status || resp.Header.Get("Content-Type") != problem.ContentType {
				t.Fatalf("status %d, Content-Type %q, body %q", resp.StatusCode, resp.Header.Get("Content-Type"), bodies[0])
			}
			var doc problem.Document
			if err := json.Unmarshal([]byte(bodies[0]), &doc); err != nil {
				t.Fatalf("body %q: %v", bodies[0], err)
			}
			if doc.Status != tc.status || doc.Type != problem.TypeBase+tc.slug || doc.Title != http.StatusText(tc.status) || doc.Detail == "" {
				t.Errorf("problem %+v", doc)
			}
			if resp.Header.Get("X-Content-Type-Options") != "nosniff" {
				t.Error("no X-Content-Type-Options: nosniff")
			}
			if !closed {
				t.Error("the connection stayed open")
			}
		})
	}
}

// TestServe_ChunkedWithContentLength sends a request with both Transfer-Encoding: chunked and
// Content-Length, followed on the same connection by a second request hidden where a server
// that trusted Content-Length would see a body. RFC 9112 (section 6.3) says the server must
// close the connection after answering such a request; this one refuses it with 400 and
// closes, so the hidden request is never answered.
func TestServe_ChunkedWithContentLength(t *testing.T) {
	addr := serveForTest(t)
	for _, smuggle := range []string{
		"POST /first HTTP/1.1\r\nHost: x\r\nContent-Length: 44\r\nTransfer-Encoding: chunked\r\n\r\n" +
			"0\r\n\r\nGET /hidden HTTP/1.1\r\nHost: x\r\n\r\n",
		"POST /first HTTP/1.1\nHost: x\nTRANSFER-ENCODING: chunked\ncontent-length: 40\n\n" +
			"0\n\nGET /hidden HTTP/1.1\nHost: x\n\n",
		"GET /innocent HTTP/1.1\r\nHost: x\r\n\r\n" +
			"POST /first HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 44\r\n\r\n" +
			"0\r\n\r\nGET /hidden HTTP/1.1\r\nHost: x\r\n\r\n",
	} {
		resps, bodies, closed := exchange(t, addr, smuggle)
		if !closed || len(resps) == 0 || strings.Contains(strings.Join(bodies, ","), "/hidden") {
			t.Errorf("%q: %d responses %q, connection closed %v; want the hidden request unanswered and the connection closed", smuggle, len(resps), bodies, closed)
			continue
		}
		last := resps[len(resps)-1]
		if last.StatusCode != http.StatusBadRequest || last.Header.Get("Content-Type") != problem.ContentType {
			t.Errorf("%q: status %d, Content-Type %q: %s", smuggle, last.StatusCode, last.Header.Get("Content-Type"), bodies[len(bodies)-1])
		}
	}

	// Ordinary requests on one connection, chunked or with a length, are all answered.
	// /c's body looks like the start of a request with Transfer-Encoding; it is a body.
	body := "GET /d HTTP/1.1\r\nTransfer-Encoding: chunked\r\n"
	normal := "POST /a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n" +
		"POST /b HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc" +
		"POST /c HTTP/1.1\r\nHost: x\r\nContent-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n" + body +
		"GET /e HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
	_, bodies, _ := exchange(t, addr, normal)
	if strings.Join(bodies, ",") != "ok /a,ok /b,ok /c,ok /e" {
		t.Errorf("pipelined requests got %q", bodies)
	}
}

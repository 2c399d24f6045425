package httpserve

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"sync"

	"campus.example/apps/internal/problem"
)

// net/http answers a request it cannot parse itself, straight on the connection and in plain
// text, before any handler runs: 400 (bad request line, header or Host), 431 (headers over
// MaxHeaderBytes), 501 (an unknown transfer coding) and 505 (an HTTP version it does not
// speak). It also accepts a request that carries both Transfer-Encoding: chunked and
// Content-Length, drops the Content-Length, and keeps the connection open, although RFC 9112
// (section 6.3) says such a request "ought to be handled as an error" and the connection
// closed after it: a proxy in front that trusted Content-Length would see the bytes after the
// chunked body as a body, and this server as a second request (request smuggling).
//
// The listener Serve uses wraps each connection to fix both. Its Write recognises net/http's
// own answers by their exact form and sends the same status as a problem document instead.
// Its Read watches the request headers go by and marks the connection when one request names
// both Transfer-Encoding and Content-Length; refuseSmuggled then answers 400 and closes it.

// cannedHeaders ends the status line of every answer net/http writes itself.
const cannedHeaders = "\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n"

// protocolProblems gives each status net/http answers by itself a problem type and detail.
var protocolProblems = map[int]struct{ slug, detail string }{
	http.StatusBadRequest:                  {"malformed-request", "The request is not valid HTTP/1.1"},
	http.StatusRequestHeaderFieldsTooLarge: {"headers-too-large", fmt.Sprintf("The request's headers exceed the limit of %d bytes.", MaxHeaderBytes)},
	http.StatusNotImplemented:              {"not-implemented", "The request uses a transfer coding the server does not implement; send the body as is or chunked."},
	http.StatusHTTPVersionNotSupported:     {"http-version-not-supported", "The server speaks HTTP/1.0 and HTTP/1.1."},
}

type guardedListener struct{ net.Listener }

func (l guardedListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &guardedConn{Conn: c}, nil
}

// guardedConn is a server connection that rewrites net/http's plain-text answers and watches
// for requests with both Transfer-Encoding and Content-Length. It is safe for the concurrent
// use net/http makes of a connection.
type guardedConn struct {
	net.Conn
	mu   sync.Mutex
	scan headerScanner
}

func (c *guardedConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	c.mu.Lock()
	c.scan.feed(p[:n])
	c.mu.Unlock()
	return n, err
}

// suspect reports whether a request on the connection named both Transfer-Encoding and
// Content-Length.
func (c *guardedConn) suspect() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.scan.both
}

func (c *guardedConn) Write(p []byte) (int, error) {
	if out, ok := asProblem(p); ok {
		if _, err := c.Conn.Write(out); err != nil {
			return 0, err
		}
		return len(p), nil
	}
	return c.Conn.Write(p)
}

// asProblem returns the problem document form of p when p is one of net/http's own answers,
// "HTTP/1.1 NNN Text[: reason]" + cannedHeaders + text, written whole in one call.
func asProblem(p []byte) ([]byte, bool) {
	rest, ok := bytes.CutPrefix(p, []byte("HTTP/1.1 "))
	if !ok || len(rest) < 4 || rest[3] != ' ' {
		return nil, false
	}
	// The status line ends at the first CR or LF; the canned headers must start there. (So
	// a response of a handler costs a look at its status line, not a search of it whole.)
	end := bytes.IndexAny(rest, "\r\n")
	if end < 0 || !bytes.HasPrefix(rest[end:], []byte(cannedHeaders)) {
		return nil, false
	}
	statusLine := rest[:end]
	code, err := strconv.Atoi(string(statusLine[:3]))
	if err != nil || code < 400 || code > 599 {
		return nil, false
	}
	info, known := protocolProblems[code]
	if !known {
		info.slug, info.detail = "malformed-request", "The request could not be read."
	}
	detail := info.detail
	if _, reason, ok := bytes.Cut(statusLine, []byte(": ")); ok && code == http.StatusBadRequest {
		detail += ": " + string(reason) // net/http's reasons are fixed texts, never the client's bytes
	}
	if code == http.StatusBadRequest {
		detail += "."
	}
	body, _ := json.Marshal(problem.Document{Type: problem.TypeBase + info.slug, Title: http.StatusText(code), Status: code, Detail: detail})
	body = append(body, '\n')
	var b bytes.Buffer
	fmt.Fprintf(&b, "HTTP/1.1 %d %s\r\n", code, http.StatusText(code))
	fmt.Fprintf(&b, "Content-Type: %s\r\nContent-Length: %d\r\n", problem.ContentType, len(body))
	fmt.Fprintf(&b, "X-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\nX-Frame-Options: DENY\r\n")
	fmt.Fprintf(&b, "Content-Security-Policy: %s\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n", APIContentSecurityPolicy)
	b.Write(body)
	return b.Bytes(), true
}

// headerScanner follows the bytes a client sends, line by line, and notes a header block
// that names both Transfer-Encoding and Content-Length. It only needs each line's start: a
// request line ("METHOD SP …") opens a block, a header's name ends it at the colon, and an
// empty line closes the block. Body bytes are scanned too; a body would have to hold such a
// block itself to be mistaken for one, and the cost of that is one refused request.
type headerScanner struct {
	line   []byte // the current line's first bytes
	inHead bool
	te, cl bool
	both   bool
}

// scanPrefix is how much of a line the scanner keeps: enough for a method or a header name.
const scanPrefix = 32

func (s *headerScanner) feed(p []byte) {
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		part := p
		if i >= 0 {
			part = p[:i]
		}
		if room := scanPrefix - len(s.line); room > 0 {
			s.line = append(s.line, part[:min(room, len(part))]...)
		}
		if i < 0 {
			return
		}
		s.endLine(bytes.TrimSuffix(s.line, []byte("\r")))
		s.line = s.line[:0]
		p = p[i+1:]
	}
}

func (s *headerScanner) endLine(line []byte) {
	switch {
	case len(line) == 0:
		if s.inHead && s.te && s.cl {
			s.both = true
		}
		s.inHead, s.te, s.cl = false, false, false
	case isRequestLine(line):
		s.inHead, s.te, s.cl = true, false, false
	case s.inHead:
		name, _, ok := bytes.Cut(line, []byte(":"))
		if !ok {
			return
		}
		// net/http refuses any Transfer-Encoding but chunked with 501 before a handler runs,
		// so the name alone says the body is chunked.
		switch {
		case bytes.EqualFold(name, []byte("Transfer-Encoding")):
			s.te = true
		case bytes.EqualFold(name, []byte("Content-Length")):
			s.cl = true
		}
	}
}

// isRequestLine reports whether line starts like a request line: a method in capitals and a
// space.
func isRequestLine(line []byte) bool {
	for i, c := range line {
		switch {
		case c == ' ':
			return i > 0
		case c < 'A' || c > 'Z':
			return false
		}
	}
	return false
}

type connKey struct{}

// connContext stores the guarded connection in each request's context, for refuseSmuggled.
func connContext(ctx context.Context, c net.Conn) context.Context {
	if gc, ok := c.(*guardedConn); ok {
		return context.WithValue(ctx, connKey{}, gc)
	}
	return ctx
}

// refuseSmuggled answers a request on a connection that carried both Transfer-Encoding and
// Content-Length with 400, and closes the connection after it, as RFC 9112 asks.
func refuseSmuggled(h http.Handler, log *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if gc, ok := r.Context().Value(connKey{}).(*guardedConn); ok && gc.suspect() {
			w.Header().Set("Connection", "close")
			log.InfoContext(r.Context(), "refused a request with both Transfer-Encoding and Content-Length", "remote", r.RemoteAddr)
			problem.Write(w, r, log, problem.New(problem.Malformed,
				"The request carries both Transfer-Encoding and Content-Length, which proxies and servers can read differently; send one of them."))
			return
		}
		h.ServeHTTP(w, r)
	})
}

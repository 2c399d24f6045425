package httpserve

import (
	"bytes"
	"strings"
	"testing"
)

// TestAsProblem checks which writes the guarded connection rewrites: net/http's own plain
// answers, whole, and nothing else, such as a handler's response that holds the same
// headers further on, or a status line broken by a bare CR or LF.
func TestAsProblem(t *testing.T) {
	ok := "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 3\r\n\r\n{}\n"
	for _, tc := range []struct {
		name   string
		write  string
		status string // "" when the write is passed on as it is
	}{
		{"bad request", "HTTP/1.1 400 Bad Request" + cannedHeaders + "400 Bad Request", "400"},
		{"bad request with a reason", "HTTP/1.1 400 Bad Request: missing required Host header" + cannedHeaders + "400 Bad Request: missing required Host header", "400"},
		{"headers too large", "HTTP/1.1 431 Request Header Fields Too Large" + cannedHeaders + "431 Request Header Fields Too Large", "431"},
		{"unknown code", "HTTP/1.1 418 I'm a teapot" + cannedHeaders, "418"},
		{"handler's response", ok, ""},
		{"canned headers in the body", ok + "HTTP/1.1 400 Bad Request" + cannedHeaders, ""},
		{"canned headers after a second line", "HTTP/1.1 400 Bad Request\r\nX-A: b" + cannedHeaders, ""},
		{"bare LF in the status line", "HTTP/1.1 400 Bad\nRequest" + cannedHeaders, ""},
		{"LF ends the status line", "HTTP/1.1 400 Bad Request\n" + cannedHeaders[2:], ""},
		{"no canned headers", "HTTP/1.1 400 Bad Request\r\n\r\n", ""},
		{"a success", "HTTP/1.1 200 OK" + cannedHeaders, ""},
		{"a 3xx", "HTTP/1.1 301 Moved Permanently" + cannedHeaders, ""},
		{"HTTP/1.0", "HTTP/1.0 400 Bad Request" + cannedHeaders, ""},
		{"no status text", "HTTP/1.1 400" + cannedHeaders, ""},
		{"status line only", "HTTP/1.1 400 Bad Request", ""},
		{"a body write", strings.Repeat("x", 1000), ""},
	} {
		out, rewritten := asProblem([]byte(tc.write))
		if rewritten != (tc.status != "") {
			t.Errorf("%s: rewritten %v, want %v", tc.name, rewritten, !rewritten)
			continue
		}
		if rewritten && !bytes.HasPrefix(out, []byte("HTTP/1.1 "+tc.status+" ")) {
			t.Errorf("%s: rewritten as %q", tc.name, out)
		}
	}
}

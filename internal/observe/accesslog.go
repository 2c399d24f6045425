package observe

import (
	"log/slog"
	"strconv"
	"sync"
	"time"
)

// access is what the access log says about a request. Handler logs it through slog as
//
//	log.LogAttrs(ctx, slog.LevelInfo, "request", method, route, status, bytes, duration, client)
//
// with request_id (and client_request_id) added from ctx by the logger, or, for a logger NewLogger built, through
// its accessLine, which writes the same bytes.
type access struct {
	method, route string
	status        int
	bytes         int64
	duration      time.Duration
	client        string
	requestID     string // "" when none; every request Handler serves has one
	// clientRequestID is the id the client gave the request, "" when none.
	clientRequestID string
}

// attrs returns the record's attributes, in order, as slog gets them (the request id is
// the logger's to add, from the context).
func (a *access) attrs() [6]slog.Attr {
	return [...]slog.Attr{
		slog.String("method", a.method),
		slog.String("route", a.route),
		slog.Int("status", a.status),
		slog.Int64("bytes", a.bytes),
		slog.Duration("duration", a.duration),
		slog.String("client", a.client),
	}
}

// accessLine writes access lines of a logger that NewLogger built, byte for byte as its
// slog handler would, without slog's work per record: the caller's program counter (taken
// although the logger does not print it), a record with attributes beyond its five inline
// ones, and the generic walk over them. It writes only what it can prove it writes alike,
// strings of printable ASCII, and declines the rest (a client address or method with
// other bytes), which then goes through slog. TestAccessLineMatchesSlog holds it to slog.
// It is safe for concurrent use.
type accessLine struct {
	w    *lockedWriter
	json bool
}

// lineBuffers holds buffers for lines; a line is about 200 bytes.
var lineBuffers = sync.Pool{New: func() any { b := make([]byte, 0, 512); return &b }}

// log writes the line of a at time t (as one Write, as slog does) and reports whether it
// did; false means that a holds a string the line writer does not write, and nothing was
// written.
func (l *accessLine) log(t time.Time, a *access) bool {
	bp := lineBuffers.Get().(*[]byte)
	b, ok := l.append((*bp)[:0], t, a)
	if ok {
		l.w.writeAccess(b) // slog drops a failed write of its handler's too
	}
	if cap(b) <= 4<<10 {
		*bp = b
		lineBuffers.Put(bp)
	}
	return ok
}

// appendTextTime appends t as the text handler does: RFC 3339 with exactly three digits of
// milliseconds, truncated. The fraction goes into time.RFC3339's form, which the time
// package formats faster than a layout of its own; the seconds end 19 bytes in, for the
// years 0 to 9999 that RFC 3339 has.
func appendTextTime(b []byte, t time.Time) []byte {
	n := len(b)
	b = t.AppendFormat(b, time.RFC3339)
	if len(b)-n < len("2006-01-02T15:04:05Z") {
		return b
	}
	ms := t.Nanosecond() / int(time.Millisecond)
	b = append(b, "0000"...)
	secEnd := n + len("2006-01-02T15:04:05")
	copy(b[secEnd+4:], b[secEnd:len(b)-4])
	b[secEnd] = '.'
	b[secEnd+1] = byte('0' + ms/100)
	b[secEnd+2] = byte('0' + ms/10%10)
	b[secEnd+3] = byte('0' + ms%10)
	return b
}

// append appends the line of a at time t to b, or reports false when a string of a is not
// printable ASCII.
func (l *accessLine) append(b []byte, t time.Time, a *access) ([]byte, bool) {
	for _, s := range [...]string{a.method, a.route, a.client, a.requestID, a.clientRequestID} {
		if !printableASCII(s) {
			return b, false
		}
	}
	t = t.Round(0) // no monotonic reading, as slog
	if l.json {
		b = append(b, `{"time":"`...)
		b = t.AppendFormat(b, time.RFC3339Nano)
		b = append(b, `","level":"INFO","msg":"request","method":`...)
		b = appendJSONString(b, a.method)
		b = append(b, `,"route":`...)
		b = appendJSONString(b, a.route)
		b = append(b, `,"status":`...)
		b = strconv.AppendInt(b, int64(a.status), 10)
		b = append(b, `,"bytes":`...)
		b = strconv.AppendInt(b, a.bytes, 10)
		b = append(b, `,"duration":`...)
		b = strconv.AppendInt(b, int64(a.duration), 10)
		b = append(b, `,"client":`...)
		b = appendJSONString(b, a.client)
		if a.requestID != "" {
			b = append(b, `,"request_id":`...)
			b = appendJSONString(b, a.requestID)
		}
		if a.clientRequestID != "" {
			b = append(b, `,"client_request_id":`...)
			b = appendJSONString(b, a.clientRequestID)
		}
		return append(b, "}\n"...), true
	}
	b = append(b, "time="...)
	b = appendTextTime(b, t)
	b = append(b, " level=INFO msg=request method="...)
	b = appendTextString(b, a.method)
	b = append(b, " route="...)
	b = appendTextString(b, a.route)
	b = append(b, " status="...)
	b = strconv.AppendInt(b, int64(a.status), 10)
	b = append(b, " bytes="...)
	b = strconv.AppendInt(b, a.bytes, 10)
	b = append(b, " duration="...)
	b = append(b, a.duration.String()...)
	b = append(b, " client="...)
	b = appendTextString(b, a.client)
	if a.requestID != "" {
		b = append(b, " request_id="...)
		b = appendTextString(b, a.requestID)
	}
	if a.clientRequestID != "" {
		b = append(b, " client_request_id="...)
		b = appendTextString(b, a.clientRequestID)
	}
	return append(b, '\n'), true
}

// printableASCII reports whether s holds only the bytes from space to tilde.
func printableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < ' ' || s[i] > '~' {
			return false
		}
	}
	return true
}

// appendJSONString appends s, printable ASCII, as a JSON string: quoted, with its quotes
// and backslashes escaped.
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	b = appendEscaped(b, s)
	return append(b, '"')
}

// appendTextString appends s, printable ASCII, as the text handler does: as it is, unless
// it is empty or holds a space, a quote or '=', which would make the line ambiguous; then
// quoted as in Go, with its quotes and backslashes escaped.
func appendTextString(b []byte, s string) []byte {
	bare := s != ""
	for i := 0; i < len(s) && bare; i++ {
		bare = s[i] != ' ' && s[i] != '"' && s[i] != '='
	}
	if bare {
		return append(b, s...)
	}
	return appendJSONString(b, s) // for printable ASCII, Go's quoting and JSON's agree
}

// appendEscaped appends s, printable ASCII, with a backslash before each quote and
// backslash.
func appendEscaped(b []byte, s string) []byte {
	start := 0
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '"' || c == '\\' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', c)
			start = i + 1
		}
	}
	return append(b, s[start:]...)
}

package observe

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"sync"
	"time"

	"campus.example/apps/internal/problem"
)

// Log formats that NewLogger knows.
const (
	FormatText = "text"
	FormatJSON = "json"
)

// AccessLineDelay is how long an access line may wait before it is written, when NewLogger
// writes to an *os.File (a file, a pipe, a terminal: every Write a system call). Lines that
// come together are written together, at most accessBatch bytes at a time: on the project
// machine a write(2) per request to a log file cost about 5 us, an eighth of a point read.
const AccessLineDelay = 100 * time.Millisecond

// accessBatch is how many bytes of access lines wait at most; reaching it writes them.
const accessBatch = 64 << 10

// NewLogger returns a logger that writes to w in format (FormatText, logfmt-like lines, or
// FormatJSON, one object per line) and adds the request id that a record's context
// carries (see problem.WithRequestID) as "request_id", so that every line logged with a
// request's context (log.InfoContext(r.Context(), ...)) names its request. Each record is
// one Write to w, made before the logging call returns: give it an unbuffered w, such as
// os.Stderr, so that no line is lost in a crash.
//
// Handler writes the access log of such a logger itself, in the same bytes (see
// accessLine), and passes the records of any other logger to it. When w is an *os.File,
// access lines alone wait up to AccessLineDelay and go out in batches; any other record
// writes them first, in order, and Flush writes them at once (call it before the program
// ends). A crash can lose the access lines of its last AccessLineDelay, never another
// record. It returns an error for an unknown format.
func NewLogger(w io.Writer, format string) (*slog.Logger, error) {
	lw := &lockedWriter{w: w}
	if _, ok := w.(*os.File); ok {
		lw.delay = AccessLineDelay
		lw.timer = time.AfterFunc(time.Hour, func() { _ = lw.Flush() })
		lw.timer.Stop()
	}
	var h slog.Handler
	switch format {
	case FormatText:
		h = slog.NewTextHandler(lw, nil)
	case FormatJSON:
		h = slog.NewJSONHandler(lw, nil)
	default:
		return nil, fmt.Errorf("log format %q is neither %s nor %s", format, FormatText, FormatJSON)
	}
	return slog.New(requestIDHandler{Handler: h, access: &accessLine{w: lw, json: format == FormatJSON}}), nil
}

// Flush writes the access lines of log (a logger NewLogger returned) that are waiting. It
// does nothing for other loggers.
func Flush(log *slog.Logger) error {
	if l := accessLineOf(log); l != nil {
		return l.w.Flush()
	}
	return nil
}

// lockedWriter makes one Write at a time to w. slog's handlers do the same among
// themselves; the access lines that Handler writes past slog go through it too, and with a
// delay they wait in pending.
type lockedWriter struct {
	mu      sync.Mutex
	w       io.Writer
	delay   time.Duration // 0: access lines are written at once
	pending []byte        // access lines not written yet
	timer   *time.Timer   // writes pending; set whenever pending stops being empty
}

// Write writes p, after the access lines that wait, in one write.
func (lw *lockedWriter) Write(p []byte) (int, error) {
	lw.mu.Lock()
	defer lw.mu.Unlock()
	if len(lw.pending) == 0 {
		return lw.w.Write(p)
	}
	lw.pending = append(lw.pending, p...)
	if err := lw.flushLocked(); err != nil {
		return 0, err
	}
	return len(p), nil
}

// writeAccess writes an access line, or keeps it for at most delay. Like slog, it drops
// a write that fails.
func (lw *lockedWriter) writeAccess(p []byte) {
	if lw.delay == 0 {
		_, _ = lw.Write(p)
		return
	}
	lw.mu.Lock()
	defer lw.mu.Unlock()
	first := len(lw.pending) == 0
	lw.pending = append(lw.pending, p...)
	switch {
	case len(lw.pending) >= accessBatch:
		_ = lw.flushLocked()
	case first:
		lw.timer.Reset(lw.delay)
	}
}

// Flush writes the access lines that wait.
func (lw *lockedWriter) Flush() error {
	lw.mu.Lock()
	defer lw.mu.Unlock()
	return lw.flushLocked()
}

func (lw *lockedWriter) flushLocked() error {
	if len(lw.pending) == 0 {
		return nil
	}
	_, err := lw.w.Write(lw.pending)
	lw.pending = lw.pending[:0]
	if cap(lw.pending) > 4*accessBatch { // one long record grew it
		lw.pending = nil
	}
	return err
}

// requestIDHandler adds the request id of a record's context to the record, and the
// client's own id for the request when it gave one.
type requestIDHandler struct {
	slog.Handler
	// access writes access lines as Handler would, for the handler NewLogger built; it is
	// nil in handlers derived with WithAttrs or WithGroup, whose lines differ.
	access *accessLine
}

func (h requestIDHandler) Handle(ctx context.Context, rec slog.Record) error {
	if ctx == nil {
		return h.Handler.Handle(ctx, rec)
	}
	if id := problem.RequestID(ctx); id != "" {
		rec.AddAttrs(slog.String("request_id", id))
	}
	if id := problem.ClientRequestID(ctx); id != "" {
		rec.AddAttrs(slog.String("client_request_id", id))
	}
	return h.Handler.Handle(ctx, rec)
}

func (h requestIDHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return requestIDHandler{Handler: h.Handler.WithAttrs(attrs)}
}

func (h requestIDHandler) WithGroup(name string) slog.Handler {
	return requestIDHandler{Handler: h.Handler.WithGroup(name)}
}

// accessLineOf returns the access line writer of log, or nil when log is not a logger that
// NewLogger returned (and not derived from one with With or WithGroup).
func accessLineOf(log *slog.Logger) *accessLine {
	if log == nil {
		return nil
	}
	if h, ok := log.Handler().(requestIDHandler); ok {
		return h.access
	}
	return nil
}

package observe

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"sync"

	"campus.example/apps/internal/problem"
)

// Log formats that NewLogger knows.
const (
	FormatText = "text"
	FormatJSON = "json"
)

// NewLogger returns a logger that writes to w in format (FormatText, logfmt-like lines, or
// FormatJSON, one object per line) and adds the request id that a record's context
// carries (see problem.WithRequestID) as "request_id", so that every line logged with a
// request's context (log.InfoContext(r.Context(), ...)) names its request. Each record is
// one Write to w; give it an unbuffered w, such as os.Stderr, so that no line is lost in
// a crash. It returns an error for an unknown format.
//
// Handler writes the access log of such a logger itself, in the same bytes (see
// accessLine), and passes the records of any other logger to it.
func NewLogger(w io.Writer, format string) (*slog.Logger, error) {
	lw := &lockedWriter{w: w}
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

// lockedWriter makes one Write at a time to w. slog's handlers do the same among
// themselves; the access lines that Handler writes past slog go through it too.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (lw *lockedWriter) Write(p []byte) (int, error) {
	lw.mu.Lock()
	defer lw.mu.Unlock()
	return lw.w.Write(p)
}

// requestIDHandler adds the request id of a record's context to the record.
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

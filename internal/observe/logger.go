package observe

import (
	"context"
	"fmt"
	"io"
	"log/slog"

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
func NewLogger(w io.Writer, format string) (*slog.Logger, error) {
	var h slog.Handler
	switch format {
	case FormatText:
		h = slog.NewTextHandler(w, nil)
	case FormatJSON:
		h = slog.NewJSONHandler(w, nil)
	default:
		return nil, fmt.Errorf("log format %q is neither %s nor %s", format, FormatText, FormatJSON)
	}
	return slog.New(requestIDHandler{h}), nil
}

// requestIDHandler adds the request id of a record's context to the record.
type requestIDHandler struct{ slog.Handler }

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
	return requestIDHandler{h.Handler.WithAttrs(attrs)}
}

func (h requestIDHandler) WithGroup(name string) slog.Handler {
	return requestIDHandler{h.Handler.WithGroup(name)}
}

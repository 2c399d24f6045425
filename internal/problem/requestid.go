package problem

import "context"

type requestIDKey struct{}

// WithRequestID returns a context that carries the id of the request it belongs to. Write
// puts it in every problem document as the "request_id" member, so that a client who
// reports a failure can name the log lines that go with it. The middleware that accepts or
// makes the id (package observe) calls it; id must already be safe to echo.
func WithRequestID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, requestIDKey{}, id)
}

// RequestID returns the request id that ctx carries, or "" when it carries none.
func RequestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}

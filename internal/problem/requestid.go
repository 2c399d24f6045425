package problem

import "context"

type requestIDKey struct{}

// WithRequestID returns a context that carries the id of the request it belongs to, the
// server's own. Write puts it in every problem document as the "request_id" member, so that a
// client who reports a failure can name the log lines that go with it. The middleware that
// makes the id (package observe) calls it; id must already be safe to echo.
func WithRequestID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, requestIDKey{}, id)
}

// RequestID returns the request id that ctx carries, or "" when it carries none.
func RequestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}

type clientRequestIDKey struct{}

// WithClientRequestID returns a context that carries the id a client or a proxy in front gave
// the request (its X-Request-ID), kept apart from the server's own: a client chooses it, so
// it may be anyone's, and nothing that records who did what (an audit trail) may take it for
// the request's. The middleware (package observe) calls it with an id already checked to be
// safe to echo.
func WithClientRequestID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, clientRequestIDKey{}, id)
}

// ClientRequestID returns the id the client gave the request that ctx belongs to, or "" when
// it gave none (or one that was not well-formed).
func ClientRequestID(ctx context.Context) string {
	id, _ := ctx.Value(clientRequestIDKey{}).(string)
	return id
}

package httpserve

import (
	"context"
	"net"
)

type readyKey struct{}

// WithReady returns a context that carries fn to a service's run function, which passes
// ReadyHook(ctx) to Serve. Tests use it to start a whole service on ":0" and learn its port.
func WithReady(ctx context.Context, fn func(net.Addr)) context.Context {
	return context.WithValue(ctx, readyKey{}, fn)
}

// ReadyHook returns the function stored by WithReady, or nil.
func ReadyHook(ctx context.Context) func(net.Addr) {
	fn, _ := ctx.Value(readyKey{}).(func(net.Addr))
	return fn
}

package clubtest

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/prometheus/client_golang/prometheus"

	"campus.example/apps/internal/chessclub"
	"campus.example/apps/internal/chessclub/auth"
	"campus.example/apps/internal/observe"
	"campus.example/apps/internal/servicetest"
)

// watch is what every test server of the API suite (New) runs with, as cmd/chessclub
// runs it: behind observe.Handler with its own registry, logging in JSON to a buffer. It
// notes each password and token the suite sends or receives, and when the test ends fails
// it if any of them was logged, so that the whole suite checks that secrets stay out of
// the logs.
type watch struct {
	logs *servicetest.SyncBuffer
	reg  *prometheus.Registry

	mu      sync.Mutex
	secrets map[string]bool
}

// observed wraps the server that NewOn builds; call it before NewServer,
// then wrap its handler.
func observed(t testing.TB) *watch {
	w := &watch{logs: &servicetest.SyncBuffer{}, reg: prometheus.NewRegistry(), secrets: map[string]bool{}}
	t.Cleanup(func() { w.check(t) })
	return w
}

func (w *watch) wrap(t testing.TB, srv http.Handler, cfg chessclub.Config) http.Handler {
	t.Helper()
	h, err := observe.Handler(srv, observe.Options{AccessLog: w.logger(t), Registry: w.reg,
		Metrics: observe.MetricsHandler(w.reg), ClientAddr: auth.ClientAddr(cfg.Auth.TrustedProxies)})
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func (w *watch) logger(t testing.TB) *slog.Logger {
	log, err := observe.NewLogger(w.logs, observe.FormatJSON)
	if err != nil {
		t.Fatal(err)
	}
	return log
}

// minSecret is the shortest value taken for a secret: shorter ones (such as the password
// "x" of a validation test) would match unrelated text.
const minSecret = 8

// note remembers a token sent and the password and token members of a JSON request or
// response body.
// A nil w, of a replica, notes nothing.
func (w *watch) note(token string, bodies ...[]byte) {
	if w == nil {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(token) >= minSecret {
		w.secrets[token] = true
	}
	for _, b := range bodies {
		var obj map[string]any
		if json.Unmarshal(b, &obj) != nil {
			continue
		}
		for k, v := range obj {
			if s, ok := v.(string); ok && len(s) >= minSecret && (strings.Contains(k, "password") || strings.Contains(k, "token")) {
				w.secrets[s] = true
			}
		}
	}
}

// check fails t when the logs hold a secret or an Authorization header's scheme.
func (w *watch) check(t testing.TB) {
	w.checkText(t, "logs", w.logs.String())
}

// checkText fails t when text, which a test read from what the server keeps (named what),
// holds a secret noted so far or an Authorization header's scheme.
func (w *watch) checkText(t testing.TB, what, text string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for s := range w.secrets {
		if strings.Contains(text, s) {
			t.Errorf("the %s hold the secret %q", what, s)
		}
	}
	if strings.Contains(text, "Bearer") {
		t.Errorf("the %s hold an Authorization header", what)
	}
}

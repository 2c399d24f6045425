package hostiletest

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"campus.example/apps/internal/problem"
)

// recorder is a testing.TB that records failures instead of failing.
type recorder struct {
	testing.TB
	mu     sync.Mutex
	errors []string
}

func (r *recorder) Errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

// TestRunCatchesWhatItPromises runs the harness against a server that misbehaves in each way
// the harness must catch, and against one that does not.
func TestRunCatchesWhatItPromises(t *testing.T) {
	var data atomic.Int64
	mux := http.NewServeMux()
	mux.HandleFunc("/boom", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(500) })
	mux.HandleFunc("/sneaky", func(w http.ResponseWriter, r *http.Request) {
		data.Add(1)
		problem.Write(w, r, nil, problem.New(problem.Invalid, "refused, but changed"))
	})
	mux.HandleFunc("/plain", func(w http.ResponseWriter, r *http.Request) { http.Error(w, "nope", 404) })
	mux.HandleFunc("/fine", func(w http.ResponseWriter, r *http.Request) {
		problem.Write(w, r, nil, problem.New(problem.NotFound, "not here"))
	})
	mux.HandleFunc("/create", func(w http.ResponseWriter, r *http.Request) { data.Add(1); w.WriteHeader(201) })
	base := Serve(t, mux, nil)
	snapshot := func() string { return fmt.Sprint(data.Load()) }

	tests := []struct {
		path string
		want string // a substring of the one failure expected, or "" for none
	}{
		{"/boom", "answered 500"},
		{"/sneaky", "the data changed"},
		{"/plain", "not a problem document"},
		{"/fine", ""},
		{"/create", ""},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			rec := &recorder{TB: t}
			Run(rec, base, []Case{{Name: tt.path, Method: "POST", Path: tt.path}}, snapshot)
			switch {
			case tt.want == "" && len(rec.errors) > 0:
				t.Errorf("unexpected failures: %q", rec.errors)
			case tt.want != "" && (len(rec.errors) != 1 || !strings.Contains(rec.errors[0], tt.want)):
				t.Errorf("failures %q, want one containing %q", rec.errors, tt.want)
			}
		})
	}
	t.Run("duplicate names", func(t *testing.T) {
		rec := &fatalRecorder{TB: t}
		func() {
			defer func() { _ = recover() }()
			Run(rec, base, []Case{{Name: "x", Method: "GET", Path: "/fine"}, {Name: "x", Method: "GET", Path: "/fine"}}, snapshot)
		}()
		if !rec.fataled {
			t.Error("two cases with one name were accepted")
		}
	})
}

// fatalRecorder records a Fatalf and stops the caller with a panic that the test recovers.
type fatalRecorder struct {
	testing.TB
	fataled bool
}

func (r *fatalRecorder) Fatalf(string, ...any) { r.fataled = true; panic("fatal") }

package clubtest

import (
	"testing"

	"campus.example/apps/internal/servicetest"
)

// errorsOf records what check reports instead of failing the test.
type errorsOf struct {
	testing.TB
	got []string
}

func (e *errorsOf) Errorf(format string, args ...any) { e.got = append(e.got, format) }
func (e *errorsOf) Error(args ...any)                 { e.got = append(e.got, "error") }

// TestWatch: the watch that guards the suite notices a password, a token and an
// Authorization header in the logs, and is quiet when the logs hold none of them.
func TestWatch(t *testing.T) {
	for _, tc := range []struct {
		name, logged string
		want         int
	}{
		{"clean", `{"msg":"request","route":"POST /api/login"}`, 0},
		{"password", `{"msg":"oops","body":"{\"password\":\"hunter2-secret\"}"}`, 1},
		{"token", `{"msg":"oops","token":"tok-0123456789"}`, 1},
		{"header", `{"msg":"oops","authorization":"Bearer x"}`, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := &watch{logs: &servicetest.SyncBuffer{}, secrets: map[string]bool{}}
			w.note("tok-0123456789", []byte(`{"username":"alice","password":"hunter2-secret"}`))
			_, _ = w.logs.Write([]byte(tc.logged + "\n"))
			rec := &errorsOf{TB: t}
			w.check(rec)
			if len(rec.got) != tc.want {
				t.Errorf("check reported %v, want %d reports", rec.got, tc.want)
			}
		})
	}
}

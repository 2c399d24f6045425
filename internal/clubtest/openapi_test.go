package clubtest

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"campus.example/apps/internal/chessclub"
	"campus.example/apps/internal/openapitest"
	"campus.example/apps/internal/problem"
)

type fakeT struct {
	testing.TB
	failed bool
}

func (f *fakeT) Errorf(string, ...any) { f.failed = true }

func (f *fakeT) Helper() {}

// TestCheckOpenAPI: openapi.json is valid OpenAPI, and the check that every response of the
// suite goes through catches a response that breaks it.
func TestCheckOpenAPI(t *testing.T) {
	openapitest.New(t, chessclub.OpenAPI)
	r, _ := http.NewRequest("GET", "/api/tournaments", nil)
	for _, tc := range []struct {
		name        string
		status      int
		contentType string
		body        string
	}{
		{"a tournament with a string id", 200, "application/json", `[{"id":"x"}]`},
		{"an undocumented status", 418, problem.ContentType, `{}`},
	} {
		rec := httptest.NewRecorder()
		rec.Header().Set("Content-Type", tc.contentType)
		rec.WriteHeader(tc.status)
		rec.WriteString(tc.body)
		ft := &fakeT{TB: t}
		checkOpenAPI(ft, r, rec)
		if !ft.failed {
			t.Errorf("%s passed the OpenAPI check", tc.name)
		}
	}
}

package problem_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"campus.example/apps/internal/problem"
)

func TestWrite(t *testing.T) {
	tests := []struct {
		name    string
		err     error
		want    problem.Document
		headers map[string]string
		logged  bool
		// requestID, when set, is carried by the request's context (WithRequestID).
		requestID string
	}{
		{name: "validation", err: problem.Validation(map[string]string{"name": "is required"}),
			want: problem.Document{Type: "urn:problem-type:validation", Title: "Validation failed", Status: 422, Detail: "The request has invalid fields.", Instance: "/x", Errors: map[string]string{"name": "is required"}}},
		{name: "wrapped not found", err: fmt.Errorf("lookup: %w", problem.New(problem.NotFound, "No creature 7.")),
			want: problem.Document{Type: "urn:problem-type:not-found", Title: "Not found", Status: 404, Detail: "No creature 7.", Instance: "/x"}},
		{name: "throttled", err: &problem.Error{Kind: problem.TooManyRequests, Detail: "Slow down.", RetryAfter: 30},
			want:    problem.Document{Type: "urn:problem-type:too-many-requests", Title: "Too many requests", Status: 429, Detail: "Slow down.", Instance: "/x"},
			headers: map[string]string{"Retry-After": "30"}},
		{name: "unauthorized", err: problem.New(problem.Unauthorized, "Log in."),
			want:    problem.Document{Type: "urn:problem-type:unauthorized", Title: "Authentication required", Status: 401, Detail: "Log in.", Instance: "/x"},
			headers: map[string]string{"WWW-Authenticate": `Bearer realm="api"`}},
		{name: "unavailable", err: &problem.Error{Kind: problem.Unavailable, Detail: "The database is unavailable.", Err: errors.New("dial tcp 10.0.0.9:3306: connection refused")}, logged: true,
			want:    problem.Document{Type: "urn:problem-type:unavailable", Title: "Service unavailable", Status: 503, Detail: "The database is unavailable.", Instance: "/x"},
			headers: map[string]string{"Retry-After": "5"}},
		{name: "unavailable, retry given", err: &problem.Error{Kind: problem.Unavailable, RetryAfter: 30}, logged: true,
			want:    problem.Document{Type: "urn:problem-type:unavailable", Title: "Service unavailable", Status: 503, Detail: "The service is unavailable for now; try again later.", Instance: "/x"},
			headers: map[string]string{"Retry-After": "30"}},
		{name: "conflict with the current state", err: &problem.Error{Kind: problem.Conflict, Detail: "Round 4 is paired already.", Current: map[string]any{"state": "running", "current_round": 4.0}},
			want: problem.Document{Type: "urn:problem-type:conflict", Title: "Conflict", Status: 409, Detail: "Round 4 is paired already.", Instance: "/x", Current: map[string]any{"state": "running", "current_round": 4.0}}},
		{name: "plain error hides its text", err: errors.New("dial tcp: password=hunter2 refused"), logged: true,
			want: problem.Document{Type: "urn:problem-type:internal", Title: "Internal server error", Status: 500, Detail: "The server could not complete the request.", Instance: "/x"}},
		{name: "request id", err: problem.New(problem.NotFound, "No creature 7."), requestID: "req-42",
			want: problem.Document{Type: "urn:problem-type:not-found", Title: "Not found", Status: 404, Detail: "No creature 7.", Instance: "/x", RequestID: "req-42"}},
		{name: "request id of a hidden failure", err: errors.New("disk full"), requestID: "req-43", logged: true,
			want: problem.Document{Type: "urn:problem-type:internal", Title: "Internal server error", Status: 500, Detail: "The server could not complete the request.", Instance: "/x", RequestID: "req-43"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var logs bytes.Buffer
			rec := httptest.NewRecorder()
			req := httptest.NewRequest("GET", "/x", nil)
			if tc.requestID != "" {
				req = req.WithContext(problem.WithRequestID(req.Context(), tc.requestID))
			}
			problem.Write(rec, req, slog.New(slog.NewTextHandler(&logs, nil)), tc.err)
			if rec.Code != tc.want.Status || rec.Header().Get("Content-Type") != problem.ContentType {
				t.Fatalf("status %d, Content-Type %q", rec.Code, rec.Header().Get("Content-Type"))
			}
			var got problem.Document
			if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("document (-want +got):\n%s", diff)
			}
			for k, v := range tc.headers {
				if rec.Header().Get(k) != v {
					t.Errorf("%s = %q, want %q", k, rec.Header().Get(k), v)
				}
			}
			if tc.logged != (logs.Len() > 0) {
				t.Errorf("logged = %v, want %v: %s", logs.Len() > 0, tc.logged, logs.String())
			}
			if strings.Contains(rec.Body.String(), "hunter2") {
				t.Error("the response repeats an internal error")
			}
		})
	}
}

// TestWrite_ClientGone: a failure after the client closed its connection is logged at Info
// and not answered; a failure the client can still read is an ERROR and a 500.
func TestWrite_ClientGone(t *testing.T) {
	for _, gone := range []bool{true, false} {
		var logs bytes.Buffer
		r := httptest.NewRequest("GET", "/x", nil)
		if gone {
			ctx, cancel := context.WithCancel(r.Context())
			cancel()
			r = r.WithContext(ctx)
		}
		rec := httptest.NewRecorder()
		problem.Write(rec, r, slog.New(slog.NewTextHandler(&logs, nil)), fmt.Errorf("list creatures: %w", context.Canceled))
		level := "level=ERROR"
		if gone {
			level = "level=INFO"
		}
		if !strings.Contains(logs.String(), level) || (gone && rec.Body.Len() > 0) || (!gone && rec.Code != 500) {
			t.Errorf("client gone %v: logged %q, answered %d %q", gone, logs.String(), rec.Code, rec.Body.String())
		}
	}
}

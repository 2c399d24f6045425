package chessclub

import (
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp/cmpopts"

	"campus.example/apps/internal/chessclub/play"
	"campus.example/apps/internal/sqldb"
)

// ignoreVersions leaves out a tournament's version and revision, which the API shows only
// in its ETag.
var ignoreVersions = cmpopts.IgnoreUnexported(play.Tournament{})

func TestTournaments(t *testing.T) {
	forDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := newEnv(t, d).withMembers()
		var empty []play.Tournament
		e.mustDo(req{method: "GET", path: "/api/tournaments"}, http.StatusOK).decode(t, &empty)
		if empty == nil || len(empty) != 0 {
			t.Errorf("empty list = %#v, want []", empty)
		}

		loc, tc, desc := "Room 101", "90+30", "Seven rounds, FIDE rated."
		rounds := 7
		res := e.mustDo(req{method: "POST", path: "/api/tournaments", as: "alice", body: map[string]any{
			"name": " Spring Open ", "start_date": "2026-04-10", "end_date": "2026-04-12", "location": loc,
			"format": "round_robin", "rounds": 7, "time_control": tc, "description": desc,
		}}, http.StatusCreated)
		var full play.Tournament
		res.decode(t, &full)
		alice := e.ids["alice"]
		diff(t, "created", full, play.Tournament{ID: full.ID, Name: "Spring Open", StartDate: "2026-04-10", EndDate: "2026-04-12",
			Location: &loc, Format: play.FormatRoundRobin, Rounds: &rounds, TimeControl: &tc, Description: &desc, CreatedBy: &alice, CreatedAt: t0,
			Settings: play.DefaultSettings, State: play.StateOpen}, ignoreVersions)
		if got := res.header.Get("Location"); got != "/api/tournaments/"+itoa(full.ID) {
			t.Errorf("Location = %q", got)
		}
		var one play.Tournament
		e.mustDo(req{method: "GET", path: "/api/tournaments/" + itoa(full.ID)}, http.StatusOK).decode(t, &one)
		diff(t, "read back", one, full, ignoreVersions)

		var minimal play.Tournament
		e.mustDo(req{method: "POST", path: "/api/tournaments", as: "bob", body: map[string]any{"name": "Blitz night", "start_date": "2026-04-10"}}, http.StatusCreated).decode(t, &minimal)
		bob := e.ids["bob"]
		diff(t, "defaults", minimal, play.Tournament{ID: minimal.ID, Name: "Blitz night", StartDate: "2026-04-10", EndDate: "2026-04-10",
			Format: play.FormatSwiss, CreatedBy: &bob, CreatedAt: t0, Settings: play.DefaultSettings, State: play.StateOpen}, ignoreVersions)
		early := e.tournament("carol", "Winter Cup", "2026-01-05")
		later := e.tournament("carol", "Summer", "2026-07-01")

		var list []play.Tournament
		e.mustDo(req{method: "GET", path: "/api/tournaments"}, http.StatusOK).decode(t, &list)
		var ids []int64
		for _, tr := range list {
			ids = append(ids, tr.ID)
		}
		// By start date, then id: the two on 2026-04-10 keep their creation order.
		diff(t, "order", ids, []int64{early, full.ID, minimal.ID, later})

		valid := func(k string, v any) map[string]any {
			b := map[string]any{"name": "X", "start_date": "2026-05-01"}
			if v == nil {
				delete(b, k)
			} else {
				b[k] = v
			}
			return b
		}
		tests := []struct {
			name string
			as   string
			body any
			want wantProblem
		}{
			{"end before start", "alice", valid("end_date", "2026-04-30"), wantProblem{422, "validation", []string{"end_date"}}},
			{"bad date", "alice", valid("start_date", "2026-02-30"), wantProblem{422, "validation", []string{"start_date"}}},
			{"date with time", "alice", valid("start_date", "2026-02-01T10:00:00Z"), wantProblem{422, "validation", []string{"start_date"}}},
			{"no start", "alice", valid("start_date", nil), wantProblem{422, "validation", []string{"start_date"}}},
			{"no name", "alice", valid("name", nil), wantProblem{422, "validation", []string{"name"}}},
			{"long name", "alice", valid("name", strings.Repeat("n", 101)), wantProblem{422, "validation", []string{"name"}}},
			{"bad format", "alice", valid("format", "blitz"), wantProblem{422, "validation", []string{"format"}}},
			{"zero rounds", "alice", valid("rounds", 0), wantProblem{422, "validation", []string{"rounds"}}},
			{"51 rounds", "alice", valid("rounds", 51), wantProblem{422, "validation", []string{"rounds"}}},
			{"fractional rounds", "alice", valid("rounds", 2.5), wantProblem{400, "malformed-request", []string{"rounds"}}},
			{"long time control", "alice", valid("time_control", strings.Repeat("5", 51)), wantProblem{422, "validation", []string{"time_control"}}},
			{"read-only created_by", "alice", valid("created_by", 1), wantProblem{422, "validation", []string{"created_by"}}},
			{"unknown field", "alice", valid("prize", 100), wantProblem{422, "validation", []string{"prize"}}},
			{"not logged in", "", valid("name", "Y"), wantProblem{401, "unauthorized", nil}},
			{"not JSON", "alice", "name=X", wantProblem{415, "unsupported-media-type", nil}},
		}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				r := req{method: "POST", path: "/api/tournaments", as: tc.as, body: tc.body}
				if s, ok := tc.body.(string); ok {
					r.body, r.contentType = s, "application/x-www-form-urlencoded"
				}
				checkProblem(t, e.do(r), tc.want)
			})
		}
		checkProblem(t, e.do(req{method: "GET", path: "/api/tournaments/424242"}), wantProblem{404, "not-found", nil})
		checkProblem(t, e.do(req{method: "GET", path: "/api/tournaments/x1"}), wantProblem{400, "malformed-request", nil})
	})
}

// TestDeleteForms checks the three ways to name the tournament to delete, and who may.
func TestDeleteForms(t *testing.T) {
	forDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := newEnv(t, d).withMembers()
		tests := []struct {
			name string
			as   string
			// path, body and content type of the request; %d in path or body is the id, %o
			// another tournament's, which must never be deleted.
			path, body, contentType string
			want                    int
			slug                    string
		}{
			{"path", "alice", "/api/tournaments/%d", "", "", 204, ""},
			{"query", "alice", "/api/tournaments?id=%d", "", "", 204, ""},
			{"JSON body", "alice", "/api/tournaments", `{"id": %d}`, "application/json", 204, ""},
			{"JSON body without content type", "alice", "/api/tournaments", `{"id": %d}`, "", 204, ""},
			{"JSON body labelled as a form", "alice", "/api/tournaments", `{"id": %d}`, "application/x-www-form-urlencoded", 204, ""},
			{"id as a string", "alice", "/api/tournaments", `{"id": "%d"}`, "application/json", 204, ""},
			{"form body", "alice", "/api/tournaments", `id=%d`, "application/x-www-form-urlencoded", 204, ""},
			{"admin, path", "carol", "/api/tournaments/%d", "", "", 204, ""},
			{"admin, query", "carol", "/api/tournaments?id=%d", "", "", 204, ""},
			{"admin, body", "carol", "/api/tournaments", `{"id": %d}`, "application/json", 204, ""},
			{"other member, path", "bob", "/api/tournaments/%d", "", "", 403, "forbidden"},
			{"other member, query", "bob", "/api/tournaments?id=%d", "", "", 403, "forbidden"},
			{"other member, body", "bob", "/api/tournaments", `{"id": %d}`, "application/json", 403, "forbidden"},
			{"no id", "alice", "/api/tournaments", "", "", 400, "malformed-request"},
			{"empty JSON object", "alice", "/api/tournaments", `{}`, "application/json", 400, "malformed-request"},
			{"id not a number", "alice", "/api/tournaments?id=abc", "", "", 400, "malformed-request"},
			{"id twice", "alice", "/api/tournaments?id=%d&id=%d", "", "", 400, "malformed-request"},
			{"negative id", "alice", "/api/tournaments", `{"id": -1}`, "application/json", 400, "malformed-request"},
			{"XML body", "alice", "/api/tournaments", `<id>1</id>`, "application/xml", 415, "unsupported-media-type"},
			{"missing, path", "alice", "/api/tournaments/987654", "", "", 404, "not-found"},
			{"missing, query", "alice", "/api/tournaments?id=987654", "", "", 404, "not-found"},
			{"missing, body", "carol", "/api/tournaments", `{"id": 987654}`, "application/json", 404, "not-found"},
			{"not logged in", "", "/api/tournaments/%d", "", "", 401, "unauthorized"},
			{"path and query differ", "alice", "/api/tournaments/%d?id=%o", "", "", 400, "malformed-request"},
			{"path and body differ", "alice", "/api/tournaments/%d", `{"id": %o}`, "application/json", 400, "malformed-request"},
			{"query and body differ", "alice", "/api/tournaments?id=%d", `{"id": %o}`, "application/json", 400, "malformed-request"},
			{"query and form body differ", "alice", "/api/tournaments?id=%d", `id=%o`, "application/x-www-form-urlencoded", 400, "malformed-request"},
			{"path, query and body, one differs", "alice", "/api/tournaments/%d?id=%d", `{"id": "%o"}`, "", 400, "malformed-request"},
			{"path and query agree", "alice", "/api/tournaments/%d?id=%d", "", "", 204, ""},
			{"query and body agree", "alice", "/api/tournaments?id=%d", `{"id": %d}`, "application/json", 204, ""},
			{"path, query and body agree", "alice", "/api/tournaments/%d?id=%d", `{"id": "%d"}`, "", 204, ""},
			{"path and a body without id", "alice", "/api/tournaments/%d", `{}`, "application/json", 204, ""},
		}
		// problemFields are the fields that a case's problem names, where it names any.
		problemFields := map[string][]string{"id twice": {"id"}}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				id := e.tournament("alice", "To delete", "2026-06-01")
				other := e.tournament("alice", "To keep", "2026-06-02")
				fill := func(s string) string {
					return strings.NewReplacer("%d", itoa(id), "%o", itoa(other)).Replace(s)
				}
				r := req{method: "DELETE", path: fill(tc.path), as: tc.as, contentType: tc.contentType}
				if tc.body != "" {
					r.body = fill(tc.body)
				}
				res := e.do(r)
				if tc.want != 204 {
					checkProblem(t, res, wantProblem{status: tc.want, slug: tc.slug, fields: problemFields[tc.name]})
				} else if res.status != 204 || len(res.body) != 0 {
					t.Fatalf("status %d, body %q; want 204 and no body", res.status, res.body)
				}
				st := e.do(req{method: "GET", path: "/api/tournaments/" + itoa(id)}).status
				if gone := st == http.StatusNotFound; gone != (tc.want == 204) {
					t.Errorf("after the delete, GET says %d", st)
				}
				if st := e.do(req{method: "GET", path: "/api/tournaments/" + itoa(other)}).status; st != http.StatusOK {
					t.Errorf("the other tournament: GET says %d", st)
				}
				if tc.want == 400 && strings.Contains(tc.name, "differ") {
					if detail := res.problemDoc(t).Detail; !strings.Contains(detail, itoa(id)) || !strings.Contains(detail, itoa(other)) {
						t.Errorf("detail %q does not name both ids", detail)
					}
				}
			})
		}
	})
}

package chessclub_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp/cmpopts"

	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// ignoreVersions leaves out a tournament's version and revision, which the API shows only
// in its ETag.
var ignoreVersions = cmpopts.IgnoreUnexported(tournament.Tournament{})

func TestTournaments(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := clubtest.New(t, d).WithMembers()
		var empty []tournament.Tournament
		e.MustDo(clubtest.Req{Method: "GET", Path: "/api/tournaments"}, http.StatusOK).Decode(t, &empty)
		if empty == nil || len(empty) != 0 {
			t.Errorf("empty list = %#v, want []", empty)
		}

		loc, tc, desc := "Room 101", "90+30", "Seven rounds, FIDE rated."
		rounds := 7
		res := e.MustDo(clubtest.Req{Method: "POST", Path: "/api/tournaments", As: "alice", Body: map[string]any{
			"name": " Spring Open ", "start_date": "2026-04-10", "end_date": "2026-04-12", "location": loc,
			"format": "round_robin", "rounds": 7, "time_control": tc, "description": desc,
		}}, http.StatusCreated)
		var full tournament.Tournament
		res.Decode(t, &full)
		alice := e.IDs["alice"]
		clubtest.Diff(t, "created", full, tournament.Tournament{ID: full.ID, Name: "Spring Open", StartDate: "2026-04-10", EndDate: "2026-04-12",
			Location: &loc, Format: tournament.FormatRoundRobin, Rounds: &rounds, TimeControl: &tc, Description: &desc, CreatedBy: &alice, CreatedAt: clubtest.T0,
			Settings: tournament.DefaultSettings, State: tournament.StateOpen}, ignoreVersions)
		if got := res.Header.Get("Location"); got != "/api/tournaments/"+fmt.Sprint(full.ID) {
			t.Errorf("Location = %q", got)
		}
		var one tournament.Tournament
		e.MustDo(clubtest.Req{Method: "GET", Path: "/api/tournaments/" + fmt.Sprint(full.ID)}, http.StatusOK).Decode(t, &one)
		clubtest.Diff(t, "read back", one, full, ignoreVersions)

		var minimal tournament.Tournament
		e.MustDo(clubtest.Req{Method: "POST", Path: "/api/tournaments", As: "bob", Body: map[string]any{"name": "Blitz night", "start_date": "2026-04-10"}}, http.StatusCreated).Decode(t, &minimal)
		bob := e.IDs["bob"]
		clubtest.Diff(t, "defaults", minimal, tournament.Tournament{ID: minimal.ID, Name: "Blitz night", StartDate: "2026-04-10", EndDate: "2026-04-10",
			Format: tournament.FormatSwiss, CreatedBy: &bob, CreatedAt: clubtest.T0, Settings: tournament.DefaultSettings, State: tournament.StateOpen}, ignoreVersions)
		early := e.Tournament("carol", "Winter Cup", "2026-01-05")
		later := e.Tournament("carol", "Summer", "2026-07-01")

		var list []tournament.Tournament
		e.MustDo(clubtest.Req{Method: "GET", Path: "/api/tournaments"}, http.StatusOK).Decode(t, &list)
		var ids []int64
		for _, tr := range list {
			ids = append(ids, tr.ID)
		}
		// By start date, then id: the two on 2026-04-10 keep their creation order.
		clubtest.Diff(t, "order", ids, []int64{early, full.ID, minimal.ID, later})

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
			want clubtest.WantProblem
		}{
			{"end before start", "alice", valid("end_date", "2026-04-30"), clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"end_date"}}},
			{"bad date", "alice", valid("start_date", "2026-02-30"), clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"start_date"}}},
			{"date with time", "alice", valid("start_date", "2026-02-01T10:00:00Z"), clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"start_date"}}},
			{"no start", "alice", valid("start_date", nil), clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"start_date"}}},
			{"no name", "alice", valid("name", nil), clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"name"}}},
			{"long name", "alice", valid("name", strings.Repeat("n", 101)), clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"name"}}},
			{"bad format", "alice", valid("format", "blitz"), clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"format"}}},
			{"zero rounds", "alice", valid("rounds", 0), clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"rounds"}}},
			{"51 rounds", "alice", valid("rounds", 51), clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"rounds"}}},
			{"fractional rounds", "alice", valid("rounds", 2.5), clubtest.WantProblem{Status: 400, Slug: "malformed-request", Fields: []string{"rounds"}}},
			{"long time control", "alice", valid("time_control", strings.Repeat("5", 51)), clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"time_control"}}},
			{"read-only created_by", "alice", valid("created_by", 1), clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"created_by"}}},
			{"unknown field", "alice", valid("prize", 100), clubtest.WantProblem{Status: 422, Slug: "validation", Fields: []string{"prize"}}},
			{"not logged in", "", valid("name", "Y"), clubtest.WantProblem{Status: 401, Slug: "unauthorized"}},
			{"not JSON", "alice", "name=X", clubtest.WantProblem{Status: 415, Slug: "unsupported-media-type"}},
		}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				r := clubtest.Req{Method: "POST", Path: "/api/tournaments", As: tc.as, Body: tc.body}
				if s, ok := tc.body.(string); ok {
					r.Body, r.ContentType = s, "application/x-www-form-urlencoded"
				}
				clubtest.CheckProblem(t, e.Do(r), tc.want)
			})
		}
		clubtest.CheckProblem(t, e.Do(clubtest.Req{Method: "GET", Path: "/api/tournaments/424242"}), clubtest.WantProblem{Status: 404, Slug: "not-found"})
		clubtest.CheckProblem(t, e.Do(clubtest.Req{Method: "GET", Path: "/api/tournaments/x1"}), clubtest.WantProblem{Status: 400, Slug: "malformed-request"})
	})
}

// TestDeleteForms checks the three ways to name the tournament to delete, and who may.
func TestDeleteForms(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := clubtest.New(t, d).WithMembers()
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
				id := e.Tournament("alice", "To delete", "2026-06-01")
				other := e.Tournament("alice", "To keep", "2026-06-02")
				fill := func(s string) string {
					return strings.NewReplacer("%d", fmt.Sprint(id), "%o", fmt.Sprint(other)).Replace(s)
				}
				r := clubtest.Req{Method: "DELETE", Path: fill(tc.path), As: tc.as, ContentType: tc.contentType}
				if tc.body != "" {
					r.Body = fill(tc.body)
				}
				res := e.Do(r)
				if tc.want != 204 {
					clubtest.CheckProblem(t, res, clubtest.WantProblem{Status: tc.want, Slug: tc.slug, Fields: problemFields[tc.name]})
				} else if res.Status != 204 || len(res.Body) != 0 {
					t.Fatalf("status %d, body %q; want 204 and no body", res.Status, res.Body)
				}
				st := e.Do(clubtest.Req{Method: "GET", Path: "/api/tournaments/" + fmt.Sprint(id)}).Status
				if gone := st == http.StatusNotFound; gone != (tc.want == 204) {
					t.Errorf("after the delete, GET says %d", st)
				}
				if st := e.Do(clubtest.Req{Method: "GET", Path: "/api/tournaments/" + fmt.Sprint(other)}).Status; st != http.StatusOK {
					t.Errorf("the other tournament: GET says %d", st)
				}
				if tc.want == 400 && strings.Contains(tc.name, "differ") {
					if detail := res.Problem(t).Detail; !strings.Contains(detail, fmt.Sprint(id)) || !strings.Contains(detail, fmt.Sprint(other)) {
						t.Errorf("detail %q does not name both ids", detail)
					}
				}
			})
		}
	})
}

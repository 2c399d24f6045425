package chessclub_test

import (
	"fmt"
	"net/http"
	"testing"

	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// jsonEndpoint is one endpoint that reads a JSON body, with a body it accepts; the cases
// below spoil that body in one way each.
type jsonEndpoint struct {
	method, path, as string
	// valid is a body the endpoint accepts, written so the spoiled bodies differ in one place.
	valid func(e *clubtest.Env) string
	// field is the member that the spoiled bodies spoil.
	field string
}

func jsonEndpoints() []jsonEndpoint {
	return []jsonEndpoint{
		{method: "POST", path: "/api/user", field: "full_name",
			valid: func(*clubtest.Env) string { return `{"username":"dora","password":"long enough","full_name":"%s"}` }},
		{method: "POST", path: "/api/login", field: "username",
			valid: func(*clubtest.Env) string { return `{"username":"%s","password":"password-alice"}` }},
		{method: "POST", path: "/api/tournaments", as: "alice", field: "name",
			valid: func(*clubtest.Env) string { return `{"name":"%s","start_date":"2026-05-01"}` }},
	}
}

// spoil puts text where the endpoint's valid body has %s.
func spoil(body, text string) string {
	out := []byte{}
	for i := 0; i < len(body); i++ {
		if body[i] == '%' && i+1 < len(body) && body[i+1] == 's' {
			out = append(out, text...)
			i++
			continue
		}
		out = append(out, body[i])
	}
	return string(out)
}

// TestStrictJSON_Text sends every JSON endpoint text that is not what it claims to be: bytes
// that are not UTF-8, escapes of half a surrogate pair, and a charset other than UTF-8. Each
// is refused whole and changes nothing.
func TestStrictJSON_Text(t *testing.T) {
	cases := []struct {
		name        string
		text        string
		contentType string
		want        clubtest.WantProblem
	}{
		{"Latin-1 byte", "Caf\xe9", "", clubtest.WantProblem{Status: 400, Slug: "malformed-request"}},
		{"overlong encoding", "a\xc0\xafb", "", clubtest.WantProblem{Status: 400, Slug: "malformed-request"}},
		{"lone high surrogate", `a\ud800`, "", clubtest.WantProblem{Status: 400, Slug: "malformed-request"}},
		{"lone low surrogate", `\udc00a`, "", clubtest.WantProblem{Status: 400, Slug: "malformed-request"}},
		{"charset Latin-1", "Dora", "application/json; charset=iso-8859-1", clubtest.WantProblem{Status: 415, Slug: "unsupported-media-type"}},
	}
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := clubtest.New(t, d).WithMembers()
		id := e.Tournament("alice", "Kept", "2026-06-01")
		before := snapshot(e)
		for _, ep := range jsonEndpoints() {
			for _, tc := range cases {
				t.Run(ep.path+"/"+tc.name, func(t *testing.T) {
					want := tc.want
					if want.Status == 400 {
						want.Fields = []string{ep.field}
					}
					ct := tc.contentType
					if ct == "" {
						ct = "application/json"
					}
					res := e.Do(clubtest.Req{Method: ep.method, Path: ep.path, As: ep.as, Body: spoil(ep.valid(e), tc.text), ContentType: ct})
					clubtest.CheckProblem(t, res, want)
				})
			}
		}
		// The delete endpoint reads its body itself, labelled or not.
		for _, tc := range []struct {
			body, contentType string
			want              clubtest.WantProblem
		}{
			{"{\"id\":1,\"note\":\"\xff\"}", "application/json", clubtest.WantProblem{Status: 400, Slug: "malformed-request", Fields: []string{"note"}}},
			{`{"id":1,"note":"\ud800"}`, "", clubtest.WantProblem{Status: 400, Slug: "malformed-request", Fields: []string{"note"}}},
			{`{"id":1}`, "application/json; charset=latin1", clubtest.WantProblem{Status: 415, Slug: "unsupported-media-type"}},
		} {
			res := e.Do(clubtest.Req{Method: "DELETE", Path: "/api/tournaments/" + fmt.Sprint(id), As: "alice", Body: tc.body, ContentType: tc.contentType})
			clubtest.CheckProblem(t, res, tc.want)
		}
		if after := snapshot(e); after != before {
			t.Errorf("refused requests changed the data:\nbefore %s\nafter  %s", before, after)
		}
		// And the valid bodies are accepted, so the refusals above were about the text.
		e.MustDo(clubtest.Req{Method: "POST", Path: "/api/user", Body: spoil(jsonEndpoints()[0].valid(e), "Dora \\u00e9\\ud83d\\ude00"), ContentType: "application/json"}, http.StatusCreated)
	})
}

// snapshot summarises what the API shows of members and tournaments, for checking that
// refused requests changed nothing.
func snapshot(e *clubtest.Env) string {
	e.T.Helper()
	return string(e.MustDo(clubtest.Req{Method: "GET", Path: "/api/members", As: "carol"}, http.StatusOK).Body) +
		string(e.MustDo(clubtest.Req{Method: "GET", Path: "/api/tournaments"}, http.StatusOK).Body)
}

// TestStrictJSON_MembersAndNumbers sends every JSON endpoint a member twice, and numbers that
// are not integers where integers belong: each is a 400 naming the field, and nothing changes.
func TestStrictJSON_MembersAndNumbers(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := clubtest.New(t, d).WithMembers()
		id := e.Tournament("alice", "Kept", "2026-06-01")
		before := snapshot(e)
		for _, tc := range []struct {
			name       string
			method, as string
			path, body string
			field      string
		}{
			{"register, username twice", "POST", "", "/api/user", `{"username":"dora","password":"long enough","full_name":"Dora","username":"alice"}`, "username"},
			{"register, escaped twice", "POST", "", "/api/user", `{"username":"dora","password":"long enough","full_name":"Dora","\u0066ull_name":"D"}`, "full_name"},
			{"login, password twice", "POST", "", "/api/login", `{"username":"alice","password":"wrong","password":"password-alice"}`, "password"},
			{"tournament, name twice", "POST", "alice", "/api/tournaments", `{"name":"A","start_date":"2026-05-01","name":"B"}`, "name"},
			{"tournament, rounds 1e-400", "POST", "alice", "/api/tournaments", `{"name":"A","start_date":"2026-05-01","rounds":1e-400}`, "rounds"},
			{"tournament, rounds 7.5", "POST", "alice", "/api/tournaments", `{"name":"A","start_date":"2026-05-01","rounds":7.5}`, "rounds"},
			{"tournament, rounds 2^64", "POST", "alice", "/api/tournaments", `{"name":"A","start_date":"2026-05-01","rounds":18446744073709551616}`, "rounds"},
			{"delete, id twice", "DELETE", "alice", "/api/tournaments", `{"id":` + fmt.Sprint(id) + `,"id":999}`, "id"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				res := e.Do(clubtest.Req{Method: tc.method, Path: tc.path, As: tc.as, Body: tc.body, ContentType: "application/json"})
				clubtest.CheckProblem(t, res, clubtest.WantProblem{Status: 400, Slug: "malformed-request", Fields: []string{tc.field}})
			})
		}
		if after := snapshot(e); after != before {
			t.Errorf("refused requests changed the data:\nbefore %s\nafter  %s", before, after)
		}
		var tr tournament.Tournament
		e.MustDo(clubtest.Req{Method: "POST", Path: "/api/tournaments", As: "alice", Body: `{"name":"A","start_date":"2026-05-01","rounds":7.0}`, ContentType: "application/json"}, http.StatusCreated).Decode(t, &tr)
		if tr.Rounds == nil || *tr.Rounds != 7 {
			t.Errorf("rounds 7.0 stored as %v, want 7", tr.Rounds)
		}
	})
}

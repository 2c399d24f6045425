package members_test

import (
	"fmt"
	"net/http"
	"testing"

	"campus.example/apps/internal/chessclub/members"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/problem"
	"campus.example/apps/internal/sqldb"
)

func TestMembersAndEmailVisibility(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := clubtest.New(t, d).WithMembers()
		var all []members.Member
		e.MustDo(clubtest.Req{Method: "GET", Path: "/api/members", As: "carol"}, http.StatusOK).Decode(t, &all)
		byName := func(ms []members.Member) []string {
			var names []string
			for _, m := range ms {
				names = append(names, m.Username)
			}
			return names
		}
		// Sorted by full name without regard to case: "Alice Anand", "bob Botvinnik", "Carol Carlsen".
		clubtest.Diff(t, "order", byName(all), []string{"alice", "bob", "carol"})

		emails := func(viewer string, ms []members.Member) map[string]string {
			out := map[string]string{}
			for _, m := range ms {
				if m.Email != nil {
					out[m.Username] = *m.Email
				}
			}
			return out
		}
		tests := []struct {
			viewer string
			want   map[string]string
		}{
			{"alice", map[string]string{"alice": "alice@example.org"}},
			{"bob", map[string]string{"bob": "bob@example.org"}},
			{"carol", map[string]string{"alice": "alice@example.org", "bob": "bob@example.org"}},
		}
		for _, tc := range tests {
			t.Run(tc.viewer, func(t *testing.T) {
				var ms []members.Member
				e.MustDo(clubtest.Req{Method: "GET", Path: "/api/members", As: tc.viewer}, http.StatusOK).Decode(t, &ms)
				clubtest.Diff(t, "emails in list", emails(tc.viewer, ms), tc.want)
				one := map[string]string{}
				for _, name := range []string{"alice", "bob", "carol"} {
					var m members.Member
					e.MustDo(clubtest.Req{Method: "GET", Path: "/api/members/" + fmt.Sprint(e.IDs[name]), As: tc.viewer}, http.StatusOK).Decode(t, &m)
					if m.Email != nil {
						one[name] = *m.Email
					}
				}
				clubtest.Diff(t, "emails one by one", one, tc.want)
			})
		}
		clubtest.CheckProblem(t, e.Do(clubtest.Req{Method: "GET", Path: "/api/members/999999", As: "alice"}), clubtest.WantProblem{Status: 404, Slug: "not-found"})
		clubtest.CheckProblem(t, e.Do(clubtest.Req{Method: "GET", Path: "/api/members/abc", As: "alice"}), clubtest.WantProblem{Status: 400, Slug: "malformed-request"})
		clubtest.CheckProblem(t, e.Do(clubtest.Req{Method: "GET", Path: "/api/members/0", As: "alice"}), clubtest.WantProblem{Status: 400, Slug: "malformed-request"})
	})
}

func TestAdminRole(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := clubtest.New(t, d)
		e.Register("dave", "Dave")
		ctx := t.Context()
		if err := e.Store.SetRole(ctx, "DAVE", members.RoleAdmin); err != nil {
			t.Fatal(err)
		}
		var me members.Member
		e.MustDo(clubtest.Req{Method: "GET", Path: "/api/me", As: "dave"}, http.StatusOK).Decode(t, &me)
		if me.Role != members.RoleAdmin {
			t.Errorf("role = %q, want admin", me.Role)
		}
		if err := e.Store.SetRole(ctx, "nobody", members.RoleAdmin); problem.KindOf(err) != problem.NotFound {
			t.Errorf("SetRole(nobody) = %v, want NotFound", err)
		}
	})
}

package members_test

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"campus.example/apps/internal/chessclub/audit"
	"campus.example/apps/internal/chessclub/members"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// combinedStarts are where each word of the combined list's header begins, as in FIDE's
// players_list_foa.txt.
var combinedStarts = []struct {
	word string
	at   int
}{{"ID Number", 0}, {"Name", 15}, {"Fed", 76}, {"Sex", 80}, {"Tit", 84}, {"WTit", 89}, {"OTit", 94}, {"FOA", 109},
	{"SRtng", 113}, {"SGm", 119}, {"SK", 123}, {"RRtng", 126}, {"RGm", 132}, {"Rk", 136}, {"BRtng", 139}, {"BGm", 145}, {"BK", 149},
	{"B-day", 152}, {"Flag", 158}}

// listLine lays values out in the combined list's columns.
func listLine(values ...string) string {
	var b []byte
	for i, v := range values {
		for len(b) < combinedStarts[i].at {
			b = append(b, ' ')
		}
		b = append(b, v...)
	}
	return strings.TrimRight(string(b), " ")
}

// combinedList is a combined list of the players given, each as (id, name, title, women's
// title, standard, rapid, blitz), ratings "" for none.
func combinedList(players ...[7]string) string {
	var words []string
	for _, c := range combinedStarts {
		words = append(words, c.word)
	}
	lines := []string{listLine(words...)}
	for _, p := range players {
		lines = append(lines, listLine(p[0], p[1], "NOR", "M", p[2], p[3], "", "", p[4], "0", "20", p[5], "0", "20", p[6], "0", "20", "1990", ""))
	}
	return strings.Join(lines, "\n") + "\n"
}

// TestFIDEListImport uploads FIDE's combined list as an admin and checks, on each database,
// what it changes (ratings of every type, titles, a rating the list no longer has) and
// answers, that members not in it and guests keep theirs, that each change is in the audit
// trail, and who may upload what.
func TestFIDEListImport(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := clubtest.New(t, d).WithMembers()
		e.Register("dave", "Dave Dvoretsky")
		set := func(who string, body map[string]any) {
			e.MustDo(clubtest.Req{Method: "PATCH", Path: clubtest.Path("/api/members/%d", e.IDs[who]), As: who, Body: body}, http.StatusOK)
		}
		set("alice", map[string]any{"fide_id": 1503014, "fide_rating_standard": 2800, "fide_rating_blitz": 2900, "title": "IM"})
		set("bob", map[string]any{"fide_id": 8602980})
		set("dave", map[string]any{"fide_id": 4100018, "fide_rating_standard": 2000, "title": "FM"}) // the same in the list
		list := combinedList(
			[7]string{"1", "Someone, Else", "", "", "1500", "", ""},
			[7]string{"1503014", "Carlsen, Magnus", "GM", "", "2833", "2823", ""},
			[7]string{"8602980", "Hou, Yifan", "GM", "WGM", "2633", "2588", "2595"},
			[7]string{"4100018", "Dvoretsky, Dave", "FM", "", "2000", "", ""},
		)
		upload := func(as, contentType, query, body string) clubtest.Resp {
			return e.Do(clubtest.Req{Method: "POST", Path: "/api/admin/fide-ratings" + query, As: as, Body: body, ContentType: contentType})
		}
		for _, who := range []string{"alice", "bob"} {
			clubtest.CheckProblem(t, upload(who, "text/plain", "", list), clubtest.WantProblem{Status: 403, Slug: "forbidden"})
		}
		clubtest.CheckProblem(t, upload("", "text/plain", "", list), clubtest.WantProblem{Status: 401, Slug: "unauthorized"})
		clubtest.CheckProblem(t, upload("carol", "application/json", "", list), clubtest.WantProblem{Status: 415, Slug: "unsupported-media-type"})
		clubtest.CheckProblem(t, upload("carol", "text/plain", "?list=bullet", list), clubtest.WantProblem{Status: 400, Slug: "malformed-request"})
		clubtest.CheckProblem(t, upload("carol", "text/plain", "", "not a list\n"), clubtest.WantProblem{Status: 422, Slug: "validation"})
		broken := strings.Replace(list, "2823", "28x3", 1)
		clubtest.CheckProblem(t, upload("carol", "text/plain", "", broken), clubtest.WantProblem{Status: 422, Slug: "validation"})

		res := upload("carol", "text/plain; charset=utf-8", "", list)
		if res.Status != http.StatusOK {
			t.Fatalf("upload: %d %s", res.Status, res.Body)
		}
		var got members.FIDEListResult
		res.Decode(t, &got)
		n := func(v float64) any { return v }
		clubtest.Diff(t, "answer", got, members.FIDEListResult{Types: []string{"standard", "rapid", "blitz"}, Players: 4, Matched: 3, Changes: []members.FIDEListChange{
			{MemberID: e.IDs["alice"], Username: "alice", FullName: "Alice Anand", FIDEID: 1503014,
				Before: map[string]any{"fide_rating_standard": n(2800), "fide_rating_rapid": nil, "fide_rating_blitz": n(2900), "title": "IM"},
				After:  map[string]any{"fide_rating_standard": n(2833), "fide_rating_rapid": n(2823), "fide_rating_blitz": nil, "title": "GM"}},
			{MemberID: e.IDs["bob"], Username: "bob", FullName: "bob Botvinnik", FIDEID: 8602980,
				Before: map[string]any{"fide_rating_standard": nil, "fide_rating_rapid": nil, "fide_rating_blitz": nil, "title": nil},
				After:  map[string]any{"fide_rating_standard": n(2633), "fide_rating_rapid": n(2588), "fide_rating_blitz": n(2595), "title": "GM"}},
		}, Skipped: []members.FIDEListMember{}})

		var alice members.Member
		e.MustDo(clubtest.Req{Method: "GET", Path: clubtest.Path("/api/members/%d", e.IDs["alice"]), As: "bob"}, http.StatusOK).Decode(t, &alice)
		clubtest.Diff(t, "alice", []any{alice.FIDEStandard, alice.FIDERapid, alice.FIDEBlitz, alice.Title}, []any{ptr(2833), ptr(2823), (*int)(nil), ptr("GM")})

		var who []string
		for _, name := range []string{"alice", "bob", "dave"} {
			var trail []audit.Entry
			e.MustDo(clubtest.Req{Method: "GET", Path: clubtest.Path("/api/audit?member_id=%d", e.IDs[name]), As: "carol"}, http.StatusOK).Decode(t, &trail)
			for _, en := range trail {
				if en.Action == audit.FIDEListApplied {
					who = append(who, fmt.Sprintf("%s by %s: %s", en.Subject, en.ActorUsername, en.After))
				}
			}
		}
		clubtest.Diff(t, "audit", who, []string{
			`alice by carol: {"fide_rating_blitz":null,"fide_rating_rapid":2823,"fide_rating_standard":2833,"title":"GM"}`,
			`bob by carol: {"fide_rating_blitz":2595,"fide_rating_rapid":2588,"fide_rating_standard":2633,"title":"GM"}`})

		// The same list again changes nothing; a single rapid list changes the rapid ratings only.
		upload("carol", "text/plain", "", list).Decode(t, &got)
		clubtest.Diff(t, "again", []any{got.Matched, len(got.Changes)}, []any{3, 0})
		rapid := strings.Replace(strings.Replace(list, "RRtng", "NOV26", 1), "SRtng", "     ", 1)
		rapid = strings.Replace(rapid, "BRtng", "     ", 1)
		upload("carol", "text/plain", "?list=rapid", strings.Replace(rapid, "2823", "2801", 1)).Decode(t, &got)
		clubtest.Diff(t, "rapid list", got.Changes, []members.FIDEListChange{{MemberID: e.IDs["alice"], Username: "alice", FullName: "Alice Anand", FIDEID: 1503014,
			Before: map[string]any{"fide_rating_rapid": n(2823)}, After: map[string]any{"fide_rating_rapid": n(2801)}}})
	})
}

// TestFIDEListAppliedToMembersAsTheyAre changes two members' FIDE records while a list is
// being uploaded, and checks on each database that the list is applied to them as they are
// when it is written: bob, who took alice's old FIDE id, gets that id's ratings, and the
// answer and the audit trail give as "before" the rating he had set meanwhile; alice, whose
// new id the list was not searched for, keeps her own and is reported as skipped.
func TestFIDEListAppliedToMembersAsTheyAre(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := clubtest.New(t, d).WithMembers()
		set := func(who string, body map[string]any) {
			t.Helper()
			e.MustDo(clubtest.Req{Method: "PATCH", Path: clubtest.Path("/api/members/%d", e.IDs[who]), As: who, Body: body}, http.StatusOK)
		}
		set("alice", map[string]any{"fide_id": 1503014, "fide_rating_standard": 2800})
		set("bob", map[string]any{"fide_id": 8602980})
		list := combinedList(
			[7]string{"1503014", "Carlsen, Magnus", "GM", "", "2833", "2823", ""},
			[7]string{"8602980", "Hou, Yifan", "GM", "WGM", "2633", "2588", "2595"},
			[7]string{"4100018", "Dvoretsky, Dave", "FM", "", "2000", "", ""},
		)
		header, rest, _ := strings.Cut(list, "\n")
		body, upload := io.Pipe()
		done := make(chan clubtest.Resp)
		go func() {
			done <- e.Do(clubtest.Req{Method: "POST", Path: "/api/admin/fide-ratings", As: "carol", Body: body, ContentType: "text/plain", UnknownLength: true})
		}()
		// The header is read once the server has read the members' FIDE ids: the changes
		// below come while the list arrives.
		if _, err := upload.Write([]byte(header + "\n")); err != nil {
			t.Fatal(err)
		}
		set("alice", map[string]any{"fide_id": 4100018, "fide_rating_standard": 2100})
		set("bob", map[string]any{"fide_id": 1503014, "fide_rating_standard": 2500})
		if _, err := upload.Write([]byte(rest)); err != nil {
			t.Fatal(err)
		}
		upload.Close()
		res := <-done
		if res.Status != http.StatusOK {
			t.Fatalf("upload: %d %s", res.Status, res.Body)
		}
		var got members.FIDEListResult
		res.Decode(t, &got)
		n := func(v float64) any { return v }
		clubtest.Diff(t, "answer", got, members.FIDEListResult{Types: []string{"standard", "rapid", "blitz"}, Players: 3, Matched: 1,
			Changes: []members.FIDEListChange{{MemberID: e.IDs["bob"], Username: "bob", FullName: "bob Botvinnik", FIDEID: 1503014,
				Before: map[string]any{"fide_rating_standard": n(2500), "fide_rating_rapid": nil, "title": nil},
				After:  map[string]any{"fide_rating_standard": n(2833), "fide_rating_rapid": n(2823), "title": "GM"}}},
			Skipped: []members.FIDEListMember{{MemberID: e.IDs["alice"], Username: "alice", FullName: "Alice Anand", FIDEID: 4100018}}})

		var alice, bob members.Member
		e.MustDo(clubtest.Req{Method: "GET", Path: clubtest.Path("/api/members/%d", e.IDs["alice"]), As: "carol"}, http.StatusOK).Decode(t, &alice)
		e.MustDo(clubtest.Req{Method: "GET", Path: clubtest.Path("/api/members/%d", e.IDs["bob"]), As: "carol"}, http.StatusOK).Decode(t, &bob)
		clubtest.Diff(t, "alice keeps hers", []any{alice.FIDEID, alice.FIDEStandard, alice.Title}, []any{ptr(int64(4100018)), ptr(2100), (*string)(nil)})
		clubtest.Diff(t, "bob gets his new id's", []any{bob.FIDEID, bob.FIDEStandard, bob.FIDERapid, bob.Title}, []any{ptr(int64(1503014)), ptr(2833), ptr(2823), ptr("GM")})

		var trail []audit.Entry
		e.MustDo(clubtest.Req{Method: "GET", Path: clubtest.Path("/api/audit?member_id=%d", e.IDs["bob"]), As: "carol"}, http.StatusOK).Decode(t, &trail)
		var applied []string
		for _, en := range trail {
			if en.Action == audit.FIDEListApplied {
				applied = append(applied, fmt.Sprintf("%s → %s", en.Before, en.After))
			}
		}
		clubtest.Diff(t, "bob's trail", applied, []string{
			`{"fide_rating_rapid":null,"fide_rating_standard":2500,"title":null} → {"fide_rating_rapid":2823,"fide_rating_standard":2833,"title":"GM"}`})
	})
}

package members_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"campus.example/apps/internal/chessclub/audit"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/imagetest"
	"campus.example/apps/internal/sqldb"
)

// TestMemberRecordAudited changes a member's record in every way the API allows, by the
// member and by an admin, and checks that each change is in the member's trail with who made
// it and the fields before and after (only those that changed), that a request that changes
// nothing leaves no entry, and that an arbiter reads the same trail with the private values
// masked while the member and admins read them all.
func TestMemberRecordAudited(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := clubtest.New(t, d)
		e.Register("alice", "Alice Anand", map[string]any{"email": "alice@example.org", "declared_rating": 1500, "birth_year": 2004})
		e.Register("carol", "Carol Carlsen")
		e.MakeAdmin("carol")
		e.Register("ada", "Ada Arbiter")
		e.MakeArbiter("ada")
		alice := e.IDs["alice"]
		path := clubtest.Path("/api/members/%d", alice)
		patch := func(as string, body map[string]any) {
			t.Helper()
			e.MustDo(clubtest.Req{Method: "PATCH", Path: path, As: as, Body: body}, http.StatusOK)
		}
		patch("alice", map[string]any{"declared_rating": 1600, "birth_date": "2004-05-17", "national_id": "N-1234"})
		patch("alice", map[string]any{"declared_rating": 1600}) // no change, no entry
		patch("carol", map[string]any{"fide_rating_standard": 2310, "title": "WIM", "birth_date": "2003-01-02"})
		body, ct := clubtest.MultipartBody(t, "photo", imagetest.SampleJPEG(t, 8, 8, true))
		e.MustDo(clubtest.Req{Method: "POST", Path: "/api/figures", As: "alice", Body: body, ContentType: ct}, http.StatusCreated)
		body, ct = clubtest.MultipartBody(t, "photo", imagetest.SampleJPEG(t, 8, 8, true), "member_id", fmt.Sprint(alice))
		e.MustDo(clubtest.Req{Method: "POST", Path: "/api/figures", As: "carol", Body: body, ContentType: ct}, http.StatusCreated)
		e.MustDo(clubtest.Req{Method: "PUT", Path: path + "/role", As: "carol", Body: map[string]any{"role": "arbiter"}}, http.StatusOK)

		type line struct{ Action, Actor, Before, After string }
		photoIDs := photoNamer()
		read := func(as string) []line {
			t.Helper()
			var entries []audit.Entry
			e.MustDo(clubtest.Req{Method: "GET", Path: path + "/audit", As: as}, http.StatusOK).Decode(t, &entries)
			var out []line
			for _, x := range entries {
				if x.MemberID == nil || *x.MemberID != alice {
					t.Errorf("entry %d is not about alice: %+v", x.ID, x)
				}
				out = append(out, line{x.Action, x.ActorUsername, photoIDs(string(x.Before)), photoIDs(string(x.After))})
			}
			return out
		}
		whole := []line{
			{audit.MemberRegistered, "alice", "null", `{"birth_year":2004,"declared_games":0,"declared_rating":1500,"email":"alice@example.org","full_name":"Alice Anand","username":"alice"}`},
			{audit.MemberChanged, "alice", `{"birth_date":"2004","declared_rating":1500,"national_id":null}`, `{"birth_date":"2004-05-17","declared_rating":1600,"national_id":"N-1234"}`},
			{audit.MemberChanged, "carol", `{"birth_date":"2004-05-17","birth_year":2004,"fide_rating_standard":null,"title":null}`,
				`{"birth_date":"2003-01-02","birth_year":2003,"fide_rating_standard":2310,"title":"WIM"}`},
			{audit.PhotoChanged, "alice", `{"photo_id":null}`, `{"photo_id":"P1"}`},
			{audit.PhotoChanged, "carol", `{"photo_id":"P1"}`, `{"photo_id":"P2"}`},
			{audit.RoleChanged, "carol", `{"role":"member"}`, `{"role":"arbiter"}`},
		}
		clubtest.Diff(t, "the trail as alice reads it", read("alice"), whole)
		clubtest.Diff(t, "the trail as an admin reads it", read("carol"), whole)
		masked := []line{
			{audit.MemberRegistered, "alice", "null", `{"birth_year":"(private)","declared_games":0,"declared_rating":1500,"email":"(private)","full_name":"Alice Anand","username":"alice"}`},
			{audit.MemberChanged, "alice", `{"birth_date":"(private)","declared_rating":1500,"national_id":null}`, `{"birth_date":"(private)","declared_rating":1600,"national_id":"(private)"}`},
			{audit.MemberChanged, "carol", `{"birth_date":"(private)","birth_year":"(private)","fide_rating_standard":null,"title":null}`,
				`{"birth_date":"(private)","birth_year":"(private)","fide_rating_standard":2310,"title":"WIM"}`},
			whole[3], whole[4], whole[5],
		}
		clubtest.Diff(t, "the trail as an arbiter reads it", read("ada"), masked)
		e.Register("bob", "Bob Botvinnik")
		clubtest.CheckProblem(t, e.Do(clubtest.Req{Method: "GET", Path: path + "/audit", As: "bob"}), clubtest.WantProblem{Status: 403, Slug: "forbidden"})
	})
}

// photoNamer returns a function that replaces the photo id of an entry's JSON (random) by P1,
// P2, … in the order the ids first come, so that entries compare whole.
func photoNamer() func(string) string {
	seen := map[string]string{}
	return func(s string) string {
		var obj map[string]any
		if json.Unmarshal([]byte(s), &obj) != nil {
			return s
		}
		if id, ok := obj["photo_id"].(string); ok {
			if seen[id] == "" {
				seen[id] = fmt.Sprintf("P%d", len(seen)+1)
			}
			s = strings.ReplaceAll(s, id, seen[id])
		}
		return s
	}
}

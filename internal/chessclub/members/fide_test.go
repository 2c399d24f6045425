package members_test

import (
	"net/http"
	"testing"

	"campus.example/apps/internal/chessclub/members"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

func ptr[T any](v T) *T { return &v }

// TestFIDEFields sets a member's FIDE fields through the profile's PATCH, by the member and by
// an admin, and checks what each viewer sees of them, and that another member may not.
func TestFIDEFields(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := clubtest.New(t, d).WithMembers()
		path := clubtest.Path("/api/members/%d", e.IDs["alice"])
		patch := map[string]any{"fide_id": 4100018, "federation": "NOR", "title": "WIM", "sex": "w", "birth_date": "2004-05-17",
			"fide_rating_standard": 2310, "fide_rating_rapid": 2250, "fide_rating_blitz": nil, "national_id": "N-1234", "national_rating": 2290}
		var got members.Member
		e.MustDo(clubtest.Req{Method: "PATCH", Path: path, As: "alice", Body: patch}, http.StatusOK).Decode(t, &got)
		want := members.FIDE{FIDEID: ptr(int64(4100018)), Federation: ptr("NOR"), Title: ptr("WIM"), Sex: ptr("w"), BirthDate: ptr("2004-05-17"),
			FIDEStandard: ptr(2310), FIDERapid: ptr(2250), NationalID: ptr("N-1234"), NationalRating: ptr(2290)}
		clubtest.Diff(t, "own answer", got.FIDE, want)
		clubtest.Diff(t, "birth year from the date", got.BirthYear, ptr(2004))

		public := want
		public.BirthDate, public.NationalID = nil, nil
		for _, tc := range []struct {
			viewer string
			want   members.FIDE
		}{{"alice", want}, {"carol", want}, {"bob", public}} {
			var m members.Member
			e.MustDo(clubtest.Req{Method: "GET", Path: path, As: tc.viewer}, http.StatusOK).Decode(t, &m)
			clubtest.Diff(t, tc.viewer+" sees", m.FIDE, tc.want)
			var all []members.Member
			e.MustDo(clubtest.Req{Method: "GET", Path: "/api/members", As: tc.viewer}, http.StatusOK).Decode(t, &all)
			for _, m := range all {
				if m.ID == e.IDs["alice"] {
					clubtest.Diff(t, tc.viewer+" sees in the list", m.FIDE, tc.want)
				}
			}
		}

		// An admin may change them; another member may not.
		got = members.Member{}
		e.MustDo(clubtest.Req{Method: "PATCH", Path: path, As: "carol", Body: map[string]any{"title": "WGM", "national_id": nil}}, http.StatusOK).Decode(t, &got)
		clubtest.Diff(t, "title by an admin", got.Title, ptr("WGM"))
		clubtest.Diff(t, "national id removed", got.NationalID, (*string)(nil))
		clubtest.CheckProblem(t, e.Do(clubtest.Req{Method: "PATCH", Path: path, As: "bob", Body: map[string]any{"title": "GM"}}),
			clubtest.WantProblem{Status: 403, Slug: "forbidden"})

		// A birth year alone keeps the date only when it is of that year.
		e.MustDo(clubtest.Req{Method: "PATCH", Path: path, As: "alice", Body: map[string]any{"birth_year": 2004}}, http.StatusOK).Decode(t, &got)
		clubtest.Diff(t, "same year keeps the date", got.BirthDate, ptr("2004-05-17"))
		e.MustDo(clubtest.Req{Method: "PATCH", Path: path, As: "alice", Body: map[string]any{"birth_year": 2003}}, http.StatusOK).Decode(t, &got)
		clubtest.Diff(t, "another year replaces it", got.BirthDate, ptr("2003"))
		e.MustDo(clubtest.Req{Method: "PATCH", Path: path, As: "alice", Body: map[string]any{"birth_date": "1999"}}, http.StatusOK).Decode(t, &got)
		clubtest.Diff(t, "a bare year", []any{got.BirthDate, got.BirthYear}, []any{ptr("1999"), ptr(1999)})
	})
}

// TestFIDEFieldsInvalid checks that each bad FIDE field is named in a 422.
func TestFIDEFieldsInvalid(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		e := clubtest.New(t, d).WithMembers()
		path := clubtest.Path("/api/members/%d", e.IDs["alice"])
		tests := []struct {
			name   string
			body   map[string]any
			fields []string
		}{
			{"fide id zero", map[string]any{"fide_id": 0}, []string{"fide_id"}},
			{"fide id too long", map[string]any{"fide_id": 123456789012}, []string{"fide_id"}},
			{"fide id as text", map[string]any{"fide_id": "4100018"}, []string{"fide_id"}},
			{"federation lower case", map[string]any{"federation": "nor"}, []string{"federation"}},
			{"federation of four", map[string]any{"federation": "NORW"}, []string{"federation"}},
			{"unknown title", map[string]any{"title": "NM"}, []string{"title"}},
			{"arbiter title", map[string]any{"title": "IA"}, []string{"title"}},
			{"sex", map[string]any{"sex": "f"}, []string{"sex"}},
			{"birth date not a date", map[string]any{"birth_date": "2004-02-30"}, []string{"birth_date"}},
			{"birth date TRF style", map[string]any{"birth_date": "2004/05/17"}, []string{"birth_date"}},
			{"birth date too early", map[string]any{"birth_date": "1850"}, []string{"birth_date"}},
			{"birth date and year disagree", map[string]any{"birth_date": "2004-05-17", "birth_year": 2005}, []string{"birth_year"}},
			{"rating below the floor", map[string]any{"fide_rating_standard": 999}, []string{"fide_rating_standard"}},
			{"rating too high", map[string]any{"fide_rating_rapid": 3001}, []string{"fide_rating_rapid"}},
			{"rating as text", map[string]any{"fide_rating_blitz": "2000"}, []string{"fide_rating_blitz"}},
			{"national id with spaces", map[string]any{"national_id": "12 34"}, []string{"national_id"}},
			{"national rating", map[string]any{"national_rating": 50}, []string{"national_rating"}},
			{"several", map[string]any{"sex": "x", "title": "X", "federation": 1}, []string{"federation", "sex", "title"}},
		}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				clubtest.CheckProblem(t, e.Do(clubtest.Req{Method: "PATCH", Path: path, As: "alice", Body: tc.body}),
					clubtest.WantProblem{Status: 422, Slug: "validation", Fields: tc.fields})
			})
		}
	})
}

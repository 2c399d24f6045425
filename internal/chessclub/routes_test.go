package chessclub_test

import (
	"encoding/json"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"campus.example/apps/internal/chessclub"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// TestMethodNotAllowed sends every method the API uses to every path under /api of the
// OpenAPI document that does not take it, and checks that each answers 405, a problem
// document, with Allow naming exactly the methods the document gives the path: the route
// table's derived answers agree with the document, path by path. (The document has no
// operation for those methods to check the answers against; they go to the handler direct.)
func TestMethodNotAllowed(t *testing.T) {
	e := clubtest.New(t, sqldb.SQLite).WithMembers()
	var doc struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(chessclub.OpenAPI, &doc); err != nil {
		t.Fatal(err)
	}
	methods := []string{"GET", "POST", "PUT", "PATCH", "DELETE"}
	sample := strings.NewReplacer("{id}", "1", "{member_id}", "2", "{round}", "1", "{n}", "1", "{b}", "1", "{a}", "3")
	for path, item := range doc.Paths {
		if !strings.HasPrefix(path, "/api/") {
			continue
		}
		var takes []string
		for m := range item {
			if up := strings.ToUpper(m); slices.Contains(methods, up) {
				takes = append(takes, up)
			}
		}
		slices.Sort(takes)
		for _, m := range methods {
			if slices.Contains(takes, m) {
				continue
			}
			t.Run(m+" "+path, func(t *testing.T) {
				rec := httptest.NewRecorder()
				e.Handler.ServeHTTP(rec, e.Request(clubtest.Req{Method: m, Path: sample.Replace(path), As: "alice"}))
				res := clubtest.Resp{Status: rec.Code, Header: rec.Header(), Body: rec.Body.Bytes()}
				clubtest.CheckProblem(t, res, clubtest.WantProblem{Status: 405, Slug: "method-not-allowed"})
				allow := strings.Split(res.Header.Get("Allow"), ", ")
				slices.Sort(allow)
				if !slices.Equal(allow, takes) {
					t.Errorf("Allow %q, want the document's %v", res.Header.Get("Allow"), takes)
				}
			})
		}
	}
}

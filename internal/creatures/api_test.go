package creatures_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"campus.example/apps/internal/creatures"
	"campus.example/apps/internal/dbtest"
	"campus.example/apps/internal/httpserve"
)

// apiCase is one request against a fresh fixture and what must come back.
type apiCase struct {
	name    string
	empty   bool // start with no rows instead of fixtureRows
	method  string
	path    string
	body    string
	headers []string // name, value pairs
	status  int
	// want is the decoded body of a success: a creatures.Creature or []creatures.Creature.
	want any
	// fields are the names in a problem's "errors" map.
	fields []string
	check  func(t *testing.T, f *fixture, rec *httptest.ResponseRecorder)
}

func with(c creatures.Creature, change func(*creatures.Creature)) creatures.Creature {
	change(&c)
	return c
}

var staleETag = `"0000000000000000"`

// newID stands in a case's want for the id of the row the request creates: the database picks
// it, and nothing may assume which (a Galera cluster hands out 1, 4, 7… through one node and
// 2, 5, 8… through the next). compareBody takes it from the answer, after checking that it
// is not a fixture row's.
const newID = -1

func apiCases() []apiCase {
	created := creatures.Creature{ID: newID, Name: "Nessie", Species: "Plesiosaur", Habitat: text("Loch Ness"), DangerLevel: 2,
		Description: text("Seen in 1933."), CreatedAt: t1, UpdatedAt: t1}
	return []apiCase{
		// Listing.
		{name: "list all by id", method: "GET", path: "/creatures", status: 200, want: fixtureRows},
		{name: "list empty is []", empty: true, method: "GET", path: "/creatures", status: 200, want: []creatures.Creature{},
			check: bodyIs("[]\n")},
		{name: "list page", method: "GET", path: "/creatures?limit=1&offset=1", status: 200, want: []creatures.Creature{kraken},
			check: headersAre("X-Total-Count", "3", "Link", `</creatures?limit=1&offset=2>; rel="next", </creatures?limit=1&offset=0>; rel="prev"`)},
		{name: "list last page keeps options", method: "GET", path: "/creatures?limit=2&offset=2&sort=-id", status: 200, want: []creatures.Creature{axolotl},
			check: headersAre("X-Total-Count", "3", "Link", `</creatures?limit=2&offset=0&sort=-id>; rel="prev"`)},
		{name: "list sort danger desc", method: "GET", path: "/creatures?sort=-danger_level", status: 200, want: []creatures.Creature{kraken, okami, axolotl}},
		{name: "list sort name ignores case", method: "GET", path: "/creatures?sort=name", status: 200, want: []creatures.Creature{axolotl, kraken, okami}},
		{name: "list sort species", method: "GET", path: "/creatures?sort=species", status: 200, want: []creatures.Creature{axolotl, okami, kraken}},
		{name: "list species ignores case", method: "GET", path: "/creatures?species=CEPHALOPOD", status: 200, want: []creatures.Creature{kraken}},
		{name: "list species is exact", method: "GET", path: "/creatures?species=Cephalo", status: 200, want: []creatures.Creature{}},
		{name: "list q in description", method: "GET", path: "/creatures?q=REGROWS", status: 200, want: []creatures.Creature{axolotl}},
		{name: "list q folds Unicode", method: "GET", path: "/creatures?q=%C5%8CKAMI", status: 200, want: []creatures.Creature{okami}},
		{name: "list q percent is literal", method: "GET", path: "/creatures?q=100%25", status: 200, want: []creatures.Creature{okami}},
		{name: "list q underscore is literal", method: "GET", path: "/creatures?q=a_o", status: 200, want: []creatures.Creature{}},
		{name: "list filter with paging counts matches", method: "GET", path: "/creatures?q=o&limit=1", status: 200, want: []creatures.Creature{axolotl},
			check: headersAre("X-Total-Count", "2")},
		{name: "list limit 0", method: "GET", path: "/creatures?limit=0", status: 400, fields: []string{"limit"}},
		{name: "list limit 1001", method: "GET", path: "/creatures?limit=1001", status: 400, fields: []string{"limit"}},
		{name: "list limit not a number", method: "GET", path: "/creatures?limit=ten", status: 400, fields: []string{"limit"}},
		{name: "list negative offset", method: "GET", path: "/creatures?offset=-1", status: 400, fields: []string{"offset"}},
		{name: "list unknown sort", method: "GET", path: "/creatures?sort=password", status: 400, fields: []string{"sort"}},
		{name: "list unknown option", method: "GET", path: "/creatures?color=red", status: 400, fields: []string{"color"}},
		{name: "list repeated option", method: "GET", path: "/creatures?limit=1&limit=2", status: 400, fields: []string{"limit"}},

		// Query strings that do not parse, or name what an endpoint does not take: 400 on every
		// endpoint, never the unfiltered list.
		{name: "list species with a bad escape", method: "GET", path: "/creatures?species=Dragon%ZZ", status: 400, fields: []string{"species"}},
		{name: "list with semicolons", method: "GET", path: "/creatures?limit=2;offset=5", status: 400, fields: []string{"limit=2;offset=5"}},
		{name: "list q with a bare percent", method: "GET", path: "/creatures?q=100%", status: 400, fields: []string{"q"}},
		{name: "list q not UTF-8", method: "GET", path: "/creatures?q=%E9t%E9", status: 400, fields: []string{"q"}},
		{name: "list option with a bad escape in its name", method: "GET", path: "/creatures?li%ZZmit=2", status: 400, fields: []string{"li%ZZmit"}},
		{name: "list with empty parts", method: "GET", path: "/creatures?&limit=1&&offset=1&", status: 200, want: []creatures.Creature{kraken}},
		{name: "get with a parameter", method: "GET", path: "/creatures/1?fields=name", status: 400, fields: []string{"fields"}},
		{name: "get with a bad escape", method: "GET", path: "/creatures/1?x=%ZZ", status: 400, fields: []string{"x"}},
		{name: "get with an empty query", method: "GET", path: "/creatures/1?", status: 200, want: axolotl},
		{name: "create with a parameter", method: "POST", path: "/creatures?dry_run=1", body: `{"name":"Nessie","species":"Plesiosaur"}`, status: 400, fields: []string{"dry_run"},
			check: listLength(3)},
		{name: "replace with a parameter", method: "PUT", path: "/creatures/1?x=1", body: `{"name":"A","species":"B"}`, status: 400, fields: []string{"x"},
			check: unchanged(axolotl)},
		{name: "patch with a semicolon", method: "PATCH", path: "/creatures/1?a=1;b=2", body: `{"danger_level":5}`, headers: []string{"Content-Type", "application/merge-patch+json"}, status: 400, fields: []string{"a=1;b=2"},
			check: unchanged(axolotl)},
		{name: "delete with a parameter", method: "DELETE", path: "/creatures/1?force=true", status: 400, fields: []string{"force"}, check: unchanged(axolotl)},
		{name: "healthz with a parameter", method: "GET", path: "/healthz?verbose=1", status: 400, fields: []string{"verbose"}},
		{name: "readyz with a bad escape", method: "GET", path: "/readyz?x=%", status: 400, fields: []string{"x"}},
		{name: "openapi with a parameter", method: "GET", path: "/openapi.json?v=2", status: 400, fields: []string{"v"}},

		// Reading one.
		{name: "get", method: "GET", path: "/creatures/1", status: 200, want: axolotl,
			check: allHeadersAre("ETag", creatures.ETag(axolotl), "Content-Type", "application/json", "Cache-Control", "no-cache")},
		{name: "get with null optionals", method: "GET", path: "/creatures/2", status: 200, want: kraken,
			check: bodyHas(`"habitat":null`, `"description":null`)},
		{name: "get not modified", method: "GET", path: "/creatures/1", headers: []string{"If-None-Match", creatures.ETag(axolotl)}, status: 304,
			check: both(bodyIs(""), allHeadersAre("ETag", creatures.ETag(axolotl)))},
		{name: "get weak etag not modified", method: "GET", path: "/creatures/1", headers: []string{"If-None-Match", "W/" + creatures.ETag(axolotl)}, status: 304},
		{name: "get stale etag", method: "GET", path: "/creatures/1", headers: []string{"If-None-Match", staleETag}, status: 200, want: axolotl},
		{name: "get missing", method: "GET", path: "/creatures/99", status: 404},
		{name: "get id zero", method: "GET", path: "/creatures/0", status: 404},
		{name: "get non-numeric id", method: "GET", path: "/creatures/abc", status: 400},
		{name: "get negative id", method: "GET", path: "/creatures/-1", status: 400},
		{name: "get huge id", method: "GET", path: "/creatures/99999999999999999999", status: 400},
		{name: "get 18-digit id", method: "GET", path: "/creatures/999999999999999999", status: 404},
		{name: "get 19-digit id", method: "GET", path: "/creatures/1000000000000000000", status: 400},
		{name: "get id with a letter", method: "GET", path: "/creatures/1a", status: 400},
		{name: "get id with a sign", method: "GET", path: "/creatures/+1", status: 400},
		{name: "get id in other digits", method: "GET", path: "/creatures/%D9%A1", status: 400},

		// Creating.
		{name: "create", method: "POST", path: "/creatures", status: 201, want: created,
			body:  `{"name":"Nessie","species":"Plesiosaur","habitat":"Loch Ness","danger_level":2,"description":"Seen in 1933."}`,
			check: createdHeaders(created)},
		{name: "create minimal gets defaults", method: "POST", path: "/creatures", body: `{"name":"Nessie","species":"Plesiosaur"}`, status: 201,
			want: creatures.Creature{ID: newID, Name: "Nessie", Species: "Plesiosaur", CreatedAt: t1, UpdatedAt: t1}},
		{name: "create trims and empties optional text to null", method: "POST", path: "/creatures", status: 201,
			body: `{"name":"  Nessie \t","species":" Plesiosaur ","habitat":"   ","description":""}`,
			want: creatures.Creature{ID: newID, Name: "Nessie", Species: "Plesiosaur", CreatedAt: t1, UpdatedAt: t1}},
		{name: "create stores SQL verbatim", method: "POST", path: "/creatures", status: 201,
			body:  `{"name":"Robert'); DROP TABLE creatures;--","species":"x\\'; --","description":"\" OR 1=1 --"}`,
			want:  creatures.Creature{ID: newID, Name: "Robert'); DROP TABLE creatures;--", Species: `x\'; --`, Description: text(`" OR 1=1 --`), CreatedAt: t1, UpdatedAt: t1},
			check: listLength(4)},
		{name: "create Unicode round-trips", method: "POST", path: "/creatures", status: 201,
			body: `{"name":"龍 🐉 Drache","species":"ドラゴン","habitat":"جبل","description":"Zürich — naïve façade ✓ 𝔘"}`,
			want: creatures.Creature{ID: newID, Name: "龍 🐉 Drache", Species: "ドラゴン", Habitat: text("جبل"), Description: text("Zürich — naïve façade ✓ 𝔘"), CreatedAt: t1, UpdatedAt: t1}},
		{name: "create 100-character multibyte name", method: "POST", path: "/creatures", status: 201,
			body: `{"name":"` + strings.Repeat("é", 100) + `","species":"x"}`,
			want: creatures.Creature{ID: newID, Name: strings.Repeat("é", 100), Species: "x", CreatedAt: t1, UpdatedAt: t1}},
		{name: "create duplicate name ignoring case", method: "POST", path: "/creatures", body: `{"name":"AXOLOTL","species":"x"}`, status: 409, fields: []string{"name"}},
		{name: "create duplicate Unicode name ignoring case", method: "POST", path: "/creatures", body: `{"name":"ōKAMI","species":"x"}`, status: 409, fields: []string{"name"}},
		{name: "create accent is not case", method: "POST", path: "/creatures", body: `{"name":"Okami","species":"x"}`, status: 201,
			want: creatures.Creature{ID: newID, Name: "Okami", Species: "x", CreatedAt: t1, UpdatedAt: t1}},
		{name: "create malformed JSON", method: "POST", path: "/creatures", body: `{"name":`, status: 400, fields: []string{"name"}},
		{name: "create array body", method: "POST", path: "/creatures", body: `[{"name":"a","species":"b"}]`, status: 400},
		{name: "create null body", method: "POST", path: "/creatures", body: `null`, status: 400},
		{name: "create string body", method: "POST", path: "/creatures", body: `"creature"`, status: 400},
		{name: "create empty body", method: "POST", path: "/creatures", headers: []string{"Content-Type", "application/json"}, status: 400},
		{name: "create two objects", method: "POST", path: "/creatures", body: `{"name":"a","species":"b"} {}`, status: 400},
		{name: "create unknown field", method: "POST", path: "/creatures", body: `{"name":"a","species":"b","colour":"red"}`, status: 422, fields: []string{"colour"}},
		{name: "create read-only fields", method: "POST", path: "/creatures", body: `{"id":7,"name":"a","species":"b","created_at":"2020-01-01T00:00:00Z"}`, status: 422, fields: []string{"created_at", "id"}},
		{name: "create missing required", method: "POST", path: "/creatures", body: `{}`, status: 422, fields: []string{"name", "species"}},
		{name: "create every rule at once", method: "POST", path: "/creatures", status: 422,
			body:   `{"name":"` + strings.Repeat("n", 101) + `","species":"","habitat":"` + strings.Repeat("h", 101) + `","danger_level":11,"description":"` + strings.Repeat("d", 2001) + `"}`,
			fields: []string{"danger_level", "description", "habitat", "name", "species"}},
		{name: "create blank name", method: "POST", path: "/creatures", body: `{"name":"   ","species":"b"}`, status: 422, fields: []string{"name"}},
		{name: "create danger as string", method: "POST", path: "/creatures", body: `{"name":"a","species":"b","danger_level":"3"}`, status: 422, fields: []string{"danger_level"}},
		{name: "create danger fractional", method: "POST", path: "/creatures", body: `{"name":"a","species":"b","danger_level":2.5}`, status: 400, fields: []string{"danger_level"}},
		{name: "create danger negative", method: "POST", path: "/creatures", body: `{"name":"a","species":"b","danger_level":-1}`, status: 422, fields: []string{"danger_level"}},
		{name: "create danger huge", method: "POST", path: "/creatures", body: `{"name":"a","species":"b","danger_level":1e400}`, status: 400, fields: []string{"danger_level"}},
		// Numbers are read exactly, and a member is given once.
		{name: "create danger underflows", method: "POST", path: "/creatures", body: `{"name":"a","species":"b","danger_level":1e-400}`, status: 400, fields: []string{"danger_level"},
			check: listLength(3)},
		{name: "create danger almost 3", method: "POST", path: "/creatures", body: `{"name":"a","species":"b","danger_level":3.0000000000000000000001}`, status: 400, fields: []string{"danger_level"}},
		{name: "create danger beyond int64", method: "POST", path: "/creatures", body: `{"name":"a","species":"b","danger_level":18446744073709551619}`, status: 400, fields: []string{"danger_level"}},
		{name: "create danger 1e1 is 10", method: "POST", path: "/creatures", body: `{"name":"a","species":"b","danger_level":1e1}`, status: 201,
			want: creatures.Creature{ID: newID, Name: "a", Species: "b", DangerLevel: 10, CreatedAt: t1, UpdatedAt: t1}},
		{name: "create danger 1.1e1 is 11", method: "POST", path: "/creatures", body: `{"name":"a","species":"b","danger_level":1.1e1}`, status: 422, fields: []string{"danger_level"}},
		{name: "create with a member twice", method: "POST", path: "/creatures", body: `{"name":"a","species":"b","name":"c"}`, status: 400, fields: []string{"name"},
			check: listLength(3)},
		{name: "create with a member twice, once escaped", method: "POST", path: "/creatures", body: `{"name":"a","species":"b","\u006eame":"c"}`, status: 400, fields: []string{"name"}},
		{name: "create with an unknown member twice", method: "POST", path: "/creatures", body: `{"name":"a","species":"b","x":1,"x":2}`, status: 400, fields: []string{"x"}},
		{name: "patch with a member twice", method: "PATCH", path: "/creatures/1", body: `{"danger_level":5,"danger_level":null}`, headers: []string{"Content-Type", "application/merge-patch+json"}, status: 400, fields: []string{"danger_level"},
			check: unchanged(axolotl)},
		{name: "replace with a fractional danger", method: "PUT", path: "/creatures/1", body: `{"name":"Axolotl","species":"b","danger_level":0.5}`, status: 400, fields: []string{"danger_level"},
			check: unchanged(axolotl)},
		{name: "create name not a string", method: "POST", path: "/creatures", body: `{"name":42,"species":["b"]}`, status: 422, fields: []string{"name", "species"}},
		{name: "create NUL in name", method: "POST", path: "/creatures", body: `{"name":"a\u0000b","species":"b"}`, status: 422, fields: []string{"name"}},
		{name: "create name on two lines", method: "POST", path: "/creatures", body: `{"name":"a\nb","species":"b"}`, status: 422, fields: []string{"name"}},
		{name: "create bidi override in name", method: "POST", path: "/creatures", body: `{"name":"Nessie\u202egnp.exe","species":"b"}`, status: 422, fields: []string{"name"}},
		{name: "create invisible name", method: "POST", path: "/creatures", body: `{"name":"\u200b\u200b","species":"b"}`, status: 422, fields: []string{"name"}},
		{name: "create description keeps lines", method: "POST", path: "/creatures", status: 201,
			body: `{"name":"Nessie","species":"Plesiosaur","description":"Seen in 1933.\n\tAgain in 1934."}`,
			want: creatures.Creature{ID: newID, Name: "Nessie", Species: "Plesiosaur", Description: text("Seen in 1933.\n\tAgain in 1934."), CreatedAt: t1, UpdatedAt: t1}},
		{name: "create text/plain", method: "POST", path: "/creatures", body: `{"name":"a","species":"b"}`, headers: []string{"Content-Type", "text/plain"}, status: 415},
		{name: "create without content type", method: "POST", path: "/creatures", body: `{"name":"a","species":"b"}`, headers: []string{"Content-Type", ""}, status: 415},
		{name: "create JSON with charset", method: "POST", path: "/creatures", body: `{"name":"a","species":"b"}`, headers: []string{"Content-Type", "application/json; charset=utf-8"}, status: 201,
			want: creatures.Creature{ID: newID, Name: "a", Species: "b", CreatedAt: t1, UpdatedAt: t1}},
		// Text that is not what it claims: refused whole, nothing stored.
		{name: "create Latin-1 name", method: "POST", path: "/creatures", body: "{\"name\":\"Caf\xe9\",\"species\":\"b\"}", status: 400, fields: []string{"name"},
			check: listLength(3)},
		{name: "create overlong UTF-8", method: "POST", path: "/creatures", body: "{\"name\":\"a\",\"species\":\"\xc0\xaf\"}", status: 400, fields: []string{"species"}},
		{name: "create lone surrogate", method: "POST", path: "/creatures", body: `{"name":"\ud800","species":"b"}`, status: 400, fields: []string{"name"},
			check: listLength(3)},
		{name: "create reversed surrogates", method: "POST", path: "/creatures", body: `{"name":"a","species":"b","description":"\udc09\ud83d"}`, status: 400, fields: []string{"description"}},
		{name: "create escaped emoji", method: "POST", path: "/creatures", body: `{"name":"\ud83d\udc09","species":"b"}`, status: 201,
			want: creatures.Creature{ID: newID, Name: "🐉", Species: "b", CreatedAt: t1, UpdatedAt: t1}},
		{name: "create JSON in Latin-1", method: "POST", path: "/creatures", body: `{"name":"a","species":"b"}`, headers: []string{"Content-Type", "application/json; charset=iso-8859-1"}, status: 415,
			check: listLength(3)},
		{name: "patch lone surrogate", method: "PATCH", path: "/creatures/1", body: `{"habitat":"\udfff"}`, headers: []string{"Content-Type", "application/merge-patch+json"}, status: 400, fields: []string{"habitat"},
			check: unchanged(axolotl)},
		{name: "replace in UTF-16", method: "PUT", path: "/creatures/1", body: `{"name":"a","species":"b"}`, headers: []string{"Content-Type", "application/json; charset=utf-16"}, status: 415,
			check: unchanged(axolotl)},
		{name: "create body over 1 MiB", method: "POST", path: "/creatures", body: `{"name":"a","species":"b","description":"` + strings.Repeat("x", 1<<20) + `"}`, status: 413,
			check: listLength(3)},

		// Replacing.
		{name: "replace", method: "PUT", path: "/creatures/1", status: 200,
			body: `{"name":"Axolotl","species":"Ambystoma","danger_level":1}`,
			want: creatures.Creature{ID: 1, Name: "Axolotl", Species: "Ambystoma", DangerLevel: 1, CreatedAt: t0, UpdatedAt: t1},
			check: func(t *testing.T, f *fixture, rec *httptest.ResponseRecorder) {
				got := decode[creatures.Creature](t, f.do("GET", "/creatures/1", ""))
				if diff := cmp.Diff(decode[creatures.Creature](t, rec), got); diff != "" {
					t.Errorf("stored record differs from response (-resp +stored):\n%s", diff)
				}
			}},
		{name: "replace with current If-Match", method: "PUT", path: "/creatures/1", headers: []string{"If-Match", creatures.ETag(axolotl)}, status: 200,
			body: `{"name":"Axolotl","species":"A"}`, want: creatures.Creature{ID: 1, Name: "Axolotl", Species: "A", CreatedAt: t0, UpdatedAt: t1}},
		{name: "replace with If-Match star", method: "PUT", path: "/creatures/1", headers: []string{"If-Match", "*"}, status: 200,
			body: `{"name":"Axolotl","species":"A"}`, want: creatures.Creature{ID: 1, Name: "Axolotl", Species: "A", CreatedAt: t0, UpdatedAt: t1}},
		{name: "replace with stale If-Match", method: "PUT", path: "/creatures/1", headers: []string{"If-Match", staleETag}, status: 412,
			body: `{"name":"Axolotl","species":"A"}`, check: unchanged(axolotl)},
		{name: "replace with weak If-Match fails", method: "PUT", path: "/creatures/1", headers: []string{"If-Match", "W/" + creatures.ETag(axolotl)}, status: 412,
			body: `{"name":"Axolotl","species":"A"}`},
		{name: "replace sends back read-only fields", method: "PUT", path: "/creatures/2", status: 200,
			body: `{"id":2,"name":"Kraken","species":"Cephalopod","danger_level":9,"created_at":"2001-01-01T00:00:00Z","updated_at":"x"}`,
			want: with(kraken, func(c *creatures.Creature) { c.UpdatedAt = t1 })},
		{name: "replace own name in other case", method: "PUT", path: "/creatures/1", body: `{"name":"AXOLOTL","species":"x"}`, status: 200,
			want: creatures.Creature{ID: 1, Name: "AXOLOTL", Species: "x", CreatedAt: t0, UpdatedAt: t1}},
		{name: "replace with taken name", method: "PUT", path: "/creatures/1", body: `{"name":"kraken","species":"x"}`, status: 409, fields: []string{"name"},
			check: unchanged(axolotl)},
		{name: "replace missing", method: "PUT", path: "/creatures/99", body: `{"name":"a","species":"b"}`, status: 404},
		{name: "replace invalid", method: "PUT", path: "/creatures/1", body: `{"species":"b","danger_level":99}`, status: 422, fields: []string{"danger_level", "name"},
			check: unchanged(axolotl)},
		{name: "replace bad id", method: "PUT", path: "/creatures/x", body: `{"name":"a","species":"b"}`, status: 400},
		{name: "replace malformed", method: "PUT", path: "/creatures/1", body: `{`, status: 400},

		// Patching.
		{name: "patch one field", method: "PATCH", path: "/creatures/1", body: `{"danger_level":5}`, headers: []string{"Content-Type", "application/merge-patch+json"}, status: 200,
			want: with(axolotl, func(c *creatures.Creature) { c.DangerLevel, c.UpdatedAt = 5, t1 })},
		{name: "patch null clears optional", method: "PATCH", path: "/creatures/1", body: `{"habitat":null,"description":null}`, headers: []string{"Content-Type", "application/merge-patch+json"}, status: 200,
			want: with(axolotl, func(c *creatures.Creature) { c.Habitat, c.Description, c.UpdatedAt = nil, nil, t1 })},
		{name: "patch null on danger restores default", method: "PATCH", path: "/creatures/2", body: `{"danger_level":null}`, headers: []string{"Content-Type", "application/merge-patch+json"}, status: 200,
			want: with(kraken, func(c *creatures.Creature) { c.DangerLevel, c.UpdatedAt = 0, t1 })},
		{name: "patch null on required", method: "PATCH", path: "/creatures/1", body: `{"name":null}`, headers: []string{"Content-Type", "application/merge-patch+json"}, status: 422, fields: []string{"name"}},
		{name: "patch invalid value", method: "PATCH", path: "/creatures/1", body: `{"danger_level":"high"}`, headers: []string{"Content-Type", "application/merge-patch+json"}, status: 422, fields: []string{"danger_level"}},
		{name: "patch unknown field", method: "PATCH", path: "/creatures/1", body: `{"wings":2}`, headers: []string{"Content-Type", "application/merge-patch+json"}, status: 422, fields: []string{"wings"}},
		{name: "patch taken name", method: "PATCH", path: "/creatures/1", body: `{"name":"KRAKEN"}`, headers: []string{"Content-Type", "application/merge-patch+json"}, status: 409, fields: []string{"name"}},
		{name: "patch stale If-Match", method: "PATCH", path: "/creatures/1", body: `{"danger_level":5}`, headers: []string{"Content-Type", "application/merge-patch+json", "If-Match", staleETag}, status: 412,
			check: unchanged(axolotl)},
		{name: "patch current If-Match", method: "PATCH", path: "/creatures/1", body: `{"danger_level":5}`, headers: []string{"Content-Type", "application/merge-patch+json", "If-Match", creatures.ETag(axolotl)}, status: 200,
			want: with(axolotl, func(c *creatures.Creature) { c.DangerLevel, c.UpdatedAt = 5, t1 })},
		{name: "patch text/plain", method: "PATCH", path: "/creatures/1", body: `{"danger_level":5}`, headers: []string{"Content-Type", "text/plain"}, status: 415},
		{name: "patch missing", method: "PATCH", path: "/creatures/99", body: `{"danger_level":5}`, headers: []string{"Content-Type", "application/merge-patch+json"}, status: 404},
		{name: "patch array", method: "PATCH", path: "/creatures/1", body: `[]`, headers: []string{"Content-Type", "application/merge-patch+json"}, status: 400},

		// Deleting.
		{name: "delete", method: "DELETE", path: "/creatures/1", status: 204, check: gone(1)},
		{name: "delete missing", method: "DELETE", path: "/creatures/99", status: 404},
		{name: "delete bad id", method: "DELETE", path: "/creatures/one", status: 400},
		{name: "delete stale If-Match", method: "DELETE", path: "/creatures/1", headers: []string{"If-Match", staleETag}, status: 412, check: unchanged(axolotl)},
		{name: "delete current If-Match", method: "DELETE", path: "/creatures/1", headers: []string{"If-Match", creatures.ETag(axolotl)}, status: 204, check: gone(1)},
		{name: "delete If-Match on missing", method: "DELETE", path: "/creatures/99", headers: []string{"If-Match", "*"}, status: 404},

		// Everything else.
		{name: "unknown path", method: "GET", path: "/dragons", status: 404},
		{name: "wrong method on collection", method: "DELETE", path: "/creatures", status: 405, check: headersAre("Allow", "GET, POST")},
		{name: "wrong method on item", method: "POST", path: "/creatures/1", status: 405, check: headersAre("Allow", "GET, PUT, PATCH, DELETE")},
		{name: "healthz", method: "GET", path: "/healthz", status: 200},
		{name: "readyz", method: "GET", path: "/readyz", status: 200},
		{name: "openapi", method: "GET", path: "/openapi.json", status: 200, check: bodyIs(string(creatures.OpenAPI))},
	}
}

// TestAPI runs every case on a fresh database of each dialect.
func TestAPI(t *testing.T) {
	for _, d := range dbtest.Dialects {
		t.Run(d.String(), func(t *testing.T) {
			for _, tc := range apiCases() {
				t.Run(tc.name, func(t *testing.T) {
					f := newFixture(t, d)
					if !tc.empty {
						f.withRows()
					}
					rec := f.do(tc.method, tc.path, tc.body, tc.headers...)
					if rec.Code != tc.status {
						t.Fatalf("%s %s: status %d, want %d; body %s", tc.method, tc.path, rec.Code, tc.status, rec.Body.String())
					}
					checkSecurityHeaders(t, rec.Header())
					switch {
					case tc.status >= 400:
						doc := problemOf(t, rec)
						got := make([]string, 0, len(doc.Errors))
						for k := range doc.Errors {
							got = append(got, k)
						}
						slices.Sort(got)
						if diff := cmp.Diff(tc.fields, got, cmpEmptyEqual); diff != "" {
							t.Errorf("problem fields (-want +got):\n%s\nproblem: %+v", diff, doc)
						}
					case tc.want != nil:
						compareBody(t, tc.want, rec)
					}
					if tc.check != nil {
						tc.check(t, f, rec)
					}
				})
			}
		})
	}
}

var cmpEmptyEqual = cmp.Comparer(func(a, b []string) bool { return slices.Equal(a, b) })

func compareBody(t *testing.T, want any, rec *httptest.ResponseRecorder) {
	t.Helper()
	var diff string
	switch w := want.(type) {
	case creatures.Creature:
		got := decode[creatures.Creature](t, rec)
		if w.ID == newID {
			if got.ID <= int64(len(fixtureRows)) {
				t.Errorf("the new row got id %d, a fixture row's", got.ID)
			}
			w.ID = got.ID
		}
		diff = cmp.Diff(w, got)
	case []creatures.Creature:
		diff = cmp.Diff(w, decode[[]creatures.Creature](t, rec))
	default:
		t.Fatalf("unsupported want type %T", want)
	}
	if diff != "" {
		t.Errorf("body (-want +got):\n%s", diff)
	}
}

// createdHeaders checks the Location and ETag of the answer that created want, whose id
// (newID) is the one the answer gives.
func createdHeaders(want creatures.Creature) func(*testing.T, *fixture, *httptest.ResponseRecorder) {
	return func(t *testing.T, f *fixture, rec *httptest.ResponseRecorder) {
		want.ID = decode[creatures.Creature](t, rec).ID
		headersAre("Location", fmt.Sprintf("/creatures/%d", want.ID), "ETag", creatures.ETag(want))(t, f, rec)
	}
}

func headersAre(pairs ...string) func(*testing.T, *fixture, *httptest.ResponseRecorder) {
	return func(t *testing.T, _ *fixture, rec *httptest.ResponseRecorder) {
		for i := 0; i+1 < len(pairs); i += 2 {
			if got := rec.Header().Get(pairs[i]); got != pairs[i+1] {
				t.Errorf("header %s = %q, want %q", pairs[i], got, pairs[i+1])
			}
		}
	}
}

// allHeadersAre checks that the response has exactly the headers given, each with the one
// value given, besides the security headers (which checkSecurityHeaders checks).
func allHeadersAre(pairs ...string) func(*testing.T, *fixture, *httptest.ResponseRecorder) {
	return func(t *testing.T, _ *fixture, rec *httptest.ResponseRecorder) {
		want := http.Header{}
		for i := 0; i+1 < len(pairs); i += 2 {
			want.Add(pairs[i], pairs[i+1])
		}
		got := rec.Header().Clone()
		for _, name := range []string{"X-Content-Type-Options", "Referrer-Policy", "Content-Security-Policy", "X-Frame-Options"} {
			got.Del(name)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("headers (-want +got):\n%s", diff)
		}
	}
}

// both runs two checks.
func both(a, b func(*testing.T, *fixture, *httptest.ResponseRecorder)) func(*testing.T, *fixture, *httptest.ResponseRecorder) {
	return func(t *testing.T, f *fixture, rec *httptest.ResponseRecorder) {
		a(t, f, rec)
		b(t, f, rec)
	}
}

func bodyIs(want string) func(*testing.T, *fixture, *httptest.ResponseRecorder) {
	return func(t *testing.T, _ *fixture, rec *httptest.ResponseRecorder) {
		if got := rec.Body.String(); got != want {
			t.Errorf("body = %q, want %q", got, want)
		}
	}
}

func bodyHas(parts ...string) func(*testing.T, *fixture, *httptest.ResponseRecorder) {
	return func(t *testing.T, _ *fixture, rec *httptest.ResponseRecorder) {
		for _, p := range parts {
			if !strings.Contains(rec.Body.String(), p) {
				t.Errorf("body %s lacks %s", rec.Body.String(), p)
			}
		}
	}
}

func listLength(n int) func(*testing.T, *fixture, *httptest.ResponseRecorder) {
	return func(t *testing.T, f *fixture, _ *httptest.ResponseRecorder) {
		if got := len(decode[[]creatures.Creature](t, f.do("GET", "/creatures", ""))); got != n {
			t.Errorf("the list has %d creatures, want %d", got, n)
		}
	}
}

func unchanged(c creatures.Creature) func(*testing.T, *fixture, *httptest.ResponseRecorder) {
	return func(t *testing.T, f *fixture, _ *httptest.ResponseRecorder) {
		got := decode[creatures.Creature](t, f.do("GET", fmt.Sprintf("/creatures/%d", c.ID), ""))
		if diff := cmp.Diff(c, got); diff != "" {
			t.Errorf("record changed (-before +after):\n%s", diff)
		}
	}
}

func gone(id int) func(*testing.T, *fixture, *httptest.ResponseRecorder) {
	return func(t *testing.T, f *fixture, _ *httptest.ResponseRecorder) {
		if rec := f.do("GET", fmt.Sprintf("/creatures/%d", id), ""); rec.Code != http.StatusNotFound {
			t.Errorf("GET after delete: %d, want 404", rec.Code)
		}
	}
}

// checkSecurityHeaders checks the headers every response carries, success or error: the catalog's
// successful responses once lacked X-Content-Type-Options.
func checkSecurityHeaders(t *testing.T, h http.Header) {
	t.Helper()
	for name, want := range map[string]string{
		"X-Content-Type-Options":  "nosniff",
		"Referrer-Policy":         "no-referrer",
		"Content-Security-Policy": httpserve.APIContentSecurityPolicy,
		"X-Frame-Options":         "DENY",
	} {
		if got := h.Get(name); got != want {
			t.Errorf("%s = %q, want %q", name, got, want)
		}
	}
}

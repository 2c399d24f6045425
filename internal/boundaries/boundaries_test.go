package boundaries_test

import (
	"bufio"
	"bytes"
	"os/exec"
	"path"
	"slices"
	"strings"
	"testing"
)

// module is the module's path; the rules below name packages by their path within it.
const module = "campus.example/apps/"

// rule says of the packages whose path within the module matches pkg (a path.Match pattern,
// or a path ending in "/..." for a tree) that none of them imports a package matching any of
// never, unless it also matches one of but; with deep, that none depends on one through any
// other either.
type rule struct {
	pkg   string
	never []string
	but   []string
	deep  bool
	why   string
}

// rules are the import rules of the module.
var rules = []rule{
	{pkg: "internal/chess/...", never: []string{"..."}, but: []string{"internal/chess/..."}, deep: true,
		why: "the chess rules are a pure domain: no database, no HTTP, no club"},
	{pkg: "internal/chessclub/play/tournament", never: []string{"..."}, but: []string{"internal/chess/..."}, deep: true,
		why: "a tournament as values and what internal/chess makes of them: nothing of storage, HTTP or the club's other parts"},
	{pkg: "internal/chessclub/play/report", never: []string{"..."}, but: []string{"internal/chess/...", "internal/chessclub/play/tournament"}, deep: true,
		why: "a tournament's report file made from its values, as pure as the tournament it reports"},
	{pkg: "internal/creatures/...", never: []string{"internal/chessclub/...", "internal/chess/..."}, deep: true,
		why: "the services never import each other"},
	{pkg: "internal/chessclub/...", never: []string{"internal/creatures/..."}, deep: true,
		why: "the services never import each other"},
	{pkg: "internal/problem", never: []string{"internal/chessclub/...", "internal/creatures/...", "internal/chess/..."}, deep: true, why: "shared packages never import a service"},
	{pkg: "internal/jsonhttp", never: []string{"internal/chessclub/...", "internal/creatures/...", "internal/chess/..."}, deep: true, why: "shared packages never import a service"},
	{pkg: "internal/query", never: []string{"internal/chessclub/...", "internal/creatures/...", "internal/chess/..."}, deep: true, why: "shared packages never import a service"},
	{pkg: "internal/sqldb", never: []string{"internal/chessclub/...", "internal/creatures/...", "internal/chess/..."}, deep: true, why: "shared packages never import a service"},
	{pkg: "internal/httpserve", never: []string{"internal/chessclub/...", "internal/creatures/...", "internal/chess/..."}, deep: true, why: "shared packages never import a service"},
	{pkg: "internal/observe", never: []string{"internal/chessclub/...", "internal/creatures/...", "internal/chess/..."}, deep: true, why: "shared packages never import a service"},
	{pkg: "internal/idempotency", never: []string{"internal/chessclub/...", "internal/creatures/...", "internal/chess/..."}, deep: true, why: "shared packages never import a service"},
	{pkg: "internal/coalesce", never: []string{"internal/chessclub/...", "internal/creatures/...", "internal/chess/..."}, deep: true, why: "shared packages never import a service"},
	{pkg: "internal/sqlitedirect", never: []string{"internal/chessclub/...", "internal/creatures/...", "internal/chess/..."}, deep: true, why: "shared packages never import a service"},
	{pkg: "internal/spa", never: []string{"internal/chessclub/...", "internal/creatures/...", "internal/chess/..."}, deep: true, why: "shared packages never import a service"},
	{pkg: "internal/flagenv", never: []string{"internal/chessclub/...", "internal/creatures/...", "internal/chess/..."}, deep: true, why: "shared packages never import a service"},
	{pkg: "internal/chessclub/api", never: []string{"internal/chessclub/..."}, but: []string{"internal/chessclub/api"},
		why: "what every part of the club's API shares builds on no part"},
	{pkg: "internal/chessclub/audit", never: []string{"internal/chessclub/..."}, but: []string{"internal/chessclub/audit", "internal/chessclub/api"},
		why: "every part of the club records in the trail, so the trail imports none of them"},
	{pkg: "internal/chessclub/photos/imagefile", never: []string{"internal/chessclub/...", "database/sql", "net/http"}, but: []string{"internal/chessclub/photos/imagefile"},
		why: "image files as untrusted bytes: no club, no storage, no HTTP"},
	{pkg: "internal/chessclub/photos", never: []string{"internal/chessclub/members", "internal/chessclub/auth", "internal/chessclub/play/..."},
		why: "photos are stored for members; members build on photos, not the other way"},
	{pkg: "internal/chessclub/members", never: []string{"internal/chessclub/auth", "internal/chessclub/play/..."},
		why: "auth and play build on members"},
	{pkg: "internal/chessclub/auth", never: []string{"internal/chessclub/photos", "internal/chessclub/play/..."},
		why: "logins build on members alone"},
	{pkg: "internal/chessclub/play/live", never: []string{"internal/chessclub/..."}, but: []string{"internal/chessclub/play/live"},
		why: "live streams know a tournament only by id and revision"},
	{pkg: "internal/chessclub/play/ratings", never: []string{"internal/chessclub/play", "internal/chessclub/play/storage", "internal/chessclub/auth", "internal/chessclub/photos/..."},
		why: "play calls the ratings, which read tournaments through the loader play gives them"},
	{pkg: "internal/chessclub/play/storage", never: []string{"internal/chessclub/play", "internal/chessclub/play/input", "internal/chessclub/auth", "net/http"},
		why: "storage maps rows to values (a guest member's by the members' rules); play calls it"},
	{pkg: "internal/chessclub/play/input", never: []string{"internal/chessclub/play", "internal/chessclub/play/storage", "database/sql"},
		why: "reading what clients send; play calls it"},
	{pkg: "internal/chessclub/play", never: []string{"internal/chessclub/play/web"},
		why: "play decides who may do what; its HTTP side (web) calls it, never the other way"},
	{pkg: "internal/chessclub/play/admission", never: []string{"internal/chessclub/play", "internal/chessclub/play/web", "internal/chessclub/play/storage", "internal/chessclub/play/tournament"},
		why: "admission bounds work by member ids and counts; play and web take its slots"},
	{pkg: "internal/chessclub/play/web", never: []string{"database/sql", "internal/sqldb", "internal/chessclub/play/storage"},
		why: "the HTTP side reads and changes tournaments through play alone"},
	{pkg: "internal/chessclub/...", never: []string{"internal/chessclub"}, but: []string{"internal/chessclub"},
		why: "the package root wires the club's packages; none of them imports it"},
}

// pkgs returns, for every package of the module, by path, what it imports and what it
// depends on, directly or not.
func pkgs(t *testing.T) (imports, deps map[string][]string) {
	t.Helper()
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}}|{{join .Imports \" \"}}|{{join .Deps \" \"}}", module+"...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	imports, deps = map[string][]string{}, map[string][]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		parts := strings.Split(sc.Text(), "|")
		if len(parts) != 3 {
			continue
		}
		imports[parts[0]], deps[parts[0]] = strings.Fields(parts[1]), strings.Fields(parts[2])
	}
	if len(imports) == 0 {
		t.Fatal("go list named no package")
	}
	return imports, deps
}

// matches reports whether pkg matches pattern: a path within the module or of the standard
// library, a path.Match pattern of one, or "x/..." for the module's x and everything below it
// ("..." alone: any package outside the standard library).
func matches(pattern, pkg string) bool {
	if pattern == "..." {
		return strings.Contains(strings.SplitN(pkg, "/", 2)[0], ".")
	}
	if !strings.Contains(strings.SplitN(pattern, "/", 2)[0], ".") && (strings.HasPrefix(pattern, "internal/") || strings.HasPrefix(pattern, "cmd/")) {
		pattern = module + pattern
	}
	if tree, ok := strings.CutSuffix(pattern, "/..."); ok {
		return pkg == tree || strings.HasPrefix(pkg, tree+"/")
	}
	ok, _ := path.Match(pattern, pkg)
	return ok
}

// TestImportRules checks every rule against what every package of the module depends on,
// and that every rule applies to some package (a renamed package must not empty a rule).
func TestImportRules(t *testing.T) {
	imports, deps := pkgs(t)
	for _, r := range rules {
		applied := false
		for pkg, ds := range imports {
			if r.deep {
				ds = deps[pkg]
			}
			if !matches(r.pkg, pkg) {
				continue
			}
			applied = true
			for _, d := range ds {
				bad := slices.ContainsFunc(r.never, func(p string) bool { return matches(p, d) })
				allowed := slices.ContainsFunc(r.but, func(p string) bool { return matches(p, d) })
				if bad && !allowed {
					t.Errorf("%s depends on %s: %s", strings.TrimPrefix(pkg, module), strings.TrimPrefix(d, module), r.why)
				}
			}
		}
		if !applied {
			t.Errorf("the rule for %s applies to no package", r.pkg)
		}
	}
}

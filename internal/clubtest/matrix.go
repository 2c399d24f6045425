package clubtest

import (
	"bytes"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"campus.example/apps/internal/chessclub"
)

// Endpoint is one row of an authorization matrix: a request sent as each caller in turn.
type Endpoint struct {
	// Op is the operation as the OpenAPI document names it: "GET /api/tournaments/{id}".
	Op string
	// Case tells rows of one Op apart ("rated", "someone else").
	Case string
	// Build returns the request for one caller's run, Method and Path set, As and Token
	// not; it may create what the request needs, so that every run starts alike.
	Build func() Req
	// Want maps a caller to the status they get; callers not listed get 401.
	Want map[string]int
	// SameBody requires every caller to get the body that a caller without a token gets:
	// a public read that ignores the Authorization header.
	SameBody bool
	// SeesPrivate names the callers besides "admin" who may read private fields (a
	// member's birth date, national id, e-mail) in this row's answers; RunMatrix checks
	// that no other caller's answer holds any of the private values it is given.
	SeesPrivate []string
}

// Name is the endpoint's name in subtests.
func (ep Endpoint) Name() string {
	if ep.Case == "" {
		return ep.Op
	}
	return ep.Op + " (" + ep.Case + ")"
}

// Callers names the callers of a matrix: for each caller, the member it logs in as (a
// username made by Register), or "" for no token; a caller that is no member but has a token
// in Tokens (such as "bad" or "revoked") sends that token.
type Callers map[string]string

// RunMatrix sends every endpoint's request as every caller, in order, and checks the status
// each gets, that a refusal is a problem document with that status, the bodies of public
// reads, and that no answer to a caller who may not read private fields holds any of the
// private values (a member's birth date, national id, e-mail as the fixtures set them): only
// "admin" and an endpoint's SeesPrivate callers may get them. Subtests are named
// "op (case)/caller".
func (e *Env) RunMatrix(t *testing.T, order []string, callers Callers, endpoints []Endpoint, private ...string) {
	t.Helper()
	anonymous := map[string][]byte{}
	for _, ep := range endpoints {
		for _, caller := range order {
			t.Run(ep.Name()+"/"+caller, func(t *testing.T) {
				r := ep.Build()
				switch who := callers[caller]; {
				case who != "":
					// A token of its own for each run: a run may log out.
					r.Token = e.Login(who)
				case e.Tokens[caller] != "":
					r.Token = e.Tokens[caller]
				}
				want, ok := ep.Want[caller]
				if !ok {
					want = http.StatusUnauthorized
				}
				res := e.Do(r)
				if res.Status != want {
					t.Fatalf("status %d, want %d; body %s", res.Status, want, res.Body)
				}
				if ep.SameBody {
					if _, seen := anonymous[ep.Name()]; !seen {
						anonymous[ep.Name()] = res.Body
					} else if !bytes.Equal(res.Body, anonymous[ep.Name()]) {
						t.Errorf("body differs from the first caller's:\n%s\n%s", res.Body, anonymous[ep.Name()])
					}
				}
				if caller != "admin" && !slices.Contains(ep.SeesPrivate, caller) {
					for _, v := range private {
						if bytes.Contains(res.Body, []byte(v)) {
							t.Errorf("the answer holds the private value %q:\n%s", v, res.Body)
						}
					}
				}
				if want >= 400 {
					if doc := res.Problem(t); doc.Status != want {
						t.Errorf("problem status %d, want %d", doc.Status, want)
					}
				}
			})
		}
	}
}

// Operations lists every operation of the OpenAPI document ("GET /api/me"), sorted: what a
// matrix that covers the whole API must name.
func Operations(t testing.TB) []string {
	t.Helper()
	var doc struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(chessclub.OpenAPI, &doc); err != nil {
		t.Fatal(err)
	}
	var ops []string
	for path, item := range doc.Paths {
		for method := range item {
			switch method {
			case "get", "put", "post", "delete", "patch", "head", "options":
				ops = append(ops, strings.ToUpper(method)+" "+path)
			}
		}
	}
	slices.Sort(ops)
	return ops
}

// Package openapitest checks real HTTP responses against a service's OpenAPI document, so the
// document cannot drift from what the code sends.
package openapitest

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"
)

// Validator matches requests to the document's operations and validates responses. It is
// safe for concurrent use.
type Validator struct {
	router routers.Router
}

// New loads and validates an OpenAPI document, failing the test when it is invalid.
func New(t testing.TB, spec []byte) *Validator {
	t.Helper()
	if err := duplicateKey(spec); err != nil {
		t.Fatalf("OpenAPI document: %v", err)
	}
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(spec)
	if err != nil {
		t.Fatalf("load OpenAPI document: %v", err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		t.Fatalf("OpenAPI document is invalid: %v", err)
	}
	doc.Servers = nil
	router, err := legacy.NewRouter(doc)
	if err != nil {
		t.Fatalf("OpenAPI router: %v", err)
	}
	return &Validator{router: router}
}

// Check fails the test when the response to req is not what the document describes: an
// undocumented path, method or status, or a body or header that does not match its schema.
func (v *Validator) Check(t testing.TB, req *http.Request, rec *httptest.ResponseRecorder) {
	t.Helper()
	r := req.Clone(context.Background())
	if r.URL.Host == "" {
		r.URL.Scheme, r.URL.Host = "http", "localhost"
	}
	route, params, err := v.router.FindRoute(r)
	if err != nil {
		t.Errorf("OpenAPI: %s %s is not documented: %v", req.Method, req.URL.Path, err)
		return
	}
	in := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{
			Request: r, PathParams: params, Route: route,
			Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc},
		},
		Status: rec.Code,
		Header: rec.Header(),
		Body:   io.NopCloser(bytes.NewReader(rec.Body.Bytes())),
		Options: &openapi3filter.Options{
			IncludeResponseStatus: true,
			MultiError:            true,
		},
	}
	if err := openapi3filter.ValidateResponse(context.Background(), in); err != nil {
		t.Errorf("OpenAPI: response to %s %s (%d) does not match the document: %v\nbody: %s",
			req.Method, req.URL.String(), rec.Code, err, truncate(rec.Body.String()))
	}
}

func truncate(s string) string {
	if len(s) > 500 {
		return s[:500] + "…"
	}
	return s
}

// Describes reports whether the document has an operation for req's path and method.
func (v *Validator) Describes(req *http.Request) bool {
	r := req.Clone(context.Background())
	if r.URL.Host == "" {
		r.URL.Scheme, r.URL.Host = "http", "localhost"
	}
	_, _, err := v.router.FindRoute(r)
	return err == nil
}

// Package jsonhttp reads JSON request bodies and writes JSON responses with the limits and
// error kinds every endpoint shares.
package jsonhttp

import (
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"strings"

	"campus.example/apps/internal/problem"
)

// DefaultMaxBody is the body limit, 1 MiB, used when an endpoint states none.
const DefaultMaxBody = 1 << 20

// Object is a decoded JSON object whose members are decoded one by one, so that each field's
// error can be reported under its own name.
type Object map[string]json.RawMessage

// ReadObject reads a JSON object from r's body. It returns a *problem.Error of kind
// UnsupportedMediaType when the content type is not one of accept (application/json when
// none is given), TooLarge when the body exceeds maxBytes, and Malformed when the body is not
// exactly one JSON object.
func ReadObject(w http.ResponseWriter, r *http.Request, maxBytes int64, accept ...string) (Object, error) {
	if len(accept) == 0 {
		accept = []string{"application/json"}
	}
	if err := checkContentType(r, accept); err != nil {
		return nil, err
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBytes))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return nil, problem.New(problem.TooLarge, "The body exceeds the limit of %d bytes.", maxBytes)
		}
		return nil, &problem.Error{Kind: problem.Malformed, Detail: "The body could not be read.", Err: err}
	}
	return ParseObject(body)
}

// ParseObject parses body as exactly one JSON object, strictly (see parser): a Malformed
// problem refuses anything else, naming the top-level member where the fault lies.
func ParseObject(body []byte) (Object, error) {
	p := &parser{data: body}
	p.skipSpace()
	if p.pos == len(body) {
		return nil, problem.New(problem.Malformed, "The body is empty; a JSON object is required.")
	}
	if body[p.pos] != '{' {
		if err := p.value(0); err != nil {
			return nil, err
		}
		return nil, problem.New(problem.Malformed, "The body must be a JSON object.")
	}
	obj, err := p.object(1)
	if err != nil {
		return nil, err
	}
	p.skipSpace()
	if p.pos != len(body) {
		return nil, problem.New(problem.Malformed, "The body holds more than one JSON value, or text after the object (byte %d).", p.pos)
	}
	return obj, nil
}

// checkContentType accepts a media type in accept, with no charset parameter or UTF-8's: JSON
// is UTF-8 (RFC 8259, section 8.1), and a body labelled otherwise would be misread.
func checkContentType(r *http.Request, accept []string) error {
	ct := r.Header.Get("Content-Type")
	mt, params, err := mime.ParseMediaType(ct)
	if ct == "" || err != nil {
		return problem.New(problem.UnsupportedMediaType, "Content-Type must be %s.", accept[0])
	}
	for _, a := range accept {
		if mt == a {
			return CheckCharset(params)
		}
	}
	return problem.New(problem.UnsupportedMediaType, "Content-Type %q is not accepted; use %s.", mt, accept[0])
}

// CheckCharset refuses a media type's charset parameter, unless it is UTF-8, with an
// UnsupportedMediaType problem. Endpoints that parse their content type themselves use it.
func CheckCharset(params map[string]string) error {
	cs, ok := params["charset"]
	if !ok || strings.EqualFold(cs, "utf-8") || strings.EqualFold(cs, "utf8") {
		return nil
	}
	return problem.New(problem.UnsupportedMediaType, "The charset %q is not accepted; send JSON as UTF-8.", cs)
}

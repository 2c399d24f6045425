// Package jsonhttp reads JSON request bodies and writes JSON responses with the limits and
// error kinds every endpoint shares.
package jsonhttp

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"

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

// ParseObject parses body as exactly one JSON object, with a Malformed error otherwise.
func ParseObject(body []byte) (Object, error) {
	trimmed := bytes.TrimSpace(body)
	if len(trimmed) == 0 {
		return nil, problem.New(problem.Malformed, "The body is empty; a JSON object is required.")
	}
	if trimmed[0] != '{' {
		if !json.Valid(trimmed) {
			return nil, problem.New(problem.Malformed, "The body is not valid JSON.")
		}
		return nil, problem.New(problem.Malformed, "The body must be a JSON object.")
	}
	dec := json.NewDecoder(bytes.NewReader(trimmed))
	var obj Object
	if err := dec.Decode(&obj); err != nil {
		return nil, problem.New(problem.Malformed, "The body is not valid JSON: %s.", syntaxDetail(err))
	}
	if dec.More() {
		return nil, problem.New(problem.Malformed, "The body holds more than one JSON value.")
	}
	if obj == nil {
		return nil, problem.New(problem.Malformed, "The body must be a JSON object.")
	}
	return obj, nil
}

// syntaxDetail describes a decoding error without echoing the body.
func syntaxDetail(err error) string {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return se.Error()
	}
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return "unexpected end of input"
	}
	return "cannot parse"
}

func checkContentType(r *http.Request, accept []string) error {
	ct := r.Header.Get("Content-Type")
	mt, _, err := mime.ParseMediaType(ct)
	if ct == "" || err != nil {
		return problem.New(problem.UnsupportedMediaType, "Content-Type must be %s.", accept[0])
	}
	for _, a := range accept {
		if mt == a {
			return nil
		}
	}
	return problem.New(problem.UnsupportedMediaType, "Content-Type %q is not accepted; use %s.", mt, accept[0])
}

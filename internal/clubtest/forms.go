package clubtest

import (
	"bytes"
	"mime/multipart"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp/cmpopts"

	"campus.example/apps/internal/problem"
)

// MultipartBody builds a multipart/form-data body from fields in order, name then value; a
// []byte value is a file part (named as a hostile client might), a string a plain field. It
// returns the body and its content type.
func MultipartBody(t testing.TB, fields ...any) ([]byte, string) {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for i := 0; i < len(fields); i += 2 {
		name := fields[i].(string)
		switch v := fields[i+1].(type) {
		case []byte:
			fw, err := mw.CreateFormFile(name, "../../etc/passwd.jpg")
			if err != nil {
				t.Fatal(err)
			}
			fw.Write(v)
		case string:
			mw.WriteField(name, v)
		}
	}
	mw.Close()
	return buf.Bytes(), mw.FormDataContentType()
}

// WantProblem is the expected shape of a problem response.
type WantProblem struct {
	Status int
	// Slug is the end of the problem's type URI.
	Slug string
	// Fields are the keys of the errors map, sorted.
	Fields []string
}

// CheckProblem compares a problem response with want, and fails the test when the problem
// has no title or detail.
func CheckProblem(t testing.TB, res Resp, want WantProblem) {
	t.Helper()
	if res.Status != want.Status {
		t.Fatalf("status %d, want %d; body %s", res.Status, want.Status, res.Body)
	}
	doc := res.Problem(t)
	var fields []string
	for k := range doc.Errors {
		fields = append(fields, k)
	}
	slices.Sort(fields)
	got := WantProblem{Status: doc.Status, Slug: strings.TrimPrefix(doc.Type, problem.TypeBase), Fields: fields}
	Diff(t, "problem", got, want, cmpopts.EquateEmpty())
	if doc.Title == "" || doc.Detail == "" {
		t.Errorf("problem without title or detail: %s", res.Body)
	}
}

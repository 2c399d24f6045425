package openapitest

import "testing"

func TestDuplicateKey(t *testing.T) {
	for _, c := range []struct {
		doc  string
		fail bool
	}{
		{`{"a": 1, "b": {"c": [1, {"d": 2}]}}`, false},
		{`{"a": {"x": 1}, "b": {"x": 2}}`, false},
		{`{"a": 1, "a": 2}`, true},
		{`{"paths": {"/p": {"post": {"parameters": [], "summary": "s", "parameters": []}}}}`, true},
		{`[{"k": 1}, {"k": 1, "k": 1}]`, true},
	} {
		if err := duplicateKey([]byte(c.doc)); (err != nil) != c.fail {
			t.Errorf("duplicateKey(%s) = %v, want failure %v", c.doc, err, c.fail)
		}
	}
}

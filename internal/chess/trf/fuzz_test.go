package trf

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// FuzzRead feeds Read arbitrary bytes. Whatever it reads without error must write without
// error, read back to the same Tournament, and write back to the same bytes: the writer's form
// is a fixed point. Built in code from the values read, it must write the canonical form,
// which reads back to the same values. The seeds are testdata/fuzz/FuzzRead (run by plain go
// test), the fixtures of the other tests and the real files of testdata/corpus.
func FuzzRead(f *testing.F) {
	f.Add([]byte(small))
	f.Add([]byte("\ufeff012 BOM\r\n001    1\r\n"))
	for _, path := range corpusFiles(f) {
		b, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		tour, err := Read(bytes.NewReader(data))
		if err != nil {
			if _, ok := err.(*SyntaxError); !ok {
				t.Fatalf("Read: %T %v, want a *SyntaxError", err, err)
			}
			return
		}
		var first bytes.Buffer
		if err := tour.Write(&first); err != nil {
			t.Fatalf("Write of what Read took: %v", err)
		}
		again, err := Read(bytes.NewReader(first.Bytes()))
		if err != nil {
			t.Fatalf("Read of what Write wrote: %v\n%q", err, first.String())
		}
		if diff := cmp.Diff(tour, again, cmpopts.IgnoreUnexported(Tournament{}), cmpopts.EquateEmpty()); diff != "" {
			t.Fatalf("read, written and read again (-first +second):\n%s", diff)
		}
		var second bytes.Buffer
		if err := again.Write(&second); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(first.Bytes(), second.Bytes()) {
			t.Fatalf("second write differs:\n%q\n%q", first.String(), second.String())
		}
		// Built in code with the values read, the tournament writes every value in the
		// canonical spelling, and that reads back to the same values.
		canon := built(t, tour)
		third, err := Read(strings.NewReader(canon))
		if err != nil {
			t.Fatalf("Read of the canonical form: %v\n%q", err, canon)
		}
		if diff := cmp.Diff(tour, third, cmpopts.IgnoreUnexported(Tournament{}), cmpopts.EquateEmpty()); diff != "" {
			t.Fatalf("read, built and read again (-first +canonical):\n%s", diff)
		}
	})
}

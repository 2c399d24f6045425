package trf

import (
	"bytes"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// FuzzRecords feeds the record readers arbitrary files: Accelerations and CheckStandardPoints
// must not panic, their errors must be *SyntaxErrors, and the records Accelerations returns
// must write (SetAccelerations) and read back the same.
func FuzzRecords(f *testing.F) {
	for _, s := range []string{
		"250       1.0 001 003    1   90\n250 00.0 00.5 004 006 0001 0090\n",
		"162  W 1.0    D 0.5    L 0.0\nBBW  1.0\n",
		"162  W 3.0\n299 W   1.0  0.5 003    1\nXXS W=1\n",
		"250       0.3 001 003    1   90\n",
	} {
		f.Add([]byte(small + s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		tour, err := Read(bytes.NewReader(data))
		if err != nil {
			return
		}
		if err := tour.CheckStandardPoints(); err != nil {
			if _, ok := err.(*SyntaxError); !ok {
				t.Fatalf("CheckStandardPoints: %T %v, want a *SyntaxError", err, err)
			}
		}
		acc, err := tour.Accelerations()
		if err != nil {
			if _, ok := err.(*SyntaxError); !ok {
				t.Fatalf("Accelerations: %T %v, want a *SyntaxError", err, err)
			}
			return
		}
		if err := tour.SetAccelerations(acc); err != nil {
			t.Fatalf("SetAccelerations of what Accelerations read: %v", err)
		}
		var buf bytes.Buffer
		if err := tour.Write(&buf); err != nil {
			t.Fatalf("Write: %v", err)
		}
		again, err := Read(&buf)
		if err != nil {
			t.Fatalf("Read of what Write wrote: %v", err)
		}
		back, err := again.Accelerations()
		if err != nil {
			t.Fatalf("Accelerations of what SetAccelerations wrote: %v", err)
		}
		if diff := cmp.Diff(acc, back); diff != "" {
			t.Fatalf("read back (-first +second):\n%s", diff)
		}
	})
}

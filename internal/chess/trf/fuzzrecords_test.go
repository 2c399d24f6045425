package trf

import (
	"bytes"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// FuzzRecords feeds the record readers arbitrary files: Accelerations, PointSystem,
// CheckStandardPoints and CheckPointsColumn must not panic, their errors must be
// *SyntaxErrors, and the records Accelerations and PointSystem return must write
// (SetAccelerations, SetPointSystem) and read back the same.
func FuzzRecords(f *testing.F) {
	for _, s := range []string{
		"250       1.0 001 003    1   90\n250 00.0 00.5 004 006 0001 0090\n",
		"162  W 1.0    D 0.5    L 0.0\nBBW  1.0\n",
		"162  W 3.0\n299 W   1.0  0.5 003    1\nXXS W=1\n",
		"250       0.3 001 003    1   90\n",
		"162  W 3.0    D 1.0    L 0.0    A 0.5    P 1.0    X 0.5\nBBZ  0.0\nBBU  2.0\n",
		"BBW  2.0\nBBD  1.5\nBBL  1.0\nBBF  0.5\n",
		"142 4\n152 B\n132                                                                                        26/03/07  26/03/14\n",
		"XXS W=3 D=1\nXXS PAB=.5 FL=0\n",
		"XXS WW=1.0 BW=0.5\n162  W 2.0\n",
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
		if ps, err := tour.PointSystem(); err != nil {
			if _, ok := err.(*SyntaxError); !ok {
				t.Fatalf("PointSystem: %T %v, want a *SyntaxError", err, err)
			}
		} else {
			if err := tour.CheckPointsColumn(ps, tour.RoundsRecorded(), nil); err != nil {
				if _, ok := err.(*SyntaxError); !ok {
					t.Fatalf("CheckPointsColumn: %T %v, want a *SyntaxError", err, err)
				}
			}
			c := tour.Prefix(tour.RoundsRecorded())
			if err := c.SetPointSystem(ps); err != nil {
				t.Fatalf("SetPointSystem of what PointSystem read: %v", err)
			}
			var buf bytes.Buffer
			if err := c.Write(&buf); err != nil {
				t.Fatalf("Write: %v", err)
			}
			again, err := Read(&buf)
			if err != nil {
				t.Fatalf("Read of what SetPointSystem wrote: %v\n%s", err, buf.String())
			}
			if back, err := again.PointSystem(); err != nil || back != ps {
				t.Fatalf("point system read back %+v, %v; want %+v", back, err, ps)
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

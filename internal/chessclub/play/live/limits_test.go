package live

import (
	"testing"
	"time"
)

// TestLimits runs sequences of streams opening (+client) and closing (-client) against a
// server bound of 3 and a client bound of 2, and checks each answer; at the end every
// stream has closed, and nothing is left counted, not even an entry per client.
func TestLimits(t *testing.T) {
	for _, tc := range []struct {
		name  string
		steps []string
		want  []string // acquire's answer per "+" step
	}{
		{"per client", []string{"+a", "+a", "+a", "+b", "-a", "+a", "-a", "-a", "-b"},
			[]string{"", "", RefusedClientLimit, "", ""}},
		{"server full", []string{"+a", "+b", "+c", "+d", "+a", "-b", "+d", "-a", "-c", "-d"},
			[]string{"", "", "", RefusedServerFull, RefusedServerFull, ""}},
		// A client at its own bound is told so even when the server is full too.
		{"client first", []string{"+a", "+a", "+b", "+a", "-a", "-a", "-b"},
			[]string{"", "", "", RefusedClientLimit}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := newLimits(3, 2)
			var got []string
			for _, s := range tc.steps {
				if s[0] == '+' {
					got = append(got, l.acquire(s[1:]))
				} else {
					l.release(s[1:])
				}
			}
			if len(got) != len(tc.want) {
				t.Fatalf("answers %q, want %q", got, tc.want)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Errorf("answers %q, want %q", got, tc.want)
					break
				}
			}
			if streams, clients := l.counts(); streams != 0 || clients != 0 {
				t.Errorf("%d streams of %d clients still counted after every stream closed", streams, clients)
			}
		})
	}
}

// TestLimitsManyClosed: one client opens and closes many more streams than its bound, and
// can still open as many as its bound allows.
func TestLimitsManyClosed(t *testing.T) {
	l := newLimits(1000, 3)
	for range 10000 {
		if r := l.acquire("198.51.100.7"); r != "" {
			t.Fatalf("refused: %s", r)
		}
		l.release("198.51.100.7")
	}
	for i := range 3 {
		if r := l.acquire("198.51.100.7"); r != "" {
			t.Fatalf("stream %d refused: %s", i+1, r)
		}
	}
	if r := l.acquire("198.51.100.7"); r != RefusedClientLimit {
		t.Errorf("a fourth stream: %q, want %q", r, RefusedClientLimit)
	}
}

// TestRefusalsLogged: the first refusal is logged, the others within a minute of the last
// logged one are counted, and the first a minute later is logged with that count.
func TestRefusalsLogged(t *testing.T) {
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	type want struct {
		log        bool
		suppressed int
	}
	var f refusals
	for _, step := range []struct {
		at time.Duration
		want
	}{
		{0, want{true, 0}},
		{time.Second, want{false, 0}},
		{59 * time.Second, want{false, 0}},
		{time.Minute, want{true, 2}},
		{time.Minute + time.Second, want{false, 0}},
		{time.Hour, want{true, 1}},
		{time.Hour + time.Minute, want{true, 0}},
	} {
		log, suppressed := f.note(t0.Add(step.at))
		if got := (want{log, suppressed}); got != step.want {
			t.Errorf("a refusal at +%v: %+v, want %+v", step.at, got, step.want)
		}
	}
	if n := f.count(); n != 7 {
		t.Errorf("%d refusals counted, want 7", n)
	}
}

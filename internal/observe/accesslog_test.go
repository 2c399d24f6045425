package observe

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"math"
	"strings"
	"testing"
	"time"

	"campus.example/apps/internal/problem"
)

// TestAccessLineMatchesSlog checks that accessLine writes every line it accepts exactly as
// the slog handler of NewLogger writes the same record, in both formats, and that it
// accepts every line of printable ASCII strings (so that the common line takes the fast
// path) and declines the others (which Handler then gives to slog).
func TestAccessLineMatchesSlog(t *testing.T) {
	base := access{method: "GET", route: "GET /creatures/{id}", status: 200, bytes: 312,
		duration: 1234567 * time.Nanosecond, client: "127.0.0.1", requestID: "K3ZB2T7QX4MHPW6D-1v"}
	var cases []access
	add := func(change func(*access)) {
		a := base
		change(&a)
		cases = append(cases, a)
	}
	strs := []string{
		"", " ", "a b", `say "hi"`, `"`, "=", "a=b", `back\slash`, `\`, `\"`, "{id}", "GET /metrics",
		"::1", "[2001:db8::1]", "2001:db8::1%eth0", "unmatched", "'single'", "#!$%&*+,-./:;<>?@[]^_`|~",
		"tab\there", "line\nbreak", "\r", "\x00", "\x1f", "\x7f", "é", "Ōkami", "狼", "🐉", "\u00a0", "\u2028",
		"\xff", "a\x80b", "\xe2\x82", strings.Repeat("long text ", 200), strings.Repeat(`"=\ `, 50),
	}
	for c := range 256 {
		strs = append(strs, string(rune(c)), "a"+string([]byte{byte(c)})+"b")
	}
	for _, s := range strs {
		add(func(a *access) { a.method = s })
		add(func(a *access) { a.route = s })
		add(func(a *access) { a.client = s })
		add(func(a *access) { a.requestID = s })
		add(func(a *access) { a.clientRequestID = s })
	}
	for _, d := range []time.Duration{0, 1, 999, time.Microsecond, 1500 * time.Microsecond, 59 * time.Second,
		time.Hour + 2*time.Minute + 3456789*time.Microsecond, math.MaxInt64, math.MinInt64, -1500 * time.Millisecond} {
		add(func(a *access) { a.duration = d })
	}
	for _, n := range []int64{0, 1, math.MaxInt64, -1} {
		add(func(a *access) { a.bytes = n })
	}
	for _, s := range []int{0, 100, 304, 599, 999} {
		add(func(a *access) { a.status = s })
	}
	add(func(a *access) { *a = access{} })

	times := []time.Time{
		time.Date(2026, 11, 24, 6, 29, 4, 123456789, time.UTC),
		time.Date(2026, 11, 24, 6, 29, 4, 0, time.UTC),
		time.Date(2026, 11, 24, 6, 29, 4, 999999999, time.UTC),
		time.Date(2026, 11, 24, 6, 29, 4, 1000000, time.UTC),
		time.Date(2026, 11, 24, 6, 29, 4, 999999, time.UTC),
		time.Date(2026, 11, 24, 6, 29, 4, 100, time.FixedZone("", 5*3600+30*60)),
		time.Date(2026, 3, 1, 23, 59, 59, 5000000, time.FixedZone("", -8*3600)),
		time.Date(1883, 11, 18, 12, 3, 57, 250000000, time.FixedZone("LMT", -(4*3600+56*60+2))),
		time.Date(1, 1, 1, 0, 0, 0, 1, time.UTC),
		time.Date(9999, 12, 31, 23, 59, 59, 999999999, time.UTC),
		time.Now(), // with a monotonic reading, in the local zone
		time.Now().UTC(),
	}
	for _, format := range []string{FormatText, FormatJSON} {
		var out bytes.Buffer
		log, err := NewLogger(&out, format)
		if err != nil {
			t.Fatal(err)
		}
		line := accessLineOf(log)
		if line == nil {
			t.Fatalf("%s: NewLogger's logger has no access line writer", format)
		}
		check := func(tm time.Time, a access) {
			t.Helper()
			got, ok := line.append(nil, tm, &a)
			plain := printableASCII(a.method) && printableASCII(a.route) && printableASCII(a.client) && printableASCII(a.requestID) && printableASCII(a.clientRequestID)
			if ok != plain {
				t.Errorf("%s: %+v: accepted %v, want %v", format, a, ok, plain)
			}
			if !ok {
				return
			}
			out.Reset()
			rec := slog.NewRecord(tm, slog.LevelInfo, "request", 0)
			attrs := a.attrs()
			rec.AddAttrs(attrs[:]...)
			ctx := problem.WithRequestID(context.Background(), a.requestID)
			if a.clientRequestID != "" {
				ctx = problem.WithClientRequestID(ctx, a.clientRequestID)
			}
			if err := log.Handler().Handle(ctx, rec); err != nil {
				t.Fatal(err)
			}
			if want := out.String(); string(got) != want {
				t.Errorf("%s: %+v at %v:\n got %q\nwant %q", format, a, tm, got, want)
			}
		}
		for _, tm := range times {
			check(tm, base)
		}
		for _, a := range cases {
			check(times[0], a)
		}
	}
}

// TestAccessLineOnlyForNewLogger checks that only NewLogger's own logger gets the fast path:
// one derived from it with With or WithGroup writes more than the access line does, and
// any other logger is not known to write the same bytes.
func TestAccessLineOnlyForNewLogger(t *testing.T) {
	log, err := NewLogger(&bytes.Buffer{}, FormatText)
	if err != nil {
		t.Fatal(err)
	}
	for name, l := range map[string]*slog.Logger{
		"With":      log.With("listener", "metrics"),
		"WithGroup": log.WithGroup("g"),
		"slog":      slog.New(slog.NewTextHandler(&bytes.Buffer{}, nil)),
		"nil":       nil,
	} {
		if accessLineOf(l) != nil {
			t.Errorf("%s: has an access line writer", name)
		}
	}
}

// writes counts the Write calls made to it and keeps what they wrote.
type writes struct {
	calls []string
}

func (w *writes) Write(p []byte) (int, error) {
	w.calls = append(w.calls, string(p))
	return len(p), nil
}

// TestAccessLineOneWrite checks that each line is one Write, whole, whether the fast path
// or slog writes it, so that a crash loses no line that was written and tears none.
func TestAccessLineOneWrite(t *testing.T) {
	var w writes
	log, err := NewLogger(&w, FormatJSON)
	if err != nil {
		t.Fatal(err)
	}
	line := accessLineOf(log)
	long := access{method: "GET", route: "GET /x", client: strings.Repeat("c", 10000), requestID: "r"}
	for i, a := range []access{{method: "GET", route: "GET /x", client: "::1", requestID: "r"}, long, long} {
		if !line.log(time.Now(), &a) {
			t.Fatalf("line %d was declined", i)
		}
	}
	log.Info("other")
	if len(w.calls) != 4 {
		t.Fatalf("%d writes for 4 lines", len(w.calls))
	}
	for i, c := range w.calls {
		if strings.Count(c, "\n") != 1 || !strings.HasSuffix(c, "\n") {
			t.Errorf("write %d is not one line: %s", i, fmt.Sprintf("%.80q", c))
		}
	}
}

// BenchmarkAccessLine compares a common access line written by accessLine with the same
// line through slog, in both formats, to io.Discard.
//
//	go test -run '^$' -bench AccessLine -benchmem ./internal/observe/
func BenchmarkAccessLine(b *testing.B) {
	a := access{method: "GET", route: "GET /creatures/{id}", status: 200, bytes: 312,
		duration: 1234567 * time.Nanosecond, client: "127.0.0.1", requestID: "K3ZB2T7QX4MHPW6D-1v"}
	ctx := problem.WithRequestID(context.Background(), a.requestID)
	for _, format := range []string{FormatText, FormatJSON} {
		log, err := NewLogger(io.Discard, format)
		if err != nil {
			b.Fatal(err)
		}
		line := accessLineOf(log)
		b.Run(format+"/fast", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				line.log(time.Now(), &a)
			}
		})
		b.Run(format+"/slog", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				attrs := a.attrs()
				log.LogAttrs(ctx, slog.LevelInfo, "request", attrs[:]...)
			}
		})
	}
}

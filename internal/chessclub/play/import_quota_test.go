package play_test

import (
	"io"
	"net/http"
	"strconv"
	"sync"
	"testing"
	"time"

	"campus.example/apps/internal/chessclub"
	"campus.example/apps/internal/chessclub/play"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// importAs is the request that imports file as the member as.
func importAs(as, file string) clubtest.Req {
	return clubtest.Req{Method: "POST", Path: "/api/tournaments/import", As: as, Body: file, ContentType: "text/plain"}
}

// retryAfter checks that res is a 429 problem and returns its Retry-After.
func retryAfter(t *testing.T, res clubtest.Resp) int {
	t.Helper()
	clubtest.CheckProblem(t, res, clubtest.WantProblem{Status: http.StatusTooManyRequests, Slug: "too-many-requests"})
	n, err := strconv.Atoi(res.Header.Get("Retry-After"))
	if err != nil || n < 1 {
		t.Fatalf("Retry-After %q, want a number of seconds", res.Header.Get("Retry-After"))
	}
	return n
}

// TestImportSlots holds as many imports in flight as a server runs at once, each stopped in
// the middle of its body, and checks that one more is refused at once with Retry-After while
// other requests are served, that the held imports then finish, and that their slots are
// free again.
func TestImportSlots(t *testing.T) {
	for _, tc := range []struct {
		name  string
		slots int // 0: the default
		want  int
	}{
		{"default", 0, play.DefaultMaxImports},
		{"one", 1, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newClub(t, sqldb.SQLite, 0, func(cfg *chessclub.Config) { cfg.Play.MaxImports = tc.slots })
			file := players(2)
			var wg sync.WaitGroup
			var pipes []*io.PipeWriter
			codes := make(chan int, tc.want)
			for range tc.want {
				pr, pw := io.Pipe()
				pipes = append(pipes, pw)
				wg.Go(func() {
					res := c.Do(clubtest.Req{Method: "POST", Path: "/api/tournaments/import", As: "org", Body: pr, ContentType: "text/plain"})
					pr.Close() // an import that ended without reading its body leaves no writer waiting
					codes <- res.Status
				})
				// The write returns once the import reads its body, which it does holding
				// its slot.
				io.WriteString(pw, file[:10])
			}
			refused := c.Do(importAs("host", file))
			other := c.Do(clubtest.Req{Method: "GET", Path: "/api/tournaments"})
			for _, pw := range pipes {
				io.WriteString(pw, file[10:])
				pw.Close()
			}
			wg.Wait()
			close(codes)

			if n := retryAfter(t, refused); n != 1 {
				t.Errorf("Retry-After %d, want 1", n)
			}
			if other.Status != http.StatusOK {
				t.Errorf("GET /api/tournaments during the imports: %d", other.Status)
			}
			for code := range codes {
				if code != http.StatusCreated {
					t.Errorf("a held import ended with %d, want 201", code)
				}
			}
			c.MustDo(importAs("host", file), http.StatusCreated)
		})
	}
}

// TestImportQuota imports as many tournaments as a member may in a day, one a minute, and
// checks on each database that the next is refused with Retry-After until the first of them
// is 24 hours old, whichever replica it reaches; that deleting an imported tournament does
// not make room; that other members, and creating tournaments, are not affected; and that
// simultaneous imports on two replicas never pass the limit.
func TestImportQuota(t *testing.T) {
	clubtest.ForDialects(t, func(t *testing.T, d sqldb.Dialect) {
		c := newClub(t, d, 0)
		other := c.Replica()
		file := players(2)
		var first tournament.Tournament
		for i := range play.DefaultImportsPerDay {
			tr := c.importFile([]byte(file))
			if i == 0 {
				first = tr
			}
			c.Clock.Add(time.Minute)
		}
		// Now is 20 minutes after the first import, which leaves the window in 23 h 40 min.
		window := 24*time.Hour - play.DefaultImportsPerDay*time.Minute
		for _, e := range []*clubtest.Env{c.Env, other} {
			res := e.Do(importAs("org", file))
			if n := retryAfter(t, res); n != int(window.Seconds()) {
				t.Errorf("Retry-After %d, want %d", n, int(window.Seconds()))
			}
			if detail := res.Problem(t).Detail; detail != "You have imported 20 tournaments in the last 24 hours, the most a member may; the next import is possible in 23 h 40 min." {
				t.Errorf("detail %q", detail)
			}
		}
		c.MustDo(clubtest.Req{Method: "DELETE", Path: clubtest.Path("/api/tournaments/%d", first.ID), As: "org"}, http.StatusNoContent)
		retryAfter(t, c.Do(importAs("org", file)))
		c.create(nil)
		c.MustDo(importAs("host", file), http.StatusCreated)

		c.Clock.Add(window - time.Second)
		if n := retryAfter(t, c.Do(importAs("org", file))); n != 1 {
			t.Errorf("a second before: Retry-After %d, want 1", n)
		}
		c.Clock.Add(time.Second)
		c.MustDo(importAs("org", file), http.StatusCreated)
		if n := retryAfter(t, c.Do(importAs("org", file))); n != 60 {
			t.Errorf("after one import more: Retry-After %d, want 60 (the second import leaves the window)", n)
		}

		// The 20th import of the day, sent eight times at once to two replicas: one passes.
		c.Clock.Add(24 * time.Hour)
		for range play.DefaultImportsPerDay - 1 {
			c.importFile([]byte(file))
		}
		var wg sync.WaitGroup
		codes := make(chan int, 8)
		for i := range 8 {
			e := []*clubtest.Env{c.Env, other}[i%2]
			wg.Go(func() { codes <- e.Do(importAs("org", file)).Status })
		}
		wg.Wait()
		close(codes)
		created := 0
		for code := range codes {
			switch code {
			case http.StatusCreated:
				created++
			case http.StatusTooManyRequests:
			default:
				t.Errorf("a simultaneous import: %d", code)
			}
		}
		if created != 1 {
			t.Errorf("%d of 8 simultaneous imports passed the limit, want 1", created)
		}
	})
}

// TestImportQuotaConfigured checks a limit set in the configuration, and that it holds for
// an admin too.
func TestImportQuotaConfigured(t *testing.T) {
	c := newClub(t, sqldb.SQLite, 0, func(cfg *chessclub.Config) { cfg.Play.ImportsPerDay = 2 })
	file := players(2)
	for range 2 {
		c.MustDo(importAs("root", file), http.StatusCreated)
	}
	if n := retryAfter(t, c.Do(importAs("root", file))); n != 24*60*60 {
		t.Errorf("Retry-After %d, want a day", n)
	}
}

package members_test

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"campus.example/apps/internal/chessclub/audit"
	"campus.example/apps/internal/chessclub/members"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// benchListPlayers is the size of the lists BenchmarkApplyFIDEList reads: about FIDE's
// combined list of every rated player.
const benchListPlayers = 1_000_000

// writeBenchList writes a combined list of benchListPlayers players to path, with FIDE ids
// 1000 on, and ratings that depend on shift, so that two lists with different shifts differ
// for every player.
func writeBenchList(b *testing.B, path string, shift int) {
	b.Helper()
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	var words []string
	for _, c := range combinedStarts {
		words = append(words, c.word)
	}
	fmt.Fprintln(w, listLine(words...))
	for i := range benchListPlayers {
		id := strconv.Itoa(1000 + i)
		std, rapid, blitz := strconv.Itoa(1400+(i+shift)%1400), strconv.Itoa(1400+(i+2*shift)%1400), strconv.Itoa(1400+(i+3*shift)%1400)
		fmt.Fprintln(w, listLine(id, "Player, Number "+id, "ENG", "M", "", "", "", "", std, "10", "20", rapid, "5", "20", blitz, "0", "40", "1990", ""))
	}
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	if err := f.Close(); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkApplyFIDEList applies a combined FIDE list of a million players to a club of 200
// members with FIDE ids spread over it, on each database: two lists in turn, so that every
// run changes all 200 members (three ratings each, with their audit entries). B/op is what
// a run allocates in all; the list is streamed, so the memory it holds stays small whatever
// its size (docs/BENCHMARKS.md has the process's peak).
func BenchmarkApplyFIDEList(b *testing.B) {
	dir := b.TempDir()
	lists := []string{filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt")}
	writeBenchList(b, lists[0], 0)
	writeBenchList(b, lists[1], 7)
	clubtest.ForDialectsB(b, func(b *testing.B, d sqldb.Dialect) {
		e := clubtest.New(b, d)
		e.Register("root", "Root")
		e.MakeAdmin("root")
		store := members.NewStore(e.DB, e.Clock.Now)
		ctx := context.Background()
		admin := members.Member{ID: 1, Role: members.RoleAdmin}
		for i := range 200 {
			m, err := store.CreateMember(ctx, members.Registration{Username: fmt.Sprintf("member%03d", i), FullName: fmt.Sprintf("Member %03d", i)},
				"$argon2id$v=19$m=64,t=1,p=1$c2FsdHNhbHQ$a2V5a2V5a2V5a2V5a2V5a2V5")
			if err != nil {
				b.Fatal(err)
			}
			id := int64(1000 + i*(benchListPlayers/200) + 17)
			in := members.RatingInput{FIDE: members.FIDEInput{Set: map[string]bool{"fide_id": true}, FIDE: members.FIDE{FIDEID: &id}}}
			if _, err := store.UpdateRatingInfo(ctx, m.ID, admin, in); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportAllocs()
		n := 0
		for b.Loop() {
			f, err := os.Open(lists[n%2])
			if err != nil {
				b.Fatal(err)
			}
			res, err := store.ApplyFIDEList(ctx, f, "", auditActor)
			f.Close()
			if err != nil {
				b.Fatal(err)
			}
			if res.Players != benchListPlayers || res.Matched != 200 || (n > 0 && len(res.Changes) != 200) {
				b.Fatalf("run %d: %d players, %d matched, %d changed", n, res.Players, res.Matched, len(res.Changes))
			}
			n++
		}
	})
}

// auditActor is the command line.
var auditActor = audit.Actor{}

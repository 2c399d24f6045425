package play_test

import (
	"fmt"
	"net/http"
	"testing"

	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// BenchmarkListTournaments lists 200 tournaments.
func BenchmarkListTournaments(b *testing.B) {
	clubtest.ForDialectsB(b, func(b *testing.B, d sqldb.Dialect) {
		e := clubtest.New(b, d)
		e.Register("alice", "Alice")
		for i := range 200 {
			e.Tournament("alice", fmt.Sprintf("Tournament %d", i), fmt.Sprintf("2026-%02d-%02d", i%12+1, i%28+1))
		}
		b.ReportAllocs()
		for b.Loop() {
			if rec := e.Serve(clubtest.Req{Method: "GET", Path: "/api/tournaments"}); rec.Code != http.StatusOK {
				b.Fatalf("status %d", rec.Code)
			}
		}
	})
}

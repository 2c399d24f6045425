package members_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"campus.example/apps/internal/chessclub/members"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/sqldb"
)

// BenchmarkListMembers lists 200 members as a logged-in member.
func BenchmarkListMembers(b *testing.B) {
	clubtest.ForDialectsB(b, func(b *testing.B, d sqldb.Dialect) {
		e := clubtest.New(b, d)
		e.Register("alice", "Alice", map[string]any{"email": "alice@example.org"})
		for i := range 199 {
			email := fmt.Sprintf("m%d@example.org", i)
			reg := members.Registration{Username: fmt.Sprintf("member%03d", i), FullName: fmt.Sprintf("Member %03d", i), Email: &email}
			if _, err := members.NewStore(e.DB, e.Clock.Now).CreateMember(context.Background(), reg, "$argon2id$v=19$m=64,t=1,p=1$c2FsdHNhbHQ$a2V5a2V5a2V5a2V5a2V5a2V5"); err != nil {
				b.Fatal(err)
			}
		}
		token := e.Tokens["alice"]
		b.ReportAllocs()
		for b.Loop() {
			if rec := e.Serve(clubtest.Req{Method: "GET", Path: "/api/members", Token: token}); rec.Code != http.StatusOK {
				b.Fatalf("status %d", rec.Code)
			}
		}
	})
}

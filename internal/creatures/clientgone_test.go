package creatures_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"campus.example/apps/internal/creatures"
	"campus.example/apps/internal/dbtest"
	"campus.example/apps/internal/servicetest"
	"campus.example/apps/internal/sqldb"
)

// TestList_ClientGoingAwayIsNotAnError lists a few megabytes to clients that read the start
// and hang up (with a reset, as a phone losing its network does): the server notices at its
// next write, aborts the list, and logs it at Info; nothing is logged at ERROR.
func TestList_ClientGoingAwayIsNotAnError(t *testing.T) {
	db := dbtest.SQLite(t)
	store, err := creatures.NewStore(db, "creatures")
	if err != nil {
		t.Fatal(err)
	}
	if err := store.Migrate(t.Context(), false); err != nil {
		t.Fatal(err)
	}
	fillRows(t, db, 4000, 1500)
	logs := &servicetest.SyncBuffer{}
	srv := httptest.NewServer(creatures.NewServer(slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug})), store))
	defer srv.Close()

	const clients = 3
	for range clients {
		conn, err := net.Dial("tcp", srv.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		tcp := conn.(*net.TCPConn)
		_ = tcp.SetReadBuffer(4096)
		if _, err := io.WriteString(conn, "GET /creatures HTTP/1.1\r\nHost: x\r\n\r\n"); err != nil {
			t.Fatal(err)
		}
		if _, err := io.ReadFull(conn, make([]byte, 2000)); err != nil {
			t.Fatal(err)
		}
		_ = tcp.SetLinger(0) // close with a reset
		conn.Close()
	}
	deadline := time.Now().Add(10 * time.Second)
	for strings.Count(logs.String(), "client went away") < clients && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if got := strings.Count(logs.String(), "level=INFO msg=\"client went away"); got != clients {
		t.Errorf("%d clients going away logged at INFO, want %d:\n%s", got, clients, logs.String())
	}
	if strings.Contains(logs.String(), "level=ERROR") {
		t.Errorf("a client going away was logged at ERROR:\n%s", logs.String())
	}
}

// TestAPI_CanceledRequestIsNotAnError sends requests whose client has already gone (their
// context is canceled), so the database calls fail with context.Canceled: that is logged at
// Info, not as a server error.
func TestAPI_CanceledRequestIsNotAnError(t *testing.T) {
	for _, d := range dbtest.Dialects {
		t.Run(d.String(), func(t *testing.T) {
			f := newFixture(t, d).withRows()
			var logs strings.Builder
			h := creatures.NewServer(slog.New(slog.NewTextHandler(&logs, nil)), f.store)
			ctx, cancel := context.WithCancel(t.Context())
			cancel()
			for _, r := range []*http.Request{
				httptest.NewRequest("GET", "/creatures", nil),
				httptest.NewRequest("GET", "/creatures/1", nil),
				httptest.NewRequest("DELETE", "/creatures/1", nil),
			} {
				h.ServeHTTP(httptest.NewRecorder(), r.WithContext(ctx))
			}
			if strings.Contains(logs.String(), "level=ERROR") || strings.Count(logs.String(), "level=INFO") != 3 {
				t.Errorf("canceled requests were logged so:\n%s", logs.String())
			}
		})
	}
}

// fillRows inserts n creatures with descriptions of descLen characters, in one transaction.
func fillRows(t *testing.T, db *sqldb.DB, n, descLen int) {
	t.Helper()
	tx, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	desc := strings.Repeat("x", descLen)
	for i := range n {
		name := fmt.Sprintf("Bulk %05d", i)
		if _, err := tx.Exec("INSERT INTO creatures (name, name_key, species, species_key, danger_level, description, description_key, created_at, updated_at) VALUES (?, ?, 'Bulk', 'bulk', 0, ?, ?, ?, ?)",
			name, sqldb.Fold(name), desc, desc, t0, t0); err != nil {
			t.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
}

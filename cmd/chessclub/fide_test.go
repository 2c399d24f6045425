package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"campus.example/apps/internal/chessclub"
	"campus.example/apps/internal/chessclub/members"
	"campus.example/apps/internal/servicetest"
	"campus.example/apps/internal/sqldb"
)

// TestFIDERatings runs chessclub fide-ratings on a single standard list: the member in it
// gets its rating and title, and the command prints what changed; a single list without
// -list, and a file that is no list, are errors that change nothing.
func TestFIDERatings(t *testing.T) {
	ctx := t.Context()
	dir := t.TempDir()
	dbURL := "sqlite:" + filepath.Join(dir, "chessclub.db")
	src, err := sqldb.ParseURL(dbURL, "")
	if err != nil {
		t.Fatal(err)
	}
	db, err := sqldb.Open(ctx, src)
	if err != nil {
		t.Fatal(err)
	}
	if err := chessclub.NewStore(db).Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	people := members.NewStore(db, time.Now)
	hash := "$argon2id$v=19$m=64,t=1,p=1$c2FsdHNhbHQ$a2V5a2V5a2V5a2V5a2V5a2V5"
	admin := members.Member{ID: 1, Role: members.RoleAdmin}
	for i, id := range []int64{4100018, 0} {
		m, err := people.CreateMember(ctx, members.Registration{Username: fmt.Sprintf("m%d", i), FullName: fmt.Sprintf("Member %d", i)}, hash)
		if err != nil {
			t.Fatal(err)
		}
		if id != 0 {
			in := members.RatingInput{FIDE: members.FIDEInput{Set: map[string]bool{"fide_id": true}, FIDE: members.FIDE{FIDEID: &id}}}
			if _, err := people.UpdateRatingInfo(ctx, m.ID, admin, in); err != nil {
				t.Fatal(err)
			}
		}
	}
	db.Close()

	// A standard list: the rating column is headed by the list's month.
	list := strings.Join([]string{
		"ID Number      Name                            Fed Sex Tit  WTit OTit FOA NOV26 Gms K  Bday Flag",
		"4100018        Member, Zero                    ENG M   FM                 2310  9   20 1985",
		"4100019        Someone, Else                   ENG F        WIM           2190  0   20 1990 w",
	}, "\n") + "\n"
	file := filepath.Join(dir, "standard_nov26frl.txt")
	if err := os.WriteFile(file, []byte(list), 0o600); err != nil {
		t.Fatal(err)
	}
	env := servicetest.Env(nil)
	var out, errs bytes.Buffer
	if err := run(ctx, []string{"fide-ratings", "-db", dbURL, file}, env, &out, &errs); err == nil || !strings.Contains(err.Error(), "standard, rapid or blitz") {
		t.Errorf("a single list without -list: %v", err)
	}
	bad := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(bad, []byte("not a list\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := run(ctx, []string{"fide-ratings", "-db", dbURL, "-list", "standard", bad}, env, &out, &errs); err == nil || !strings.Contains(err.Error(), "line 1") {
		t.Errorf("a file that is no list: %v", err)
	}
	out.Reset()
	if err := run(ctx, []string{"fide-ratings", "-db", dbURL, "-list", "standard", file}, env, &out, &errs); err != nil {
		t.Fatalf("fide-ratings: %v\n%s", err, errs.String())
	}
	want := "m0 (Member 0, FIDE 4100018): fide_rating_standard none -> 2310, title none -> FM\n" +
		"2 players in the list (standard); 1 members found, 1 changed\n"
	if got := out.String(); got != want {
		t.Errorf("printed\n%s\nwant\n%s", got, want)
	}
	out.Reset()
	if err := run(ctx, []string{"fide-ratings", "-db", dbURL, "-list", "standard", file}, env, &out, &errs); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); got != "2 players in the list (standard); 1 members found, 0 changed\n" {
		t.Errorf("again, printed %q", got)
	}
}

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"campus.example/apps/internal/servicetest"
)

// TestBackup_UnderLoad backs the catalog up while four clients keep creating creatures, then
// serves the copy: every create answered before the backup began is in it.
func TestBackup_UnderLoad(t *testing.T) {
	dir := t.TempDir()
	dbURL := "sqlite:" + filepath.Join(dir, "live.db")
	svc := servicetest.Start(t, run, []string{"-addr", "127.0.0.1:0"}, map[string]string{"CREATURES_DB": dbURL})

	var (
		mu    sync.Mutex
		acked []string
	)
	ctx, stop := context.WithCancel(t.Context())
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Go(func() {
			for i := 0; ctx.Err() == nil; i++ {
				name := fmt.Sprintf("Load %d-%d", w, i)
				resp, err := http.Post(svc.URL+"/creatures", "application/json", strings.NewReader(`{"name":"`+name+`","species":"Test"}`))
				if err != nil {
					t.Errorf("create: %v", err)
					return
				}
				resp.Body.Close()
				if resp.StatusCode != http.StatusCreated {
					t.Errorf("create %s: %d", name, resp.StatusCode)
					return
				}
				mu.Lock()
				acked = append(acked, name)
				mu.Unlock()
			}
		})
	}
	time.Sleep(300 * time.Millisecond)
	mu.Lock()
	before := append([]string(nil), acked...)
	mu.Unlock()
	backup := filepath.Join(dir, "copies", "backup.db")
	var out servicetest.SyncBuffer
	err := run(t.Context(), []string{"backup", "-db", dbURL, backup}, servicetest.Env(nil), &out, &out)
	time.Sleep(200 * time.Millisecond) // writes go on after the backup
	stop()
	wg.Wait()
	if err != nil {
		t.Fatalf("backup: %v\n%s", err, out.String())
	}
	if len(before) == 0 || len(acked) == len(before) {
		t.Fatalf("%d creates before the backup, %d in all: the backup did not run under load", len(before), len(acked))
	}
	if err := svc.Stop(t); err != nil {
		t.Fatal(err)
	}

	// The copy is a catalog the server opens as it is.
	restored := servicetest.Start(t, run, []string{"-addr", "127.0.0.1:0"}, map[string]string{"CREATURES_DB": "sqlite:" + backup})
	found := map[string]bool{}
	for offset := 0; ; offset += 1000 {
		resp, err := http.Get(fmt.Sprintf("%s/creatures?limit=1000&offset=%d", restored.URL, offset))
		if err != nil {
			t.Fatal(err)
		}
		var page []struct{ Name string }
		err = json.NewDecoder(resp.Body).Decode(&page)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range page {
			found[c.Name] = true
		}
		if len(page) < 1000 {
			break
		}
	}
	missing := 0
	for _, name := range before {
		if !found[name] {
			missing++
		}
	}
	if missing > 0 {
		t.Errorf("%d of the %d creates acknowledged before the backup are not in it", missing, len(before))
	}
	t.Logf("%d creates before the backup, %d in the copy, %d in all", len(before), len(found), len(acked))
	if err := restored.Stop(t); err != nil {
		t.Fatal(err)
	}
}

// TestBackup_Refusals: an existing file, a missing database, and MariaDB, which gets the
// mariadb-dump line instead.
func TestBackup_Refusals(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "c.db")
	var out servicetest.SyncBuffer
	env := servicetest.Env(nil)
	if err := run(t.Context(), []string{"backup", "-db", "sqlite:" + db, filepath.Join(dir, "b1.db")}, env, &out, &out); err == nil {
		t.Error("backup of a database that does not exist succeeded")
	}
	// Make the database, then back it up twice to one file.
	if err := run(t.Context(), []string{"backup", "-db", "sqlite:" + db, "x"}, env, &out, &out); err == nil {
		t.Error("still no database, yet the backup succeeded")
	}
	svc := servicetest.Start(t, run, []string{"-addr", "127.0.0.1:0"}, map[string]string{"CREATURES_DB": "sqlite:" + db})
	if err := svc.Stop(t); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(dir, "b2.db")
	if err := run(t.Context(), []string{"backup", "-db", "sqlite:" + db, target}, env, &out, &out); err != nil {
		t.Fatalf("first backup: %v", err)
	}
	if err := run(t.Context(), []string{"backup", "-db", "sqlite:" + db, target}, env, &out, &out); err == nil || !strings.Contains(err.Error(), "exists") {
		t.Errorf("backup onto an existing file: %v, want a refusal", err)
	}
	err := run(t.Context(), []string{"backup", "-db", "mysql://catalog@localhost/creature_catalog?socket=/run/mysqld/mysqld.sock", "dump.sql"}, env, &out, &out)
	want := "mariadb-dump --single-transaction --routines --triggers --socket=/run/mysqld/mysqld.sock -u catalog -p creature_catalog > dump.sql"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("backup of MariaDB: %v, want the line %q", err, want)
	}
}

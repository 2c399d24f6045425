package main

import (
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"campus.example/apps/internal/servicetest"
)

// TestBackup copies a running club's database and serves the copy: the member registered
// before the backup logs in there. MariaDB is refused with the mariadb-dump line.
func TestBackup(t *testing.T) {
	dir := t.TempDir()
	dbURL := "sqlite:" + filepath.Join(dir, "chessclub.db")
	envMap := map[string]string{"CHESSCLUB_DB": dbURL, "CHESSCLUB_FIGURES": filepath.Join(dir, "figures")}
	svc := servicetest.Start(t, run, []string{"-addr", "127.0.0.1:0"}, envMap)
	member := map[string]any{"username": "kept", "password": "backed up", "full_name": "Kept Member"}
	if res := call(t, "POST", svc.URL+"/api/user", "", member, nil); res.StatusCode != http.StatusCreated {
		t.Fatalf("register: %d", res.StatusCode)
	}
	// A new SQLite club has chess.sql's three sample tournaments.
	var samples []struct{ Name string }
	if res := call(t, "GET", svc.URL+"/api/tournaments", "", nil, &samples); res.StatusCode != http.StatusOK || len(samples) != 3 {
		t.Errorf("a new club lists %d tournaments (%d), want the 3 samples", len(samples), res.StatusCode)
	}
	backup := filepath.Join(dir, "backup.db")
	var out servicetest.SyncBuffer
	if err := run(t.Context(), []string{"backup", backup}, servicetest.Env(envMap), &out, &out); err != nil {
		t.Fatalf("backup while serving: %v\n%s", err, out.String())
	}
	if err := run(t.Context(), []string{"backup", backup}, servicetest.Env(envMap), &out, &out); err == nil || !strings.Contains(err.Error(), "exists") {
		t.Errorf("backup onto an existing file: %v, want a refusal", err)
	}
	if err := svc.Stop(t); err != nil {
		t.Fatal(err)
	}
	envMap["CHESSCLUB_DB"] = "sqlite:" + backup
	restored := servicetest.Start(t, run, []string{"-addr", "127.0.0.1:0"}, envMap)
	if res := call(t, "POST", restored.URL+"/api/login", "", map[string]any{"username": "kept", "password": "backed up"}, nil); res.StatusCode != http.StatusOK {
		t.Errorf("login on the restored copy: %d", res.StatusCode)
	}
	if err := restored.Stop(t); err != nil {
		t.Fatal(err)
	}
	err := run(t.Context(), []string{"backup", "-db", "mysql://club@db.example:3307/chessclub", "club.sql"}, servicetest.Env(nil), &out, &out)
	if want := "mariadb-dump --single-transaction --routines --triggers -h db.example -P 3307 -u club -p chessclub > club.sql"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("backup of MariaDB: %v, want the line %q", err, want)
	}
}

package main

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"campus.example/apps/internal/servicetest"
)

// TestRun starts the whole service on a free port, as main does, polls /healthz, reads the
// sample rows, and shuts it down through its context.
func TestRun(t *testing.T) {
	dbPath := filepath.Join(t.TempDir(), "nested", "creatures.db")
	svc := servicetest.Start(t, run, []string{"-addr", "127.0.0.1:0"}, map[string]string{"CREATURES_DB": "sqlite:" + dbPath})

	resp, err := http.Get(svc.URL + "/creatures")
	if err != nil {
		t.Fatal(err)
	}
	var list []map[string]any
	err = json.NewDecoder(resp.Body).Decode(&list)
	resp.Body.Close()
	if err != nil || len(list) < 12 {
		t.Errorf("a new catalog lists %d creatures (%v), want the samples", len(list), err)
	}
	if _, err := os.Stat(dbPath); err != nil {
		t.Errorf("database file not created: %v", err)
	}
	if err := svc.Stop(t); err != nil {
		t.Errorf("run returned %v after shutdown", err)
	}
}

// TestRun_PasswordNeverShown makes the database unreachable and checks that neither the
// error nor the log repeats the password from the URL or from CREATURES_DB_PASSWORD.
func TestRun_PasswordNeverShown(t *testing.T) {
	for _, tc := range []struct{ name, url, envPassword string }{
		{"in URL", "mysql://app:url-secret-1@127.0.0.1:1/catalog", ""},
		{"in environment", "mysql://app@127.0.0.1:1/catalog", "env-secret-2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out servicetest.SyncBuffer
			err := run(t.Context(), []string{"-db", tc.url}, servicetest.Env(map[string]string{"CREATURES_DB_PASSWORD": tc.envPassword}), &out, &out)
			if err == nil {
				t.Fatal("run succeeded against a closed port")
			}
			for _, secret := range []string{"url-secret-1", "env-secret-2"} {
				if strings.Contains(err.Error(), secret) || strings.Contains(out.String(), secret) {
					t.Errorf("the password appears in the error or log: %v\n%s", err, out.String())
				}
			}
		})
	}
}

func TestRun_Help(t *testing.T) {
	var out servicetest.SyncBuffer
	if err := run(t.Context(), []string{"-h"}, servicetest.Env(map[string]string{"CREATURES_DB": "mysql://u:leaky@h/db"}), &out, &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"-addr", "CREATURES_ADDR", "127.0.0.1:8081", "-db", "CREATURES_DB", "sqlite:data/creatures.db", "-table", "CREATURES_TABLE", "CREATURES_DB_PASSWORD"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("-h output lacks %q:\n%s", want, out.String())
		}
	}
	if strings.Contains(out.String(), "leaky") {
		t.Error("-h shows a value from the environment")
	}
}

func TestRun_SQLMatchesCommittedScript(t *testing.T) {
	noEnv := servicetest.Env(nil)
	var out, errOut servicetest.SyncBuffer
	if err := run(t.Context(), []string{"sql"}, noEnv, &out, &errOut); err != nil {
		t.Fatal(err)
	}
	committed, err := os.ReadFile("../../creatures.sql")
	if err != nil {
		t.Fatal(err)
	}
	if out.String() != string(committed) {
		t.Error("`creatures sql` differs from creatures.sql")
	}
	var other servicetest.SyncBuffer
	if err := run(t.Context(), []string{"sql", "-database", "zoo", "-table", "animals"}, noEnv, &other, &errOut); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(other.String(), "USE `zoo`;") || !strings.Contains(other.String(), "CREATE TABLE IF NOT EXISTS `animals`") {
		t.Errorf("`creatures sql -database zoo -table animals` does not use the names:\n%s", other.String())
	}
	if err := run(t.Context(), []string{"sql", "-table", "x;y"}, noEnv, &other, &errOut); err == nil {
		t.Error("an invalid table name was accepted")
	}
}

func TestRun_BadConfiguration(t *testing.T) {
	for _, args := range [][]string{
		{"-db", "postgres://x"},
		{"-db", "sqlite:"},
		{"-table", "bad name", "-db", "sqlite:" + filepath.Join(t.TempDir(), "x.db")},
		{"-nope"},
	} {
		var out servicetest.SyncBuffer
		if err := run(t.Context(), args, servicetest.Env(nil), &out, &out); err == nil {
			t.Errorf("run %v succeeded", args)
		}
	}
}

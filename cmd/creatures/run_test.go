package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"campus.example/apps/internal/httpserve"
)

// syncBuffer is a bytes.Buffer safe for the server's logger and the test to share.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

// TestRun starts the whole service on a free port, as main does, polls /healthz, reads the
// sample rows, and shuts it down through its context.
func TestRun(t *testing.T) {
	dbPath := filepath.Join(t.TempDir(), "nested", "creatures.db")
	ctx, cancel := context.WithCancel(t.Context())
	addrc := make(chan net.Addr, 1)
	ctx = httpserve.WithReady(ctx, func(a net.Addr) { addrc <- a })
	var logs syncBuffer
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"-addr", "127.0.0.1:0"}, env(map[string]string{"CREATURES_DB": "sqlite:" + dbPath}), &logs, &logs)
	}()
	var base string
	select {
	case a := <-addrc:
		base = "http://" + a.String()
	case err := <-done:
		t.Fatalf("run returned before listening: %v\n%s", err, logs.String())
	case <-time.After(30 * time.Second):
		t.Fatal("run did not listen within 30 s")
	}
	waitHealthy(t, base+"/healthz")

	resp, err := http.Get(base + "/creatures")
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

	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("run returned %v after shutdown", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("run did not stop after its context ended")
	}
}

func waitHealthy(t *testing.T, url string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		resp, err := http.Get(url)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("%s never answered 200", url)
}

// TestRun_PasswordNeverShown makes the database unreachable and checks that neither the
// error nor the log repeats the password from the URL or from CREATURES_DB_PASSWORD.
func TestRun_PasswordNeverShown(t *testing.T) {
	for _, tc := range []struct{ name, url, envPassword string }{
		{"in URL", "mysql://app:url-secret-1@127.0.0.1:1/catalog", ""},
		{"in environment", "mysql://app@127.0.0.1:1/catalog", "env-secret-2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out syncBuffer
			err := run(t.Context(), []string{"-db", tc.url}, env(map[string]string{"CREATURES_DB_PASSWORD": tc.envPassword}), &out, &out)
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
	var out syncBuffer
	if err := run(t.Context(), []string{"-h"}, env(map[string]string{"CREATURES_DB": "mysql://u:leaky@h/db"}), &out, &out); err != nil {
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
	var out, errOut syncBuffer
	if err := run(t.Context(), []string{"sql"}, env(nil), &out, &errOut); err != nil {
		t.Fatal(err)
	}
	committed, err := os.ReadFile("../../creatures.sql")
	if err != nil {
		t.Fatal(err)
	}
	if out.String() != string(committed) {
		t.Error("`creatures sql` differs from creatures.sql")
	}
	out = syncBuffer{}
	if err := run(t.Context(), []string{"sql", "-database", "zoo", "-table", "animals"}, env(nil), &out, &errOut); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "USE `zoo`;") || !strings.Contains(out.String(), "CREATE TABLE IF NOT EXISTS `animals`") {
		t.Errorf("`creatures sql -database zoo -table animals` does not use the names:\n%s", out.String())
	}
	if err := run(t.Context(), []string{"sql", "-table", "x;y"}, env(nil), &out, &errOut); err == nil {
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
		var out syncBuffer
		if err := run(t.Context(), args, env(nil), &out, &out); err == nil {
			t.Errorf("run %v succeeded", args)
		}
	}
}

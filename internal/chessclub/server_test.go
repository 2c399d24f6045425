package chessclub_test

import (
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"campus.example/apps/internal/chessclub"
	"campus.example/apps/internal/chessclub/auth"
	"campus.example/apps/internal/chessclub/photos"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/dbtest"
)

// TestNewServerConfig checks that zero values take defaults and negative ones are refused,
// not quietly taken for defaults.
func TestNewServerConfig(t *testing.T) {
	store := chessclub.NewStore(dbtest.SQLite(t))
	if err := store.Migrate(t.Context()); err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	tests := []struct {
		name    string
		change  func(*chessclub.Config)
		wantErr string
	}{
		{"defaults", func(*chessclub.Config) {}, ""},
		{"negative token TTL", func(c *chessclub.Config) { c.Auth.TokenTTL = -5 * time.Second }, "TokenTTL (-5s)"},
		{"negative photo limit", func(c *chessclub.Config) { c.Photos.MaxBytes = -1 }, "MaxBytes (-1)"},
		{"negative pixel limit", func(c *chessclub.Config) { c.Photos.MaxPixels = -1 }, "MaxPixels (-1)"},
		{"no photo directory", func(c *chessclub.Config) { c.Photos.Dir = "" }, "Dir is required"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := chessclub.Config{Photos: photos.Config{Dir: t.TempDir()}, Auth: auth.Config{Password: clubtest.Password}}
			tc.change(&cfg)
			_, err := chessclub.NewServer(log, store, cfg)
			got := ""
			if err != nil {
				got = err.Error()
			}
			if (tc.wantErr == "") != (err == nil) || !strings.Contains(got, tc.wantErr) {
				t.Errorf("NewServer error %q, want one containing %q", got, tc.wantErr)
			}
		})
	}
}

package chessclub

import (
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"campus.example/apps/internal/dbtest"
)

// TestNewServerConfig checks that zero values take defaults and negative ones are refused,
// not quietly taken for defaults.
func TestNewServerConfig(t *testing.T) {
	store := NewStore(dbtest.SQLite(t))
	if err := store.Migrate(t.Context()); err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	tests := []struct {
		name    string
		change  func(*Config)
		wantErr string
	}{
		{"defaults", func(*Config) {}, ""},
		{"negative token TTL", func(c *Config) { c.TokenTTL = -5 * time.Second }, "TokenTTL (-5s)"},
		{"negative photo limit", func(c *Config) { c.MaxPhotoBytes = -1 }, "MaxPhotoBytes (-1)"},
		{"negative pixel limit", func(c *Config) { c.MaxPixels = -1 }, "MaxPixels (-1)"},
		{"no photo directory", func(c *Config) { c.FiguresDir = "" }, "FiguresDir is required"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := Config{FiguresDir: t.TempDir(), Password: testPassword}
			tc.change(&cfg)
			_, err := NewServer(log, store, cfg)
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

package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestUsageListsEveryCommand checks that the server's -h lists every command with the usage
// line the command's own -h gives, so that the two never drift apart.
func TestUsageListsEveryCommand(t *testing.T) {
	var top bytes.Buffer
	if err := run(context.Background(), []string{"-h"}, func(string) string { return "" }, &bytes.Buffer{}, &top); err != nil {
		t.Fatalf("chessclub -h: %v", err)
	}
	for _, c := range commands {
		line := "chessclub " + c.name + " " + c.synopsis
		if !strings.Contains(top.String(), "       "+line+"\n") {
			t.Errorf("chessclub -h does not list %q:\n%s", line, top.String())
		}
		var own bytes.Buffer
		_ = c.run(context.Background(), []string{"-h"}, func(string) string { return "" }, &bytes.Buffer{}, &own)
		if first, _, _ := strings.Cut(own.String(), "\n"); first != "Usage: "+line {
			t.Errorf("chessclub %s -h begins %q, want %q", c.name, first, "Usage: "+line)
		}
	}
}

package auth

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

func TestHasher(t *testing.T) {
	h, err := NewHasher(PasswordParams{Memory: 64, Time: 1, Threads: 1}, 1)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	enc, err := h.Hash(ctx, "correct horse")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, encoded, password string
		want                    bool
	}{
		{"right", enc, "correct horse", true},
		{"wrong", enc, "correct horse ", false},
		{"unknown user", "", "correct horse", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := h.Verify(ctx, tc.encoded, tc.password)
			if err != nil || got != tc.want {
				t.Errorf("Verify = %v, %v; want %v", got, err, tc.want)
			}
		})
	}
	for _, bad := range []string{"plain", "$argon2i$v=19$m=64,t=1,p=1$c2FsdHNhbHQ$a2V5a2V5a2V5a2V5a2V5a2V5", "$argon2id$v=19$m=9999999,t=1,p=1$c2FsdHNhbHQ$a2V5a2V5a2V5a2V5a2V5a2V5"} {
		if _, err := h.Verify(ctx, bad, "x"); err == nil {
			t.Errorf("Verify(%q) accepted a bad hash", bad)
		}
	}

	// With every slot taken, hashing waits and gives up with the caller's context.
	h.slots <- struct{}{}
	short, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
	defer cancel()
	if _, err := h.Hash(short, "x"); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Hash with no free slot = %v, want deadline exceeded", err)
	}
	<-h.slots
}

// TestHasherProductionCost runs the real parameters once: the hash records them, and an
// unknown user costs about as much as a known one.
func TestHasherProductionCost(t *testing.T) {
	h, err := NewHasher(DefaultPasswordParams, 1)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	enc, err := h.Hash(ctx, "correct horse")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(enc, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Errorf("hash %q does not record the production parameters", enc)
	}
	timeIt := func(encoded string) time.Duration {
		best := time.Hour
		for range 3 {
			start := time.Now()
			if _, err := h.Verify(ctx, encoded, "wrong"); err != nil {
				t.Fatal(err)
			}
			best = min(best, time.Since(start))
		}
		return best
	}
	known, unknown := timeIt(enc), timeIt("")
	t.Logf("verify: known user %v, unknown user %v", known, unknown)
	if unknown < known/3 || unknown > known*3 {
		t.Errorf("unknown user takes %v, known %v: the times must be alike", unknown, known)
	}
	if ok, _ := h.Verify(ctx, enc, "correct horse"); !ok {
		t.Error("the right password does not verify")
	}
}

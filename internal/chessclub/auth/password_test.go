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
	// An unknown user's check verifies the dummy hash, made with the same parameters as a
	// member's, so it costs the same work: compared by the parameters, not by a stopwatch,
	// which a busy machine makes lie.
	params := func(encoded string) string {
		return encoded[:strings.LastIndex(encoded[:strings.LastIndex(encoded, "$")], "$")]
	}
	if params(h.dummy) != params(enc) {
		t.Errorf("the unknown user's hash has parameters %q, a member's %q", params(h.dummy), params(enc))
	}
	if ok, err := h.Verify(ctx, "", "wrong"); ok || err != nil {
		t.Errorf("an unknown user's check: %v, %v", ok, err)
	}
	if ok, _ := h.Verify(ctx, enc, "correct horse"); !ok {
		t.Error("the right password does not verify")
	}
}

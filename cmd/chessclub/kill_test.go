package main

import (
	"fmt"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"campus.example/apps/internal/proctest"
)

// stalledUpload starts a photo upload to the server at base that sends its headers and the
// start of a PNG and then nothing more, as a phone that lost its signal, and waits until the
// server has created the upload's temporary file in figures. The connection stays open
// until the test ends.
func stalledUpload(t *testing.T, base, token, figures string) {
	t.Helper()
	host := strings.TrimPrefix(base, "http://")
	conn, err := net.Dial("tcp", host)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	fmt.Fprintf(conn, "POST /api/figures HTTP/1.1\r\nHost: %s\r\nAuthorization: Bearer %s\r\nContent-Type: image/png\r\nContent-Length: 100000\r\n\r\n\x89PNG\r\n\x1a\n", host, token)
	deadline := time.Now().Add(10 * time.Second)
	for len(uploads(t, figures)) == 0 {
		if time.Now().After(deadline) {
			t.Fatal("no temporary upload file appeared")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestProcess_SweepsUploadsAfterKill kills the server with SIGKILL while an upload is
// halfway into its temporary file, checks that the file is left behind, and restarts the
// server on the same directory: the start removes it.
func TestProcess_SweepsUploadsAfterKill(t *testing.T) {
	bin := proctest.Build(t, chessclubPkg)
	dir := t.TempDir()
	figures := filepath.Join(dir, "figures")
	args := []string{"-addr", "127.0.0.1:0", "-db", "sqlite:" + filepath.Join(dir, "chessclub.db"), "-figures", figures}
	first := proctest.Start(t, bin, args)
	stalledUpload(t, first.URL, memberToken(t, first.URL, "killjoy"), figures)
	first.Kill(t)
	if left := uploads(t, figures); len(left) != 1 {
		t.Fatalf("after SIGKILL the directory holds %v, want one temporary file", left)
	}

	second := proctest.Start(t, bin, args)
	if got := uploads(t, figures); len(got) != 0 {
		t.Errorf("after the restart the directory still holds %v", got)
	}
	if logs := second.Logs.String(); !strings.Contains(logs, "removed temporary photo files left by a crash") || !strings.Contains(logs, "count=1") {
		t.Errorf("the restart did not log the sweep:\n%s", logs)
	}
}

// TestProcess_SIGTERMCutsStalledUploadExitsZero sends SIGTERM to the real binary while an
// upload stalls past the grace period: the process cuts it, says so, removes its temporary
// file and exits with status 0, since the shutdown went as designed.
func TestProcess_SIGTERMCutsStalledUploadExitsZero(t *testing.T) {
	bin := proctest.Build(t, chessclubPkg)
	dir := t.TempDir()
	figures := filepath.Join(dir, "figures")
	p := proctest.Start(t, bin, []string{"-addr", "127.0.0.1:0", "-db", "sqlite:" + filepath.Join(dir, "chessclub.db"), "-figures", figures, "-shutdown-grace", "300ms"})
	stalledUpload(t, p.URL, memberToken(t, p.URL, "stalled"), figures)
	if code := p.Terminate(t, 20*time.Second); code != 0 {
		t.Errorf("exit status %d after a shutdown that cut an upload, want 0\n%s", code, p.Logs.String())
	}
	if logs := p.Logs.String(); !strings.Contains(logs, `msg="request cut by shutdown" method=POST path=/api/figures`) {
		t.Errorf("the cut upload is not logged:\n%s", logs)
	}
	if left := uploads(t, figures); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// memberToken registers username over HTTP and returns a login token.
func memberToken(t testing.TB, base, username string) string {
	t.Helper()
	if res := call(t, "POST", base+"/api/user", "", map[string]any{"username": username, "password": "e4 e5 Nf3", "full_name": username}, nil); res.StatusCode != http.StatusCreated {
		t.Fatalf("register: %d", res.StatusCode)
	}
	var sess struct {
		Token string `json:"token"`
	}
	if res := call(t, "POST", base+"/api/login", "", map[string]any{"username": username, "password": "e4 e5 Nf3"}, &sess); res.StatusCode != http.StatusOK {
		t.Fatalf("login: %d", res.StatusCode)
	}
	return sess.Token
}

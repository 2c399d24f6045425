// Package s3test gives tests a real S3 server: versitygw, a gateway that serves a local
// directory over the S3 API, started as a child process on a free port over a temporary
// directory and stopped when the test ends.
//
// When the versitygw binary cannot be found the tests skip, except under CI=true, where a
// missing server is a failure: CI must never pass by testing less. scripts/test.sh installs
// it.
package s3test

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"campus.example/apps/internal/dbtest"
	"campus.example/apps/internal/servicetest"
)

// Server is a running versitygw.
type Server struct {
	// Endpoint is its base URL, such as "http://127.0.0.1:41234".
	Endpoint string
	// AccessKey and SecretKey are its root credentials.
	AccessKey, SecretKey string
	// Root is the directory it serves; each sub-directory is a bucket.
	Root string
	// Logs holds what it wrote.
	Logs *servicetest.SyncBuffer
}

// Start runs versitygw over a new temporary directory, waits until it answers and returns
// it. It is killed when the test ends.
func Start(t testing.TB) *Server {
	t.Helper()
	bin := binary(t)
	s := &Server{AccessKey: "test-" + randomHex(4), SecretKey: randomHex(16), Root: t.TempDir(), Logs: &servicetest.SyncBuffer{}}
	// A free port can be taken by someone else between Listen and versitygw's bind: try
	// again on another.
	for attempt := 0; ; attempt++ {
		port := freePort(t)
		cmd := exec.Command(bin, "--port", "127.0.0.1:"+port, "posix", s.Root)
		cmd.Env = append(os.Environ(), "ROOT_ACCESS_KEY="+s.AccessKey, "ROOT_SECRET_KEY="+s.SecretKey)
		cmd.Stdout, cmd.Stderr = s.Logs, s.Logs
		if err := cmd.Start(); err != nil {
			t.Fatalf("start versitygw: %v", err)
		}
		exited := make(chan struct{})
		go func() { _ = cmd.Wait(); close(exited) }()
		t.Cleanup(func() {
			_ = cmd.Process.Kill()
			<-exited
		})
		s.Endpoint = "http://127.0.0.1:" + port
		if s.waitUp(exited) {
			return s
		}
		if attempt == 2 {
			t.Fatalf("versitygw did not start:\n%s", s.Logs.String())
		}
	}
}

// Bucket creates a new empty bucket and returns its name.
func (s *Server) Bucket(t testing.TB) string {
	t.Helper()
	name := "photos-" + randomHex(4)
	if err := os.Mkdir(filepath.Join(s.Root, name), 0o755); err != nil {
		t.Fatal(err)
	}
	return name
}

// URL returns the s3:// address of bucket under prefix on this server, in the form the
// Chess Club's -figures flag takes.
func (s *Server) URL(bucket, prefix string) string {
	return fmt.Sprintf("s3://%s/%s?endpoint=%s&region=us-east-1", bucket, prefix, s.Endpoint)
}

// Env returns the AWS variables that give a client the server's credentials.
func (s *Server) Env() []string {
	return []string{"AWS_ACCESS_KEY_ID=" + s.AccessKey, "AWS_SECRET_ACCESS_KEY=" + s.SecretKey}
}

// waitUp waits up to 30 s for the server to answer HTTP, and reports whether it did before
// exiting.
func (s *Server) waitUp(exited <-chan struct{}) bool {
	client := &http.Client{Timeout: time.Second}
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case <-exited:
			return false
		default:
		}
		// Any answer, even 403 to an unsigned request, means it listens.
		if resp, err := client.Get(s.Endpoint + "/"); err == nil {
			resp.Body.Close()
			return true
		}
		time.Sleep(20 * time.Millisecond)
	}
	return false
}

var (
	findOnce sync.Once
	found    string
)

// binary returns versitygw's path: on PATH or in $GOPATH/bin, where go install puts it.
func binary(t testing.TB) string {
	t.Helper()
	findOnce.Do(func() {
		if p, err := exec.LookPath("versitygw"); err == nil {
			found = p
			return
		}
		out, err := exec.Command("go", "env", "GOPATH").Output()
		if err != nil {
			return
		}
		for _, dir := range filepath.SplitList(strings.TrimSpace(string(out))) {
			p := filepath.Join(dir, "bin", "versitygw")
			if _, err := os.Stat(p); err == nil {
				found = p
				return
			}
		}
	})
	if found == "" {
		const msg = "versitygw not found (install: go install github.com/versity/versitygw/cmd/versitygw@v1.8.0, or run make test)"
		if dbtest.InCI() {
			t.Fatal(msg + "; it is required under CI=true")
		}
		t.Skip(msg)
	}
	return found
}

func freePort(t testing.TB) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	_, port, _ := net.SplitHostPort(l.Addr().String())
	return port
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

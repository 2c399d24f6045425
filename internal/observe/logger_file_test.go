package observe_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"campus.example/apps/internal/observe"
)

// logFile returns a log file for NewLogger and a function that reads what has reached it.
func logFile(t *testing.T) (*os.File, func() string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "service.log")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f, func() string {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
}

// countLines counts the text lines of msg ("request", or "item read" of a handler).
func countLines(logs, msg string) int {
	if strings.Contains(msg, " ") {
		msg = `"` + msg + `"`
	}
	return strings.Count(logs, "msg="+msg+" ")
}

func TestAccessLinesToAFile_WaitAndKeepTheirOrder(t *testing.T) {
	f, read := logFile(t)
	srv, log := serverLoggingTo(t, f, observe.FormatText)

	// Each request logs "item read" (at once) and then its access line (which waits); the
	// next request's "item read" writes the waiting line before its own.
	for _, id := range []string{"1", "2", "3"} {
		send(t, "GET", srv.URL+"/items/"+id, nil).Body.Close()
	}
	logs := read()
	if got := countLines(logs, "item read"); got != 3 {
		t.Fatalf("%d item lines reached the file, want 3 at once:\n%s", got, logs)
	}
	var order []string
	for _, line := range strings.Split(strings.TrimSpace(logs), "\n") {
		msg := strings.Fields(line)[2]
		if strings.HasPrefix(msg, `msg="item`) {
			msg = "msg=item"
		}
		order = append(order, msg)
	}
	want := "msg=item msg=request msg=item msg=request msg=item"
	if strings.Join(order, " ") != want {
		t.Errorf("lines in the file: %s, want %s (the last access line waits)", strings.Join(order, " "), want)
	}
	if err := observe.Flush(log); err != nil {
		t.Fatal(err)
	}
	if got := countLines(read(), "request"); got != 3 {
		t.Errorf("after Flush: %d access lines, want 3", got)
	}
}

func TestAccessLinesToAFile_WrittenWithinTheDelay(t *testing.T) {
	f, read := logFile(t)
	srv, _ := serverLoggingTo(t, f, observe.FormatJSON)
	sent := time.Now()
	send(t, "GET", srv.URL+"/items/7", nil).Body.Close()
	for !strings.Contains(read(), `"msg":"request"`) {
		if time.Since(sent) > 5*time.Second {
			t.Fatalf("no access line %v after the request:\n%s", time.Since(sent), read())
		}
		time.Sleep(10 * time.Millisecond)
	}
	if waited := time.Since(sent); waited < observe.AccessLineDelay/2 {
		t.Errorf("the access line was written after %v, before any wait", waited)
	}
}

func TestAccessLinesToAFile_ABatchFullIsWrittenAtOnce(t *testing.T) {
	f, read := logFile(t)
	srv, _ := serverLoggingTo(t, f, observe.FormatText)
	// About 200 bytes a line: 600 lines are past the 64 KiB batch, so most reach the file
	// without waiting for the delay. 404s log no line of their own.
	for i := range 600 {
		send(t, "GET", srv.URL+"/items/"+strings.Repeat("x", i%5)+"/none", nil).Body.Close()
	}
	if got := countLines(read(), "request"); got < 300 {
		t.Errorf("%d of 600 access lines reached the file at once, want the full batches", got)
	}
}

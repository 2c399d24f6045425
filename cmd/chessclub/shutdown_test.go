package main

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"campus.example/apps/internal/servicetest"
)

// TestRun_ShutdownCutsSlowUpload starts the service with a short grace period, begins a
// photo upload that stalls halfway (a phone that lost its signal), and stops the service.
// The shutdown cuts the upload as designed: run returns nil (so main exits 0), the log names
// the request it cut, and the half-received photo leaves no temporary file behind.
func TestRun_ShutdownCutsSlowUpload(t *testing.T) {
	dir := t.TempDir()
	figures := filepath.Join(dir, "figures")
	envMap := map[string]string{"CHESSCLUB_DB": "sqlite:" + filepath.Join(dir, "chessclub.db"), "CHESSCLUB_FIGURES": figures}
	svc := servicetest.Start(t, run, []string{"-addr", "127.0.0.1:0", "-shutdown-grace", "300ms"}, envMap)
	token := memberToken(t, svc.URL, "slowpoke")

	stalledUpload(t, svc.URL, token, figures)

	if err := svc.Stop(t); err != nil {
		t.Errorf("run returned %v after a shutdown that cut an upload; want nil (exit status 0)", err)
	}
	var cut []string
	for line := range strings.SplitSeq(svc.Logs.String(), "\n") {
		if strings.Contains(line, `msg="request cut by shutdown"`) {
			cut = append(cut, line)
		}
	}
	if len(cut) != 1 || !strings.Contains(cut[0], "method=POST path=/api/figures client=127.0.0.1:") || !strings.Contains(cut[0], "ran=") {
		t.Errorf("cut requests logged: %q\n%s", cut, svc.Logs.String())
	}
	if left := uploads(t, figures); len(left) != 0 {
		t.Errorf("temporary files left after the cut upload: %v", left)
	}
}

// uploads lists the temporary upload files in the photo directory.
func uploads(t *testing.T, dir string) []string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, ".upload-*"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dir); err != nil {
		t.Fatal(err)
	}
	return names
}

// TestRun_ShutdownEndsLiveStreams opens a live event stream and stops the service with a
// long grace period: the stream ends at once, as designed, so the shutdown neither waits the
// grace out nor cuts a request.
func TestRun_ShutdownEndsLiveStreams(t *testing.T) {
	dir := t.TempDir()
	envMap := map[string]string{"CHESSCLUB_DB": "sqlite:" + filepath.Join(dir, "chessclub.db"), "CHESSCLUB_FIGURES": filepath.Join(dir, "figures")}
	svc := servicetest.Start(t, run, []string{"-addr", "127.0.0.1:0", "-shutdown-grace", "30s"}, envMap)
	token := memberToken(t, svc.URL, "streamer")
	var tr struct{ ID int64 }
	if res := call(t, "POST", svc.URL+"/api/tournaments", token, map[string]any{"name": "Live", "start_date": fromToday(0)}, &tr); res.StatusCode != http.StatusCreated {
		t.Fatalf("create: %d", res.StatusCode)
	}
	res, err := http.Get(fmt.Sprintf("%s/api/tournaments/%d/events", svc.URL, tr.ID))
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("stream: %v %v", err, res)
	}
	defer res.Body.Close()
	ended := make(chan struct{})
	go func() { _, _ = io.Copy(io.Discard, res.Body); close(ended) }()
	start := time.Now()
	if err := svc.Stop(t); err != nil {
		t.Errorf("run returned %v", err)
	}
	if took := time.Since(start); took > 10*time.Second {
		t.Errorf("the shutdown took %v with a stream open; the streams should end at once", took)
	}
	select {
	case <-ended:
	case <-time.After(5 * time.Second):
		t.Error("the stream did not end with the server")
	}
	if strings.Contains(svc.Logs.String(), "request cut by shutdown") {
		t.Errorf("the stream was cut, not ended:\n%s", svc.Logs.String())
	}
}

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

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

package main

import (
	"fmt"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"campus.example/apps/internal/dbtest"
	"campus.example/apps/internal/proctest"
)

// TestFault_MariaDBRestartUnderLoad restarts the catalog's MariaDB server (a private one)
// while clients write. While it is down, /readyz answers 503 and writes are refused with 503,
// never another 5xx; after it is back, the same process serves again without a restart, and
// every acknowledged write is there.
func TestFault_MariaDBRestartUnderLoad(t *testing.T) {
	bin := proctest.Build(t, creaturesPkg)
	server := dbtest.NewPrivateServer(t)
	url := server.CreateDatabase(t, "catalog")
	p := proctest.Start(t, bin, []string{"-addr", "127.0.0.1:0", "-db", url})
	c := proctest.Client()
	var acked atomic.Int64
	var statuses proctest.Statuses
	stop := make(chan struct{})
	result := make(chan []string, 1)
	go func() {
		result <- proctest.Writes(4, stop, func(w, seq int) (string, bool) {
			name := fmt.Sprintf("restart-%d-%d", w, seq)
			id, status, err := postCreature(c, p.URL, name)
			statuses.Record(status)
			if err != nil || status != http.StatusCreated {
				time.Sleep(10 * time.Millisecond)
				return "", false
			}
			acked.Add(1)
			return fmt.Sprintf("%d %s", id, name), true
		})
	}()
	proctest.WaitFor(t, func() bool { return acked.Load() >= 100 }, "100 acknowledged writes")
	server.Stop(t)
	down := time.Now()
	proctest.WaitFor(t, func() bool { return proctest.Status(c, p.URL+"/readyz") == http.StatusServiceUnavailable }, "/readyz to answer 503")
	t.Logf("/readyz went 503 %v after the database stopped", time.Since(down).Round(time.Millisecond))
	time.Sleep(500 * time.Millisecond) // writes meet the outage
	server.Start(t)
	up := time.Now()
	proctest.WaitFor(t, func() bool { return proctest.Status(c, p.URL+"/readyz") == http.StatusOK }, "/readyz to answer 200 again")
	before := acked.Load()
	proctest.WaitFor(t, func() bool { return acked.Load() >= before+50 }, "writes to succeed again")
	t.Logf("writes succeed again %v after the database restarted", time.Since(up).Round(time.Millisecond))
	close(stop)
	acks := <-result
	if bad := statuses.ServerErrorsBut(http.StatusServiceUnavailable); len(bad) > 0 {
		t.Errorf("during the outage writes were answered %v; want only 503", bad)
	}
	checkAcknowledged(t, c, p.URL, acks)
	t.Logf("%d writes acknowledged, %d refused with 503 during the outage, none lost", len(acks), statuses.Count(http.StatusServiceUnavailable))
}

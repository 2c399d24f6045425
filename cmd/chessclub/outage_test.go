package main

import (
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"campus.example/apps/internal/dbtest"
	"campus.example/apps/internal/proctest"
)

// TestFault_MariaDBRestartUnderLoad restarts the club's MariaDB server (a private one) while
// clients write: /readyz goes 503 and back, writes during the outage get 503 and nothing
// else of the 5xx kind, the process recovers without a restart, and nothing acknowledged is
// lost. The member's login survives the outage.
func TestFault_MariaDBRestartUnderLoad(t *testing.T) {
	bin := proctest.Build(t, chessclubPkg)
	server := dbtest.NewPrivateServer(t)
	url := server.CreateDatabase(t, "club")
	p := proctest.Start(t, bin, []string{"-addr", "127.0.0.1:0", "-figures", t.TempDir(), "-db", url})
	club := &faultClub{url: p.URL, c: proctest.Client()}
	club.login(t, "outage")
	var acked atomic.Int64
	var statuses proctest.Statuses
	stop := make(chan struct{})
	result := make(chan []string, 1)
	go func() { result <- club.tournamentWrites("Outage", stop, &acked, &statuses) }()
	proctest.WaitFor(t, func() bool { return acked.Load() >= 100 }, "100 acknowledged writes")
	server.Stop(t)
	proctest.WaitFor(t, func() bool { return proctest.Status(club.c, p.URL+"/readyz") == http.StatusServiceUnavailable }, "/readyz to answer 503")
	time.Sleep(500 * time.Millisecond) // writes meet the outage
	server.Start(t)
	up := time.Now()
	proctest.WaitFor(t, func() bool { return proctest.Status(club.c, p.URL+"/readyz") == http.StatusOK }, "/readyz to answer 200 again")
	before := acked.Load()
	proctest.WaitFor(t, func() bool { return acked.Load() >= before+50 }, "writes to succeed again")
	t.Logf("writes succeed again %v after the database restarted", time.Since(up).Round(time.Millisecond))
	close(stop)
	acks := <-result
	if bad := statuses.ServerErrorsBut(http.StatusServiceUnavailable); len(bad) > 0 {
		t.Errorf("during the outage writes were answered %v; want only 503", bad)
	}
	club.checkTournaments(t, acks)
	t.Logf("%d tournaments acknowledged, %d refused with 503 during the outage, none lost", len(acks), statuses.Count(http.StatusServiceUnavailable))
}

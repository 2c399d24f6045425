package creatures_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"

	"campus.example/apps/internal/dbtest"
	"campus.example/apps/internal/sqldb"
)

// BenchmarkClusterNode measures what one node of a 3-node Galera cluster costs the catalog,
// beside a single MariaDB server measured in the same minutes on the same machine:
//
//	go test ./internal/creatures -run '^$' -bench ClusterNode -benchtime 2s -count 3
//
// Both servers are the benchmark's own (dbtest.NewPrivateServer and dbtest.SharedGalera, the
// same InnoDB buffer pool), so neither measures the neighbours of a shared server. The cluster
// is reached through node 1 with wsrep_sync_wait=1 on reads, as docs/OPERATIONS.md asks; each
// write there is certified by the other two nodes before its commit returns.
func BenchmarkClusterNode(b *testing.B) {
	single := dbtest.NewPrivateServer(b)
	cluster := dbtest.SharedGalera(b)
	servers := []struct {
		name string
		open func(b *testing.B) *sqldb.DB
	}{
		{"single", func(b *testing.B) *sqldb.DB {
			name := "bench_" + dbtest.RandomHex(6)
			single.CreateDatabase(b, name)
			return single.Open(b, name)
		}},
		{"galera-node", func(b *testing.B) *sqldb.DB {
			name := "bench_" + dbtest.RandomHex(6)
			cluster.CreateDatabase(b, name)
			return cluster.Open(b, 1, name)
		}},
	}
	for _, srv := range servers {
		b.Run(srv.name+"/get/clients=50", func(b *testing.B) {
			h, ids := benchServerOn(b, srv.open(b), 1000)
			b.SetParallelism(max(1, 50/runtime.GOMAXPROCS(0)))
			b.ResetTimer()
			var n atomic.Int64
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					rec := httptest.NewRecorder()
					h.ServeHTTP(rec, httptest.NewRequest("GET", fmt.Sprintf("/creatures/%d", ids[n.Add(1)%int64(len(ids))]), nil))
					if rec.Code != http.StatusOK {
						b.Fatalf("GET: %d", rec.Code)
					}
				}
			})
		})
		b.Run(srv.name+"/create/clients=8", func(b *testing.B) {
			h, _ := benchServerOn(b, srv.open(b), 0)
			b.SetParallelism(max(1, 8/runtime.GOMAXPROCS(0)))
			var n atomic.Int64
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					body := fmt.Sprintf(`{"name":"Created %d","species":"Load","danger_level":3}`, n.Add(1))
					req := httptest.NewRequest("POST", "/creatures", strings.NewReader(body))
					req.Header.Set("Content-Type", "application/json")
					rec := httptest.NewRecorder()
					h.ServeHTTP(rec, req)
					if rec.Code != http.StatusCreated {
						b.Fatalf("POST: %d %s", rec.Code, rec.Body.String())
					}
				}
			})
		})
	}
}

package dbtest

import (
	"io"
	"net"
	"sync"
	"testing"

	"campus.example/apps/internal/sqldb"
)

// Relay is a TCP relay on its own port in front of the local MariaDB, for tests of what the
// services do when their database goes away: Cut closes the port and every connection through
// it, so the database is as unreachable as a stopped server (connections refused), without
// stopping the server that other tests share; Stall keeps every connection open but passes
// nothing on, as a database that hangs; Restore ends either. It is safe for concurrent use.
type Relay struct {
	t      testing.TB
	addr   string
	target string

	mu      sync.Mutex
	ln      net.Listener
	conns   map[net.Conn]bool
	stalled bool
	resume  chan struct{} // closed when a stall ends
}

// NewRelay starts a relay to target (host:port) on a free port of 127.0.0.1, stopped when the
// test ends.
func NewRelay(t testing.TB, target string) *Relay {
	t.Helper()
	r := &Relay{t: t, target: target, conns: map[net.Conn]bool{}}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	r.addr = ln.Addr().String()
	r.serve(ln)
	t.Cleanup(r.Cut)
	return r
}

// Addr is the relay's address, the same after Cut and Restore.
func (r *Relay) Addr() string { return r.addr }

// Cut closes the port and every connection through it (and ends a stall, whose held bytes
// then go nowhere).
func (r *Relay) Cut() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.stalled {
		r.stalled = false
		close(r.resume)
	}
	if r.ln != nil {
		r.ln.Close()
		r.ln = nil
	}
	for c := range r.conns {
		c.Close()
		delete(r.conns, c)
	}
}

// Stall stops passing bytes either way until Restore; connections stay open.
func (r *Relay) Stall() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.stalled {
		r.stalled, r.resume = true, make(chan struct{})
	}
}

// Restore ends a stall, and opens the port again after a Cut.
func (r *Relay) Restore() {
	r.t.Helper()
	r.mu.Lock()
	if r.stalled {
		r.stalled = false
		close(r.resume)
	}
	open := r.ln != nil
	r.mu.Unlock()
	if open {
		return
	}
	ln, err := net.Listen("tcp", r.addr)
	if err != nil {
		r.t.Fatalf("reopen relay port: %v", err)
	}
	r.serve(ln)
}

func (r *Relay) serve(ln net.Listener) {
	r.mu.Lock()
	r.ln = ln
	r.mu.Unlock()
	go func() {
		for {
			client, err := ln.Accept()
			if err != nil {
				return
			}
			go r.pipe(client)
		}
	}()
}

// pipe copies between client and a new connection to the target until either side closes.
func (r *Relay) pipe(client net.Conn) {
	server, err := net.Dial("tcp", r.target)
	if err != nil {
		client.Close()
		return
	}
	r.mu.Lock()
	if r.ln == nil { // cut meanwhile
		r.mu.Unlock()
		client.Close()
		server.Close()
		return
	}
	r.conns[client], r.conns[server] = true, true
	r.mu.Unlock()
	done := make(chan struct{}, 2)
	go func() { r.copy(server, client); done <- struct{}{} }()
	go func() { r.copy(client, server); done <- struct{}{} }()
	<-done
	client.Close()
	server.Close()
	r.mu.Lock()
	delete(r.conns, client)
	delete(r.conns, server)
	r.mu.Unlock()
}

// copy passes what src sends on to dst, holding each read while the relay is stalled, until
// either side closes.
func (r *Relay) copy(dst io.Writer, src io.Reader) {
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			r.mu.Lock()
			stalled, resume := r.stalled, r.resume
			r.mu.Unlock()
			if stalled {
				<-resume
			}
			if _, werr := dst.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			return
		}
	}
}

// MariaDBBehindRelay returns a new, empty database on the local MariaDB (see MariaDB) that
// the returned pool reaches through a Relay, as a user with every privilege on it, over TCP.
func MariaDBBehindRelay(t testing.TB) (*sqldb.DB, *Relay) {
	t.Helper()
	skipOnGaleraTarget(t, "a relay to port 3306")
	direct := MariaDB(t)
	var name string
	if err := direct.QueryRow("SELECT DATABASE()").Scan(&name); err != nil {
		t.Fatal(err)
	}
	user, password := TempUser(t, name, "ALL PRIVILEGES")
	relay := NewRelay(t, "127.0.0.1:3306")
	src, err := sqldb.ParseURL("mysql://"+user+"@"+relay.Addr()+"/"+name, password)
	if err != nil {
		t.Fatal(err)
	}
	return mustOpen(t, src), relay
}

package sqldb

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"os"
	"time"
)

// lockVersion is the ledger row that serves as the migration lock: no migration has a
// negative version, and the row exists only while a process migrates.
const lockVersion = -1

// lockLease is how long a migration lock lasts unless its holder renews it (every
// lockRenew): a process that died while migrating holds up the others this long at most.
const (
	lockLease = 30 * time.Second
	lockRenew = 10 * time.Second
	lockWait  = 2 * time.Minute
)

// clusterLock takes the migration lock of ledger on conn's server and returns the function
// that gives it back. The lock is a row of the ledger itself (version -1, its name the holder,
// its applied_at the end of the lease), inserted by a statement that commits on its own.
//
// On one MySQL server the row's primary key lets one insert win. On a MariaDB Galera cluster,
// where GET_LOCK and row locks are local to a node, two nodes may each insert the row; the
// cluster's certification lets the first commit through and fails the other with a deadlock
// (1213) at commit, so the lock holds across nodes too. While it is held the connection reads
// with wsrep_sync_wait, so that the ledger it reads includes every step committed on another
// node. A holder renews its lease while it migrates; a lease that ran out (its holder died) is
// taken over.
func clusterLock(ctx context.Context, db *DB, conn *sql.Conn, ledger string) (unlock func(), err error) {
	holder := lockHolder()
	deadline := time.Now().Add(lockWait)
	for {
		took, err := tryLock(ctx, conn, ledger, holder)
		if err != nil {
			return nil, fmt.Errorf("lock %s: %w", ledger, err)
		}
		if took {
			break
		}
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("lock %s: another process held the migration lock for %s", ledger, lockWait)
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
	restore := syncReads(ctx, conn)
	renewCtx, stopRenew := context.WithCancel(context.WithoutCancel(ctx))
	renewed := make(chan struct{})
	go func() {
		defer close(renewed)
		t := time.NewTicker(lockRenew)
		defer t.Stop()
		for {
			select {
			case <-renewCtx.Done():
				return
			case <-t.C:
				_, _ = db.DB.ExecContext(renewCtx, "UPDATE "+ledger+" SET applied_at = UTC_TIMESTAMP() + INTERVAL ? SECOND WHERE version = ? AND name = ?",
					int(lockLease/time.Second), lockVersion, holder)
			}
		}
	}()
	return func() {
		stopRenew()
		<-renewed
		bg := context.WithoutCancel(ctx)
		restore()
		_, _ = conn.ExecContext(bg, "DELETE FROM "+ledger+" WHERE version = ? AND name = ?", lockVersion, holder)
	}, nil
}

// tryLock inserts the lock row, or takes it over when its lease has run out. It reports
// false, with no error, when another process holds the lock.
func tryLock(ctx context.Context, conn *sql.Conn, ledger, holder string) (bool, error) {
	lease := int(lockLease / time.Second)
	_, err := conn.ExecContext(ctx, "INSERT INTO "+ledger+" (version, name, applied_at) VALUES (?, ?, UTC_TIMESTAMP() + INTERVAL ? SECOND)",
		lockVersion, holder, lease)
	switch {
	case err == nil:
		return true, nil
	case IsDeadlock(err):
		// Another node's insert of the row was certified first.
		return false, nil
	case !IsDuplicate(err):
		return false, err
	}
	res, err := conn.ExecContext(ctx, "UPDATE "+ledger+" SET name = ?, applied_at = UTC_TIMESTAMP() + INTERVAL ? SECOND WHERE version = ? AND applied_at < UTC_TIMESTAMP()",
		holder, lease, lockVersion)
	if IsDeadlock(err) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return err == nil && n == 1, err
}

// syncReads makes conn's reads wait until the node has applied every write the cluster
// committed before them (wsrep_sync_wait = 1) when the server is a Galera node, and returns
// the function that restores the connection's setting. On a server without wsrep it does
// nothing.
func syncReads(ctx context.Context, conn *sql.Conn) (restore func()) {
	var on sql.NullInt64
	var was sql.NullInt64
	if err := conn.QueryRowContext(ctx, "SELECT @@wsrep_on, @@session.wsrep_sync_wait").Scan(&on, &was); err != nil || on.Int64 != 1 {
		return func() {}
	}
	if _, err := conn.ExecContext(ctx, "SET SESSION wsrep_sync_wait = @@session.wsrep_sync_wait | 1"); err != nil {
		return func() {}
	}
	return func() {
		_, _ = conn.ExecContext(context.WithoutCancel(ctx), "SET SESSION wsrep_sync_wait = ?", was.Int64)
	}
}

// lockHolder names this process in the lock row, for an operator who finds it: host, process
// id and a random part that tells two Migrate calls of one process apart.
func lockHolder() string {
	host, _ := os.Hostname()
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	name := fmt.Sprintf("lock:%s:%d:%s", host, os.Getpid(), hex.EncodeToString(b))
	if len(name) > 100 {
		name = name[len(name)-100:]
	}
	return name
}

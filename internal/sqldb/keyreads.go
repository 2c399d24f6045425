package sqldb

import (
	"context"

	"campus.example/apps/internal/coalesce"
)

// KeyReads returns a coalesce.Group over fetch, a read of rows by key, set for db's dialect.
// On MySQL a fetch has the group's time limit (coalesce.DefaultTimeout), and one that runs
// past it is unavailable (IsUnavailable). On SQLite a fetch that starts is not tied to its
// context's cancellation and has no limit (one whose context is done does not start): a read
// by key in a local file does not hang (a lock wait ends at the busy timeout), and a
// cancellable context costs the driver and database/sql a goroutine each per query, about a
// tenth of a point read's CPU. SQLite's group gathers (coalesce.Group.Gather): a read of a
// local file is so short that few lookups queue behind it, and the read transaction each
// query opens cost a point read about a tenth of its CPU.
func KeyReads[K comparable, V any](db *DB, fetch coalesce.Fetch[K, V]) *coalesce.Group[K, V] {
	if db.Dialect != SQLite {
		return coalesce.New(fetch)
	}
	g := coalesce.New(func(ctx context.Context, keys []K, found func(K, V)) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		return fetch(context.WithoutCancel(ctx), keys, found)
	})
	g.Timeout = coalesce.NoTimeout
	g.Gather = true
	return g
}

package sqldb

import "time"

// SetWriteWait changes how long the writes of db wait for their turn (WriteWait), for the
// tests of the bound. It must be called before db is used.
func (db *DB) SetWriteWait(d time.Duration) {
	if db.writes != nil {
		db.writes.wait = d
	}
}

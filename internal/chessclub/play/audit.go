package play

import (
	"context"
	"database/sql"

	"campus.example/apps/internal/chessclub/api"
	"campus.example/apps/internal/chessclub/audit"
)

// record appends a change to tournament id, made by caller, to the audit trail, in tx, the
// transaction of the change; member is the player it is about, 0 for none.
func (s *core) record(ctx context.Context, tx *sql.Tx, caller api.Caller, id, member int64, action, subject string, before, after any) error {
	return audit.Record(ctx, tx, s.clock(), audit.Change{Actor: audit.Actor{ID: caller.ID, Username: caller.Username},
		Tournament: id, Member: member, Action: action, Subject: subject, Before: before, After: after})
}

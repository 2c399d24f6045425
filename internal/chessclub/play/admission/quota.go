package admission

import (
	"context"
	"fmt"
	"math"
	"time"

	"campus.example/apps/internal/chessclub/api"
	"campus.example/apps/internal/chessclub/audit"
	"campus.example/apps/internal/problem"
)

// importWindow is the span over which play.Config.ImportsPerDay counts a member's imports: the
// 24 hours before now, rolling, so that no hour of the day (midnight UTC, say) lets a member
// import twice the limit in a row.
const importWindow = 24 * time.Hour

// ImportQuota returns a TooManyRequests problem when caller has imported limit tournaments
// (play.Config.ImportsPerDay) in the importWindow before now, with Retry-After saying
// when the oldest of them leaves the window. Imports are counted in the audit trail, which
// every replica writes in the import's own transaction and which keeps an import when its
// tournament is deleted: deleting imports does not make room for more, since their guest
// members stay. Admins count too: the limit bounds what a stolen token can do as well.
func ImportQuota(ctx context.Context, q audit.Querier, caller api.Caller, now time.Time, limit int) error {
	times, err := audit.Recent(ctx, q, caller.ID, audit.TournamentImported, now.Add(-importWindow), limit)
	if err != nil || len(times) < limit {
		return err
	}
	// The limit-th newest import is the one whose leaving the window brings the count
	// below the limit.
	wait := times[limit-1].Add(importWindow).Sub(now)
	retry := max(1, int(math.Ceil(wait.Seconds())))
	return &problem.Error{Kind: problem.TooManyRequests, RetryAfter: retry,
		Detail: fmt.Sprintf("You have imported %d tournaments in the last 24 hours, the most a member may; the next import is possible in %s.", limit, roundWait(wait))}
}

// roundWait is d in words a person reads at a glance: hours and minutes, or seconds under
// a minute.
func roundWait(d time.Duration) string {
	if d < time.Minute {
		return fmt.Sprintf("%d s", max(1, int(math.Ceil(d.Seconds()))))
	}
	d = d.Round(time.Minute)
	if d < time.Hour {
		return fmt.Sprintf("%d min", int(d.Minutes()))
	}
	return fmt.Sprintf("%d h %d min", int(d.Hours()), int(d.Minutes())%60)
}

// Package play runs the club's tournaments: creating and editing them, entries, rounds and
// their pairings, results, standings, ratings, the TRF file a federation wants, and a live
// stream of what happens.
//
// The chess rules are not here: pairings, tie-breaks, ratings and TRF files come from
// internal/chess, through package tournament, which holds a tournament as data and what the
// rules make of it. What is here is the club's side: who may do what, in which state, and
// storing it so that two organisers, or two replicas of the server, cannot pair a round
// twice.
//
// A Service is built once by the Chess Club server, which passes it its dependencies (the
// database, the clock, the logger) and mounts its handlers in routes.go, wrapped in the
// server's own authentication: a handler that needs a logged-in caller receives an api.Caller.
package play

import (
	"log/slog"
	"runtime"
	"time"

	"campus.example/apps/internal/chessclub/audit"
	"campus.example/apps/internal/chessclub/play/live"
	"campus.example/apps/internal/chessclub/play/ratings"
	"campus.example/apps/internal/jsonhttp"
	"campus.example/apps/internal/sqldb"
)

// MaxBody is the largest JSON request body accepted, 1 MiB.
const MaxBody = jsonhttp.DefaultMaxBody

// Config holds the settings of tournament play. Zero values take the defaults.
type Config struct {
	// Live holds the settings of the live event streams (package live).
	Live live.Config
	// MaxImports bounds the TRF imports this server reads and stores at once
	// (DefaultMaxImports); one more is refused at once (ImportSlot).
	MaxImports int
	// ImportsPerDay is how many tournaments a member may import in any 24 hours
	// (DefaultImportsPerDay), on all replicas together (checkImportQuota).
	ImportsPerDay int
	// PairingNoticeField is the number of players from which the live stream says that a
	// round is being paired as soon as its pairing starts (DefaultPairingNoticeField), and
	// PairingNoticeAfter how long the pairing of a smaller field runs before it says so
	// (DefaultPairingNoticeAfter); see pairing_notice.go.
	PairingNoticeField int
	PairingNoticeAfter time.Duration
	// PairingsAtOnce bounds the pairings this server computes at once, of all tournaments
	// together, the checks that pair a round again included (DefaultPairingsAtOnce()); a
	// request beyond it waits for a slot while its client waits (pairingSlots).
	PairingsAtOnce int
	// ViewCacheBytes bounds the encoded views (standings, rounds, crosstables, checks) that
	// the server keeps in memory (DefaultViewCacheBytes); see cache.go.
	ViewCacheBytes int64
}

// Defaults of Config.
const (
	// DefaultMaxImports bounds the imports in flight: each holds up to about three times
	// MaxImportBytes while it reads its file, 86–114 MiB for the four (docs/BENCHMARKS.md),
	// and a file of the most players there may be takes seconds to store.
	DefaultMaxImports = 4
	// DefaultImportsPerDay is enough to bring a club's season of tournaments over in a day;
	// every import makes a guest member for each of its players, which stay when the
	// tournament is deleted, so it is bounded like any other growth a member can cause.
	DefaultImportsPerDay = 20
)

// DefaultPairingsAtOnce is the default of Config.PairingsAtOnce, a pairing for each
// processor Go may use (runtime.GOMAXPROCS): a pairing keeps one processor busy while it
// runs, a round of a 9 999-player Swiss for 5–8 s with up to 1 GB at its peak
// (docs/BENCHMARKS.md), so more at once would only share the processors and add up the
// memory.
func DefaultPairingsAtOnce() int { return runtime.GOMAXPROCS(0) }

func (c *Config) setDefaults() {
	if c.MaxImports <= 0 {
		c.MaxImports = DefaultMaxImports
	}
	if c.ImportsPerDay <= 0 {
		c.ImportsPerDay = DefaultImportsPerDay
	}
	if c.PairingNoticeField <= 0 {
		c.PairingNoticeField = DefaultPairingNoticeField
	}
	if c.PairingNoticeAfter <= 0 {
		c.PairingNoticeAfter = DefaultPairingNoticeAfter
	}
	if c.PairingsAtOnce <= 0 {
		c.PairingsAtOnce = DefaultPairingsAtOnce()
	}
	if c.ViewCacheBytes <= 0 {
		c.ViewCacheBytes = DefaultViewCacheBytes
	}
}

// viewsAtOnce bounds the views a server computes at once (cache.computing): one per
// processor, as a view's work is the processor's, and each holds its tournament's field (tens
// of megabytes for the largest) until it is encoded.
func viewsAtOnce() int { return runtime.GOMAXPROCS(0) }

// Service handles the tournament endpoints. It is safe for concurrent use.
type Service struct {
	db    *sqldb.DB
	now   func() time.Time
	log   *slog.Logger
	cfg   Config
	cache *cache
	live  *live.Streams
	// ratings applies the ratings of a finished rated tournament (package ratings).
	ratings *ratings.Store
	// trail reads the audit trail (package audit); every change writes it in its own
	// transaction.
	trail *audit.Store
	revs  *revisionCache
	list  listCache
	// imports holds a token for each import in flight (ImportSlot).
	imports chan struct{}
	// pairings lets one request at a time pair each tournament (rounds.go).
	pairings pairingTurns
	// slots holds a token for each pairing being computed (pairingSlots).
	slots *pairingSlots
}

// New returns a Service over db, which must hold the Chess Club's migrated schema. now is
// the clock for every timestamp (tests fix it).
func New(db *sqldb.DB, now func() time.Time, log *slog.Logger, cfg Config) *Service {
	cfg.setDefaults()
	s := &Service{db: db, now: now, log: log, cfg: cfg, cache: newCache(cfg.ViewCacheBytes, viewsAtOnce()), revs: newRevisionCache(), imports: make(chan struct{}, cfg.MaxImports),
		slots: newPairingSlots(cfg.PairingsAtOnce)}
	s.live = live.New(db, now, log, cfg.Live, s.revision)
	s.ratings = ratings.NewStore(db)
	s.trail = audit.NewStore(db)
	return s
}

// OpenStreams returns the number of live event streams open now.
func (s *Service) OpenStreams() int { return s.live.Open() }

// ViewCache returns the bytes the view cache holds now, and its entries (cache.go).
func (s *Service) ViewCache() (bytes int64, entries int) { return s.cache.usage() }

// RefusedStreams returns the number of live event streams refused so far for reason,
// live.RefusedServerFull or live.RefusedClientLimit.
func (s *Service) RefusedStreams(reason string) uint64 { return s.live.Refused(reason) }

// clock returns the time in UTC to the second, the precision both databases keep.
func (s *Service) clock() time.Time { return s.now().UTC().Truncate(time.Second) }

type scanner interface{ Scan(dest ...any) error }

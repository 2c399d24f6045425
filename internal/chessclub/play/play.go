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
	"campus.example/apps/internal/chessclub/play/admission"
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
	// (DefaultImportsPerDay), on all replicas together (admission.ImportQuota).
	ImportsPerDay int
	// PairingNoticeField is the number of players from which the live stream says that a
	// round is being paired as soon as its pairing starts (DefaultPairingNoticeField), and
	// PairingNoticeAfter how long the pairing of a smaller field runs before it says so
	// (DefaultPairingNoticeAfter); see pairing_notice.go.
	PairingNoticeField int
	PairingNoticeAfter time.Duration
	// PairingsAtOnce bounds the pairings this server computes at once, of all tournaments
	// together, the checks that pair a round again included (DefaultPairingsAtOnce()); a
	// request beyond it waits for a slot while its client waits (admission.Pairings).
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

// DefaultViewCacheBytes is the default of Config.ViewCacheBytes: the encoded views package web's cache
// keeps, 64 MiB. The standings of a 4 000-player Swiss take about 1 MB, with every value
// explained about 6 MB; a club's few running tournaments, their rounds and crosstables under a
// few tie-break lists fit many times over.
const DefaultViewCacheBytes = 64 << 20

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

// Service runs the club's tournaments. Its parts each hold one job's operations (the
// tournaments themselves, their entries, invitations, rounds, results, imports), each in one
// transaction, deciding who may do what in which state; what they share (the database, the
// clock, the live streams, the ratings, the audit trail, the pairing slots) is the core they
// embed. It is safe for concurrent use.
type Service struct {
	*core
	Tournaments *Tournaments
	Entries     *Entries
	Invitations *Invitations
	Rounds      *Rounds
	Results     *Results
	Imports     *Imports
}

// Tournaments creates, edits, starts, finishes, deletes and lists tournaments.
type Tournaments struct{ *core }

// Entries enters players and takes them out, links guests, and records their byes and the
// pairs who must not meet.
type Entries struct{ *core }

// Invitations invites members to play, and takes their answers.
type Invitations struct{ *core }

// Rounds pairs rounds, by the rules or by hand, and takes them back.
type Rounds struct{ *core }

// Results records the results of games.
type Results struct{ *core }

// Imports makes tournaments of TRF files.
type Imports struct{ *core }

// core is what the parts of a Service share.
type core struct {
	db   *sqldb.DB
	now  func() time.Time
	log  *slog.Logger
	cfg  Config
	live *live.Streams
	// ratings applies the ratings of a finished rated tournament (package ratings).
	ratings *ratings.Store
	// trail reads the audit trail (package audit); every change writes it in its own
	// transaction.
	trail *audit.Store
	// changed is told of every change this process commits, with the tournament's id (0 for
	// one not known before it: a new tournament), after it commits: the views it serves
	// (package web) are computed afresh then. See OnChange.
	changed func(id int64)
	// imports holds a token for each import in flight (ImportSlot).
	imports admission.Imports
	// pairings lets one request at a time pair each tournament (rounds.go).
	pairings pairingTurns
	// slots holds a token for each pairing being computed (admission.Pairings).
	slots *admission.Pairings
}

// New returns a Service over db, which must hold the Chess Club's migrated schema. now is
// the clock for every timestamp (tests fix it).
func New(db *sqldb.DB, now func() time.Time, log *slog.Logger, cfg Config) *Service {
	cfg.setDefaults()
	c := &core{db: db, now: now, log: log, cfg: cfg, changed: func(int64) {}, imports: admission.NewImports(cfg.MaxImports),
		slots: admission.NewPairings(cfg.PairingsAtOnce)}
	c.live = live.New(db, now, log, cfg.Live, c.revision)
	c.ratings = ratings.NewStore(db)
	c.trail = audit.NewStore(db)
	return &Service{core: c, Tournaments: &Tournaments{c}, Entries: &Entries{c}, Invitations: &Invitations{c}, Rounds: &Rounds{c}, Results: &Results{c}, Imports: &Imports{c}}
}

// OpenStreams returns the number of live event streams open now.
func (s *core) OpenStreams() int { return s.live.Open() }

// OnChange makes fn be told of every change this process commits to a tournament, after it
// commits, with the tournament's id (0 for a new one). It replaces the function given before;
// call it before the Service serves anything.
func (s *Service) OnChange(fn func(id int64)) { s.changed = fn }

// Now returns the Service's clock in UTC to the second, the precision both databases keep.
func (s *core) Now() time.Time { return s.clock() }

// Pairings returns the server's pairing slots (admission.Pairings), which the checks of a
// round take too.
func (s *core) Pairings() *admission.Pairings { return s.slots }

// ImportSlots returns the server's import slots (admission.Imports).
func (s *core) ImportSlots() admission.Imports { return s.imports }

// Trail returns the audit trail's reader.
func (s *core) Trail() *audit.Store { return s.trail }

// Live returns the tournaments' live event streams.
func (s *core) Live() *live.Streams { return s.live }

// Ratings returns the club ratings' store.
func (s *core) Ratings() *ratings.Store { return s.ratings }

// Config returns the settings the Service runs with, defaults filled in.
func (s *core) Config() Config { return s.cfg }

// RefusedStreams returns the number of live event streams refused so far for reason,
// live.RefusedServerFull or live.RefusedClientLimit.
func (s *core) RefusedStreams(reason string) uint64 { return s.live.Refused(reason) }

// clock returns the time in UTC to the second, the precision both databases keep.
func (s *core) clock() time.Time { return s.now().UTC().Truncate(time.Second) }

package main

import (
	"context"
	"database/sql"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"net/url"
	"runtime/debug"
	"strings"

	"campus.example/apps/internal/chessclub"
	"campus.example/apps/internal/chessclub/auth"
	"campus.example/apps/internal/chessclub/members"
	"campus.example/apps/internal/chessclub/photos"
	"campus.example/apps/internal/chessclub/play"
	"campus.example/apps/internal/chessclub/play/live"
	"campus.example/apps/internal/flagenv"
	"campus.example/apps/internal/httpserve"
	"campus.example/apps/internal/observe"
	"campus.example/apps/internal/sqldb"
	chessclubweb "campus.example/apps/web/chessclub"
)

const (
	defaultDB   = "sqlite:data/chessclub.db"
	dbUsage     = "database: sqlite:PATH or mysql://USER:PASSWORD@HOST:PORT/DATABASE[?socket=PATH]"
	passwordEnv = "CHESSCLUB_DB_PASSWORD"
)

// run starts the service, or runs a subcommand, as main would; tests call it directly.
// The hook that learns the bound address, for tests on ":0", comes from the context
// (httpserve.WithReady).
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) > 0 {
		for _, c := range commands {
			if c.name == args[0] {
				return c.run(ctx, args[1:], getenv, stdout, stderr)
			}
		}
	}
	fs := flag.NewFlagSet("chessclub", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on")
	dbURL := fs.String("db", defaultDB, dbUsage)
	figures := fs.String("figures", "data/figures", "where member photos are kept: a directory, or an S3-compatible bucket as\n"+
		"s3://bucket/prefix?endpoint=URL&region=REGION (credentials from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)")
	origins := fs.String("cors-origins", strings.Join(chessclub.DefaultCORSOrigins, ","), "comma-separated origins that may call the API from a browser (* for any);\n"+
		"the default is the native app's web views: iOS (capacitor://, ionic://) and Android (https://localhost, http://localhost)")
	tokenTTL := fs.Duration("token-ttl", auth.DefaultTokenTTL, "how long a login token lasts")
	maxPhoto := fs.Int64("max-photo-bytes", photos.DefaultMaxPhotoBytes, "largest photo accepted, in bytes")
	photoMemory := fs.Int64("photo-memory", photos.DefaultPhotoMemory, "memory that photo decodes may take at once, in bytes (at least 33554432);\n"+
		"a photo that would need more is refused (422), one that must wait longer than 10 s for it gets 429")
	grace := fs.Duration("shutdown-grace", httpserve.ShutdownGrace, "how long a shutdown waits for requests in flight before it cuts them (and logs which)")
	proxies := fs.String("trusted-proxies", "", "comma-separated IP addresses or CIDR prefixes of the reverse proxies in front of the server;\n"+
		"for requests from them the login throttle takes the client from X-Forwarded-For (empty: trust no one)")
	maxStreams := fs.Int("max-streams", live.DefaultMaxStreams, "live event streams (GET /api/tournaments/{id}/events) this server holds open at once; beyond it 503")
	maxImports := fs.Int("max-imports", play.DefaultMaxImports, "TRF imports (POST /api/tournaments/import) this server runs at once; one more gets 429 at once")
	pairingsAtOnce := fs.Int("pairings-at-once", play.DefaultPairingsAtOnce(), "round pairings and pairing checks this server computes at once, of all tournaments; one more\n"+
		"waits for a slot while its client waits, and a member holds at most one slot at a time (the default is GOMAXPROCS:\n"+
		"a round of 4 000 players keeps a processor busy for 1-2 s and takes up to 300 MB, of 9 999 players 5-8 s and up to 1 GB)")
	viewCache := fs.Int64("view-cache-bytes", play.DefaultViewCacheBytes, "memory the standings, rounds, crosstables and checks kept for the next request may take, in bytes;\n"+
		"-memory-limit auto counts it")
	importsPerDay := fs.Int("imports-per-day", play.DefaultImportsPerDay, "tournaments a member may import in any 24 hours, on all replicas together; beyond it 429")
	maxClientStreams := fs.Int("max-streams-per-client", live.DefaultMaxStreamsPerClient, "live event streams one client address (as the login throttle counts it) holds open on this server\n"+
		"at once; beyond it 429")
	samples := fs.Bool("samples", true, "give a new SQLite database the three sample tournaments that chess.sql gives MariaDB")
	retention := fs.Duration("event-retention", live.DefaultEventRetention, "how long tournament events are kept for live streams that reconnect")
	memLimit := fs.String("memory-limit", "auto", "soft limit of the Go runtime's memory, such as 256MiB, or off; auto is 32 MiB plus what\n"+
		"the password hashes and photo decodes that may run at once hold (GOMEMLIMIT, when set, replaces auto)")
	metricsAddr := fs.String("metrics-addr", "", "address of a listener of its own for GET /metrics (empty: /metrics on -addr)")
	logFormat := fs.String("log-format", observe.FormatText, "log format: text or json")
	accessLog := fs.Bool("access-log", true, "log one line per request")
	twins := flagenv.Twins{
		"metrics-addr": "CHESSCLUB_METRICS_ADDR", "log-format": "CHESSCLUB_LOG_FORMAT", "access-log": "CHESSCLUB_ACCESS_LOG",
		"addr": "CHESSCLUB_ADDR", "db": "CHESSCLUB_DB", "figures": "CHESSCLUB_FIGURES",
		"cors-origins": "CHESSCLUB_CORS_ORIGINS", "token-ttl": "CHESSCLUB_TOKEN_TTL", "max-photo-bytes": "CHESSCLUB_MAX_PHOTO_BYTES",
		"photo-memory": "CHESSCLUB_PHOTO_MEMORY", "trusted-proxies": "CHESSCLUB_TRUSTED_PROXIES", "memory-limit": "CHESSCLUB_MEMORY_LIMIT",
		"shutdown-grace": "CHESSCLUB_SHUTDOWN_GRACE", "max-streams": "CHESSCLUB_MAX_STREAMS", "max-streams-per-client": "CHESSCLUB_MAX_STREAMS_PER_CLIENT", "view-cache-bytes": "CHESSCLUB_VIEW_CACHE_BYTES",
		"event-retention": "CHESSCLUB_EVENT_RETENTION", "samples": "CHESSCLUB_SAMPLES", "max-imports": "CHESSCLUB_MAX_IMPORTS",
		"imports-per-day": "CHESSCLUB_IMPORTS_PER_DAY", "pairings-at-once": "CHESSCLUB_PAIRINGS_AT_ONCE",
	}
	flagenv.Describe(fs, twins)
	fs.Usage = func() {
		fmt.Fprint(stderr, "Usage: chessclub [flags]\n")
		for _, c := range commands {
			fmt.Fprintf(stderr, "       chessclub %s %s\n", c.name, c.synopsis)
		}
		fmt.Fprint(stderr, "\n(chessclub COMMAND -h says what a command does.)\n\nFlags:\n")
		fs.PrintDefaults()
		fmt.Fprint(stderr, "\nEnvironment:\n  "+passwordEnv+"\n    \tdatabase password; replaces the one in the -db URL\n"+
			"  AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN, AWS_REGION\n    \tthe photo bucket's credentials and default region, when -figures is an s3:// URL\n")
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if err := flagenv.Apply(fs, twins, getenv); err != nil {
		return err
	}
	// Zero or less would mean tokens that expire at once and photos that never fit; refuse
	// them at startup rather than let the server quietly take a default.
	if *tokenTTL <= 0 {
		return fmt.Errorf("-token-ttl (%s) must be positive, not %v", twins["token-ttl"], *tokenTTL)
	}
	if *maxPhoto <= 0 {
		return fmt.Errorf("-max-photo-bytes (%s) must be positive, not %d", twins["max-photo-bytes"], *maxPhoto)
	}
	if *photoMemory < photos.MinPhotoMemory {
		return fmt.Errorf("-photo-memory (%s) must be at least %d bytes, not %d", twins["photo-memory"], photos.MinPhotoMemory, *photoMemory)
	}
	if *maxStreams <= 0 {
		return fmt.Errorf("-max-streams (%s) must be positive, not %d", twins["max-streams"], *maxStreams)
	}
	if *maxImports <= 0 {
		return fmt.Errorf("-max-imports (%s) must be positive, not %d", twins["max-imports"], *maxImports)
	}
	if *pairingsAtOnce <= 0 {
		return fmt.Errorf("-pairings-at-once (%s) must be positive, not %d", twins["pairings-at-once"], *pairingsAtOnce)
	}
	if *viewCache <= 0 {
		return fmt.Errorf("-view-cache-bytes (%s) must be positive, not %d", twins["view-cache-bytes"], *viewCache)
	}
	if *importsPerDay <= 0 {
		return fmt.Errorf("-imports-per-day (%s) must be positive, not %d", twins["imports-per-day"], *importsPerDay)
	}
	if *maxClientStreams <= 0 {
		return fmt.Errorf("-max-streams-per-client (%s) must be positive, not %d", twins["max-streams-per-client"], *maxClientStreams)
	}
	if *retention <= 0 {
		return fmt.Errorf("-event-retention (%s) must be positive, not %v", twins["event-retention"], *retention)
	}
	if *grace <= 0 {
		return fmt.Errorf("-shutdown-grace (%s) must be positive, not %v", twins["shutdown-grace"], *grace)
	}
	trusted, err := auth.ParseTrustedProxies(splitList(*proxies))
	if err != nil {
		return fmt.Errorf("-trusted-proxies: %w", err)
	}
	log, err := observe.NewLogger(stderr, *logFormat)
	if err != nil {
		return fmt.Errorf("-log-format (%s): %w", twins["log-format"], err)
	}
	defer observe.Flush(log) // the access lines that wait, last, after the server has stopped
	cfg := chessclub.Config{
		Photos:      photos.Config{Dir: *figures, MaxBytes: *maxPhoto, Memory: *photoMemory},
		Auth:        auth.Config{TokenTTL: *tokenTTL, TrustedProxies: trusted},
		UI:          chessclubweb.Dist(),
		CORSOrigins: splitList(*origins),
		// The live streams end when the server begins to shut down, rather than hold the
		// shutdown for its whole grace period.
		Play: play.Config{Live: live.Config{MaxStreams: *maxStreams, MaxStreamsPerClient: *maxClientStreams, EventRetention: *retention, Done: ctx.Done()},
			MaxImports: *maxImports, ImportsPerDay: *importsPerDay, PairingsAtOnce: *pairingsAtOnce, ViewCacheBytes: *viewCache},
	}
	if strings.HasPrefix(*figures, "s3://") {
		cfg.Photos.Dir, cfg.Photos.Bucket, cfg.Photos.BucketRegion = "", *figures, getenv("AWS_REGION")
		cfg.Photos.BucketKeys = photos.BucketKeys{AccessKeyID: getenv("AWS_ACCESS_KEY_ID"), SecretAccessKey: getenv("AWS_SECRET_ACCESS_KEY"), SessionToken: getenv("AWS_SESSION_TOKEN")}
	}
	limit, err := memoryLimit(*memLimit, cfg, getenv)
	if err != nil {
		return fmt.Errorf("-memory-limit (%s): %w", twins["memory-limit"], err)
	}
	switch {
	case limit < 0:
		log.Info("soft memory limit from GOMEMLIMIT", "bytes", debug.SetMemoryLimit(-1))
	case limit == 0:
		// The runtime's "no limit"; the previous limit comes back when run returns, for the
		// tests that call run in one process.
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))
		log.Info("no soft memory limit")
	default:
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(limit))
		log.Info("soft memory limit", "bytes", limit)
	}

	store, closeDB, err := openStore(ctx, *dbURL, getenv(passwordEnv), *samples)
	if err != nil {
		return err
	}
	defer closeDB()
	log.Info("database ready", "db", store.source)
	if hasAdmin, err := store.HasAdmin(ctx); err != nil {
		return err
	} else if !hasAdmin {
		log.Warn("the club has no admin yet: register in the app, then run " + adminCommand(*dbURL))
	}
	reg := observe.NewRegistry(store.db, "chessclub")
	cfg.Metrics = reg
	srv, err := chessclub.NewServer(log, store.Store, cfg)
	if err != nil {
		return err
	}
	metrics := observe.MetricsHandler(reg)
	opts := observe.Options{Registry: reg, ClientAddr: auth.ClientAddr(trusted)}
	if *metricsAddr == "" {
		opts.Metrics = metrics
	}
	if *accessLog {
		opts.AccessLog = log
	}
	h, err := observe.Handler(srv, opts)
	if err != nil {
		return err
	}
	return observe.Serve(httpserve.WithShutdownGrace(ctx, *grace), *metricsAddr, metrics, log, func(ctx context.Context) error {
		return httpserve.Serve(ctx, *addr, h, log, httpserve.ReadyHook(ctx))
	})
}

// memoryLimit reads -memory-limit: auto (chessclub.MemoryLimit of cfg, or -1 when the
// GOMEMLIMIT variable set the runtime's limit already, which then stands), off (0), or a
// size in bytes.
func memoryLimit(value string, cfg chessclub.Config, getenv func(string) string) (int64, error) {
	if value != "auto" {
		return chessclub.ParseMemoryLimit(value)
	}
	if getenv("GOMEMLIMIT") != "" {
		return -1, nil
	}
	return chessclub.MemoryLimit(cfg), nil
}

// runAdmin gives a registered member the admin role.
func runAdmin(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	return runRole(ctx, "admin", "Makes the registered member USERNAME an admin.", args, getenv, stdout, stderr,
		func(ctx context.Context, store openedStore, username string, _ bool) (string, error) {
			return username + " is now an admin", store.SetRole(ctx, username, members.RoleAdmin)
		})
}

// runArbiter gives a registered member the arbiter role, or with -revoke takes it back.
func runArbiter(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	return runRole(ctx, "arbiter", "Makes the registered member USERNAME an arbiter, who directs the club's events\n(rated tournaments, entries without asking the players); -revoke takes the role back.",
		args, getenv, stdout, stderr,
		func(ctx context.Context, store openedStore, username string, revoke bool) (string, error) {
			if revoke {
				return username + " is no longer an arbiter", store.Appoint(ctx, username, members.RoleMember)
			}
			return username + " is now an arbiter", store.Appoint(ctx, username, members.RoleArbiter)
		})
}

// runRole runs a subcommand that changes the role of the member named by its one argument on
// the database of -db: change does it and returns what to print.
func runRole(ctx context.Context, name, about string, args []string, getenv func(string) string, stdout, stderr io.Writer,
	change func(ctx context.Context, store openedStore, username string, revoke bool) (string, error)) error {
	fs := flag.NewFlagSet("chessclub "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	dbURL := fs.String("db", defaultDB, dbUsage)
	revoke := false
	if name == "arbiter" {
		fs.BoolVar(&revoke, "revoke", false, "take the arbiter role back")
	}
	twins := flagenv.Twins{"db": "CHESSCLUB_DB"}
	flagenv.Describe(fs, twins)
	fs.Usage = func() {
		revokeFlag := ""
		if name == "arbiter" {
			revokeFlag = "[-revoke] "
		}
		fmt.Fprintf(stderr, "Usage: chessclub %s [-db URL] %sUSERNAME\n\n%s\n\nFlags:\n", name, revokeFlag, about)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return fmt.Errorf("%s needs exactly one USERNAME", name)
	}
	if err := flagenv.Apply(fs, twins, getenv); err != nil {
		return err
	}
	store, closeDB, err := openStore(ctx, *dbURL, getenv(passwordEnv), false)
	if err != nil {
		return err
	}
	defer closeDB()
	done, err := change(ctx, store, fs.Arg(0), revoke)
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, done)
	return nil
}

// adminCommand is the command that makes a registered member an admin of the database at
// rawURL, as the first-run line gives it. The URL goes without its password: the command
// reads CHESSCLUB_DB_PASSWORD as the server does.
func adminCommand(rawURL string) string {
	cmd := "go run ./cmd/chessclub admin"
	if rawURL != defaultDB {
		if u, err := url.Parse(rawURL); err == nil && u.User != nil {
			u.User = url.User(u.User.Username())
			rawURL = u.String()
		}
		cmd += " -db '" + rawURL + "'"
	}
	return cmd + " USERNAME"
}

type openedStore struct {
	*chessclub.Store
	db     *sql.DB
	source string
}

// openStore opens and migrates the database, with samples on a new SQLite database the
// sample tournaments; the returned function closes it.
func openStore(ctx context.Context, rawURL, password string, samples bool) (openedStore, func(), error) {
	src, err := sqldb.ParseURL(rawURL, password)
	if err != nil {
		return openedStore{}, nil, err
	}
	db, err := sqldb.Open(ctx, src)
	if err != nil {
		return openedStore{}, nil, err
	}
	store := chessclub.NewStore(db)
	migrate := store.Migrate
	if samples && db.Dialect == sqldb.SQLite {
		// A new SQLite database gets the sample tournaments that chess.sql gives MariaDB.
		migrate = store.MigrateWithSamples
	}
	if err := migrate(ctx); err != nil {
		db.Close()
		return openedStore{}, nil, err
	}
	return openedStore{Store: store, db: db.DB, source: src.String()}, func() { db.Close() }, nil
}

// splitList splits a comma-separated list, dropping empty items.
func splitList(s string) []string {
	out := []string{}
	for item := range strings.SplitSeq(s, ",") {
		if item = strings.TrimSpace(item); item != "" {
			out = append(out, item)
		}
	}
	return out
}

// runSQL prints chess.sql, for the default database or another name.
func runSQL(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("chessclub sql", flag.ContinueOnError)
	fs.SetOutput(stderr)
	database := fs.String("database", chessclub.DefaultDatabase, "database to create")
	fs.Usage = func() {
		fmt.Fprint(stderr, "Usage: chessclub sql [-database NAME]\n\nPrints chess.sql, the MySQL/MariaDB script that creates the club's database with its tables\nand the sample tournaments.\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	return chessclub.WriteScript(stdout, *database)
}

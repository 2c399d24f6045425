package chessclub

import (
	"embed"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"campus.example/apps/internal/chessclub/audit"
	"campus.example/apps/internal/chessclub/auth"
	"campus.example/apps/internal/chessclub/members"
	"campus.example/apps/internal/chessclub/photos"
	"campus.example/apps/internal/chessclub/play"
	"campus.example/apps/internal/chessclub/play/web"
)

//go:embed placeholder
var placeholder embed.FS

// PlaceholderUI is a one-page stand-in for the client app, served until the real build is
// passed as Config.UI.
var PlaceholderUI fs.FS = mustSub(placeholder, "placeholder")

func mustSub(fsys fs.FS, dir string) fs.FS {
	sub, err := fs.Sub(fsys, dir)
	if err != nil {
		panic(err)
	}
	return sub
}

// DefaultCORSOrigins are the origins of the native app's web views: capacitor://localhost
// (Capacitor on iOS), ionic://localhost (older Ionic iOS builds), http://localhost (Android
// web views with androidScheme set to "http", the default of older Capacitor versions), and
// https://localhost, the origin of Capacitor 8's Android web view, whose androidScheme
// defaults to https: without it the Android app could not call the API at all.
var DefaultCORSOrigins = []string{"capacitor://localhost", "ionic://localhost", "http://localhost", "https://localhost"}

// Config holds the service's settings. Zero values take the documented defaults; negative
// durations and limits are refused by NewServer.
type Config struct {
	// Photos holds the settings of member photos (package photos): where the files go
	// (Photos.Dir or Photos.Bucket, exactly one of them required) and the limits of an
	// upload.
	Photos photos.Config
	// Auth holds the settings of logins (package auth): how long they last, the cost of a
	// password hash, the throttle of failed logins and the trusted proxies.
	Auth auth.Config
	// Play holds the settings of tournament play: live streams and events (package play;
	// zero values take its defaults). Set Play.Live.Done to end the live streams when the
	// server shuts down.
	Play play.Config
	// UI is the client app's built files (index.html at its root, hashed files under
	// assets/), served at "/". Nil serves PlaceholderUI.
	UI fs.FS
	// CORSOrigins may call the API from a browser; "*" allows any origin. Nil means
	// DefaultCORSOrigins; an empty non-nil slice allows none.
	CORSOrigins []string
	// Metrics gets the service's own metrics (logins, throttled requests, photo uploads,
	// queue waits, live streams; see metrics.go). Nil keeps them nowhere.
	Metrics prometheus.Registerer
}

// NewServer returns the Chess Club's HTTP handler: the API under /api, /healthz, /readyz,
// /openapi.json, and cfg.UI everywhere else. The store must be migrated. It creates the
// photo directory (or checks that the bucket answers), removes the temporary files that
// crashed uploads left, starts a sweep of orphaned photo files in the background, and
// computes one password hash (for the dummy check), so it takes a moment at the production
// cost.
func NewServer(log *slog.Logger, store *Store, cfg Config) (http.Handler, error) {
	if l := cfg.Play.Live; l.MaxStreams < 0 || l.MaxStreamsPerClient < 0 || l.EventRetention < 0 {
		return nil, fmt.Errorf("chessclub: Config.Play.Live.MaxStreams (%d), MaxStreamsPerClient (%d) and EventRetention (%v) may not be negative",
			l.MaxStreams, l.MaxStreamsPerClient, l.EventRetention)
	}
	if cfg.Play.Live.Client == nil {
		// One client to the streams' limit is one client to the login throttle: the same
		// address, read through the same trusted proxies.
		cfg.Play.Live.Client = auth.ClientSubject(cfg.Auth.TrustedProxies)
	}
	if cfg.UI == nil {
		cfg.UI = PlaceholderUI
	}
	if cfg.CORSOrigins == nil {
		cfg.CORSOrigins = DefaultCORSOrigins
	}
	// The store's clock is read at each call: tests set Store.Now after NewServer too.
	now := func() time.Time { return store.Now() }
	people := members.NewStore(store.db, now)
	logins, err := auth.New(store.db, now, log, people, cfg.Auth)
	if err != nil {
		return nil, err
	}
	pictures, err := photos.New(store.db, now, log, cfg.Photos)
	if err != nil {
		return nil, err
	}
	h := &handlers{
		log:     log,
		store:   store,
		auth:    logins,
		members: members.NewService(people),
		photos:  pictures,
		play:    web.New(play.New(store.db, now, log, cfg.Play)),
		trail:   audit.NewStore(store.db),
	}
	if cfg.Metrics == nil {
		cfg.Metrics = prometheus.NewRegistry()
	}
	if h.metrics, err = newClubMetrics(cfg.Metrics, h.play); err != nil {
		return nil, fmt.Errorf("chessclub metrics: %w", err)
	}
	logins.ObserveHashWaits(observeWait(h.metrics.hashWait))
	pictures.ObserveDecodeWaits(observeWait(h.metrics.decodeWait))
	if h.once, err = newOnceGuards(h, store); err != nil {
		return nil, err
	}
	return h.routes(cfg.UI, cfg.CORSOrigins), nil
}

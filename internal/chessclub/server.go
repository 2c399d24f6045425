package chessclub

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"net/netip"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"campus.example/apps/internal/chessclub/play"
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
	// FiguresDir is the directory of photo files; it is created when missing. Exactly one
	// of FiguresDir and FiguresBucket is required.
	FiguresDir string
	// FiguresBucket keeps the photo files in an S3-compatible bucket instead, as
	// s3://bucket/prefix?endpoint=URL&region=REGION (see ParseBucketURL), reached with
	// BucketKeys. Replicas of the server share it.
	FiguresBucket string
	// BucketKeys are FiguresBucket's credentials.
	BucketKeys BucketKeys
	// BucketRegion is the region when FiguresBucket names none (AWS_REGION); empty means
	// us-east-1.
	BucketRegion string
	// StagingDir holds uploads in progress when photos go to FiguresBucket: they are decoded
	// and encoded in temporary files there before they are sent. The default is
	// chessclub-uploads in the system's temporary directory. With FiguresDir, uploads are
	// staged in FiguresDir itself and StagingDir is not used.
	StagingDir string
	// UI is the client app's built files (index.html at its root, hashed files under
	// assets/), served at "/". Nil serves PlaceholderUI.
	UI fs.FS
	// CORSOrigins may call the API from a browser; "*" allows any origin. Nil means
	// DefaultCORSOrigins; an empty non-nil slice allows none.
	CORSOrigins []string
	// TokenTTL is how long a login lasts (DefaultTokenTTL).
	TokenTTL time.Duration
	// MaxPhotoBytes limits uploaded photos (DefaultMaxPhotoBytes).
	MaxPhotoBytes int64
	// MaxPixels limits photo dimensions (DefaultMaxPixels).
	MaxPixels int64
	// PhotoMemory is the memory that all photo decodes running at once may take
	// (DefaultPhotoMemory; see decodeCost and photoBudget). A photo that would need more
	// is refused; one that needs more than is free now waits.
	PhotoMemory int64
	// Password sets the cost of new password hashes (DefaultPasswordParams). Tests lower it.
	Password PasswordParams
	// HashConcurrency bounds the password hashes that run at once (GOMAXPROCS).
	HashConcurrency int
	// Throttle limits failed logins and registrations; zero fields take DefaultThrottle's.
	Throttle ThrottleConfig
	// DeviceTokenTTL is how long a device token from a login lets its client past the
	// throttle's username limit (DefaultDeviceTokenTTL).
	DeviceTokenTTL time.Duration
	// Play holds the settings of tournament play: live streams and events (package play;
	// zero values take its defaults). Set Play.Done to end the live streams when the
	// server shuts down.
	Play play.Config
	// TrustedProxies are the reverse proxies in front of the server (see
	// ParseTrustedProxies). When a request comes from one of them, the login throttle takes
	// the client's address from X-Forwarded-For; otherwise the header is ignored. Empty
	// trusts no one: right for a server that clients reach directly.
	TrustedProxies []netip.Prefix
	// Metrics gets the service's own metrics (logins, throttled requests, photo uploads,
	// queue waits, live streams; see metrics.go). Nil keeps them nowhere.
	Metrics prometheus.Registerer
}

func (c *Config) setDefaults() error {
	if c.FiguresDir == "" && c.FiguresBucket == "" {
		return errors.New("chessclub: Config.FiguresDir is required (or FiguresBucket)")
	}
	if c.FiguresDir != "" && c.FiguresBucket != "" {
		return errors.New("chessclub: Config.FiguresDir and FiguresBucket may not both be set")
	}
	if c.StagingDir == "" {
		c.StagingDir = filepath.Join(os.TempDir(), "chessclub-uploads")
	}
	if c.TokenTTL < 0 || c.MaxPhotoBytes < 0 || c.MaxPixels < 0 || c.PhotoMemory < 0 || c.DeviceTokenTTL < 0 ||
		c.Play.MaxStreams < 0 || c.Play.EventRetention < 0 {
		return fmt.Errorf("chessclub: Config.TokenTTL (%v), MaxPhotoBytes (%d), MaxPixels (%d), PhotoMemory (%d), DeviceTokenTTL (%v), Play.MaxStreams (%d) and Play.EventRetention (%v) may not be negative",
			c.TokenTTL, c.MaxPhotoBytes, c.MaxPixels, c.PhotoMemory, c.DeviceTokenTTL, c.Play.MaxStreams, c.Play.EventRetention)
	}
	if c.UI == nil {
		c.UI = PlaceholderUI
	}
	if c.CORSOrigins == nil {
		c.CORSOrigins = DefaultCORSOrigins
	}
	if c.TokenTTL <= 0 {
		c.TokenTTL = DefaultTokenTTL
	}
	if c.MaxPhotoBytes <= 0 {
		c.MaxPhotoBytes = DefaultMaxPhotoBytes
	}
	if c.MaxPixels <= 0 {
		c.MaxPixels = DefaultMaxPixels
	}
	if c.PhotoMemory <= 0 {
		c.PhotoMemory = DefaultPhotoMemory
	}
	if c.Password == (PasswordParams{}) {
		c.Password = DefaultPasswordParams
	}
	if c.HashConcurrency <= 0 {
		c.HashConcurrency = runtime.GOMAXPROCS(0)
	}
	c.Throttle = c.Throttle.withDefaults()
	if c.DeviceTokenTTL == 0 {
		c.DeviceTokenTTL = DefaultDeviceTokenTTL
	}
	return nil
}

// NewServer returns the Chess Club's HTTP handler: the API under /api, /healthz, /readyz,
// /openapi.json, and cfg.UI everywhere else. The store must be migrated. It creates the
// photo directory (or checks that the bucket answers), removes the temporary files that
// crashed uploads left, starts a sweep of orphaned photo files in the background, and
// computes one password hash (for the dummy check), so it takes a moment at the production
// cost.
func NewServer(log *slog.Logger, store *Store, cfg Config) (http.Handler, error) {
	if err := cfg.setDefaults(); err != nil {
		return nil, err
	}
	files, err := openPhotoStore(cfg, log)
	if err != nil {
		return nil, err
	}
	sweepTemp(files.stagingDir(), log)
	hasher, err := NewHasher(cfg.Password, cfg.HashConcurrency)
	if err != nil {
		return nil, err
	}
	h := &handlers{
		log:      log,
		store:    store,
		hasher:   hasher,
		throttle: newThrottle(cfg.Throttle, store, log),
		devices:  newDeviceTokens(store, cfg.DeviceTokenTTL),
		proxies:  cfg.TrustedProxies,
		tokenTTL: cfg.TokenTTL,
		photos:   newPhotos(files, cfg.MaxPhotoBytes, cfg.MaxPixels, cfg.PhotoMemory, store, log),
		// The store's clock is read at each call: tests set Store.Now after NewServer too.
		play: play.New(store.db, func() time.Time { return store.Now() }, log, cfg.Play),
	}
	if cfg.Metrics == nil {
		cfg.Metrics = prometheus.NewRegistry()
	}
	if h.metrics, err = newClubMetrics(cfg.Metrics, h.play.OpenStreams); err != nil {
		return nil, fmt.Errorf("chessclub metrics: %w", err)
	}
	hasher.waited = observeWait(h.metrics.hashWait)
	h.photos.budget.waited = observeWait(h.metrics.decodeWait)
	if h.once, err = newOnceGuards(h, store); err != nil {
		return nil, err
	}
	h.photos.maybeSweep()
	return h.routes(cfg.UI, cfg.CORSOrigins), nil
}

// openPhotoStore opens the directory or the bucket that cfg names.
func openPhotoStore(cfg Config, log *slog.Logger) (photoStore, error) {
	if cfg.FiguresDir != "" {
		return newDirStore(cfg.FiguresDir, log)
	}
	loc, err := ParseBucketURL(cfg.FiguresBucket, cfg.BucketRegion)
	if err != nil {
		return nil, err
	}
	return openBucketStore(context.Background(), loc, cfg.BucketKeys, cfg.StagingDir)
}

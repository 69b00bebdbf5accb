// Command bizprofile serves the BizProfile business directory: every page as
// HTML rendered on the server, on SQLite by default or PostgreSQL.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/stripe/stripe-go/v85"

	"bizprofile/ai"
	"bizprofile/analytics"
	"bizprofile/backup"
	"bizprofile/domain"
	"bizprofile/handlers"
	seedpkg "bizprofile/internal/seed"
	"bizprofile/jobs"
	bizmail "bizprofile/mail"
	"bizprofile/payments"
	"bizprofile/ratelimit"
	"bizprofile/status"
	"bizprofile/storage"
	"bizprofile/store"
	"bizprofile/views"
	"bizprofile/workers"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var err error
	switch {
	case len(os.Args) > 1 && os.Args[1] == "seed":
		err = seed(ctx, os.Args[2:], os.Getenv, os.Stdout)
	case len(os.Args) > 1 && os.Args[1] == "admin":
		err = admin(ctx, os.Args[2:], os.Getenv, os.Stdout)
	case len(os.Args) > 1 && os.Args[1] == "backup":
		err = backupCommand(ctx, os.Args[2:], os.Getenv, os.Stdout)
	case len(os.Args) > 1 && os.Args[1] == "restore":
		err = restoreCommand(ctx, os.Args[2:], os.Getenv, os.Stdout)
	case len(os.Args) > 1 && os.Args[1] == "healthcheck":
		err = healthcheck(ctx, os.Args[2:], os.Getenv, os.Stdout)
	default:
		err = run(ctx, os.Getenv, os.Stdout)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "bizprofile:", err)
		os.Exit(1)
	}
}

// shutdownGrace is how long in-flight requests may take to finish once a
// shutdown signal arrives.
const shutdownGrace = 10 * time.Second

// mapMaxZoom is the closest zoom the maps offer: OpenStreetMap's tile
// servers (and most others) draw up to 19.
const mapMaxZoom = 19

// run wires the app together and serves until ctx ends.
func run(ctx context.Context, getenv func(string) string, stdout io.Writer) error {
	cfg, err := loadConfig(getenv)
	if err != nil {
		return fmt.Errorf("configuration:\n%w", err)
	}
	log := newLogger(cfg, stdout)

	db, err := store.Open(ctx, cfg.DatabaseURL, filepath.Join(cfg.DataDir, "bizprofile.db"), log)
	if err != nil {
		return err
	}
	defer db.Close()
	log.Info("database ready", "dialect", db.Dialect())
	warnWithoutAdministrator(ctx, cfg, db, log)

	// Listing images: a folder under DATA_DIR, or the bucket STORAGE_URL
	// names (asked once here, so a wrong key shows in the log at start).
	media, err := storage.Open(cfg.StorageURL, cfg.DataDir, getenv)
	if err != nil {
		return err
	}
	if s3, ok := media.(*storage.S3); ok {
		if err := s3.Check(ctx); err != nil {
			log.Error("image storage is not reachable: uploads will fail until it is", slog.Any("error", err))
		} else {
			log.Info("image storage ready", "bucket", s3.Bucket(), "origin", s3.Origin())
		}
	}

	sessions := handlers.NewSessionManager(db.Sessions(), cfg.Production(), cfg.SessionLifetime, cfg.SessionIdleTimeout)
	mailer, err := bizmail.New(cfg.SMTPURL, cfg.MailFrom, log)
	if err != nil {
		return err
	}
	if cfg.SMTPURL == "" {
		log.Warn("SMTP_URL is not set: emails are written to this log instead of being sent")
	}
	// The directory's search index is kept in a snapshot file between
	// runs: read back at start (a million listings in about a second),
	// written after a build and as the process stops.
	if err := os.MkdirAll(cfg.DataDir, 0o750); err != nil {
		return fmt.Errorf("data folder: %w", err)
	}
	db.KeepSearchSnapshot(filepath.Join(cfg.DataDir, "search-index.snapshot"), log)
	defer func() {
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
		defer cancel()
		start := time.Now()
		if err := db.SaveSearchSnapshot(ctx); err != nil {
			log.Warn("search index snapshot not written: the next start builds the index", slog.Any("error", err))
			return
		}
		log.Info("search index snapshot written", "took", time.Since(start).Round(time.Millisecond))
	}()
	go func() {
		// The first directory search would otherwise wait for the index.
		start := time.Now()
		if err := db.WarmDirectory(ctx); err != nil {
			log.Warn("directory index not built ahead of the first search", slog.Any("error", err))
			return
		}
		log.Info("directory index ready", "took", time.Since(start).Round(time.Millisecond), "listings", db.DirectoryStats().Listings)
		keepMemoryLimit(ctx, db, log)
	}()

	// The owners' analytics count in memory and write every few seconds;
	// the counter stops after the server, so the last requests' counts are
	// in its final write.
	counter := analytics.New(db, log, analytics.Options{Every: cfg.AnalyticsFlush})
	countCtx, stopCounting := context.WithCancel(context.WithoutCancel(ctx))
	counted := make(chan struct{})
	go func() { counter.Run(countCtx); close(counted) }()
	defer func() { stopCounting(); <-counted }()

	insights := insightProvider(cfg, log)
	backups, err := backupSettings(cfg, media)
	if err != nil {
		return err
	}
	// The product's rules, which the pages, the API and the workers apply.
	rules := domain.New(domain.Deps{
		Log: log, Store: db, Production: cfg.Production(), AdminEmails: cfg.AdminEmails, Media: media, Insights: insights,
		Site:    bizmail.Site{Name: cfg.SiteName, BaseURL: cfg.BaseURL.String(), SupportEmail: cfg.SupportEmail},
		Backups: backups,
	})
	stripeAPI := stripeClient(cfg, log)
	// The status page's checks of the app's parts; they are recorded every
	// STATUS_CHECK_INTERVAL for its uptime (below).
	checker := workers.StatusChecker(db, stripeAPI, status.AIServer{BaseURL: cfg.AIBaseURL, APIKey: cfg.AIAPIKey}, log)
	h := handlers.New(handlers.Deps{
		Log:      log,
		Store:    db,
		Domain:   rules,
		Sessions: sessions,
		Site: views.Site{
			Name:         cfg.SiteName,
			BaseURL:      cfg.BaseURL.String(),
			SupportEmail: cfg.SupportEmail,
			SupportPhone: cfg.SupportPhone,
			MapTiles:     views.MapTiles{URL: cfg.MapTilesURL, Attribution: cfg.MapTilesAttribution, MaxZoom: mapMaxZoom},
		},
		Production:  cfg.Production(),
		Media:       media,
		RateLimits:  ratelimit.Defaults.Times(cfg.RateLimitMultiplier),
		AdminEmails: cfg.AdminEmails,
		Analytics:   counter,

		TrustedProxies: cfg.TrustedProxies,
		MetricsToken:   cfg.MetricsToken,

		Status: checker,

		Stripe:              stripeAPI,
		StripeWebhookSecret: cfg.StripeWebhookSecret,
	})

	// Background work: every email goes through the queue in the
	// database, enqueued with the record that causes it, and so does the
	// work of the account forms that must take the same time for every
	// address. The housekeeping prunes what has expired.
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	work := workers.Deps{Domain: rules, Store: db, Mailer: mailer, Log: log, Production: cfg.Production(), Stripe: stripeAPI}
	queue := jobs.New(db, log, jobs.Options{})
	workers.Register(queue, work)
	db.OnEnqueue(queue.Wake)
	go workers.Housekeeping(ctx, work)
	// The monthly analytics summaries: each run leaves the next, and the
	// first is left here (a failure is tried again at the next start).
	if err := rules.Analytics.ScheduleSummaries(ctx); err != nil {
		log.Error("analytics summaries not scheduled", slog.Any("error", err))
	}
	// The partners' monthly payouts, the same way.
	if err := rules.Partners.SchedulePayouts(ctx); err != nil {
		log.Error("partner payouts not scheduled", slog.Any("error", err))
	}
	// The agencies' monthly client reports (white label), the same way.
	if err := rules.Agencies.ScheduleReports(ctx); err != nil {
		log.Error("agency reports not scheduled", slog.Any("error", err))
	}
	// The backups, every BACKUP_INTERVAL, the same way.
	if err := rules.Backups.Schedule(ctx); err != nil {
		log.Error("backups not scheduled", slog.Any("error", err))
	}
	if _, err := exec.LookPath("pg_dump"); err != nil && cfg.DatabaseURL != "" && cfg.BackupInterval > 0 {
		log.Warn("the scheduled backups will fail on this machine: "+backup.ErrNoPgDump.Error()+"; or set BACKUP_INTERVAL=off and back up from a machine that has it",
			"interval", cfg.BackupInterval)
	}
	queueDone := make(chan struct{})
	go func() { queue.Run(ctx); close(queueDone) }()
	defer func() { cancel(); <-queueDone }()
	// The status page's checks of the app's parts, recorded every
	// STATUS_CHECK_INTERVAL for its uptime; they stop on shutdown.
	statusDone := make(chan struct{})
	go func() { workers.RecordStatus(ctx, checker, db, cfg.StatusCheckInterval); close(statusDone) }()
	defer func() { cancel(); <-statusDone }()

	srv := &http.Server{
		Addr:              fmt.Sprintf(":%d", cfg.Port),
		Handler:           h.Routes(),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
		// Requests carry the app's values but not its cancellation: at
		// SIGTERM the requests in flight finish (Shutdown waits up to
		// shutdownGrace for them) instead of having their queries
		// cancelled, which a load balancer's next instance cannot undo.
		BaseContext: func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
	}
	if cfg.MetricsAddr != "" {
		// The metrics address serves the runtime's profiles too
		// (/debug/pprof/): only the monitoring reaches it.
		mux := http.NewServeMux()
		mux.Handle("/metrics", h.MetricsHandler())
		mux.HandleFunc("/debug/pprof/", pprof.Index)
		mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
		mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
		msrv := &http.Server{Addr: cfg.MetricsAddr, Handler: mux, ReadHeaderTimeout: 5 * time.Second}
		go func() {
			log.Info("metrics listening", "addr", cfg.MetricsAddr)
			if err := msrv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
				log.Error("metrics listener stopped", slog.Any("error", err))
			}
		}()
		defer msrv.Close()
	} else if cfg.MetricsToken == "" {
		log.Info("/metrics is off: set METRICS_TOKEN or METRICS_ADDR to expose it")
	}
	return serve(ctx, srv, log, shutdownGrace)
}

// serve runs srv until ctx ends, then stops accepting connections and gives
// in-flight requests up to grace to finish; those that outlast it are cut
// off.
func serve(ctx context.Context, srv *http.Server, log *slog.Logger, grace time.Duration) error {
	errc := make(chan error, 1)
	go func() {
		log.Info("listening", "addr", srv.Addr)
		errc <- srv.ListenAndServe()
	}()
	select {
	case err := <-errc:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	log.Info("shutting down", "grace", grace)
	shutdownCtx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		// Requests still running after the grace are cut off; the
		// stop goes on (the jobs handed back, the counts and the
		// index's snapshot written), and is not a failure to report.
		log.Warn("requests still running after the grace were cut off", "grace", grace, slog.Any("error", err))
		_ = srv.Close()
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	log.Info("stopped")
	return nil
}

func newLogger(cfg config, w io.Writer) *slog.Logger {
	var level slog.Level
	_ = level.UnmarshalText([]byte(cfg.LogLevel))
	opts := &slog.HandlerOptions{Level: level}
	if cfg.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

// seed loads the sample listings into the database (only those missing, so
// it can run before every start) with their logos and photos, and, with --synthetic N, N generated
// listings for benchmarks and load tests (internal/seed).
func seed(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	fs := flag.NewFlagSet("seed", flag.ContinueOnError)
	synthetic := fs.Int("synthetic", 0, "also add this many generated listings")
	if err := fs.Parse(args); err != nil {
		return err
	}
	cfg, err := loadConfig(getenv)
	if err != nil {
		return fmt.Errorf("configuration:\n%w", err)
	}
	log := newLogger(cfg, stdout)
	db, err := store.Open(ctx, cfg.DatabaseURL, filepath.Join(cfg.DataDir, "bizprofile.db"), log)
	if err != nil {
		return err
	}
	defer db.Close()
	// The samples' logos and photos go where the app keeps images
	// (STORAGE_URL, or DATA_DIR/media).
	media, err := storage.Open(cfg.StorageURL, cfg.DataDir, getenv)
	if err != nil {
		return err
	}
	return seedpkg.Run(ctx, db, media, *synthetic, log)
}

// admin grants or revokes administration: `admin grant EMAIL` lets the
// account of EMAIL use /admin (besides those ADMIN_EMAILS names), `admin
// revoke EMAIL` undoes it.
func admin(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	if len(args) != 2 || (args[0] != "grant" && args[0] != "revoke") {
		return errors.New("usage: bizprofile admin grant|revoke EMAIL")
	}
	cfg, err := loadConfig(getenv)
	if err != nil {
		return fmt.Errorf("configuration:\n%w", err)
	}
	log := newLogger(cfg, io.Discard)
	db, err := store.Open(ctx, cfg.DatabaseURL, filepath.Join(cfg.DataDir, "bizprofile.db"), log)
	if err != nil {
		return err
	}
	defer db.Close()
	err = db.SetAdmin(ctx, args[1], args[0] == "grant")
	if errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("no account uses %s: sign up first, then grant", args[1])
	}
	if err != nil {
		return err
	}
	if args[0] == "grant" {
		fmt.Fprintf(stdout, "%s is now an administrator: /admin is open to them.\n", args[1])
	} else {
		fmt.Fprintf(stdout, "%s is no longer an administrator (unless ADMIN_EMAILS names them).\n", args[1])
	}
	return nil
}

// insightProvider is the configured OpenAI-compatible endpoint, or the
// built-in analyser when none is.
func insightProvider(cfg config, log *slog.Logger) ai.Provider {
	if cfg.AIBaseURL == "" {
		log.Info("AI insights by the built-in analyser (AI_BASE_URL not set)")
		return ai.Analyser{}
	}
	log.Info("AI insights by an OpenAI-compatible endpoint", "base_url", cfg.AIBaseURL, "model", cfg.AIModel)
	return ai.NewOpenAI(cfg.AIBaseURL, cfg.AIAPIKey, cfg.AIModel, ai.WithTimeout(25*time.Second), ai.WithRetries(2))
}

// stripeClient is the Stripe API client, or nil when no key is set (paid
// plans then fail with the spec's payment toast and a log line saying why).
func stripeClient(cfg config, log *slog.Logger) *stripe.Client {
	if cfg.StripeSecretKey == "" {
		log.Warn("STRIPE_SECRET_KEY is not set: payments are not configured, paid plans cannot be chosen")
		return nil
	}
	if cfg.StripeWebhookSecret == "" {
		log.Warn("STRIPE_WEBHOOK_SECRET is not set: Stripe's webhooks are refused, so subscriptions will not be recorded")
	}
	if cfg.StripeAPIBase != "" {
		log.Info("Stripe API at a custom address", "api_base", cfg.StripeAPIBase)
	}
	return payments.NewClient(cfg.StripeSecretKey, cfg.StripeAPIBase)
}

// warnWithoutAdministrator says at start-up how to make the first
// administrator while there is none (no ADMIN_EMAILS, nobody granted):
// until then nobody can approve claims or verifications or read the
// contact messages.
func warnWithoutAdministrator(ctx context.Context, cfg config, db *store.Store, log *slog.Logger) {
	if len(cfg.AdminEmails) > 0 {
		return
	}
	exist, err := db.AdministratorsExist(ctx)
	if err != nil {
		log.Warn("administrators not counted", slog.Any("error", err))
		return
	}
	if !exist {
		log.Warn(handlers.FirstAdminHint)
	}
}

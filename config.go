package main

import (
	"errors"
	"fmt"
	"net"
	"net/mail"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"time"

	bizmail "bizprofile/mail"
	"bizprofile/storage"
)

// config is everything the app reads from its environment, parsed and
// validated once at start-up so that a bad value stops the process at once
// with a message naming the variable, instead of failing later mid-request.
type config struct {
	Port         int
	BaseURL      *url.URL
	Env          string // development | production
	DatabaseURL  string // empty: SQLite file DataDir/bizprofile.db
	DataDir      string
	SiteName     string
	SupportEmail string
	SupportPhone string
	LogFormat    string // text | json
	LogLevel     string // debug | info | warn | error

	SMTPURL  string // empty: emails are written to the log
	MailFrom string

	// StorageURL is where listing images are kept: empty for a folder
	// under DataDir (served by the app at /media/), or an S3-compatible
	// bucket, "s3://bucket?endpoint=…&region=…" (storage.Open).
	StorageURL string

	RateLimitMultiplier int // multiplies every rate limit; 1 = the defaults
	// TrustedProxies are the load balancers whose X-Forwarded-For names
	// the visitor (for rate limits); none: the peer is the visitor.
	TrustedProxies []netip.Prefix

	AIBaseURL, AIAPIKey, AIModel string // all empty: the built-in analyser

	StripeSecretKey     string // empty: payments are not configured
	StripeWebhookSecret string // empty: Stripe's webhooks are refused
	StripeAPIBase       string // empty: api.stripe.com; stripe-mock in tests

	AdminEmails []string // accounts that may use /admin (besides those granted by command)

	SessionLifetime    time.Duration // absolute: a session ends this long after sign-in
	SessionIdleTimeout time.Duration // a session ends after this long without a request
	// AnalyticsFlush is how often the analytics counts kept in memory
	// are written to the database.
	AnalyticsFlush time.Duration
	// StatusCheckInterval is how often the app checks its parts for
	// /status and records the result (each minute counts once).
	StatusCheckInterval time.Duration
	// BackupInterval is how often the database is backed up (0: never,
	// BACKUP_INTERVAL=off); BackupKeep is how many backups are kept.
	BackupInterval time.Duration
	BackupKeep     int

	// MetricsToken opens /metrics to requests that bring it as a bearer
	// token; MetricsAddr serves /metrics on a listen address of its own
	// (such as 127.0.0.1:9090). Neither: /metrics is not served.
	MetricsToken, MetricsAddr string

	// MapTilesURL is the template of the map tiles' addresses ({z}, {x},
	// {y}); browsers fetch them, so the Content-Security-Policy allows
	// its origin. MapTilesAttribution is the HTML credit every map shows.
	MapTilesURL, MapTilesAttribution string
}

// Production reports whether production-only protections (Secure cookies,
// HSTS) are on.
func (c config) Production() bool { return c.Env == "production" }

// loadConfig reads the environment through getenv, applying defaults. All
// problems are reported together so one restart fixes them all.
func loadConfig(getenv func(string) string) (config, error) {
	var errs []error
	get := func(name, def string) string {
		if v := strings.TrimSpace(getenv(name)); v != "" {
			return v
		}
		return def
	}
	bad := func(name, value, want string) {
		errs = append(errs, fmt.Errorf("%s: %s, got %q", name, want, value))
	}

	c := config{
		Env:          get("APP_ENV", "development"),
		DatabaseURL:  get("DATABASE_URL", ""),
		DataDir:      get("DATA_DIR", "data"),
		SiteName:     get("SITE_NAME", "BizProfile"),
		SupportEmail: get("SUPPORT_EMAIL", "support@bizprofile.com"),
		SupportPhone: get("SUPPORT_PHONE", "1-800-555-0199"),
		LogFormat:    get("LOG_FORMAT", "text"),
		LogLevel:     get("LOG_LEVEL", "info"),
		SMTPURL:      get("SMTP_URL", ""),
	}
	c.MailFrom = get("MAIL_FROM", c.SiteName+" <no-reply@"+domainOf(c.SupportEmail)+">")
	c.StorageURL = get("STORAGE_URL", "")
	if c.StorageURL != "" {
		if _, err := storage.ParseS3URL(c.StorageURL, getenv); err != nil {
			errs = append(errs, fmt.Errorf("STORAGE_URL: %w", err))
		}
	}

	c.MapTilesURL = get("MAP_TILES_URL", "https://tile.openstreetmap.org/{z}/{x}/{y}.png")
	c.MapTilesAttribution = get("MAP_TILES_ATTRIBUTION", `&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors`)
	if !validTilesURL(c.MapTilesURL) {
		bad("MAP_TILES_URL", c.MapTilesURL, "must be an absolute http(s) URL with {z}, {x} and {y} in its path, such as https://tile.openstreetmap.org/{z}/{x}/{y}.png")
	}

	port := get("PORT", "8080")
	if p, err := strconv.Atoi(port); err != nil || p < 1 || p > 65535 {
		bad("PORT", port, "must be a port number from 1 to 65535")
	} else {
		c.Port = p
	}

	base := strings.TrimRight(get("BASE_URL", fmt.Sprintf("http://localhost:%s", port)), "/")
	if u, err := url.Parse(base); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		bad("BASE_URL", base, "must be an absolute http(s) URL such as https://bizprofile.com")
	} else {
		c.BaseURL = u
	}

	switch c.Env {
	case "development", "production":
	default:
		bad("APP_ENV", c.Env, "must be development or production")
	}
	if c.DatabaseURL != "" && !strings.HasPrefix(c.DatabaseURL, "postgres://") && !strings.HasPrefix(c.DatabaseURL, "postgresql://") {
		errs = append(errs, errors.New("DATABASE_URL: must be empty (SQLite) or a postgres:// URL")) // may hold a password: not echoed
	}
	if _, err := mail.ParseAddress(c.SupportEmail); err != nil {
		bad("SUPPORT_EMAIL", c.SupportEmail, "must be an email address")
	}
	switch c.LogFormat {
	case "text", "json":
	default:
		bad("LOG_FORMAT", c.LogFormat, "must be text or json")
	}
	switch c.LogLevel {
	case "debug", "info", "warn", "error":
	default:
		bad("LOG_LEVEL", c.LogLevel, "must be debug, info, warn or error")
	}
	if err := bizmail.ValidateURL(c.SMTPURL); err != nil {
		errs = append(errs, fmt.Errorf("SMTP_URL: %v", err)) // the value may hold a password: not echoed
	}
	if _, err := mail.ParseAddress(c.MailFrom); err != nil {
		bad("MAIL_FROM", c.MailFrom, "must be an address such as BizProfile <no-reply@bizprofile.com>")
	}
	duration := func(name, def string, min time.Duration) time.Duration {
		v := get(name, def)
		d, err := time.ParseDuration(v)
		if err != nil || d < min {
			bad(name, v, "must be a duration of at least "+min.String()+", such as 72h or 30m")
		}
		return d
	}
	c.AIBaseURL, c.AIAPIKey, c.AIModel = get("AI_BASE_URL", ""), get("AI_API_KEY", ""), get("AI_MODEL", "")
	if c.AIBaseURL != "" || c.AIModel != "" || c.AIAPIKey != "" {
		if u, err := url.Parse(c.AIBaseURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			errs = append(errs, errors.New("AI_BASE_URL: must be an http(s) URL such as https://api.openai.com/v1 when AI_MODEL or AI_API_KEY is set"))
		}
		if c.AIModel == "" {
			errs = append(errs, errors.New("AI_MODEL: must name the model when AI_BASE_URL is set, such as gpt-4o-mini"))
		}
	}
	// Secrets are checked by their shape only and never echoed.
	c.StripeSecretKey = get("STRIPE_SECRET_KEY", "")
	if c.StripeSecretKey != "" && !strings.HasPrefix(c.StripeSecretKey, "sk_") && !strings.HasPrefix(c.StripeSecretKey, "rk_") {
		errs = append(errs, errors.New("STRIPE_SECRET_KEY: must be a Stripe secret or restricted key (sk_… or rk_…)"))
	}
	c.StripeWebhookSecret = get("STRIPE_WEBHOOK_SECRET", "")
	if c.StripeWebhookSecret != "" && !strings.HasPrefix(c.StripeWebhookSecret, "whsec_") {
		errs = append(errs, errors.New("STRIPE_WEBHOOK_SECRET: must be a webhook signing secret (whsec_…)"))
	}
	c.StripeAPIBase = strings.TrimRight(get("STRIPE_API_BASE", ""), "/")
	if c.StripeAPIBase != "" {
		if u, err := url.Parse(c.StripeAPIBase); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			bad("STRIPE_API_BASE", c.StripeAPIBase, "must be an http(s) URL such as http://localhost:12111 (stripe-mock)")
		}
	}
	mult := get("RATE_LIMIT_MULTIPLIER", "1")
	if n, err := strconv.Atoi(mult); err != nil || n < 1 || n > 1000 {
		bad("RATE_LIMIT_MULTIPLIER", mult, "must be a whole number from 1 to 1000")
	} else {
		c.RateLimitMultiplier = n
	}
	for _, p := range strings.Split(get("TRUSTED_PROXIES", ""), ",") {
		if p = strings.TrimSpace(p); p == "" {
			continue
		}
		prefix, err := netip.ParsePrefix(p)
		if ip, ipErr := netip.ParseAddr(p); ipErr == nil {
			prefix, err = ip.Unmap().Prefix(ip.Unmap().BitLen())
		}
		if err != nil {
			bad("TRUSTED_PROXIES", p, "must be a comma-separated list of IP addresses or CIDR ranges, such as 10.0.0.0/8")
			continue
		}
		c.TrustedProxies = append(c.TrustedProxies, prefix.Masked())
	}
	for _, e := range strings.Split(get("ADMIN_EMAILS", ""), ",") {
		if e = strings.TrimSpace(e); e == "" {
			continue
		}
		if a, err := mail.ParseAddress(e); err != nil || a.Address != e {
			bad("ADMIN_EMAILS", e, "must be a comma-separated list of email addresses")
			continue
		}
		c.AdminEmails = append(c.AdminEmails, strings.ToLower(e))
	}
	c.MetricsToken = get("METRICS_TOKEN", "")
	if c.MetricsToken != "" && len(c.MetricsToken) < 16 {
		errs = append(errs, errors.New("METRICS_TOKEN: must be at least 16 characters (a random secret)")) // a secret: not echoed
	}
	c.MetricsAddr = get("METRICS_ADDR", "")
	if c.MetricsAddr != "" {
		if _, port, err := net.SplitHostPort(c.MetricsAddr); err != nil || port == "" || port == strconv.Itoa(c.Port) {
			bad("METRICS_ADDR", c.MetricsAddr, "must be a listen address other than the app's, such as 127.0.0.1:9090")
		}
	}
	c.SessionLifetime = duration("SESSION_LIFETIME", "720h", time.Minute)
	c.SessionIdleTimeout = duration("SESSION_IDLE_TIMEOUT", "168h", time.Minute)
	c.AnalyticsFlush = duration("ANALYTICS_FLUSH_INTERVAL", "5s", 100*time.Millisecond)
	if c.AnalyticsFlush > time.Minute {
		bad("ANALYTICS_FLUSH_INTERVAL", c.AnalyticsFlush.String(), "must be at most 1m: the counts of a killed process since the last write are lost")
	}
	c.StatusCheckInterval = duration("STATUS_CHECK_INTERVAL", "1m", 10*time.Second)
	if c.StatusCheckInterval > time.Hour {
		bad("STATUS_CHECK_INTERVAL", c.StatusCheckInterval.String(), "must be at most 1h: uptime counts the minutes checked")
	}
	if v := get("BACKUP_INTERVAL", "24h"); v != "off" {
		c.BackupInterval = duration("BACKUP_INTERVAL", "24h", time.Minute)
	}
	keep := get("BACKUP_KEEP", "14")
	if n, err := strconv.Atoi(keep); err != nil || n < 1 || n > 1000 {
		bad("BACKUP_KEEP", keep, "must be a whole number from 1 to 1000: how many backups are kept")
	} else {
		c.BackupKeep = n
	}
	if c.Production() && c.BaseURL != nil && c.BaseURL.Scheme != "https" {
		bad("BASE_URL", base, "must use https when APP_ENV=production")
	}
	return c, errors.Join(errs...)
}

// validTilesURL reports whether u is a tile template the map can use and
// the Content-Security-Policy can name: http(s), a fixed host (no {s}
// subdomains) and {z}, {x} and {y} after it.
func validTilesURL(u string) bool {
	p, err := url.Parse(u)
	if err != nil || (p.Scheme != "http" && p.Scheme != "https") || p.Host == "" || strings.ContainsAny(p.Host, "{}") {
		return false
	}
	rest := strings.TrimPrefix(u, p.Scheme+"://"+p.Host)
	return strings.Contains(rest, "{z}") && strings.Contains(rest, "{x}") && strings.Contains(rest, "{y}")
}

// domainOf is the part of an address after the @.
func domainOf(addr string) string {
	if i := strings.LastIndexByte(addr, '@'); i >= 0 {
		return strings.Trim(addr[i+1:], "> ")
	}
	return "localhost"
}

package main

import (
	"strings"
	"testing"
	"time"
)

func env(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestConfigDefaults(t *testing.T) {
	c, err := loadConfig(env(nil))
	if err != nil {
		t.Fatalf("defaults rejected: %v", err)
	}
	if c.Port != 8080 || c.BaseURL.String() != "http://localhost:8080" || c.Env != "development" ||
		c.DatabaseURL != "" || c.SiteName != "BizProfile" || c.LogFormat != "text" || c.Production() {
		t.Fatalf("unexpected defaults: %+v", c)
	}
}

func TestConfigRejectsBadValuesNamingTheVariable(t *testing.T) {
	cases := []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"PORT": "http"}, "PORT"},
		{map[string]string{"PORT": "70000"}, "PORT"},
		{map[string]string{"BASE_URL": "localhost:8080"}, "BASE_URL"},
		{map[string]string{"APP_ENV": "staging"}, "APP_ENV"},
		{map[string]string{"DATABASE_URL": "mysql://x"}, "DATABASE_URL"},
		{map[string]string{"SUPPORT_EMAIL": "support"}, "SUPPORT_EMAIL"},
		{map[string]string{"LOG_FORMAT": "xml"}, "LOG_FORMAT"},
		{map[string]string{"LOG_LEVEL": "loud"}, "LOG_LEVEL"},
		{map[string]string{"APP_ENV": "production", "BASE_URL": "http://bizprofile.com"}, "BASE_URL"},
		{map[string]string{"SMTP_URL": "http://mail.example.com"}, "SMTP_URL"},
		{map[string]string{"MAIL_FROM": "not an address"}, "MAIL_FROM"},
		{map[string]string{"SESSION_LIFETIME": "forever"}, "SESSION_LIFETIME"},
		{map[string]string{"SESSION_IDLE_TIMEOUT": "1s"}, "SESSION_IDLE_TIMEOUT"},
		{map[string]string{"RATE_LIMIT_MULTIPLIER": "0"}, "RATE_LIMIT_MULTIPLIER"},
		{map[string]string{"AI_MODEL": "gpt-4o-mini"}, "AI_BASE_URL"},
		{map[string]string{"AI_BASE_URL": "https://api.example/v1"}, "AI_MODEL"},
		{map[string]string{"STRIPE_API_BASE": "localhost:12111"}, "STRIPE_API_BASE"},
		{map[string]string{"STRIPE_API_BASE": "ftp://stripe.example"}, "STRIPE_API_BASE"},
		{map[string]string{"STRIPE_SECRET_KEY": "pk_test_publishable"}, "STRIPE_SECRET_KEY"},
		{map[string]string{"STRIPE_WEBHOOK_SECRET": "not-a-signing-secret"}, "STRIPE_WEBHOOK_SECRET"},
		{map[string]string{"ADMIN_EMAILS": "ops@example.com, nope"}, "ADMIN_EMAILS"},
		{map[string]string{"ADMIN_EMAILS": "Ops <ops@example.com>"}, "ADMIN_EMAILS"},
		{map[string]string{"TRUSTED_PROXIES": "10.0.0.0/8, lb.internal"}, "TRUSTED_PROXIES"},
		{map[string]string{"TRUSTED_PROXIES": "10.0.0.0/33"}, "TRUSTED_PROXIES"},
		{map[string]string{"METRICS_TOKEN": "short"}, "METRICS_TOKEN"},
		{map[string]string{"METRICS_ADDR": "9090"}, "METRICS_ADDR"},
		{map[string]string{"METRICS_ADDR": ":8080"}, "METRICS_ADDR"}, // the app's own port
		{map[string]string{"BACKUP_INTERVAL": "daily"}, "BACKUP_INTERVAL"},
		{map[string]string{"BACKUP_INTERVAL": "30s"}, "BACKUP_INTERVAL"},
		{map[string]string{"BACKUP_KEEP": "0"}, "BACKUP_KEEP"},
		{map[string]string{"BACKUP_KEEP": "all"}, "BACKUP_KEEP"},
	}
	for _, tc := range cases {
		_, err := loadConfig(env(tc.env))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: error %v, want one naming %s", tc.env, err, tc.want)
		}
	}
}

func TestConfigReportsEveryProblemAtOnce(t *testing.T) {
	_, err := loadConfig(env(map[string]string{"PORT": "x", "LOG_FORMAT": "xml"}))
	if err == nil || !strings.Contains(err.Error(), "PORT") || !strings.Contains(err.Error(), "LOG_FORMAT") {
		t.Fatalf("error %v should name both PORT and LOG_FORMAT", err)
	}
}

func TestConfigProductionAndPostgres(t *testing.T) {
	c, err := loadConfig(env(map[string]string{
		"APP_ENV":      "production",
		"BASE_URL":     "https://bizprofile.example/",
		"DATABASE_URL": "postgres://u:p@db/bizprofile?sslmode=require",
		"PORT":         "9000",
	}))
	if err != nil {
		t.Fatal(err)
	}
	if !c.Production() || c.Port != 9000 || c.BaseURL.String() != "https://bizprofile.example" || c.DatabaseURL == "" {
		t.Fatalf("unexpected config: %+v", c)
	}
}

func TestConfigNeverEchoesSecrets(t *testing.T) {
	_, err := loadConfig(env(map[string]string{
		"SMTP_URL":              "ftp://user:hunter2@mail.example.com",
		"DATABASE_URL":          "mysql://user:hunter3@db",
		"STRIPE_SECRET_KEY":     "pk_live_hunter4",
		"STRIPE_WEBHOOK_SECRET": "hunter5",
		"METRICS_TOKEN":         "hunter6",
	}))
	if err == nil || strings.Contains(err.Error(), "hunter") {
		t.Fatalf("error %v must name the variables without their passwords", err)
	}
}

func TestConfigSessionAndMailDefaults(t *testing.T) {
	c, err := loadConfig(env(map[string]string{"SUPPORT_EMAIL": "help@shop.example"}))
	if err != nil {
		t.Fatal(err)
	}
	if c.MailFrom != "BizProfile <no-reply@shop.example>" || c.SessionLifetime.Hours() != 720 || c.SessionIdleTimeout.Hours() != 168 || c.RateLimitMultiplier != 1 {
		t.Fatalf("defaults: %+v", c)
	}
}

func TestConfigStripe(t *testing.T) {
	c, err := loadConfig(env(nil))
	if err != nil || c.StripeSecretKey != "" || c.StripeWebhookSecret != "" || c.StripeAPIBase != "" {
		t.Fatalf("payments must be off by default: %+v, %v", c, err)
	}
	c, err = loadConfig(env(map[string]string{
		"STRIPE_SECRET_KEY":     "sk_test_123",
		"STRIPE_WEBHOOK_SECRET": "whsec_abc",
		"STRIPE_API_BASE":       "http://127.0.0.1:12111/",
	}))
	if err != nil {
		t.Fatal(err)
	}
	if c.StripeSecretKey != "sk_test_123" || c.StripeWebhookSecret != "whsec_abc" || c.StripeAPIBase != "http://127.0.0.1:12111" {
		t.Fatalf("stripe config: %+v", c)
	}
	if _, err := loadConfig(env(map[string]string{"STRIPE_SECRET_KEY": "rk_live_restricted"})); err != nil {
		t.Fatalf("a restricted key is refused: %v", err)
	}
}

func TestConfigAdminEmails(t *testing.T) {
	c, err := loadConfig(env(map[string]string{"ADMIN_EMAILS": " Ops@Example.com,, lee@example.org "}))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(c.AdminEmails, " ") != "ops@example.com lee@example.org" {
		t.Errorf("AdminEmails = %q", c.AdminEmails)
	}
}

func TestConfigTrustedProxies(t *testing.T) {
	c, err := loadConfig(env(map[string]string{"TRUSTED_PROXIES": " 10.1.2.3/8, 192.168.0.7 ,,fd00::/8"}))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range c.TrustedProxies {
		got = append(got, p.String())
	}
	if strings.Join(got, " ") != "10.0.0.0/8 192.168.0.7/32 fd00::/8" {
		t.Errorf("TrustedProxies = %q", got)
	}
}

func TestConfigMetrics(t *testing.T) {
	c, err := loadConfig(env(map[string]string{"METRICS_TOKEN": "0123456789abcdef-token", "METRICS_ADDR": "127.0.0.1:9090"}))
	if err != nil || c.MetricsToken != "0123456789abcdef-token" || c.MetricsAddr != "127.0.0.1:9090" {
		t.Fatalf("metrics config %q %q: %v", c.MetricsToken, c.MetricsAddr, err)
	}
	if c, _ := loadConfig(env(nil)); c.MetricsToken != "" || c.MetricsAddr != "" {
		t.Error("/metrics is open by default")
	}
}

func TestConfigBackups(t *testing.T) {
	c, err := loadConfig(env(nil))
	if err != nil || c.BackupInterval != 24*time.Hour || c.BackupKeep != 14 {
		t.Fatalf("backups by default: every %v, keep %d (%v); want daily, 14", c.BackupInterval, c.BackupKeep, err)
	}
	c, err = loadConfig(env(map[string]string{"BACKUP_INTERVAL": "6h", "BACKUP_KEEP": "28"}))
	if err != nil || c.BackupInterval != 6*time.Hour || c.BackupKeep != 28 {
		t.Fatalf("BACKUP_INTERVAL=6h BACKUP_KEEP=28: every %v, keep %d (%v)", c.BackupInterval, c.BackupKeep, err)
	}
	if c, err = loadConfig(env(map[string]string{"BACKUP_INTERVAL": "off"})); err != nil || c.BackupInterval != 0 {
		t.Fatalf("BACKUP_INTERVAL=off: every %v (%v), want no schedule", c.BackupInterval, err)
	}
}

// Package mail is the app's boundary with email: it delivers messages over
// SMTP, or writes them to the log when no server is configured, and builds
// the account emails.
package mail

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	netmail "net/mail"
	"net/url"
	"strconv"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// Message is one email, with both bodies.
type Message struct {
	To, Subject, Text, HTML string
}

// Sender delivers messages.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// sendTimeout bounds one delivery, so a slow server cannot hold a request.
const sendTimeout = 10 * time.Second

// New returns an SMTP sender for smtpURL, or, when smtpURL is empty, a
// sender that writes each message (recipient, subject and the plain-text
// body with its links) to the log, so a developer running locally can
// follow verification links.
func New(smtpURL, from string, log *slog.Logger) (Sender, error) {
	if _, err := netmail.ParseAddress(from); err != nil {
		return nil, fmt.Errorf("mail: sender address %q: %w", from, err)
	}
	if smtpURL == "" {
		return logSender{log: log}, nil
	}
	cfg, err := parseURL(smtpURL)
	if err != nil {
		return nil, err
	}
	addr, _ := netmail.ParseAddress(from)
	return &smtpSender{cfg: cfg, from: from, helo: addr.Address[strings.LastIndexByte(addr.Address, '@')+1:]}, nil
}

// ValidateURL checks an SMTP_URL value for the configuration (empty is
// valid). Its errors never repeat the password.
func ValidateURL(s string) error {
	if s == "" {
		return nil
	}
	_, err := parseURL(s)
	return err
}

type smtpConfig struct {
	host           string
	port           int
	implicitTLS    bool
	user, password string
	skipVerify     bool
}

func parseURL(s string) (smtpConfig, error) {
	u, err := url.Parse(s)
	if err != nil {
		return smtpConfig{}, errors.New("mail: SMTP URL is not a URL (expected smtp://user:pass@host:port)")
	}
	var c smtpConfig
	switch u.Scheme {
	case "smtp":
		c.port = 587
	case "smtps":
		c.port, c.implicitTLS = 465, true
	default:
		return smtpConfig{}, fmt.Errorf("mail: SMTP URL scheme must be smtp or smtps, got %q", u.Scheme)
	}
	c.host = u.Hostname()
	if c.host == "" {
		return smtpConfig{}, errors.New("mail: SMTP URL has no host")
	}
	if p := u.Port(); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > 65535 {
			return smtpConfig{}, fmt.Errorf("mail: SMTP URL port %q is not a port number", p)
		}
		c.port = n
	}
	if u.User != nil {
		c.user = u.User.Username()
		c.password, _ = u.User.Password()
	}
	c.skipVerify = u.Query().Get("insecure_skip_verify") == "1"
	return c, nil
}

type smtpSender struct {
	cfg  smtpConfig
	from string
	helo string // the sender's domain: some servers refuse a bare host name
}

// Send delivers m. STARTTLS is used whenever the server offers it.
func (s *smtpSender) Send(ctx context.Context, m Message) error {
	msg := gomail.NewMsg()
	if err := msg.From(s.from); err != nil {
		return fmt.Errorf("mail: from: %w", err)
	}
	if err := msg.To(m.To); err != nil {
		return fmt.Errorf("mail: to %s: %w", m.To, err)
	}
	msg.Subject(m.Subject)
	msg.SetDate()
	msg.SetMessageID()
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	if m.HTML != "" {
		msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	}

	opts := []gomail.Option{
		gomail.WithPort(s.cfg.port),
		gomail.WithHELO(s.helo),
		gomail.WithTimeout(sendTimeout),
		gomail.WithTLSConfig(&tls.Config{ServerName: s.cfg.host, InsecureSkipVerify: s.cfg.skipVerify, MinVersion: tls.VersionTLS12}),
	}
	if s.cfg.implicitTLS {
		opts = append(opts, gomail.WithSSL())
	} else {
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSOpportunistic))
	}
	if s.cfg.user != "" {
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover), gomail.WithUsername(s.cfg.user), gomail.WithPassword(s.cfg.password))
	}
	client, err := gomail.NewClient(s.cfg.host, opts...)
	if err != nil {
		return fmt.Errorf("mail: client for %s: %w", s.cfg.host, err)
	}
	ctx, cancel := context.WithTimeout(ctx, sendTimeout)
	defer cancel()
	if err := client.DialAndSendWithContext(ctx, msg); err != nil {
		return fmt.Errorf("mail: send to %s via %s:%d: %w", m.To, s.cfg.host, s.cfg.port, err)
	}
	return nil
}

type logSender struct{ log *slog.Logger }

// Send writes m to the log instead of sending it.
func (l logSender) Send(ctx context.Context, m Message) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	l.log.Info("email (SMTP_URL not set, so logged instead of sent)", "to", m.To, "subject", m.Subject, "body", m.Text)
	return nil
}

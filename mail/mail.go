// Package mail is the app's boundary with email: it delivers messages over
// SMTP, or writes them to the log when no server is configured, and builds
// the account emails.
package mail

import (
	"context"
	"crypto/rand"
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"net"
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
	// ReplyTo is where the recipient's answer goes (empty: the sender's
	// address): an owner's reply to an enquiry is sent from the app's
	// address, and answered to the owner's own.
	ReplyTo string
	// Unsubscribe is the one-click way off a list (RFC 8058): mail clients
	// show their own unsubscribe button and POST to it.
	Unsubscribe string
}

// Sender delivers messages.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// sendTimeout bounds one delivery, so a slow server cannot hold a request.
const sendTimeout = 10 * time.Second

// New returns an SMTP sender for smtpURL, or, when smtpURL is empty, a
// sender that writes each message (recipient, subject and the plain-text
// body with its links) to the log at INFO, so a developer running locally
// can follow verification links.
func New(smtpURL, from string, log *slog.Logger) (Sender, error) {
	addr, err := netmail.ParseAddress(from)
	if err != nil {
		return nil, fmt.Errorf("mail: sender address %q: %w", from, err)
	}
	if smtpURL == "" {
		if log == nil {
			log = slog.Default()
		}
		return logSender{log: log}, nil
	}
	cfg, err := parseURL(smtpURL)
	if err != nil {
		return nil, fmt.Errorf("mail: SMTP_URL: %w", err)
	}
	return &smtpSender{cfg: cfg, from: addr, domain: addr.Address[strings.LastIndexByte(addr.Address, '@')+1:], timeout: sendTimeout}, nil
}

// ValidateURL checks an SMTP_URL value for the configuration (empty is
// valid). Its errors never repeat the value, which may hold a password.
func ValidateURL(s string) error {
	if s == "" {
		return nil
	}
	_, err := parseURL(s)
	return err
}

// smtpConfig is a parsed SMTP_URL.
type smtpConfig struct {
	host           string
	port           int
	implicitTLS    bool // smtps://: TLS from the first byte, rather than STARTTLS
	user, password string
	skipVerify     bool
}

func parseURL(s string) (smtpConfig, error) {
	u, err := url.Parse(s)
	if err != nil {
		// url.Parse quotes the whole value, password included: say less.
		return smtpConfig{}, errors.New("not a URL such as smtp://user:pass@host:587")
	}
	var c smtpConfig
	switch u.Scheme {
	case "smtp":
		c.port = 587
	case "smtps":
		c.port, c.implicitTLS = 465, true
	default:
		return smtpConfig{}, fmt.Errorf("scheme must be smtp or smtps, not %q", u.Scheme)
	}
	if c.host = u.Hostname(); c.host == "" {
		return smtpConfig{}, errors.New("no host (expected smtp://user:pass@host:587)")
	}
	if p := u.Port(); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > 65535 {
			return smtpConfig{}, fmt.Errorf("port %q is not a port number", p)
		}
		c.port = n
	}
	if u.User != nil {
		c.user = u.User.Username() // url.Parse has already decoded %XX
		c.password, _ = u.User.Password()
	}
	switch v := u.Query().Get("insecure_skip_verify"); v {
	case "", "0", "false":
	case "1", "true":
		c.skipVerify = true
	default:
		return smtpConfig{}, fmt.Errorf("insecure_skip_verify must be 1 or 0, not %q", v)
	}
	return c, nil
}

// smtpSender delivers through one SMTP server, opening a connection per
// message: account emails are rare, and a fresh connection never goes stale.
type smtpSender struct {
	cfg     smtpConfig
	from    *netmail.Address
	domain  string // of the sender address: a name the server can check, unlike a container's host name
	timeout time.Duration
}

// Send delivers m within s.timeout, giving up as soon as ctx ends.
func (s *smtpSender) Send(ctx context.Context, m Message) error {
	if err := s.send(ctx, m); err != nil {
		return fmt.Errorf("mail: send to %s via %s:%d: %w", m.To, s.cfg.host, s.cfg.port, err)
	}
	return nil
}

func (s *smtpSender) send(ctx context.Context, m Message) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	msg := gomail.NewMsg(gomail.WithNoDefaultUserAgent())
	msg.FromMailAddress(s.from)
	if err := msg.To(m.To); err != nil {
		return err
	}
	if m.ReplyTo != "" {
		if err := msg.ReplyTo(m.ReplyTo); err != nil {
			return err
		}
	}
	msg.Subject(m.Subject)
	msg.SetDate()
	msg.SetMessageIDWithValue(rand.Text() + "@" + s.domain)
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	if m.HTML != "" {
		msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	}
	if m.Unsubscribe != "" {
		msg.SetGenHeaderPreformatted(gomail.HeaderListUnsubscribe, "<"+m.Unsubscribe+">")
		msg.SetGenHeaderPreformatted(gomail.HeaderListUnsubscribePost, "List-Unsubscribe=One-Click")
	}

	ctx, cancel := context.WithTimeout(ctx, s.timeout)
	defer cancel()
	opts := []gomail.Option{
		gomail.WithPort(s.cfg.port),
		gomail.WithHELO(s.domain),
		gomail.WithTimeout(s.timeout),
		gomail.WithTLSConfig(s.tlsConfig()),
		gomail.WithDialContextFunc(s.dialer(ctx)),
		// Opportunistic: STARTTLS when the server offers it. On smtps:// the
		// connection is already TLS, so the server offers none, and go-mail
		// still knows the connection is encrypted (it checks for *tls.Conn).
		gomail.WithTLSPolicy(gomail.TLSOpportunistic),
	}
	if s.cfg.user != "" {
		opts = append(opts,
			gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover), // the strongest the server offers; PLAIN/LOGIN only over TLS
			gomail.WithUsername(s.cfg.user), gomail.WithPassword(s.cfg.password))
	}
	client, err := gomail.NewClient(s.cfg.host, opts...)
	if err != nil {
		return err
	}
	return client.DialAndSendWithContext(ctx, msg)
}

func (s *smtpSender) tlsConfig() *tls.Config {
	return &tls.Config{ServerName: s.cfg.host, InsecureSkipVerify: s.cfg.skipVerify, MinVersion: tls.VersionTLS12}
}

// dialer opens the connection and closes it when sendCtx ends. go-mail uses
// its context only to dial, then waits on each reply for up to its timeout;
// closing the connection is what makes a cancellation or the overall
// deadline stop a conversation that is already under way.
func (s *smtpSender) dialer(sendCtx context.Context) gomail.DialContextFunc {
	return func(ctx context.Context, network, addr string) (net.Conn, error) {
		var d net.Dialer
		conn, err := d.DialContext(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		context.AfterFunc(sendCtx, func() { _ = conn.Close() })
		if !s.cfg.implicitTLS {
			return conn, nil
		}
		tc := tls.Client(conn, s.tlsConfig())
		if err := tc.HandshakeContext(ctx); err != nil {
			_ = conn.Close()
			return nil, err
		}
		return tc, nil
	}
}

// logSender stands in for a mail server during development.
type logSender struct{ log *slog.Logger }

// Send writes m to the log instead of sending it; its links get their own
// attribute so they can be copied without the text around them.
func (l logSender) Send(ctx context.Context, m Message) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("mail: send to %s: %w", m.To, err)
	}
	l.log.InfoContext(ctx, "email logged, not sent (SMTP_URL is not set)",
		"to", m.To, "reply_to", m.ReplyTo, "subject", m.Subject, "links", links(m.Text), "text", m.Text)
	return nil
}

// links returns the web addresses in a plain-text body.
func links(text string) []string {
	var out []string
	for _, w := range strings.Fields(text) {
		if strings.HasPrefix(w, "https://") || strings.HasPrefix(w, "http://") {
			out = append(out, w)
		}
	}
	return out
}

package mail

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/big"
	"mime"
	"mime/multipart"
	"net"
	netmail "net/mail"
	"strings"
	"testing"
	"time"

	smtpmock "github.com/mocktools/go-smtp-mock/v2"
)

const testFrom = "BizProfile <no-reply@bizprofile.test>"

var testSite = Site{Name: "BizProfile", BaseURL: "https://bizprofile.test", SupportEmail: "help@bizprofile.test"}

// newServer starts a real SMTP server on a free local port.
func newServer(t *testing.T) *smtpmock.Server {
	t.Helper()
	srv := smtpmock.New(smtpmock.ConfigurationAttr{HostAddress: "127.0.0.1", MultipleMessageReceiving: true})
	if err := srv.Start(); err != nil {
		t.Fatalf("start SMTP server: %v", err)
	}
	t.Cleanup(func() { _ = srv.Stop() })
	return srv
}

func newSender(t *testing.T, smtpURL string) Sender {
	t.Helper()
	s, err := New(smtpURL, testFrom, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatalf("New(%q): %v", smtpURL, err)
	}
	return s
}

// delivered is a received message, decoded the way a mail client would.
type delivered struct {
	raw                            string
	header                         netmail.Header
	text, html, textType, htmlType string
}

func receive(t *testing.T, srv *smtpmock.Server) delivered {
	t.Helper()
	msgs, err := srv.WaitForMessages(1, 5*time.Second)
	if err != nil {
		t.Fatalf("no message arrived: %v", err)
	}
	if len(msgs) != 1 {
		t.Fatalf("got %d messages, want 1", len(msgs))
	}
	d := delivered{raw: msgs[0].MsgRequest()}
	msg, err := netmail.ReadMessage(strings.NewReader(strings.TrimSuffix(d.raw, "\r\n.\r\n")))
	if err != nil {
		t.Fatalf("parse message: %v\n%s", err, d.raw)
	}
	d.header = msg.Header
	_, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil {
		t.Fatalf("content type: %v", err)
	}
	parts := multipart.NewReader(msg.Body, params["boundary"])
	for {
		p, err := parts.NextPart() // decodes quoted-printable, as a mail client would
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("read part: %v", err)
		}
		b, _ := io.ReadAll(p)
		switch ct := p.Header.Get("Content-Type"); {
		case strings.HasPrefix(ct, "text/plain"):
			d.text, d.textType = string(b), ct
		case strings.HasPrefix(ct, "text/html"):
			d.html, d.htmlType = string(b), ct
		}
	}
	return d
}

func TestSMTPSendDeliversBothBodies(t *testing.T) {
	srv := newServer(t)
	s := newSender(t, fmt.Sprintf("smtp://127.0.0.1:%d", srv.PortNumber()))
	link := "https://bizprofile.test/verify-email?token=abc123"
	if err := s.Send(context.Background(), VerifyEmail(testSite, "jane@example.com", "Jane", link)); err != nil {
		t.Fatalf("send: %v", err)
	}
	got := receive(t, srv)
	for _, want := range []string{"To: <jane@example.com>", "Subject: Verify your email address", `From: "BizProfile" <no-reply@bizprofile.test>`, "text/plain", "text/html"} {
		if !strings.Contains(got.raw, want) {
			t.Errorf("raw message lacks %q:\n%s", want, got.raw)
		}
	}
	if !strings.Contains(got.text, link) || !strings.Contains(got.html, `href="`+link+`"`) {
		t.Errorf("the link is missing from a body:\ntext: %s\nhtml: %s", got.text, got.html)
	}
	if !strings.Contains(got.textType, "charset=UTF-8") || !strings.Contains(got.htmlType, "charset=UTF-8") {
		t.Errorf("parts lack a charset: %q, %q", got.textType, got.htmlType)
	}
	if id := got.header.Get("Message-Id"); !strings.HasSuffix(id, "@bizprofile.test>") {
		t.Errorf("Message-ID %q is not in the sender's domain", id)
	}
	if msgs := srv.Messages(); !strings.Contains(msgs[0].HeloRequest(), "bizprofile.test") {
		t.Errorf("greeted the server as %q, want the sender's domain", msgs[0].HeloRequest())
	}
}

func TestSMTPSendOverImplicitTLS(t *testing.T) {
	srv := newServer(t)
	port := tlsFront(t, srv.PortNumber())

	s := newSender(t, fmt.Sprintf("smtps://127.0.0.1:%d?insecure_skip_verify=1", port))
	if err := s.Send(context.Background(), PasswordReset(testSite, "rae@example.com", "https://bizprofile.test/reset-password?token=r1")); err != nil {
		t.Fatalf("send over TLS: %v", err)
	}
	if got := receive(t, srv); !strings.Contains(got.text, "token=r1") {
		t.Errorf("TLS delivery lost the link:\n%s", got.raw)
	}

	strict := newSender(t, fmt.Sprintf("smtps://127.0.0.1:%d", port))
	if err := strict.Send(context.Background(), PasswordChanged(testSite, "rae@example.com")); err == nil || !strings.Contains(err.Error(), "certificate") {
		t.Errorf("a self-signed certificate was accepted without insecure_skip_verify: %v", err)
	}
}

func TestSMTPAuth(t *testing.T) {
	t.Run("server accepts the credentials", func(t *testing.T) {
		// go-smtp-mock has no AUTH command and no other in-process SMTP
		// server is available, so a successful login cannot be checked here.
		t.Skip("needs a local SMTP server with AUTH; go-smtp-mock v2.5.4 has none")
	})
	t.Run("server without AUTH is refused rather than used unauthenticated", func(t *testing.T) {
		srv := newServer(t)
		s := newSender(t, fmt.Sprintf("smtp://no-reply%%40bizprofile.test:s3cret%%2Fpw@127.0.0.1:%d", srv.PortNumber()))
		err := s.Send(context.Background(), PasswordChanged(testSite, "sam@example.com"))
		if err == nil {
			t.Fatal("sent without authenticating although credentials were configured")
		}
		if strings.Contains(err.Error(), "s3cret") {
			t.Errorf("the error reveals the password: %v", err)
		}
		for _, m := range srv.Messages() {
			if m.Msg() {
				t.Error("a message was delivered")
			}
		}
	})
}

func TestSendFailsWithinItsTimeoutWhenTheServerIsDown(t *testing.T) {
	s := newSender(t, fmt.Sprintf("smtp://user:s3cret-pw@127.0.0.1:%d", closedPort(t)))
	start := time.Now()
	err := s.Send(context.Background(), Message{To: "x@example.com", Subject: "s", Text: "t"})
	if err == nil {
		t.Fatal("no error from a closed port")
	}
	if time.Since(start) > sendTimeout {
		t.Errorf("took %v, longer than the %v timeout", time.Since(start), sendTimeout)
	}
	if !strings.HasPrefix(err.Error(), "mail: send to x@example.com") || strings.Contains(err.Error(), "s3cret-pw") {
		t.Errorf("error %q should say what failed and hide the password", err)
	}
}

func TestSendGivesUp(t *testing.T) {
	m := Message{To: "x@example.com", Subject: "s", Text: "t"}
	t.Run("when ctx is already cancelled", func(t *testing.T) {
		srv := newServer(t)
		s := newSender(t, fmt.Sprintf("smtp://127.0.0.1:%d", srv.PortNumber()))
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		start := time.Now()
		if err := s.Send(ctx, m); !errors.Is(err, context.Canceled) {
			t.Fatalf("got %v, want context.Canceled", err)
		}
		if time.Since(start) > time.Second || len(srv.Messages()) != 0 {
			t.Error("a cancelled send still reached the server")
		}
	})
	t.Run("when ctx is cancelled while the server hangs", func(t *testing.T) {
		s := newSender(t, "smtp://"+silentServer(t))
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(100*time.Millisecond, cancel)
		start := time.Now()
		if err := s.Send(ctx, m); err == nil {
			t.Fatal("a hung server accepted the message")
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("returned %v after the cancellation", d)
		}
	})
	t.Run("when its own timeout passes while the server hangs", func(t *testing.T) {
		s := newSender(t, "smtp://"+silentServer(t))
		s.(*smtpSender).timeout = 200 * time.Millisecond // the real 10 s would slow the suite
		start := time.Now()
		if err := s.Send(context.Background(), m); err == nil {
			t.Fatal("a hung server accepted the message")
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("returned after %v, timeout 200ms", d)
		}
	})
}

func TestLogSenderWritesRecipientSubjectAndLink(t *testing.T) {
	for _, format := range []string{"text", "json"} {
		t.Run(format, func(t *testing.T) {
			var buf bytes.Buffer
			h := slog.Handler(slog.NewTextHandler(&buf, nil))
			if format == "json" {
				h = slog.NewJSONHandler(&buf, nil)
			}
			s, err := New("", testFrom, slog.New(h))
			if err != nil {
				t.Fatal(err)
			}
			link := "http://localhost:8080/reset-password?token=xyz&x=1"
			m := PasswordReset(testSite, "me@example.com", link)
			m.ReplyTo = "owner@harbor.example"
			if err := s.Send(context.Background(), m); err != nil {
				t.Fatal(err)
			}
			for _, want := range []string{"INFO", "me@example.com", "Reset your BizProfile password", link, "owner@harbor.example"} {
				if !strings.Contains(buf.String(), want) {
					t.Errorf("log lacks %q: %s", want, buf.String())
				}
			}
		})
	}
}

func TestNewRejectsABadConfiguration(t *testing.T) {
	if _, err := New("", "not an address", slog.New(slog.DiscardHandler)); err == nil {
		t.Error("accepted a MAIL_FROM that is not an address")
	}
	if _, err := New("http://u:topsecret@h", testFrom, slog.New(slog.DiscardHandler)); err == nil || strings.Contains(err.Error(), "topsecret") {
		t.Errorf("a bad SMTP_URL gave %v: want an error without the password", err)
	}
}

func TestValidateURL(t *testing.T) {
	for _, tc := range []struct {
		url string
		ok  bool
	}{
		{"", true},
		{"smtp://mail.example.com", true},
		{"smtp://u:p%40ss@mail.example.com:2525", true},
		{"smtps://h", true},
		{"smtps://mail.example.com:465?insecure_skip_verify=1", true},
		{"http://x", false},
		{"smtp://", false},
		{"smtp://:587", false},
		{"mail.example.com:587", false},
		{"smtp://mail.example.com:0", false},
		{"smtp://mail.example.com:99999", false},
		{"smtp://mail.example.com:port", false},
		{"smtp://mail.example.com?insecure_skip_verify=yes", false},
	} {
		if err := ValidateURL(tc.url); (err == nil) != tc.ok {
			t.Errorf("ValidateURL(%q) = %v, want ok=%v", tc.url, err, tc.ok)
		}
	}
	for _, bad := range []string{"ftp://u:topsecret@h", "smtp://u:topsecret@h:x", "smtp://u:topsecret@h\x7f"} {
		if err := ValidateURL(bad); err == nil || strings.Contains(err.Error(), "topsecret") {
			t.Errorf("ValidateURL(%q) = %v: want an error without the password", bad, err)
		}
	}
}

func TestParseURLDecodesCredentialsAndDefaultsPorts(t *testing.T) {
	for _, tc := range []struct {
		url  string
		want smtpConfig
	}{
		{"smtp://h", smtpConfig{host: "h", port: 587}},
		{"smtps://h", smtpConfig{host: "h", port: 465, implicitTLS: true}},
		{"smtp://me%40x.com:p%2Fw%3A@h:2525?insecure_skip_verify=1", smtpConfig{host: "h", port: 2525, user: "me@x.com", password: "p/w:", skipVerify: true}},
	} {
		if got, err := parseURL(tc.url); err != nil || got != tc.want {
			t.Errorf("parseURL(%q) = %+v, %v; want %+v", tc.url, got, err, tc.want)
		}
	}
}

// closedPort returns a local port nothing listens on.
func closedPort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	_ = l.Close()
	return port
}

// silentServer accepts connections and never answers, like a stuck server;
// it returns its host:port.
func silentServer(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	conns := make(chan net.Conn, 16)
	t.Cleanup(func() {
		_ = l.Close()
		for len(conns) > 0 {
			_ = (<-conns).Close()
		}
	})
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			conns <- c // kept open, never written to
		}
	}()
	return l.Addr().String()
}

// tlsFront terminates TLS with a self-signed certificate and relays to the
// plain SMTP server at backend, as a TLS proxy in front of a mail server
// does; it returns its port.
func tlsFront(t *testing.T, backend int) int {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1),
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(time.Hour),
		IPAddresses:  []net.IP{net.IPv4(127, 0, 0, 1)},
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert := tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}
	l, err := tls.Listen("tcp", "127.0.0.1:0", &tls.Config{Certificates: []tls.Certificate{cert}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = l.Close() })
	go func() {
		for {
			front, err := l.Accept()
			if err != nil {
				return
			}
			go func() {
				defer front.Close()
				back, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", backend))
				if err != nil {
					return
				}
				defer back.Close()
				go func() { _, _ = io.Copy(back, front) }()
				_, _ = io.Copy(front, back)
			}()
		}
	}()
	return l.Addr().(*net.TCPAddr).Port
}

package mail

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"

	smtpmock "github.com/mocktools/go-smtp-mock/v2"
)

func TestSMTPSendDeliversBothBodies(t *testing.T) {
	srv := smtpmock.New(smtpmock.ConfigurationAttr{HostAddress: "127.0.0.1", MultipleMessageReceiving: true})
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	defer srv.Stop()
	s, err := New(fmt.Sprintf("smtp://127.0.0.1:%d", srv.PortNumber()), "BizProfile <no-reply@bizprofile.test>", slog.Default())
	if err != nil {
		t.Fatal(err)
	}
	m := VerifyEmail(Site{Name: "BizProfile", BaseURL: "https://bizprofile.test", SupportEmail: "help@bizprofile.test"}, "jane@example.com", "Jane", "https://bizprofile.test/verify-email?token=abc")
	if err := s.Send(context.Background(), m); err != nil {
		t.Fatalf("send: %v", err)
	}
	msgs, err := srv.WaitForMessages(1, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	raw := msgs[0].MsgRequest()
	for _, want := range []string{"To: <jane@example.com>", "Subject: Verify your email address", "From: \"BizProfile\" <no-reply@bizprofile.test>", "text/plain", "text/html"} {
		if !strings.Contains(raw, want) {
			t.Errorf("message lacks %q:\n%s", want, raw)
		}
	}
}

func TestSendFailsCleanlyWhenTheServerIsDown(t *testing.T) {
	s, err := New("smtp://user:s3cret-pw@127.0.0.1:1", "a@b.example", slog.Default())
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	err = s.Send(context.Background(), Message{To: "x@example.com", Subject: "s", Text: "t"})
	if err == nil {
		t.Fatal("no error from a closed port")
	}
	if time.Since(start) > sendTimeout+2*time.Second {
		t.Error("send did not give up within its timeout")
	}
	if strings.Contains(err.Error(), "s3cret-pw") {
		t.Error("the error reveals the password")
	}
}

func TestSendRespectsACancelledContext(t *testing.T) {
	s, _ := New("smtp://127.0.0.1:1", "a@b.example", slog.Default())
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := s.Send(ctx, Message{To: "x@example.com", Subject: "s", Text: "t"}); err == nil {
		t.Fatal("a cancelled send succeeded")
	}
}

func TestLogSenderWritesTheLink(t *testing.T) {
	var buf bytes.Buffer
	s, err := New("", "a@b.example", slog.New(slog.NewTextHandler(&buf, nil)))
	if err != nil {
		t.Fatal(err)
	}
	m := PasswordReset(Site{Name: "B", BaseURL: "http://localhost:8080"}, "me@example.com", "http://localhost:8080/reset-password?token=xyz")
	if err := s.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"me@example.com", "Reset your B password", "/reset-password?token=xyz"} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("log lacks %q: %s", want, buf.String())
		}
	}
}

func TestValidateURL(t *testing.T) {
	for _, tc := range []struct {
		url string
		ok  bool
	}{
		{"", true},
		{"smtp://mail.example.com", true},
		{"smtp://u:p@mail.example.com:2525", true},
		{"smtps://mail.example.com", true},
		{"http://mail.example.com", false},
		{"smtp://", false},
		{"smtp://mail.example.com:99999", false},
		{"smtp://mail.example.com:port", false},
	} {
		if err := ValidateURL(tc.url); (err == nil) != tc.ok {
			t.Errorf("ValidateURL(%q) = %v, want ok=%v", tc.url, err, tc.ok)
		}
	}
	if err := ValidateURL("ftp://u:topsecret@h"); err == nil || strings.Contains(err.Error(), "topsecret") {
		t.Errorf("error %v should not contain the password", err)
	}
}

func TestMessagesHaveBothBodiesAndEscapeNames(t *testing.T) {
	s := Site{Name: "BizProfile", BaseURL: "https://b.test", SupportEmail: "help@b.test"}
	link := "https://b.test/x?token=t1"
	for name, m := range map[string]Message{
		"verify":  VerifyEmail(s, "a@example.com", "<b>Eve</b>", link),
		"already": AlreadyRegistered(s, "a@example.com"),
		"reset":   PasswordReset(s, "a@example.com", link),
		"changed": PasswordChanged(s, "a@example.com"),
		"confirm": ConfirmEmailChange(s, "a@example.com", link),
	} {
		if m.Subject == "" || m.Text == "" || m.HTML == "" || m.To != "a@example.com" {
			t.Errorf("%s: incomplete message %+v", name, m)
		}
		if strings.Contains(m.HTML, "<b>Eve</b>") {
			t.Errorf("%s: name not escaped in HTML", name)
		}
		if name == "verify" || name == "reset" || name == "confirm" {
			if !strings.Contains(m.Text, link) || !strings.Contains(m.HTML, "token=t1") {
				t.Errorf("%s: link missing", name)
			}
		}
	}
	if !strings.Contains(VerifyEmail(s, "a@example.com", "", link).Text, "Hello,") {
		t.Error("no greeting without a name")
	}
}

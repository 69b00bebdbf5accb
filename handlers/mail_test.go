package handlers

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"regexp"
	"strings"
	"testing"
	"time"

	smtpmock "github.com/mocktools/go-smtp-mock/v2"

	bizmail "bizprofile/mail"
)

// inbox is a real SMTP server, in process, that the app sends to.
type inbox struct {
	srv *smtpmock.Server
}

func newInbox(t testing.TB) *inbox { return newInboxAt(t, 0) }

// newInboxAt starts the mail server on port (0: any free port).
func newInboxAt(t testing.TB, port int) *inbox {
	t.Helper()
	srv := smtpmock.New(smtpmock.ConfigurationAttr{HostAddress: "127.0.0.1", PortNumber: port, MultipleMessageReceiving: true, MultipleRcptto: true})
	if err := srv.Start(); err != nil {
		t.Fatalf("start SMTP server: %v", err)
	}
	t.Cleanup(func() { _ = srv.Stop() })
	return &inbox{srv: srv}
}

// sentMail is a delivered message, decoded.
type sentMail struct {
	To, Subject, Text, HTML string
	Header                  mail.Header
}

// waitFor returns the newest message to addr, waiting a little for
// background sends.
func (in *inbox) waitFor(t *testing.T, to string) sentMail {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		msgs := in.all(t)
		for i := len(msgs) - 1; i >= 0; i-- {
			if strings.EqualFold(msgs[i].To, to) {
				return msgs[i]
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no email to %s; got %d others", to, len(msgs))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// count is how many messages went to addr.
func (in *inbox) count(t *testing.T, to string) int {
	n := 0
	for _, m := range in.all(t) {
		if strings.EqualFold(m.To, to) {
			n++
		}
	}
	return n
}

func (in *inbox) all(t *testing.T) []sentMail {
	t.Helper()
	var out []sentMail
	for _, m := range in.srv.Messages() {
		if !m.IsConsistent() {
			continue
		}
		out = append(out, decodeMail(t, m.MsgRequest()))
	}
	return out
}

func decodeMail(t *testing.T, raw string) sentMail {
	t.Helper()
	msg, err := mail.ReadMessage(strings.NewReader(strings.TrimSuffix(raw, "\r\n.\r\n")))
	if err != nil {
		t.Fatalf("parse mail: %v\n%s", err, raw)
	}
	dec := new(mime.WordDecoder)
	subject, _ := dec.DecodeHeader(msg.Header.Get("Subject"))
	to, _ := mail.ParseAddress(msg.Header.Get("To"))
	m := sentMail{Subject: subject, Header: msg.Header}
	if to != nil {
		m.To = to.Address
	}
	walkParts(t, msg.Header.Get("Content-Type"), msg.Header.Get("Content-Transfer-Encoding"), msg.Body, &m)
	return m
}

func walkParts(t *testing.T, ctype, enc string, body io.Reader, m *sentMail) {
	mt, params, _ := mime.ParseMediaType(ctype)
	if strings.HasPrefix(mt, "multipart/") {
		mr := multipart.NewReader(body, params["boundary"])
		for {
			p, err := mr.NextPart()
			if err != nil {
				return
			}
			walkParts(t, p.Header.Get("Content-Type"), p.Header.Get("Content-Transfer-Encoding"), p, m)
		}
	}
	var r io.Reader = body
	switch strings.ToLower(enc) {
	case "quoted-printable":
		r = quotedprintable.NewReader(body)
	case "base64":
		b, _ := io.ReadAll(body)
		r = base64Reader(b)
	}
	b, _ := io.ReadAll(r)
	switch mt {
	case "text/plain":
		m.Text = string(b)
	case "text/html":
		m.HTML = string(b)
	}
}

var linkRe = regexp.MustCompile(`https?://[^\s"<>]+`)

// link is the first link in the message's text that contains part.
func (m sentMail) link(t *testing.T, part string) string {
	t.Helper()
	for _, l := range linkRe.FindAllString(m.Text, -1) {
		if strings.Contains(l, part) {
			return l
		}
	}
	t.Fatalf("no link containing %q in %q", part, m.Text)
	return ""
}

func base64Reader(b []byte) io.Reader {
	clean := bytes.Map(func(r rune) rune {
		if r == '\r' || r == '\n' {
			return -1
		}
		return r
	}, b)
	out := make([]byte, len(clean))
	n, _ := base64StdDecode(out, clean)
	return bytes.NewReader(out[:n])
}

func base64StdDecode(dst, src []byte) (int, error) { return base64.StdEncoding.Decode(dst, src) }

// link waits for a message to addr carrying a link that contains part, and
// returns that link.
func (in *inbox) link(t *testing.T, to, part string) string {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		msgs := in.all(t)
		for i := len(msgs) - 1; i >= 0; i-- {
			if !strings.EqualFold(msgs[i].To, to) {
				continue
			}
			for _, l := range linkRe.FindAllString(msgs[i].Text, -1) {
				if strings.Contains(l, part) {
					return l
				}
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no email to %s with a link containing %q", to, part)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// waitForSubject waits for a message to addr whose subject contains part.
func (in *inbox) waitForSubject(t *testing.T, to, part string) sentMail {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		for _, m := range in.all(t) {
			if strings.EqualFold(m.To, to) && strings.Contains(m.Subject, part) {
				return m
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no email to %s about %q", to, part)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// mailOutage is a mail server that is down until restored: the app's
// mailer points at a port where nothing answers yet.
type mailOutage struct {
	port int
}

// withMailOutage points the app's mail at a server that is down.
func withMailOutage(o *mailOutage) func(*testDeps) {
	return func(d *testDeps) {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			panic(err)
		}
		o.port = l.Addr().(*net.TCPAddr).Port
		l.Close()
		m, err := bizmail.New(fmt.Sprintf("smtp://127.0.0.1:%d", o.port), "BizProfile <no-reply@bizprofile.test>", d.Log)
		if err != nil {
			panic(err)
		}
		d.Mailer = m
	}
}

// restore starts the mail server: the queue's next retry delivers.
func (o *mailOutage) restore(t *testing.T) *inbox {
	t.Helper()
	return newInboxAt(t, o.port)
}

// waitUntil waits (a few seconds at most) for background work to make
// cond true.
func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

package jobs_test

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	netmail "net/mail"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	smtpmock "github.com/mocktools/go-smtp-mock/v2"

	"bizprofile/jobs"
	bizmail "bizprofile/mail"
	"bizprofile/store"
	"bizprofile/store/storetest"
)

// smtpServer is a real SMTP server in process; refused lists addresses
// it answers 550 to.
func smtpServer(t *testing.T, refused ...string) (*smtpmock.Server, bizmail.Sender) {
	t.Helper()
	srv := smtpmock.New(smtpmock.ConfigurationAttr{
		HostAddress: "127.0.0.1", MultipleMessageReceiving: true,
		NotRegisteredEmails: refused, MsgRcpttoNotRegisteredEmail: "550 5.1.1 No such mailbox",
	})
	if err := srv.Start(); err != nil {
		t.Fatalf("start SMTP server: %v", err)
	}
	t.Cleanup(func() { _ = srv.Stop() })
	return srv, mailerAt(t, fmt.Sprintf("smtp://127.0.0.1:%d", srv.PortNumber()))
}

func mailerAt(t *testing.T, smtpURL string) bizmail.Sender {
	t.Helper()
	m, err := bizmail.New(smtpURL, "BizProfile <no-reply@bizprofile.test>", slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// received counts the delivered messages per recipient, and returns one
// of them.
func received(t *testing.T, srv *smtpmock.Server) (map[string]int, *netmail.Message) {
	t.Helper()
	got := map[string]int{}
	var last *netmail.Message
	for _, m := range srv.Messages() {
		if !m.IsConsistent() {
			continue
		}
		msg, err := netmail.ReadMessage(strings.NewReader(strings.TrimSuffix(m.MsgRequest(), "\r\n.\r\n")))
		if err != nil {
			t.Fatalf("parse message: %v", err)
		}
		to, err := netmail.ParseAddress(msg.Header.Get("To"))
		if err != nil {
			t.Fatalf("To: %v", err)
		}
		got[to.Address]++
		last = msg
	}
	return got, last
}

// newsletterList puts n confirmed readers on the newsletter, and an
// unconfirmed and an unsubscribed address that must never be sent to.
func newsletterList(t *testing.T, s *store.Store, n int) []string {
	t.Helper()
	ctx := context.Background()
	var emails []string
	for i := range n {
		email := fmt.Sprintf("reader%02d@example.com", i)
		sub, _, err := s.Subscribe(ctx, email, store.ListNewsletter, time.Hour)
		must(t, err)
		_, err = s.ConfirmSubscription(ctx, sub.Token)
		must(t, err)
		emails = append(emails, email)
	}
	_, _, err := s.Subscribe(ctx, "unconfirmed@example.com", store.ListNewsletter, time.Hour)
	must(t, err)
	gone, _, err := s.Subscribe(ctx, "gone@example.com", store.ListNewsletter, time.Hour)
	must(t, err)
	_, err = s.ConfirmSubscription(ctx, gone.Token)
	must(t, err)
	_, err = s.Unsubscribe(ctx, gone.Token)
	must(t, err)
	return emails
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func compose(b store.Broadcast, sub store.Subscriber) bizmail.Message {
	return bizmail.BroadcastEmail(bizmail.Site{Name: "BizProfile", BaseURL: "http://bizprofile.test"}, sub.Email, b.Subject, b.Body,
		"the newsletter", "http://bizprofile.test/unsubscribe?token="+sub.Token)
}

// dying delivers k messages, then stops its process: the context of the
// batch ends, as when a deploy kills the app between two sends.
type dying struct {
	bizmail.Sender
	k    int32
	sent atomic.Int32
	kill context.CancelFunc
}

func (d *dying) Send(ctx context.Context, m bizmail.Message) error {
	if d.sent.Load() >= d.k {
		d.kill()
		return ctx.Err()
	}
	err := d.Sender.Send(ctx, m)
	if err == nil {
		d.sent.Add(1)
	}
	return err
}

func TestBroadcastResumesAfterARestartAndSendsEachAddressOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		emails := newsletterList(t, s, 7)
		srv, mailer := smtpServer(t)
		id, err := s.CreateBroadcast(ctx, store.Broadcast{List: store.ListNewsletter, Subject: "June news", Body: "Hello **readers**"})
		must(t, err)

		// The first process sends 2 of its batch of 3, then dies.
		runCtx, kill := context.WithCancel(ctx)
		first := &jobs.Broadcaster{Store: s, Mail: &dying{Sender: mailer, k: 2, kill: kill}, Compose: compose, Log: quiet, BatchSize: 3}
		if err := first.SendBatch(runCtx, id); err == nil {
			t.Fatal("a batch stopped midway reported success")
		}
		b, err := s.BroadcastByID(ctx, id)
		must(t, err)
		if b.Sent != 2 || b.Remaining != 5 || b.Finished() {
			t.Fatalf("after the crash: %+v; want 2 sent, 5 left", b)
		}

		// A new process's queue picks the job up and finishes the rest,
		// a batch per job.
		must(t, s.Enqueue(ctx, jobs.BroadcastBatch(id)))
		q := jobs.New(s, quiet, fast(jobs.Options{}))
		q.Handle(jobs.KindBroadcast, (&jobs.Broadcaster{Store: s, Mail: mailer, Compose: compose, Log: quiet, BatchSize: 3}).Handle)
		start(t, q)
		eventually(t, "the broadcast finishes", func() bool {
			b, err := s.BroadcastByID(ctx, id)
			return err == nil && b.Finished()
		})
		b, err = s.BroadcastByID(ctx, id)
		must(t, err)
		if b.Sent != 7 || b.Failed != 0 || b.Total() != 7 {
			t.Errorf("finished: %+v; want 7 sent", b)
		}
		got, last := received(t, srv)
		for _, e := range emails {
			if got[e] != 1 {
				t.Errorf("%s received %d copies, want 1", e, got[e])
			}
		}
		if len(got) != len(emails) {
			t.Errorf("delivered to %v; want only the 7 confirmed readers", got)
		}
		if last.Header.Get("List-Unsubscribe") == "" || last.Header.Get("List-Unsubscribe-Post") != "List-Unsubscribe=One-Click" {
			t.Errorf("List-Unsubscribe headers missing: %v", last.Header)
		}
	})
}

func TestBroadcastWaitsWhileTheMailServerIsDown(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		newsletterList(t, s, 5)
		// A port nothing listens on.
		l, err := net.Listen("tcp", "127.0.0.1:0")
		must(t, err)
		addr := l.Addr().String()
		must(t, l.Close())
		id, err := s.CreateBroadcast(ctx, store.Broadcast{List: store.ListNewsletter, Subject: "News", Body: "Hi"})
		must(t, err)
		br := &jobs.Broadcaster{Store: s, Mail: mailerAt(t, "smtp://"+addr), Compose: compose, Log: quiet}
		if err := br.SendBatch(ctx, id); err == nil {
			t.Fatal("a batch with the mail server down reported success")
		}
		b, err := s.BroadcastByID(ctx, id)
		must(t, err)
		if b.Sent+b.Failed+b.Skipped != 0 || b.Remaining != 5 {
			t.Errorf("after the server was down: %+v; want nobody marked, 5 left for the retry", b)
		}
	})
}

func TestBroadcastCountsAnAddressTheServerRefuses(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		newsletterList(t, s, 4)
		srv, mailer := smtpServer(t, "reader01@example.com")
		id, err := s.CreateBroadcast(ctx, store.Broadcast{List: store.ListNewsletter, Subject: "News", Body: "Hi"})
		must(t, err)
		br := &jobs.Broadcaster{Store: s, Mail: mailer, Compose: compose, Log: quiet}
		must(t, br.SendBatch(ctx, id))
		b, err := s.BroadcastByID(ctx, id)
		must(t, err)
		if !b.Finished() || b.Sent != 3 || b.Failed != 1 {
			t.Errorf("broadcast = %+v; want finished, 3 sent, 1 failed", b)
		}
		fails, err := s.BroadcastFailures(ctx, id, 10)
		must(t, err)
		if len(fails) != 1 || fails[0].Email != "reader01@example.com" || !strings.Contains(fails[0].Error, "550") {
			t.Errorf("failures = %+v; want reader01 with the server's 550", fails)
		}
		if got, _ := received(t, srv); got["reader01@example.com"] != 0 || len(got) != 3 {
			t.Errorf("delivered %v", got)
		}
		// A finished broadcast's job, run again, sends nothing.
		must(t, br.SendBatch(ctx, id))
		if got, _ := received(t, srv); len(got) != 3 {
			t.Errorf("after running again: delivered %v", got)
		}
	})
}

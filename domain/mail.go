package domain

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"time"

	"bizprofile/jobs"
	bizmail "bizprofile/mail"
	"bizprofile/store"
)

// How long the links emailed to people work.
const (
	VerifyTTL       = 24 * time.Hour // an address's verification (and an email change's)
	ResetTTL        = time.Hour      // a password reset
	ListingEmailTTL = 72 * time.Hour // the confirmation of a listing's contact email
)

// queueMail enqueues messages for the job queue on st: the store, or the
// transaction (store.InTx) that stores the record they tell of, so that
// the record and its emails commit together. The queue delivers them,
// retrying while the mail server fails; nothing the app promised to send
// is lost with the process.
func queueMail(ctx context.Context, st *store.Store, ms ...bizmail.Message) error {
	js := make([]store.NewJob, len(ms))
	for i, m := range ms {
		js[i] = jobs.Email(m)
	}
	return st.Enqueue(ctx, js...)
}

// QueueMail enqueues messages on st (see queueMail), for the pages' own
// emails that belong to no operation here.
func QueueMail(ctx context.Context, st *store.Store, ms ...bizmail.Message) error {
	return queueMail(ctx, st, ms...)
}

// link is the absolute address of path on the site.
func (e *env) link(path string) string { return e.site.BaseURL + path }

// AdminAddresses are the administrators' addresses: by configuration and
// granted by command, each once.
func (e *env) AdminAddresses(ctx context.Context) ([]string, error) {
	granted, err := e.store.AdminEmails(ctx)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var all []string
	for _, list := range [][]string{e.adminEmails, granted} {
		for _, a := range list {
			if !seen[a] {
				seen[a] = true
				all = append(all, a)
			}
		}
	}
	return all, nil
}

// notifyAdmins queues message for every administrator on st.
func (e *env) notifyAdmins(ctx context.Context, st *store.Store, message func(to string) bizmail.Message) error {
	to, err := e.AdminAddresses(ctx)
	if err != nil {
		return err
	}
	ms := make([]bizmail.Message, len(to))
	for i, addr := range to {
		ms[i] = message(addr)
	}
	return queueMail(ctx, st, ms...)
}

// newToken stores a single-use token on st and returns its secret, which
// only the email will carry.
func (e *env) newToken(ctx context.Context, st *store.Store, userID int64, purpose, email string, ttl time.Duration) (string, error) {
	token, err := NewSecret()
	if err != nil {
		return "", err
	}
	err = st.CreateToken(ctx, store.Token{Hash: store.Digest(token), UserID: userID, Purpose: purpose, Email: email, ExpiresAt: e.now().Add(ttl)})
	return token, err
}

// NewSecret is the secret of an emailed link or a key: 32 random bytes,
// URL-safe. Only its digest (store.Digest) is stored.
func NewSecret() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// queueVerification stores a verification link for u on st and queues the
// email that carries it, greeting name.
func (e *env) queueVerification(ctx context.Context, st *store.Store, u store.User, name string) error {
	token, err := e.newToken(ctx, st, u.ID, store.TokenVerify, u.Email, VerifyTTL)
	if err != nil {
		return err
	}
	return queueMail(ctx, st, bizmail.VerifyEmail(e.site, u.Email, name, e.link("/verify-email?token="+token)))
}

// sendListingEmailLink stores a new link that confirms b's email on st and
// queues the email that carries it; b's older links stop working.
func (e *env) sendListingEmailLink(ctx context.Context, st *store.Store, b store.Business) error {
	token, err := NewSecret()
	if err != nil {
		return err
	}
	err = st.CreateListingEmailToken(ctx, store.ListingEmailToken{Hash: store.Digest(token), BusinessID: b.ID, Email: b.Email, ExpiresAt: e.now().Add(ListingEmailTTL)})
	if err != nil {
		return err
	}
	return queueMail(ctx, st, bizmail.ConfirmListingEmail(e.site, b.Email, b.Name, e.link("/listing-email/confirm?token="+token)))
}

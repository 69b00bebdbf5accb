package jobs

import (
	"context"
	"encoding/json"
	"fmt"

	"bizprofile/store"
)

// Kinds of the account jobs: the work behind 'forgot password' and 'resend
// verification'. The request only enqueues one, the same for every
// address, so its answer takes the same time whether or not the address
// has an account; the job finds the account, makes the link and queues
// the email.
const (
	KindPasswordReset      = "password-reset"
	KindVerificationResend = "verification-resend"
)

// accountRequest is an account job's payload: the address the visitor
// typed, normalized, and nothing about its account.
type accountRequest struct {
	Email string `json:"email"`
}

// PasswordReset is the job of sending a reset link to the account of
// email, if there is one.
func PasswordReset(email string) store.NewJob { return accountJob(KindPasswordReset, email) }

// VerificationResend is the job of sending a new verification link to the
// account of email, if there is one waiting for verification.
func VerificationResend(email string) store.NewJob {
	return accountJob(KindVerificationResend, email)
}

func accountJob(kind, email string) store.NewJob {
	payload, err := json.Marshal(accountRequest{Email: store.NormalizeEmail(email)})
	if err != nil {
		// A struct of one string: it always marshals.
		panic(fmt.Sprintf("jobs: account payload: %v", err))
	}
	return store.NewJob{Kind: kind, Payload: payload}
}

// ForAddress is the handler of an account job kind: it reads the address
// and has do the work for it.
func ForAddress(do func(ctx context.Context, email string) error) Handler {
	return func(ctx context.Context, payload []byte) error {
		var req accountRequest
		if err := json.Unmarshal(payload, &req); err != nil {
			return fmt.Errorf("account job: %w", err)
		}
		return do(ctx, req.Email)
	}
}

// describeAccountJob says what an account job is for, for /admin/jobs.
func describeAccountJob(kind string, payload []byte) (string, bool) {
	var req accountRequest
	if json.Unmarshal(payload, &req) != nil {
		return "", false
	}
	switch kind {
	case KindPasswordReset:
		return "Password reset asked for " + req.Email, true
	case KindVerificationResend:
		return "New verification link asked for " + req.Email, true
	}
	return "", false
}

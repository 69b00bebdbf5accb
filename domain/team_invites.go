package domain

import (
	"context"
	"errors"
	"strings"

	bizmail "bizprofile/mail"
	"bizprofile/store"
)

// InviteState is where an invitation's link stands for the person who
// opens it.
type InviteState int

// The states of an invitation's link.
const (
	InviteUnknown    InviteState = iota // no such link
	InviteUsed                          // accepted already
	InviteRevoked                       // revoked, or replaced by a newer one
	InviteExpired                       // older than store.TeamInviteTTL
	InviteSignIn                        // signed out: sign in or sign up first
	InviteOtherEmail                    // signed in with another address
	InviteBlocked                       // the person owns something, or is in a team
	InviteFull                          // no seat left
	InviteOpen                          // it can be accepted
)

// Invitation is what an invitation's link says to the person who opens
// it.
type Invitation struct {
	State   InviteState
	Account string // the account's label (Label), from InviteSignIn on
	Masked  string // InviteOtherEmail: the invited address, mostly hidden
	Blocker string // InviteBlocked: "own" (their own account) or a store.TeamJoinBlocker
}

// Invitation is where the invitation of token stands for u (nil: signed
// out).
func (a *Accounts) Invitation(ctx context.Context, token string, u *store.User) (Invitation, error) {
	inv, err := a.store.TeamInviteByHash(ctx, store.Digest(token))
	if errors.Is(err, store.ErrNotFound) || token == "" {
		return Invitation{State: InviteUnknown}, nil
	}
	if err != nil {
		return Invitation{}, err
	}
	now := a.now()
	switch {
	case inv.AcceptedAt.Valid:
		return Invitation{State: InviteUsed}, nil
	case inv.RevokedAt.Valid:
		return Invitation{State: InviteRevoked}, nil
	case inv.Expired(now):
		return Invitation{State: InviteExpired}, nil
	}
	label, err := a.Label(ctx, inv.AccountID)
	if err != nil {
		return Invitation{}, err
	}
	v := Invitation{State: InviteSignIn, Account: label}
	switch {
	case u == nil:
		return v, nil
	case store.NormalizeEmail(u.Email) != inv.Email:
		v.State, v.Masked = InviteOtherEmail, maskEmail(inv.Email)
		return v, nil
	case u.ID == inv.AccountID:
		v.Blocker = "own"
	default:
		if v.Blocker, err = a.store.TeamJoinBlocker(ctx, u.ID); err != nil {
			return Invitation{}, err
		}
	}
	if v.Blocker != "" {
		v.State = InviteBlocked
		return v, nil
	}
	bill, err := a.billingOf(ctx, a.store, inv.AccountID)
	if err != nil {
		return Invitation{}, err
	}
	// The invitation holds a seat while open: the team is full when the
	// others (the owner, the members, the other open invitations) leave
	// none for it.
	seats, err := a.store.TeamSeatsTaken(ctx, inv.AccountID, now)
	if err != nil {
		return Invitation{}, err
	}
	v.State = InviteOpen
	if seats > bill.Seats() {
		v.State = InviteFull
	}
	return v, nil
}

// maskEmail hides most of an address for someone it may not belong to:
// its first character and its domain show ("m…@example.com").
func maskEmail(email string) string {
	at := strings.LastIndexByte(email, '@')
	if at <= 0 {
		return "…"
	}
	return email[:1] + "…" + email[at:]
}

// Accept joins u to the team of the invitation of token, which
// Invitation found open. The owner is told in the joining's transaction:
// nobody joins their account without their hearing of it. When something
// changed since (a second click, the plan), store.ErrTokenInvalid,
// ErrTeamJoinBlocked, ErrTeamSeatsFull or ErrTeamInviteEmail say what.
func (a *Accounts) Accept(ctx context.Context, u store.User, token string) error {
	inv, err := a.store.TeamInviteByHash(ctx, store.Digest(token))
	if err != nil {
		return err
	}
	bill, err := a.billingOf(ctx, a.store, inv.AccountID)
	if err != nil {
		return err
	}
	owner, err := a.Person(ctx, inv.AccountID)
	if err != nil {
		return err
	}
	joiner, err := a.Person(ctx, u.ID)
	if err != nil {
		return err
	}
	err = a.store.InTx(ctx, func(tx *store.Store) error {
		if _, err := tx.AcceptTeamInvite(ctx, store.Digest(token), u, bill.Seats()); err != nil {
			return err
		}
		return queueMail(ctx, tx, bizmail.TeamMemberJoined(a.site, owner.Email, joiner.Label(), a.link(TeamPath)))
	})
	if err == nil {
		a.log.Info("team invitation accepted", "account_id", inv.AccountID, "user_id", u.ID)
	}
	return err
}

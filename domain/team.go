package domain

import (
	"context"
	"errors"
	"net/url"
	"strconv"
	"strings"
	"time"

	"bizprofile/catalog"
	bizmail "bizprofile/mail"
	"bizprofile/plans"
	"bizprofile/store"
)

// The team of a business account (issue 21): its owner invites people by
// email, up to the seats of the account's plan; members work in the
// account (listings, leads, reviews, insights, analytics); the owner
// removes them or hands them the account. Invitations are single use
// (store.TeamInviteTTL); each holds a seat while open.

// TeamPath is the team's page, which the team's emails link to.
const TeamPath = "/dashboard/team"

// TeamInvitesDaily is how many invitation emails an account sends in a
// day at most: each goes to an address someone typed.
const TeamInvitesDaily = 20

// Seats is how many people the plan lets work in the account, its owner
// included.
func (b Billing) Seats() int { return b.Plan.TeamUsers }

// HasTeam reports whether the plan lets the owner invite anyone.
func (b Billing) HasTeam() bool { return b.Plan.TeamUsers > 1 }

// Why a change to the team is refused (the TeamRefusal says it in words).
var (
	ErrNoTeam         = errors.New("domain: the plan has no team")
	ErrTeamFull       = errors.New("domain: every seat of the plan is taken")
	ErrTooManyInvites = errors.New("domain: too many invitations today")
)

// TeamRefusal is a change to the team the rules refuse: Err (ErrNoTeam,
// ErrTeamFull, ErrTooManyInvites), the sentence the team page shows, and
// the address the invitation form keeps.
type TeamRefusal struct {
	Err            error
	Message, Email string
}

func (e TeamRefusal) Error() string { return e.Err.Error() }
func (e TeamRefusal) Unwrap() error { return e.Err }

// Person is someone as the team's pages and emails name them.
type Person struct{ Name, Email string }

// NameOrEmail is the person's name, or their address when they gave none.
func (p Person) NameOrEmail() string {
	if p.Name == "" {
		return p.Email
	}
	return p.Name
}

// Label is the person's name with their address, or the address alone.
func (p Person) Label() string {
	if p.Name == "" || p.Name == p.Email {
		return p.Email
	}
	return p.Name + " (" + p.Email + ")"
}

// Person is userID as the team's pages and emails name them.
func (a *Accounts) Person(ctx context.Context, userID int64) (Person, error) {
	u, err := a.store.UserByID(ctx, userID)
	if err != nil {
		return Person{}, err
	}
	p, err := a.store.ProfileOf(ctx, userID)
	if err != nil {
		return Person{}, err
	}
	return Person{Name: p.DisplayName(), Email: u.Email}, nil
}

// OwnerName names the owner of the account u is a member of, as the pages
// tell members who decides: "Full Name (email)", or the email alone. It is
// "" for an owner.
func (a *Accounts) OwnerName(ctx context.Context, u store.User) (string, error) {
	if !u.Member() {
		return "", nil
	}
	owner, err := a.Person(ctx, u.Account())
	return owner.Label(), err
}

// Label names an account as invitations and emails do: its owner and
// their listings ("Maria Lopez (Taco Palace)").
func (a *Accounts) Label(ctx context.Context, accountID int64) (string, error) {
	owner, err := a.Person(ctx, accountID)
	if err != nil {
		return "", err
	}
	name := owner.NameOrEmail()
	bs, err := a.store.BusinessesOwnedBy(ctx, accountID)
	if err != nil {
		return "", err
	}
	var listings []string
	for _, b := range bs {
		listings = append(listings, b.Name)
	}
	switch n := len(listings); {
	case n == 0:
		return name, nil
	case n > 3:
		return name + " (" + strings.Join(listings[:3], ", ") + " and others)", nil
	case n > 1:
		return name + " (" + strings.Join(listings[:n-1], ", ") + " and " + listings[n-1] + ")", nil
	}
	return name + " (" + listings[0] + ")", nil
}

// Invite sends email an invitation to owner's account and returns the
// address as invited. TeamRefusal and Invalid (under "email": not an
// address, the owner's own, a member's, one invited already, no seat
// left) say why it could not.
func (a *Accounts) Invite(ctx context.Context, owner store.User, email string) (string, error) {
	bill, err := a.billingOf(ctx, a.store, owner.ID)
	if err != nil {
		return "", err
	}
	if !bill.HasTeam() {
		team := plans.FirstWithTeam()
		return "", TeamRefusal{Err: ErrNoTeam, Email: email, Message: "On the " + bill.Plan.Name + " plan the owner is the only seat: invitations come with the " +
			team.Name + " plan (up to " + strconv.Itoa(team.TeamUsers) + " people)."}
	}
	e := catalog.FieldErrors{}
	if CheckEmail(e, "email", email); len(e) > 0 {
		return "", Invalid(e)
	}
	email = store.NormalizeEmail(email)
	msg, err := a.inviteProblem(ctx, owner, email, bill)
	if err != nil {
		return "", err
	}
	if msg != "" {
		return "", Invalid(catalog.FieldErrors{"email": msg})
	}
	return email, a.sendInvite(ctx, owner, email)
}

// inviteProblem says why email cannot be invited to owner's account, or "".
func (a *Accounts) inviteProblem(ctx context.Context, owner store.User, email string, bill Billing) (string, error) {
	if email == store.NormalizeEmail(owner.Email) {
		return "That is your own address: you own this account.", nil
	}
	mates, err := a.store.TeamMatesOf(ctx, owner.ID)
	if err != nil {
		return "", err
	}
	for _, m := range mates {
		if m.Email == email {
			return email + " is a member of your team already.", nil
		}
	}
	invites, err := a.store.PendingTeamInvites(ctx, owner.ID)
	if err != nil {
		return "", err
	}
	now := a.now()
	for _, i := range invites {
		if i.Email == email && i.Open(now) {
			return email + " was invited on " + longDate(i.CreatedAt) + " and the invitation is open until " + longDate(i.ExpiresAt) + ". Send it again from the list of invitations instead.", nil
		}
	}
	if full, err := a.teamFull(ctx, owner.ID, bill); err != nil || full {
		return "All " + strconv.Itoa(bill.Seats()) + " seats of your " + bill.Plan.Name + " plan are taken (you, your members and the open invitations). Remove a member or revoke an invitation to invite someone else.", err
	}
	return "", nil
}

// teamFull reports whether every seat of the account's plan is taken by
// the owner, the members and the open invitations.
func (a *Accounts) teamFull(ctx context.Context, accountID int64, bill Billing) (bool, error) {
	seats, err := a.store.TeamSeatsTaken(ctx, accountID, a.now())
	return seats >= bill.Seats(), err
}

// sendInvite stores a new invitation of email to owner's account and
// queues its email, in one transaction, unless the account sent its
// invitations for the day.
func (a *Accounts) sendInvite(ctx context.Context, owner store.User, email string) error {
	sent, err := a.store.TeamInvitesSince(ctx, owner.ID, a.now().Add(-24*time.Hour))
	if err != nil {
		return err
	}
	if sent >= TeamInvitesDaily {
		return TeamRefusal{Err: ErrTooManyInvites, Email: email, Message: "You sent " + strconv.Itoa(TeamInvitesDaily) + " invitations in the last 24 hours, the most we send in a day. Try again tomorrow."}
	}
	token, err := NewSecret()
	if err != nil {
		return err
	}
	inviter, err := a.Person(ctx, owner.ID)
	if err != nil {
		return err
	}
	label, err := a.Label(ctx, owner.ID)
	if err != nil {
		return err
	}
	err = a.store.InTx(ctx, func(tx *store.Store) error {
		inv := store.TeamInvite{AccountID: owner.ID, Email: email, TokenHash: store.Digest(token)}
		inv.InvitedBy.Int64, inv.InvitedBy.Valid = owner.ID, true
		if _, err := tx.CreateTeamInvite(ctx, inv); err != nil {
			return err
		}
		return queueMail(ctx, tx, bizmail.TeamInvitation(a.site, email, inviter.NameOrEmail(), label, a.link("/team/invite?token="+url.QueryEscape(token))))
	})
	if err == nil {
		a.log.Info("team invitation sent", "account_id", owner.ID, "user_id", owner.ID)
	}
	return err
}

// ResendInvite sends invitation id of owner's account again with a new
// link, valid for store.TeamInviteTTL; the earlier link stops working. An
// expired invitation needs a free seat again (TeamRefusal). It returns the
// invitation; store.ErrNotFound when it is not one still to answer.
func (a *Accounts) ResendInvite(ctx context.Context, owner store.User, id int64) (store.TeamInvite, error) {
	inv, err := a.store.TeamInviteOf(ctx, owner.ID, id)
	if err == nil && (inv.AcceptedAt.Valid || inv.RevokedAt.Valid) {
		err = store.ErrNotFound
	}
	if err != nil {
		return inv, err
	}
	if !inv.Open(a.now()) {
		bill, err := a.billingOf(ctx, a.store, owner.ID)
		if err != nil {
			return inv, err
		}
		full, err := a.teamFull(ctx, owner.ID, bill)
		if err != nil {
			return inv, err
		}
		if full {
			return inv, TeamRefusal{Err: ErrTeamFull, Message: "All " + strconv.Itoa(bill.Seats()) + " seats of your " + bill.Plan.Name +
				" plan are taken: remove a member or revoke an invitation before sending this one again."}
		}
	}
	return inv, a.sendInvite(ctx, owner, inv.Email)
}

// RevokeInvite withdraws invitation id of the account: its link stops
// working and its seat is free. It returns the invitation.
func (a *Accounts) RevokeInvite(ctx context.Context, accountID, id int64) (store.TeamInvite, error) {
	inv, err := a.store.TeamInviteOf(ctx, accountID, id)
	if err == nil {
		err = a.store.RevokeTeamInvite(ctx, accountID, inv.ID)
	}
	return inv, err
}

// RemoveMember ends member m's access to the owner's account at once,
// with the API keys and webhook endpoints they made (the owner is emailed
// what stopped), and emails them.
func (a *Accounts) RemoveMember(ctx context.Context, ownerID int64, m store.TeamMate) error {
	label, err := a.Label(ctx, ownerID)
	if err != nil {
		return err
	}
	owner, err := a.Person(ctx, ownerID)
	if err != nil {
		return err
	}
	err = a.store.InTx(ctx, func(tx *store.Store) error {
		if err := tx.RemoveTeamMember(ctx, ownerID, m.UserID); err != nil {
			return err
		}
		if err := a.retireIntegrations(ctx, tx, ownerID, m.UserID, Person{Name: m.Name, Email: m.Email}, lostByRemoval, owner.Email); err != nil {
			return err
		}
		return queueMail(ctx, tx, bizmail.TeamMemberRemoved(a.site, m.Email, label))
	})
	if err == nil {
		a.log.Info("team member removed", "account_id", ownerID, "member_id", m.UserID)
	}
	return err
}

// Transfer makes member m the owner of the owner's account (with its
// plan); the owner becomes a member, and the API keys and webhook
// endpoints they made stop (they no longer manage the account's API). The
// new owner is emailed.
func (a *Accounts) Transfer(ctx context.Context, ownerID int64, m store.TeamMate) error {
	label, err := a.Label(ctx, ownerID)
	if err != nil {
		return err
	}
	former, err := a.Person(ctx, ownerID)
	if err != nil {
		return err
	}
	err = a.store.InTx(ctx, func(tx *store.Store) error {
		if err := tx.TransferTeamOwnership(ctx, ownerID, m.UserID); err != nil {
			return err
		}
		if err := a.retireIntegrations(ctx, tx, m.UserID, ownerID, former, lostByHandover, m.Email); err != nil {
			return err
		}
		return queueMail(ctx, tx, bizmail.TeamOwnershipReceived(a.site, m.Email, label, former.NameOrEmail(), a.link(TeamPath)))
	})
	if err == nil {
		a.log.Info("team ownership transferred", "from_user_id", ownerID, "to_user_id", m.UserID)
	}
	return err
}

// Leave ends member u's membership at once, with the API keys and webhook
// endpoints they made, and tells the owner; it returns the account's
// label. A membership that ended already is left.
func (a *Accounts) Leave(ctx context.Context, u store.User) (string, error) {
	label, err := a.Label(ctx, u.Account())
	if err != nil {
		return "", err
	}
	owner, err := a.Person(ctx, u.Account())
	if err != nil {
		return "", err
	}
	me, err := a.Person(ctx, u.ID)
	if err != nil {
		return "", err
	}
	err = a.store.InTx(ctx, func(tx *store.Store) error {
		if err := tx.RemoveTeamMember(ctx, u.Account(), u.ID); err != nil {
			return err
		}
		if err := a.retireIntegrations(ctx, tx, u.Account(), u.ID, me, lostByLeaving, owner.Email); err != nil {
			return err
		}
		return queueMail(ctx, tx, bizmail.TeamMemberLeft(a.site, owner.Email, me.Label(), a.link(TeamPath)))
	})
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return "", err
	}
	a.log.Info("team member left", "account_id", u.Account(), "member_id", u.ID)
	return label, nil
}

// longDate is a day as the team's messages write it: "March 5, 2025".
func longDate(t time.Time) string { return t.Format("January 2, 2006") }

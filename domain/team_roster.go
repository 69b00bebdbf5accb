package domain

import (
	"context"

	"bizprofile/store"
)

// Roster is a business account's team as its page shows it: the owner,
// the members, the invitations waiting, the seats taken and the plan's.
type Roster struct {
	Owner   Person
	Billing Billing
	Members []store.TeamMate
	Invites []store.TeamInvite // pending, expired ones included
	Seats   int                // taken at now: members and invitations still open
}

// Roster gathers the team of accountID.
func (a *Accounts) Roster(ctx context.Context, accountID int64) (Roster, error) {
	var t Roster
	var err error
	if t.Owner, err = a.Person(ctx, accountID); err != nil {
		return t, err
	}
	if t.Billing, err = a.billingOf(ctx, a.store, accountID); err != nil {
		return t, err
	}
	if t.Members, err = a.store.TeamMatesOf(ctx, accountID); err != nil {
		return t, err
	}
	if t.Invites, err = a.store.PendingTeamInvites(ctx, accountID); err != nil {
		return t, err
	}
	t.Seats, err = a.store.TeamSeatsTaken(ctx, accountID, a.now())
	return t, err
}

// Member is the member userID of accountID's team; store.ErrNotFound when
// they are not one.
func (a *Accounts) Member(ctx context.Context, accountID, userID int64) (store.TeamMate, error) {
	mates, err := a.store.TeamMatesOf(ctx, accountID)
	if err != nil {
		return store.TeamMate{}, err
	}
	for _, m := range mates {
		if m.UserID == userID {
			return m, nil
		}
	}
	return store.TeamMate{}, store.ErrNotFound
}

package present

import (
	"net/url"
	"time"

	"bizprofile/domain"
	"bizprofile/plans"
	"bizprofile/store"
	"bizprofile/views"
)

// Team is the team page of the account u works in, whose roster is t, at
// now (which invitations expired).
func Team(t domain.Roster, u *store.User, now time.Time) views.TeamView {
	team := plans.FirstWithTeam()
	v := views.TeamView{
		Owner: views.TeamPerson(t.Owner), IsOwner: !u.Member(), Seats: t.Seats, SeatCap: t.Billing.Seats(), Plan: t.Billing.Plan.Name,
		TeamPlan: team.Name, TeamCap: team.TeamUsers,
	}
	for _, m := range t.Members {
		v.Members = append(v.Members, views.TeamMemberRow{
			UserID: m.UserID, Person: views.TeamPerson{Name: m.Name, Email: m.Email}, JoinedAt: m.JoinedAt, InvitedBy: m.InvitedBy.String, You: m.UserID == u.ID,
		})
	}
	for _, i := range t.Invites {
		v.Invites = append(v.Invites, views.TeamInviteRow{ID: i.ID, Email: i.Email, SentAt: i.CreatedAt, ExpiresAt: i.ExpiresAt, Expired: i.Expired(now)})
	}
	return v
}

// TeamInvite is what the invitation of token shows u (nil: signed out),
// in state (views.InviteOpen…).
func TeamInvite(in domain.Invitation, state, token string, u *store.User) views.TeamInviteView {
	v := views.TeamInviteView{State: state, Account: in.Account, Masked: in.Masked, Blocker: in.Blocker}
	if in.Account != "" {
		v.Token, v.Next = token, "/team/invite?token="+url.QueryEscape(token)
		if u != nil {
			v.SignedInAs = u.Email
		}
	}
	return v
}

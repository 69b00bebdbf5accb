package handlers

import (
	"errors"
	"net/http"
	"net/url"

	"bizprofile/domain"
	"bizprofile/present"
	"bizprofile/store"
	"bizprofile/views"
)

// Invitations to a business account's team: the owner invites by email,
// sends again and revokes on /dashboard/team; the link leads to
// /team/invite, which asks before joining and says why a link cannot be
// accepted.

// inviteTeamMember sends an invitation to the address of the form.
func (h *Handlers) inviteTeamMember(w http.ResponseWriter, r *http.Request) {
	u, ok := h.teamOwner(w, r)
	if !ok || !h.parseForm(w, r) {
		return
	}
	form := views.TeamInviteForm{Email: field(r.PostForm, "email")}
	email, err := h.domain.Accounts.Invite(r.Context(), *u, form.Email)
	if h.teamDone(w, r, err, form) {
		h.redirect(w, r, views.TeamPath, views.Toast{Title: "Invitation sent", Description: "We emailed " + email + " a link to join your team. It works for 7 days."})
	}
}

// resendTeamInvite sends an invitation again with a new link, valid for 7
// days; the earlier link stops working. An expired invitation needs a free
// seat again.
func (h *Handlers) resendTeamInvite(w http.ResponseWriter, r *http.Request) {
	u, ok := h.teamOwner(w, r)
	if !ok {
		return
	}
	inv, err := h.domain.Accounts.ResendInvite(r.Context(), *u, idParam(r))
	if h.teamDone(w, r, err, views.TeamInviteForm{}) {
		h.redirect(w, r, views.TeamPath, views.Toast{Title: "Invitation sent again", Description: "We emailed " + inv.Email + " a new link, valid for 7 days. The earlier link no longer works."})
	}
}

// revokeTeamInvite withdraws an invitation: its link stops working and its
// seat is free.
func (h *Handlers) revokeTeamInvite(w http.ResponseWriter, r *http.Request) {
	u, ok := h.teamOwner(w, r)
	if !ok {
		return
	}
	inv, err := h.domain.Accounts.RevokeInvite(r.Context(), u.ID, idParam(r))
	if h.teamDone(w, r, err, views.TeamInviteForm{}) {
		h.redirect(w, r, views.TeamPath, views.Toast{Title: "Invitation revoked", Description: "The link sent to " + inv.Email + " no longer works."})
	}
}

// teamInvitePage is where an invitation's link leads: it shows whose team
// it is and asks before joining (a mail scanner opening the link joins
// nothing), or says why it cannot be accepted.
func (h *Handlers) teamInvitePage(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Referrer-Policy", "no-referrer") // the token is in the URL
	v, status, err := h.inviteState(r, r.URL.Query().Get("token"))
	if h.broken(w, r, err) {
		return
	}
	h.render(w, r, status, views.TeamInvitePage(h.chrome(r), v))
}

// acceptTeamInvite joins the signed-in user to the invitation's team.
func (h *Handlers) acceptTeamInvite(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Referrer-Policy", "no-referrer")
	if !h.parseForm(w, r) {
		return
	}
	token := r.PostFormValue("token")
	u := currentUser(r)
	if u == nil {
		http.Redirect(w, r, "/login?next="+url.QueryEscape("/team/invite?token="+url.QueryEscape(token)), http.StatusSeeOther)
		return
	}
	v, status, err := h.inviteState(r, token)
	if err == nil && v.State == views.InviteOpen {
		// Something may have changed since the check (a second click,
		// the plan): the page then says what stands now.
		err = h.domain.Accounts.Accept(r.Context(), *u, token)
		if errors.Is(err, store.ErrTokenInvalid) || errors.Is(err, store.ErrTeamJoinBlocked) || errors.Is(err, store.ErrTeamSeatsFull) || errors.Is(err, store.ErrTeamInviteEmail) {
			full := errors.Is(err, store.ErrTeamSeatsFull)
			if v, status, err = h.inviteState(r, token); err == nil && full && v.State == views.InviteOpen {
				v.State, status = views.InviteFull, http.StatusConflict
			}
		} else if err == nil {
			h.redirect(w, r, "/dashboard", views.Toast{Title: "Welcome to the team", Description: "You now work in the account of " + v.Account + ": its listings, leads, reviews, insights and analytics."})
			return
		}
	}
	if h.broken(w, r, err) {
		return
	}
	h.render(w, r, status, views.TeamInvitePage(h.chrome(r), v))
}

// inviteStates are an invitation's states as its page shows them, with
// the page's status.
var inviteStates = map[domain.InviteState]struct {
	view   string
	status int
}{
	domain.InviteUnknown: {views.InviteUnknown, http.StatusNotFound}, domain.InviteUsed: {views.InviteUsed, http.StatusGone},
	domain.InviteRevoked: {views.InviteRevoked, http.StatusGone}, domain.InviteExpired: {views.InviteExpired, http.StatusGone},
	domain.InviteSignIn: {views.InviteSignIn, http.StatusOK}, domain.InviteOtherEmail: {views.InviteOtherEmail, http.StatusForbidden},
	domain.InviteBlocked: {views.InviteBlocked, http.StatusConflict}, domain.InviteFull: {views.InviteFull, http.StatusConflict},
	domain.InviteOpen: {views.InviteOpen, http.StatusOK},
}

// inviteState is what the invitation page shows for token to the request's
// visitor, with its status.
func (h *Handlers) inviteState(r *http.Request, token string) (views.TeamInviteView, int, error) {
	u := currentUser(r)
	in, err := h.domain.Accounts.Invitation(r.Context(), token, u)
	s := inviteStates[in.State]
	return present.TeamInvite(in, s.view, token, u), s.status, err
}

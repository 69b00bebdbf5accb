package handlers

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"time"

	"bizprofile/catalog"
	"bizprofile/domain"
	bizmail "bizprofile/mail"
	"bizprofile/plans"
	"bizprofile/store"
	"bizprofile/views"
)

// Invitations to a business account's team: the owner invites by email
// (single use, store.TeamInviteTTL), sends again and revokes on
// /dashboard/team; the link leads to /team/invite, which asks before
// joining and says why a link cannot be accepted.

// teamInvitesDaily is how many invitation emails an account sends in a
// day at most: each goes to an address someone typed.
const teamInvitesDaily = 20

// inviteTeamMember sends an invitation to the address of the form.
func (h *Handlers) inviteTeamMember(w http.ResponseWriter, r *http.Request) {
	u, ok := h.teamOwner(w, r)
	if !ok || !h.parseForm(w, r) {
		return
	}
	ctx := r.Context()
	form := views.TeamInviteForm{Email: field(r.PostForm, "email")}
	email := store.NormalizeEmail(form.Email)
	bill, err := h.billingOf(ctx, u.ID)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	if bill.Plan.TeamUsers <= 1 {
		team := plans.FirstWithTeam()
		h.teamRefused(w, r, http.StatusForbidden, "On the "+bill.Plan.Name+" plan the owner is the only seat: invitations come with the "+team.Name+" plan (up to "+itoa(team.TeamUsers)+" people).", form)
		return
	}
	errs := catalog.FieldErrors{}
	checkEmail(errs, "email", form.Email)
	if msg, ok := errs["email"]; ok {
		form.Error = msg
		h.teamRefused(w, r, http.StatusUnprocessableEntity, "", form)
		return
	}
	msg, err := h.inviteProblem(ctx, u, email, bill.Plan)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	if msg != "" {
		form.Error = msg
		h.teamRefused(w, r, http.StatusUnprocessableEntity, "", form)
		return
	}
	if !h.sendTeamInvite(w, r, u, email) {
		return
	}
	h.flash(r, views.Toast{Title: "Invitation sent", Description: "We emailed " + email + " a link to join your team. It works for 7 days."})
	http.Redirect(w, r, views.TeamPath, http.StatusSeeOther)
}

// inviteProblem says why email cannot be invited to u's account, or "".
func (h *Handlers) inviteProblem(ctx context.Context, u *store.User, email string, plan plans.Plan) (string, error) {
	if email == store.NormalizeEmail(u.Email) {
		return "That is your own address: you own this account.", nil
	}
	mates, err := h.store.TeamMatesOf(ctx, u.ID)
	if err != nil {
		return "", err
	}
	for _, m := range mates {
		if m.Email == email {
			return email + " is a member of your team already.", nil
		}
	}
	invites, err := h.store.PendingTeamInvites(ctx, u.ID)
	if err != nil {
		return "", err
	}
	now := time.Now()
	for _, i := range invites {
		if i.Email == email && i.Open(now) {
			return email + " was invited on " + views.LongDate(i.CreatedAt) + " and the invitation is open until " + views.LongDate(i.ExpiresAt) + ". Send it again from the list of invitations instead.", nil
		}
	}
	seats, err := h.store.TeamSeatsTaken(ctx, u.ID, now)
	if err != nil {
		return "", err
	}
	if seats >= plan.TeamUsers {
		return "All " + itoa(plan.TeamUsers) + " seats of your " + plan.Name + " plan are taken (you, your members and the open invitations). Remove a member or revoke an invitation to invite someone else.", nil
	}
	return "", nil
}

// sendTeamInvite stores a new invitation of email to u's account and
// queues its email, in one transaction; false when it answered the request
// itself (too many invitations today, an error).
func (h *Handlers) sendTeamInvite(w http.ResponseWriter, r *http.Request, u *store.User, email string) bool {
	ctx := r.Context()
	sent, err := h.store.TeamInvitesSince(ctx, u.ID, time.Now().Add(-24*time.Hour))
	if err != nil {
		h.serverError(w, r, err)
		return false
	}
	if sent >= teamInvitesDaily {
		h.teamRefused(w, r, http.StatusTooManyRequests, "You sent "+itoa(teamInvitesDaily)+" invitations in the last 24 hours, the most we send in a day. Try again tomorrow.", views.TeamInviteForm{Email: email})
		return false
	}
	token, err := newSecret()
	if err != nil {
		h.serverError(w, r, err)
		return false
	}
	inviter, err := h.teamPerson(ctx, u.ID)
	if err != nil {
		h.serverError(w, r, err)
		return false
	}
	label, err := h.accountLabel(ctx, u.ID)
	if err != nil {
		h.serverError(w, r, err)
		return false
	}
	name := inviter.Name
	if name == "" {
		name = inviter.Email
	}
	err = h.store.InTx(ctx, func(tx *store.Store) error {
		if _, err := tx.CreateTeamInvite(ctx, store.TeamInvite{AccountID: u.ID, Email: email, TokenHash: store.Digest(token), InvitedBy: nullID(u.ID)}); err != nil {
			return err
		}
		return domain.QueueMail(ctx, tx, bizmail.TeamInvitation(h.domain.Site(), email, name, label, h.site.BaseURL+"/team/invite?token="+url.QueryEscape(token)))
	})
	if err != nil {
		h.serverError(w, r, err)
		return false
	}
	h.log.Info("team invitation sent", "account_id", u.ID, "user_id", u.ID)
	return true
}

// resendTeamInvite sends an invitation again with a new link, valid for 7
// days; the earlier link stops working. An expired invitation needs a free
// seat again.
func (h *Handlers) resendTeamInvite(w http.ResponseWriter, r *http.Request) {
	u, ok := h.teamOwner(w, r)
	if !ok {
		return
	}
	ctx := r.Context()
	inv, err := h.store.TeamInviteOf(ctx, u.ID, idParam(r))
	if errors.Is(err, store.ErrNotFound) || (err == nil && (inv.AcceptedAt.Valid || inv.RevokedAt.Valid)) {
		h.notFound(w, r)
		return
	}
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	if !inv.Open(time.Now()) {
		bill, err := h.billingOf(ctx, u.ID)
		if err != nil {
			h.serverError(w, r, err)
			return
		}
		seats, err := h.store.TeamSeatsTaken(ctx, u.ID, time.Now())
		if err != nil {
			h.serverError(w, r, err)
			return
		}
		if seats >= bill.Plan.TeamUsers {
			h.teamRefused(w, r, http.StatusUnprocessableEntity, "All "+itoa(bill.Plan.TeamUsers)+" seats of your "+bill.Plan.Name+" plan are taken: remove a member or revoke an invitation before sending this one again.", views.TeamInviteForm{})
			return
		}
	}
	if !h.sendTeamInvite(w, r, u, inv.Email) {
		return
	}
	h.flash(r, views.Toast{Title: "Invitation sent again", Description: "We emailed " + inv.Email + " a new link, valid for 7 days. The earlier link no longer works."})
	http.Redirect(w, r, views.TeamPath, http.StatusSeeOther)
}

// revokeTeamInvite withdraws an invitation: its link stops working and its
// seat is free.
func (h *Handlers) revokeTeamInvite(w http.ResponseWriter, r *http.Request) {
	u, ok := h.teamOwner(w, r)
	if !ok {
		return
	}
	ctx := r.Context()
	inv, err := h.store.TeamInviteOf(ctx, u.ID, idParam(r))
	if err == nil {
		err = h.store.RevokeTeamInvite(ctx, u.ID, inv.ID)
	}
	if errors.Is(err, store.ErrNotFound) {
		h.notFound(w, r)
		return
	}
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	h.flash(r, views.Toast{Title: "Invitation revoked", Description: "The link sent to " + inv.Email + " no longer works."})
	http.Redirect(w, r, views.TeamPath, http.StatusSeeOther)
}

// teamInvitePage is where an invitation's link leads: it shows whose team
// it is and asks before joining (a mail scanner opening the link joins
// nothing), or says why it cannot be accepted.
func (h *Handlers) teamInvitePage(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Referrer-Policy", "no-referrer") // the token is in the URL
	token := r.URL.Query().Get("token")
	v, status, err := h.inviteState(r, token)
	if err != nil {
		h.serverError(w, r, err)
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
	ctx := r.Context()
	token := r.PostFormValue("token")
	u := currentUser(r)
	if u == nil {
		http.Redirect(w, r, "/login?next="+url.QueryEscape("/team/invite?token="+url.QueryEscape(token)), http.StatusSeeOther)
		return
	}
	v, status, err := h.inviteState(r, token)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	if v.State != views.InviteOpen {
		h.render(w, r, status, views.TeamInvitePage(h.chrome(r), v))
		return
	}
	inv, err := h.store.TeamInviteByHash(ctx, store.Digest(token))
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	bill, err := h.billingOf(ctx, inv.AccountID)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	owner, err := h.teamPerson(ctx, inv.AccountID)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	joiner, err := h.teamPerson(ctx, u.ID)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	// The owner is told in the joining's transaction: nobody joins their
	// account without their hearing of it.
	err = h.store.InTx(ctx, func(tx *store.Store) error {
		if _, err := tx.AcceptTeamInvite(ctx, store.Digest(token), *u, bill.Plan.TeamUsers); err != nil {
			return err
		}
		return domain.QueueMail(ctx, tx, bizmail.TeamMemberJoined(h.domain.Site(), owner.Email, joiner.Label(), h.site.BaseURL+views.TeamPath))
	})
	if err != nil {
		// Something changed since the check (a second click, the plan):
		// the page says what stands now.
		if errors.Is(err, store.ErrTokenInvalid) || errors.Is(err, store.ErrTeamJoinBlocked) || errors.Is(err, store.ErrTeamSeatsFull) || errors.Is(err, store.ErrTeamInviteEmail) {
			v, status, err2 := h.inviteState(r, token)
			if err2 != nil {
				h.serverError(w, r, err2)
				return
			}
			if v.State == views.InviteOpen && errors.Is(err, store.ErrTeamSeatsFull) {
				v.State, status = views.InviteFull, http.StatusConflict
			}
			h.render(w, r, status, views.TeamInvitePage(h.chrome(r), v))
			return
		}
		h.serverError(w, r, err)
		return
	}
	h.log.Info("team invitation accepted", "account_id", inv.AccountID, "user_id", u.ID)
	h.flash(r, views.Toast{Title: "Welcome to the team", Description: "You now work in the account of " + v.Account + ": its listings, leads, reviews, insights and analytics."})
	http.Redirect(w, r, "/dashboard", http.StatusSeeOther)
}

// inviteState is what the invitation page shows for token to the request's
// visitor, with its status.
func (h *Handlers) inviteState(r *http.Request, token string) (views.TeamInviteView, int, error) {
	ctx := r.Context()
	next := "/team/invite?token=" + url.QueryEscape(token)
	inv, err := h.store.TeamInviteByHash(ctx, store.Digest(token))
	if errors.Is(err, store.ErrNotFound) || token == "" {
		return views.TeamInviteView{State: views.InviteUnknown}, http.StatusNotFound, nil
	}
	if err != nil {
		return views.TeamInviteView{}, 0, err
	}
	now := time.Now()
	switch {
	case inv.AcceptedAt.Valid:
		return views.TeamInviteView{State: views.InviteUsed}, http.StatusGone, nil
	case inv.RevokedAt.Valid:
		return views.TeamInviteView{State: views.InviteRevoked}, http.StatusGone, nil
	case inv.Expired(now):
		return views.TeamInviteView{State: views.InviteExpired}, http.StatusGone, nil
	}
	label, err := h.accountLabel(ctx, inv.AccountID)
	if err != nil {
		return views.TeamInviteView{}, 0, err
	}
	v := views.TeamInviteView{Token: token, Account: label, Next: next}
	u := currentUser(r)
	if u == nil {
		v.State = views.InviteSignIn
		return v, http.StatusOK, nil
	}
	v.SignedInAs = u.Email
	if store.NormalizeEmail(u.Email) != inv.Email {
		v.State, v.Masked = views.InviteOtherEmail, maskEmail(inv.Email)
		return v, http.StatusForbidden, nil
	}
	blocker := ""
	if u.ID == inv.AccountID {
		blocker = "own"
	} else if blocker, err = h.store.TeamJoinBlocker(ctx, u.ID); err != nil {
		return views.TeamInviteView{}, 0, err
	}
	if blocker != "" {
		v.State, v.Blocker = views.InviteBlocked, blocker
		return v, http.StatusConflict, nil
	}
	bill, err := h.billingOf(ctx, inv.AccountID)
	if err != nil {
		return views.TeamInviteView{}, 0, err
	}
	// The invitation holds a seat while open: the team is full when the
	// others (the owner, the members, the other open invitations) leave
	// none for it.
	seats, err := h.store.TeamSeatsTaken(ctx, inv.AccountID, now)
	if err != nil {
		return views.TeamInviteView{}, 0, err
	}
	if seats > bill.Plan.TeamUsers {
		v.State = views.InviteFull
		return v, http.StatusConflict, nil
	}
	v.State = views.InviteOpen
	return v, http.StatusOK, nil
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

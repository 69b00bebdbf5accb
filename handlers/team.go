package handlers

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"strings"
	"time"

	"bizprofile/domain"
	bizmail "bizprofile/mail"
	"bizprofile/plans"
	"bizprofile/store"
	"bizprofile/views"
)

// The team of a business account (issue 21): its owner invites people by
// email, up to the seats of the account's plan; members work in the
// account (listings, leads, reviews, insights, analytics); the owner
// removes them or hands them the account. Membership is read with the user
// on every request (loadUser), so a change takes effect on the next one.

// teamPage is /dashboard/team: owner and members see it; only the owner
// sees the buttons that change the team. A personal account has none.
func (h *Handlers) teamPage(w http.ResponseWriter, r *http.Request) {
	u := currentUser(r)
	if !worksForBusiness(u) {
		h.notFound(w, r)
		return
	}
	v, err := h.teamView(r.Context(), u)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	h.render(w, r, http.StatusOK, views.TeamPage(h.chrome(r), v))
}

// teamView gathers the team page of the account u works in.
func (h *Handlers) teamView(ctx context.Context, u *store.User) (views.TeamView, error) {
	account := u.Account()
	owner, err := h.teamPerson(ctx, account)
	if err != nil {
		return views.TeamView{}, err
	}
	bill, err := h.billingOf(ctx, account)
	if err != nil {
		return views.TeamView{}, err
	}
	mates, err := h.store.TeamMatesOf(ctx, account)
	if err != nil {
		return views.TeamView{}, err
	}
	invites, err := h.store.PendingTeamInvites(ctx, account)
	if err != nil {
		return views.TeamView{}, err
	}
	now := time.Now()
	seats, err := h.store.TeamSeatsTaken(ctx, account, now)
	if err != nil {
		return views.TeamView{}, err
	}
	team := plans.FirstWithTeam()
	v := views.TeamView{
		Owner: owner, IsOwner: !u.Member(), Seats: seats, SeatCap: bill.Plan.TeamUsers, Plan: bill.Plan.Name,
		TeamPlan: team.Name, TeamCap: team.TeamUsers,
	}
	for _, m := range mates {
		v.Members = append(v.Members, views.TeamMemberRow{
			UserID: m.UserID, Person: views.TeamPerson{Name: m.Name, Email: m.Email}, JoinedAt: m.JoinedAt, InvitedBy: m.InvitedBy.String, You: m.UserID == u.ID,
		})
	}
	for _, i := range invites {
		v.Invites = append(v.Invites, views.TeamInviteRow{ID: i.ID, Email: i.Email, SentAt: i.CreatedAt, ExpiresAt: i.ExpiresAt, Expired: i.Expired(now)})
	}
	return v, nil
}

// teamPerson is a user as the team pages name them.
func (h *Handlers) teamPerson(ctx context.Context, userID int64) (views.TeamPerson, error) {
	u, err := h.store.UserByID(ctx, userID)
	if err != nil {
		return views.TeamPerson{}, err
	}
	p, err := h.store.ProfileOf(ctx, userID)
	if err != nil {
		return views.TeamPerson{}, err
	}
	return views.TeamPerson{Name: p.DisplayName(), Email: u.Email}, nil
}

// accountLabel names an account as invitations and emails do: its owner
// and their listings ("Maria Lopez (Taco Palace)").
func (h *Handlers) accountLabel(ctx context.Context, accountID int64) (string, error) {
	owner, err := h.teamPerson(ctx, accountID)
	if err != nil {
		return "", err
	}
	name := owner.NameOrEmail()
	bs, err := h.store.BusinessesOwnedBy(ctx, accountID)
	if err != nil {
		return "", err
	}
	var listings []string
	for _, b := range bs {
		listings = append(listings, b.Name)
	}
	switch {
	case len(listings) == 0:
		return name, nil
	case len(listings) > 3:
		return name + " (" + strings.Join(listings[:3], ", ") + " and others)", nil
	}
	if n := len(listings); n > 1 {
		return name + " (" + strings.Join(listings[:n-1], ", ") + " and " + listings[n-1] + ")", nil
	}
	return name + " (" + listings[0] + ")", nil
}

// teamOwner answers a change to the team: only the account's owner makes
// one. Members are told so (403, ownerOnly); a personal account has no
// team (404).
func (h *Handlers) teamOwner(w http.ResponseWriter, r *http.Request) (*store.User, bool) {
	u := currentUser(r)
	if !worksForBusiness(u) {
		h.notFound(w, r)
		return nil, false
	}
	if !h.ownerOnly(w, r, "change the team") {
		return nil, false
	}
	return u, true
}

// teamRefused shows the team page with a problem and status.
func (h *Handlers) teamRefused(w http.ResponseWriter, r *http.Request, status int, problem string, form views.TeamInviteForm) {
	v, err := h.teamView(r.Context(), currentUser(r))
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	v.Problem, v.Form = problem, form
	h.render(w, r, status, views.TeamPage(h.chrome(r), v))
}

// teamMember is the member of the URL in the owner's account; false when
// it answered (not the owner, no such member).
func (h *Handlers) teamMember(w http.ResponseWriter, r *http.Request) (*store.User, store.TeamMate, bool) {
	u, ok := h.teamOwner(w, r)
	if !ok {
		return nil, store.TeamMate{}, false
	}
	mates, err := h.store.TeamMatesOf(r.Context(), u.ID)
	if err != nil {
		h.serverError(w, r, err)
		return nil, store.TeamMate{}, false
	}
	id := idParam(r)
	for _, m := range mates {
		if m.UserID == id {
			return u, m, true
		}
	}
	h.notFound(w, r)
	return nil, store.TeamMate{}, false
}

// removeTeamMemberPage asks before removing a member.
func (h *Handlers) removeTeamMemberPage(w http.ResponseWriter, r *http.Request) {
	if _, m, ok := h.teamMember(w, r); ok {
		h.render(w, r, http.StatusOK, views.TeamConfirmPage(h.chrome(r), views.TeamConfirm{Action: "remove", Person: views.TeamPerson{Name: m.Name, Email: m.Email}}))
	}
}

// removeTeamMember ends a member's access at once and emails them.
func (h *Handlers) removeTeamMember(w http.ResponseWriter, r *http.Request) {
	u, m, ok := h.teamMember(w, r)
	if !ok {
		return
	}
	ctx := r.Context()
	label, err := h.accountLabel(ctx, u.ID)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	err = h.store.InTx(ctx, func(tx *store.Store) error {
		if err := tx.RemoveTeamMember(ctx, u.ID, m.UserID); err != nil {
			return err
		}
		return domain.QueueMail(ctx, tx, bizmail.TeamMemberRemoved(h.domain.Site(), m.Email, label))
	})
	if errors.Is(err, store.ErrNotFound) {
		h.notFound(w, r)
		return
	}
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	h.log.Info("team member removed", "account_id", u.ID, "member_id", m.UserID)
	h.flash(r, views.Toast{Title: "Member removed", Description: m.Email + " no longer has access to your account."})
	http.Redirect(w, r, views.TeamPath, http.StatusSeeOther)
}

// transferTeamPage asks before handing the account to a member.
func (h *Handlers) transferTeamPage(w http.ResponseWriter, r *http.Request) {
	u, m, ok := h.teamMember(w, r)
	if !ok {
		return
	}
	bill, err := h.billingOf(r.Context(), u.ID)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	h.render(w, r, http.StatusOK, views.TeamConfirmPage(h.chrome(r), views.TeamConfirm{Action: "transfer", Person: views.TeamPerson{Name: m.Name, Email: m.Email}, Plan: bill.Plan.Name}))
}

// transferTeam makes a member the owner of the account; the owner becomes
// a member. The new owner is emailed.
func (h *Handlers) transferTeam(w http.ResponseWriter, r *http.Request) {
	u, m, ok := h.teamMember(w, r)
	if !ok {
		return
	}
	ctx := r.Context()
	label, err := h.accountLabel(ctx, u.ID)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	former, err := h.teamPerson(ctx, u.ID)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	formerName := former.NameOrEmail()
	err = h.store.InTx(ctx, func(tx *store.Store) error {
		if err := tx.TransferTeamOwnership(ctx, u.ID, m.UserID); err != nil {
			return err
		}
		return domain.QueueMail(ctx, tx, bizmail.TeamOwnershipReceived(h.domain.Site(), m.Email, label, formerName, h.site.BaseURL+views.TeamPath))
	})
	if errors.Is(err, store.ErrNotFound) {
		h.notFound(w, r)
		return
	}
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	h.log.Info("team ownership transferred", "from_user_id", u.ID, "to_user_id", m.UserID)
	h.flash(r, views.Toast{Title: "Ownership transferred", Description: m.Email + " now owns the account, with its billing. You are a member of its team."})
	http.Redirect(w, r, views.TeamPath, http.StatusSeeOther)
}

// leaveTeamPage asks a member before they leave.
func (h *Handlers) leaveTeamPage(w http.ResponseWriter, r *http.Request) {
	u := currentUser(r)
	if !u.Member() {
		h.notFound(w, r)
		return
	}
	label, err := h.accountLabel(r.Context(), u.Account())
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	h.render(w, r, http.StatusOK, views.TeamConfirmPage(h.chrome(r), views.TeamConfirm{Action: "leave", Account: label}))
}

// leaveTeam ends the member's membership at once.
func (h *Handlers) leaveTeam(w http.ResponseWriter, r *http.Request) {
	u := currentUser(r)
	if !u.Member() {
		h.notFound(w, r)
		return
	}
	ctx := r.Context()
	label, err := h.accountLabel(ctx, u.Account())
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	owner, err := h.teamPerson(ctx, u.Account())
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	me, err := h.teamPerson(ctx, u.ID)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	err = h.store.InTx(ctx, func(tx *store.Store) error {
		if err := tx.RemoveTeamMember(ctx, u.Account(), u.ID); err != nil {
			return err
		}
		return domain.QueueMail(ctx, tx, bizmail.TeamMemberLeft(h.domain.Site(), owner.Email, me.Label(), h.site.BaseURL+views.TeamPath))
	})
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		h.serverError(w, r, err)
		return
	}
	h.log.Info("team member left", "account_id", u.Account(), "member_id", u.ID)
	h.flash(r, views.Toast{Title: "You left the team", Description: "You no longer have access to the account of " + label + "."})
	http.Redirect(w, r, "/dashboard", http.StatusSeeOther)
}

// nullID is id as a nullable reference (0: none).
func nullID(id int64) sql.NullInt64 {
	return sql.NullInt64{Int64: id, Valid: id != 0}
}

package handlers

import (
	"context"
	"errors"
	"net/http"
	"time"

	"bizprofile/domain"
	"bizprofile/present"
	"bizprofile/store"
	"bizprofile/views"
)

// The team of a business account (issue 21; its rules are the domain's,
// domain/team.go): its owner invites people by email, up to the seats of
// the account's plan; members work in the account; the owner removes them
// or hands them the account. Membership is read with the user on every
// request (loadUser), so a change takes effect on the next one.

// teamPage is /dashboard/team: owner and members see it; only the owner
// sees the buttons that change the team. A personal account has none.
func (h *Handlers) teamPage(w http.ResponseWriter, r *http.Request) {
	u := currentUser(r)
	if !worksForBusiness(u) {
		h.notFound(w, r)
		return
	}
	v, err := h.teamView(r.Context(), u)
	if h.broken(w, r, err) {
		return
	}
	h.render(w, r, http.StatusOK, views.TeamPage(h.chrome(r), v))
}

// teamView gathers the team page of the account u works in.
func (h *Handlers) teamView(ctx context.Context, u *store.User) (views.TeamView, error) {
	t, err := h.domain.Accounts.Roster(ctx, u.Account())
	if err != nil {
		return views.TeamView{}, err
	}
	return present.Team(t, u, time.Now()), nil
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

// teamDone answers a change to the team that returned err: the team page
// again when the rules refused it (with the invitation form), 404 when
// what it names is not the account's. It reports whether the change was
// made.
func (h *Handlers) teamDone(w http.ResponseWriter, r *http.Request, err error, form views.TeamInviteForm) bool {
	var bad domain.Invalid
	var no domain.TeamRefusal
	status, problem := http.StatusUnprocessableEntity, ""
	switch {
	case err == nil:
		return true
	case errors.Is(err, store.ErrNotFound):
		h.notFound(w, r)
		return false
	case errors.As(err, &bad):
		form.Error = bad.Fields()["email"]
	case errors.As(err, &no):
		problem, form.Email = no.Message, no.Email
		if errors.Is(err, domain.ErrNoTeam) {
			status = http.StatusForbidden
		} else if errors.Is(err, domain.ErrTooManyInvites) {
			status = http.StatusTooManyRequests
		}
	default:
		h.serverError(w, r, err)
		return false
	}
	v, err := h.teamView(r.Context(), currentUser(r))
	if h.broken(w, r, err) {
		return false
	}
	v.Problem, v.Form = problem, form
	h.render(w, r, status, views.TeamPage(h.chrome(r), v))
	return false
}

// teamMember is the member of the URL in the owner's account; false when
// it answered (not the owner, no such member).
func (h *Handlers) teamMember(w http.ResponseWriter, r *http.Request) (*store.User, store.TeamMate, bool) {
	u, ok := h.teamOwner(w, r)
	if !ok {
		return nil, store.TeamMate{}, false
	}
	m, err := h.domain.Accounts.Member(r.Context(), u.ID, idParam(r))
	if h.failed(w, r, err) {
		return nil, store.TeamMate{}, false
	}
	return u, m, true
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
	if ok && h.teamDone(w, r, h.domain.Accounts.RemoveMember(r.Context(), u.ID, m), views.TeamInviteForm{}) {
		h.redirect(w, r, views.TeamPath, views.Toast{Title: "Member removed", Description: m.Email + " no longer has access to your account."})
	}
}

// transferTeamPage asks before handing the account to a member.
func (h *Handlers) transferTeamPage(w http.ResponseWriter, r *http.Request) {
	u, m, ok := h.teamMember(w, r)
	if !ok {
		return
	}
	bill, err := h.billingOf(r.Context(), u.ID)
	if h.broken(w, r, err) {
		return
	}
	h.render(w, r, http.StatusOK, views.TeamConfirmPage(h.chrome(r), views.TeamConfirm{Action: "transfer", Person: views.TeamPerson{Name: m.Name, Email: m.Email}, Plan: bill.Plan.Name}))
}

// transferTeam makes a member the owner of the account; the owner becomes
// a member. The new owner is emailed.
func (h *Handlers) transferTeam(w http.ResponseWriter, r *http.Request) {
	u, m, ok := h.teamMember(w, r)
	if ok && h.teamDone(w, r, h.domain.Accounts.Transfer(r.Context(), u.ID, m), views.TeamInviteForm{}) {
		h.redirect(w, r, views.TeamPath, views.Toast{Title: "Ownership transferred", Description: m.Email + " now owns the account, with its billing. You are a member of its team."})
	}
}

// leaveTeamPage asks a member before they leave.
func (h *Handlers) leaveTeamPage(w http.ResponseWriter, r *http.Request) {
	u := currentUser(r)
	if !u.Member() {
		h.notFound(w, r)
		return
	}
	label, err := h.domain.Accounts.Label(r.Context(), u.Account())
	if h.broken(w, r, err) {
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
	label, err := h.domain.Accounts.Leave(r.Context(), *u)
	if h.broken(w, r, err) {
		return
	}
	h.redirect(w, r, "/dashboard", views.Toast{Title: "You left the team", Description: "You no longer have access to the account of " + label + "."})
}

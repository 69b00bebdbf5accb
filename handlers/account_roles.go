package handlers

import (
	"net/http"

	"bizprofile/store"
	"bizprofile/views"
)

// Roles in a business account (issue 21). The account is known by its
// owner's id (store.User.Account); a member works in it with the owner's
// rights over listings, leads, reviews, insights and analytics, so every
// "is this mine" check compares a record's account with u.Account(). The
// owner alone chooses the plan, opens billing, deletes listings and closes
// the account: those handlers call ownerOnly first.

// worksForBusiness reports whether u sees the business side of the app
// (dashboard, leads, analytics): a business account, or a member of one
// whatever kind of account they signed up with.
func worksForBusiness(u *store.User) bool {
	return u.Kind == store.KindBusiness || u.Member()
}

// ownerOnly lets the account's owner through; a member gets 403 and a page
// naming the owner, who alone can do what (e.g. "change the plan"). It
// reports whether the handler may go on.
func (h *Handlers) ownerOnly(w http.ResponseWriter, r *http.Request, what string) bool {
	u := currentUser(r)
	if u == nil || !u.Member() {
		return true
	}
	owner, err := h.domain.Accounts.OwnerName(r.Context(), *u)
	if h.broken(w, r, err) {
		return false
	}
	h.log.Info("owner-only action refused to a member", "path", r.URL.Path, "user_id", u.ID, "account_id", u.Account(), "request_id", requestID(r.Context()))
	h.render(w, r, http.StatusForbidden, views.OwnerOnlyPage(h.chrome(r), views.OwnerOnly{Owner: owner, What: what}))
	return false
}

package api

import (
	"errors"
	"net/http"
	"net/url"
	"strconv"

	"bizprofile/domain"
	"bizprofile/resource"
	"bizprofile/store"
)

// The reviews of the account's listings (/reviews): a list with the
// reviews page's filters, and the account's public reply, written or
// rewritten as on that page.

// reviewsList is a page of reviews; NextCursor is null on the last page.
type reviewsList struct {
	Data       []resource.Review `json:"data"`
	NextCursor *string           `json:"next_cursor"`
}

// reviewFilter reads the filters of the reviews list, which conform
// checked: listing, rating (1-5) and replied (true or false).
func reviewFilter(q url.Values) store.AccountReviewFilter {
	var f store.AccountReviewFilter
	f.BusinessID, _ = strconv.ParseInt(q.Get("listing"), 10, 64)
	f.Stars, _ = strconv.Atoi(q.Get("rating"))
	if s := q.Get("replied"); s != "" {
		replied := s == "true"
		f.Replied = &replied
	}
	return f
}

// reviews answers a page of the reviews of the account's listings, newest
// first, hidden ones included (with the administrator's reason).
func (a *API) reviews(w http.ResponseWriter, r *http.Request) {
	ctx, q := r.Context(), r.URL.Query()
	var errs []FieldError
	f, limit := reviewFilter(q), pageLimit(q)
	f.After = positionOf(q, &errs)
	if len(errs) > 0 {
		a.problem(w, r, invalid(errs...))
		return
	}
	rs, err := a.store.AccountReviews(ctx, accountOf(r), f, limit+1)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	out := reviewsList{Data: []resource.Review{}}
	if len(rs) > limit {
		rs = rs[:limit]
		last := rs[limit-1]
		out.NextCursor = cursorAt(last.CreatedAt, last.ID)
	}
	for _, rev := range rs {
		out.Data = append(out.Data, resource.ReviewObject(rev))
	}
	writeJSON(w, http.StatusOK, out)
}

// replyBody is the reply to post.
type replyBody struct {
	Body *string `json:"body"`
}

var (
	errReviewNotFound = errNotFound.With("No review of this account's listings has this id.")
	errReviewHidden   = errConflict.With("An administrator hid this review, so it cannot be answered.")
)

// replyToReview writes the account's reply to a review of one of its
// listings, or replaces the reply it has (201 for a first reply, 200 for
// a new text), by the reviews page's rules. The reply is the account's:
// it is signed by the account's owner, as the page signs it by who wrote
// it.
func (a *API) replyToReview(w http.ResponseWriter, r *http.Request) {
	ctx, account := r.Context(), accountOf(r)
	id := idOf(r)
	if id == 0 {
		a.problem(w, r, errReviewNotFound)
		return
	}
	rev, err := a.store.ReviewByID(ctx, id)
	var b store.Business
	if err == nil {
		b, err = a.store.BusinessByID(ctx, rev.BusinessID)
	}
	if errors.Is(err, store.ErrNotFound) || (err == nil && !b.OwnedBy(account)) {
		err = errReviewNotFound
	}
	if err != nil {
		a.fail(w, r, err)
		return
	}
	var body replyBody
	if err := decode(r, &body); err != nil {
		a.fail(w, r, err)
		return
	}
	text := ""
	if body.Body != nil {
		text = *body.Body
	}
	updated, err := a.domain.Reviews.Reply(ctx, rev, account, text)
	var bad domain.Invalid
	switch {
	case errors.Is(err, domain.ErrReviewHidden):
		a.problem(w, r, errReviewHidden)
		return
	case errors.As(err, &bad):
		a.problem(w, r, invalid(FieldError{Field: "body", Message: bad["reply"]}))
		return
	case errors.Is(err, store.ErrNotAuthor), errors.Is(err, store.ErrNotFound):
		err = errReviewNotFound // changed hands meanwhile
	}
	if err != nil {
		a.fail(w, r, err)
		return
	}
	a.log.Info("api: review answered", "review_id", rev.ID, "business_id", b.ID, "edit", rev.Reply != "", "key", keyOf(ctx).ID)
	status := http.StatusCreated
	if rev.Reply != "" {
		status = http.StatusOK
	}
	writeJSON(w, status, resource.ReviewObject(store.OwnerReview{Review: updated, BusinessName: b.Name}))
}

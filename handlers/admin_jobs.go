package handlers

import (
	"context"
	"errors"
	"net/http"
	"net/url"

	"bizprofile/catalog"
	"bizprofile/present"
	"bizprofile/store"
	"bizprofile/views"
)

// adminJobs is /admin/jobs: the background jobs by status (all by
// default), newest first, with the last error of each.
func (h *Handlers) adminJobs(w http.ResponseWriter, r *http.Request) {
	status := r.URL.Query().Get("status")
	if catalog.OptionLabel(views.JobStatuses, status) == status {
		status = "" // unknown: all
	}
	q := url.Values{}
	if status != "" {
		q.Set("status", status)
	}
	page := pageParam(r)
	js, total, err := h.store.Jobs(r.Context(), status, pageWindow(page))
	if h.broken(w, r, err) {
		return
	}
	v := views.AdminJobs{Status: status, Pager: pager("/admin/jobs", q, page, total)}
	if pastTheEnd(w, r, v.Pager, len(js)) {
		return
	}
	v.Filters, v.Rows = present.JobFilters(status), present.JobRows(js)
	h.render(w, r, http.StatusOK, views.AdminJobsPage(h.chrome(r), v))
}

// retryJob queues a failed (or discarded) job again, with fresh attempts.
func (h *Handlers) retryJob(w http.ResponseWriter, r *http.Request) {
	h.actOnJob(w, r, h.store.RetryJob, "retried",
		views.Toast{Title: "Job queued again", Description: "It runs in a moment; this list shows how it went."},
		views.Toast{Title: "Nothing to retry", Description: "That job is not failed or discarded any more.", Variant: "destructive"})
}

// discardJob gives up on a failed or waiting job.
func (h *Handlers) discardJob(w http.ResponseWriter, r *http.Request) {
	h.actOnJob(w, r, h.store.DiscardJob, "discarded",
		views.Toast{Title: "Job discarded", Description: "It will not run again unless you retry it."},
		views.Toast{Title: "Nothing to discard", Description: "That job is running or already ended.", Variant: "destructive"})
}

func (h *Handlers) actOnJob(w http.ResponseWriter, r *http.Request, act func(ctx context.Context, id int64) error, what string, done, gone views.Toast) {
	id := idParam(r)
	if id == 0 {
		h.notFound(w, r)
		return
	}
	err := act(r.Context(), id)
	switch {
	case errors.Is(err, store.ErrNotFound):
		h.flash(r, gone)
	case err != nil:
		h.serverError(w, r, err)
		return
	default:
		h.log.Info("job "+what+" by an administrator", "job_id", id, "admin_id", currentUser(r).ID)
		h.flash(r, done)
	}
	http.Redirect(w, r, adminBack(r, "/admin/jobs?status=failed"), http.StatusSeeOther)
}

package handlers

import (
	"context"
	"log/slog"
	"math"
	"net/http"
	"net/url"
	"strings"
	"time"

	"bizprofile/catalog"
	"bizprofile/clientgone"
	"bizprofile/csvexport"
	"bizprofile/store"
	"bizprofile/views"
)

// The administration's lists: a page of rows with a pager, and the same
// rows as a CSV export, from one definition (adminList). The read-only
// lists of what visitors sent are defined here; the businesses and claims
// lists beside their own pages.

// adminPageSize is how many rows an administration list shows a page.
const adminPageSize = 50

func pageWindow(page int) store.Page {
	return store.Page{Limit: adminPageSize, Offset: (page - 1) * adminPageSize}
}

func pager(path string, query url.Values, page, total int) views.AdminPager {
	return views.AdminPager{Path: path, Query: query, Page: page, Total: total, Pages: int(math.Ceil(float64(total) / adminPageSize))}
}

// pastTheEnd sends a page beyond the end of its list (its last rows were
// just decided, or the URL was edited) to the list's last page, rather
// than showing an empty list that has rows. It reports whether it did.
func pastTheEnd(w http.ResponseWriter, r *http.Request, p views.AdminPager, rows int) bool {
	if rows > 0 || p.Page <= 1 {
		return false
	}
	http.Redirect(w, r, p.URL(max(p.Pages, 1)), http.StatusSeeOther)
	return true
}

// adminList is a list of the administration, as a page and as CSV: the
// same columns and rows, from one fetch.
type adminList struct {
	path                string // such as /admin/messages; the CSV is path + ".csv"
	title, intro, empty string
	columns             []string
	// query is the list's filters read from the request, kept in every
	// page link and in the export.
	query func(r *http.Request) url.Values
	// filters are links narrowing the list (nil: none).
	filters func(q url.Values) []views.AdminFilter
	fetch   func(ctx context.Context, q url.Values, p store.Page) ([][]string, int, error)
}

func (l adminList) queryOf(r *http.Request) url.Values {
	if l.query == nil {
		return url.Values{}
	}
	return l.query(r)
}

// showList renders a read-only list page.
func (h *Handlers) showList(l adminList) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		q, page := l.queryOf(r), pageParam(r)
		rows, total, err := l.fetch(r.Context(), q, pageWindow(page))
		if h.broken(w, r, err) {
			return
		}
		t := views.AdminTable{
			Title: l.title, Intro: l.intro, Empty: l.empty, Columns: l.columns, Rows: rows,
			Pager: pager(l.path, q, page, total),
		}
		if pastTheEnd(w, r, t.Pager, len(rows)) {
			return
		}
		if l.filters != nil {
			t.Filters = l.filters(q)
		}
		h.render(w, r, http.StatusOK, views.AdminTablePage(h.chrome(r), t))
	}
}

// exportBatch is how many rows an export reads at a time.
const exportBatch = 500

// exportList streams the whole list (every page, with its filters) as a
// CSV file.
func (h *Handlers) exportList(l adminList) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		ctx, q := r.Context(), l.queryOf(r)
		rows, _, err := l.fetch(ctx, q, store.Page{Limit: exportBatch})
		if h.broken(w, r, err) {
			return
		}
		name := strings.TrimPrefix(strings.ReplaceAll(l.path, "/", "-"), "-")
		w.Header().Set("Content-Type", "text/csv; charset=utf-8")
		w.Header().Set("Content-Disposition", `attachment; filename="`+name+"-"+time.Now().UTC().Format("2006-01-02")+`.csv"`)
		cw := csvexport.NewWriter(w, l.columns)
		for offset := 0; ; {
			for _, row := range rows {
				cw.Write(row)
			}
			if len(rows) < exportBatch {
				break
			}
			offset += exportBatch
			if rows, _, err = l.fetch(ctx, q, store.Page{Limit: exportBatch, Offset: offset}); err != nil {
				// Half a file must not pass for a whole one: break the
				// connection, so the download fails.
				clientgone.Error(h.log, r, "export broken off", slog.Any("error", err), "path", r.URL.Path, "offset", offset)
				_ = cw.Flush()
				panic(http.ErrAbortHandler)
			}
		}
		if err := cw.Flush(); err != nil {
			h.log.Warn("export not delivered", slog.Any("error", err), "path", r.URL.Path)
		}
	}
}

// The read-only lists: what visitors sent through the site's forms.

// messagesList is the contact page's messages.
func (h *Handlers) messagesList() adminList {
	return adminList{
		path: "/admin/messages", title: "Contact messages", empty: "No message yet.",
		intro:   "Sent from the contact page. Reply from your own mailbox to the sender's address.",
		columns: []string{"Sent", "First name", "Last name", "Email", "Company", "Subject", "Message"},
		fetch: func(ctx context.Context, _ url.Values, p store.Page) ([][]string, int, error) {
			ms, total, err := h.store.ContactMessages(ctx, p)
			rows := make([][]string, len(ms))
			for i, m := range ms {
				rows[i] = []string{csvexport.Time(m.CreatedAt), m.FirstName, m.LastName, m.Email, m.Company, catalog.OptionLabel(catalog.ContactSubjects, m.Subject), m.Message}
			}
			return rows, total, err
		},
	}
}

// suggestionsList is the What's New page's feature suggestions.
func (h *Handlers) suggestionsList() adminList {
	return adminList{
		path: "/admin/suggestions", title: "Feature suggestions", empty: "No suggestion yet.",
		intro:   "Sent from the What's New page.",
		columns: []string{"Sent", "Name", "Email", "Title", "Description"},
		fetch: func(ctx context.Context, _ url.Values, p store.Page) ([][]string, int, error) {
			fs, total, err := h.store.FeatureSuggestions(ctx, p)
			rows := make([][]string, len(fs))
			for i, f := range fs {
				rows[i] = []string{csvexport.Time(f.CreatedAt), f.Name, f.Email, f.Title, f.Description}
			}
			return rows, total, err
		},
	}
}

// partnersList is the applications the partner sign-up page stored before
// it made partner accounts (admin_partners.go lists those).
func (h *Handlers) partnersList() adminList {
	return adminList{
		path: "/admin/partners/applications", title: "Applications sent before partner accounts", empty: "No application was sent before partner accounts.",
		intro:   "Sent from the partner sign-up page before it made partner accounts; these people have no partner account.",
		columns: []string{"Sent", "Name", "Email", "Company", "Website", "Tier", "Message"},
		fetch: func(ctx context.Context, _ url.Values, p store.Page) ([][]string, int, error) {
			as, total, err := h.store.PartnerApplications(ctx, p)
			rows := make([][]string, len(as))
			for i, a := range as {
				rows[i] = []string{csvexport.Time(a.CreatedAt), a.Name, a.Email, a.Company, a.Website, catalog.OptionLabel(catalog.PartnerTiers, a.Tier), a.Message}
			}
			return rows, total, err
		},
	}
}

// subscribersList is the newsletter's and the status page's subscribers,
// narrowed to one list by ?list=, with when each confirmed.
func (h *Handlers) subscribersList() adminList {
	return adminList{
		path: "/admin/subscribers", title: "Subscribers", empty: "Nobody has subscribed yet.",
		intro:   "Addresses on the blog's newsletter and the status page's updates. Only confirmed addresses are sent the lists' emails; an address that does not confirm within 30 days is deleted.",
		columns: []string{"Subscribed", "Email", "List", "Confirmed"},
		query: func(r *http.Request) url.Values {
			q := url.Values{}
			if l := r.URL.Query().Get("list"); l == string(store.ListNewsletter) || l == string(store.ListStatus) {
				q.Set("list", l)
			}
			return q
		},
		filters: func(q url.Values) []views.AdminFilter {
			current := q.Get("list")
			return []views.AdminFilter{
				{Label: "All", Href: "/admin/subscribers", Current: current == ""},
				{Label: "Newsletter", Href: "/admin/subscribers?list=newsletter", Current: current == "newsletter"},
				{Label: "Status updates", Href: "/admin/subscribers?list=status", Current: current == "status"},
			}
		},
		fetch: func(ctx context.Context, q url.Values, p store.Page) ([][]string, int, error) {
			subs, total, err := h.store.Subscribers(ctx, store.MailingList(q.Get("list")), p)
			rows := make([][]string, len(subs))
			for i, s := range subs {
				list := "Newsletter"
				if s.List == store.ListStatus {
					list = "Status updates"
				}
				confirmed := "Not yet"
				if s.Confirmed() {
					confirmed = csvexport.Time(s.ConfirmedAt.Time)
				}
				rows[i] = []string{csvexport.Time(s.CreatedAt), s.Email, list, confirmed}
			}
			return rows, total, err
		},
	}
}

// decisionQueue is a list of things waiting for an administrator's
// decision (claims, held listings), filtered by status: pending unless
// approved, rejected or "all" is asked for.
type decisionQueue struct {
	path                        string // the list's page, e.g. /admin/claims
	pending, approved, rejected string // the store's status values
}

// query reads the list's status from a request.
func (d decisionQueue) query(r *http.Request) url.Values {
	q := url.Values{}
	switch s := r.URL.Query().Get("status"); s {
	case d.approved, d.rejected, "all":
		q.Set("status", s)
	}
	return q
}

// status is the store's status for q ("" for all).
func (d decisionQueue) status(q url.Values) string {
	switch s := q.Get("status"); s {
	case "":
		return d.pending
	case "all":
		return ""
	default:
		return s
	}
}

// filters are the list's status links, the one of q current.
func (d decisionQueue) filters(q url.Values) []views.AdminFilter {
	var fs []views.AdminFilter
	for _, f := range []struct{ label, value string }{{"Pending", ""}, {"Approved", d.approved}, {"Rejected", d.rejected}, {"All", "all"}} {
		href := d.path
		if f.value != "" {
			href += "?status=" + f.value
		}
		fs = append(fs, views.AdminFilter{Label: f.label, Href: href, Current: q.Get("status") == f.value})
	}
	return fs
}

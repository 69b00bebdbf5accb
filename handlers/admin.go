package handlers

import (
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	bizmail "bizprofile/mail"
	"bizprofile/store"
	"bizprofile/views"
)

// The administration (/admin): moderation of listings, the claims queue,
// and what visitors sent through the site's forms. Administrators are
// named by ADMIN_EMAILS or granted by command; to everyone else every
// /admin address is a page that does not exist.

// adminPageSize is how many rows an administration list shows a page.
const adminPageSize = 50

// isAdmin reports whether u may use /admin.
func (h *Handlers) isAdmin(u *store.User) bool {
	return u != nil && (u.IsAdmin || slices.Contains(h.adminEmails, u.Email))
}

// requireAdmin answers 404 to anyone but an administrator (signed out
// included), so /admin does not even reveal that it exists.
func (h *Handlers) requireAdmin(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !h.isAdmin(currentUser(r)) {
			h.notFound(w, r)
			return
		}
		w.Header().Set("Cache-Control", "no-store")
		w.Header().Set("X-Robots-Tag", "noindex")
		next.ServeHTTP(w, r)
	})
}

// adminHome is the overview: what waits for the administrators.
func (h *Handlers) adminHome(w http.ResponseWriter, r *http.Request) {
	c, err := h.store.CountForAdmin(r.Context())
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	h.render(w, r, http.StatusOK, views.AdminOverviewPage(h.chrome(r), views.AdminOverview(c)))
}

// pageParam is the list page a request asks for (1 when none or bad).
func pageParam(r *http.Request) int {
	if p, err := strconv.Atoi(r.URL.Query().Get("page")); err == nil && p > 1 && p <= 100000 {
		return p
	}
	return 1
}

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
		if err != nil {
			h.serverError(w, r, err)
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
		if err != nil {
			h.serverError(w, r, err)
			return
		}
		name := strings.TrimPrefix(strings.ReplaceAll(l.path, "/", "-"), "-")
		w.Header().Set("Content-Type", "text/csv; charset=utf-8")
		w.Header().Set("Content-Disposition", `attachment; filename="`+name+"-"+time.Now().UTC().Format("2006-01-02")+`.csv"`)
		cw := csv.NewWriter(w)
		_ = cw.Write(l.columns)
		for offset := 0; ; {
			for _, row := range rows {
				_ = cw.Write(csvSafe(row))
			}
			if len(rows) < exportBatch {
				break
			}
			offset += exportBatch
			if rows, _, err = l.fetch(ctx, q, store.Page{Limit: exportBatch, Offset: offset}); err != nil {
				// Half a file must not pass for a whole one: break the
				// connection, so the download fails.
				h.log.Error("export broken off", slog.Any("error", err), "path", r.URL.Path, "offset", offset)
				cw.Flush()
				panic(http.ErrAbortHandler)
			}
		}
		cw.Flush()
		if err := cw.Error(); err != nil {
			h.log.Warn("export not delivered", slog.Any("error", err), "path", r.URL.Path)
		}
	}
}

// csvSafe keeps a spreadsheet from running what visitors typed: a cell
// that starts like a formula is prefixed with a quote.
func csvSafe(row []string) []string {
	out := make([]string, len(row))
	for i, cell := range row {
		if cell != "" && strings.ContainsRune("=+-@\t\r", rune(cell[0])) {
			cell = "'" + cell
		}
		out[i] = cell
	}
	return out
}

func csvTime(t time.Time) string { return t.UTC().Format("2006-01-02 15:04:05") }

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
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
				rows[i] = []string{csvTime(m.CreatedAt), m.FirstName, m.LastName, m.Email, m.Company, views.OptionLabel(views.ContactSubjects, m.Subject), m.Message}
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
				rows[i] = []string{csvTime(f.CreatedAt), f.Name, f.Email, f.Title, f.Description}
			}
			return rows, total, err
		},
	}
}

// partnersList is the partner sign-up page's applications.
func (h *Handlers) partnersList() adminList {
	return adminList{
		path: "/admin/partners", title: "Partner applications", empty: "No application yet.",
		intro:   "Sent from the partner sign-up page.",
		columns: []string{"Sent", "Name", "Email", "Company", "Website", "Tier", "Message"},
		fetch: func(ctx context.Context, _ url.Values, p store.Page) ([][]string, int, error) {
			as, total, err := h.store.PartnerApplications(ctx, p)
			rows := make([][]string, len(as))
			for i, a := range as {
				rows[i] = []string{csvTime(a.CreatedAt), a.Name, a.Email, a.Company, a.Website, views.OptionLabel(views.PartnerTiers, a.Tier), a.Message}
			}
			return rows, total, err
		},
	}
}

// subscribersList is the newsletter's and the status page's subscribers,
// narrowed to one list by ?list=.
func (h *Handlers) subscribersList() adminList {
	return adminList{
		path: "/admin/subscribers", title: "Subscribers", empty: "Nobody has subscribed yet.",
		intro:   "Addresses on the blog's newsletter and the status page's updates.",
		columns: []string{"Subscribed", "Email", "List"},
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
				rows[i] = []string{csvTime(s.CreatedAt), s.Email, list}
			}
			return rows, total, err
		},
	}
}

// Businesses.

var businessFilters = []views.Option{
	{Value: "", Label: "Every listing"},
	{Value: store.FilterUnverified, Label: "Not verified"},
	{Value: store.FilterVerified, Label: "Verified"},
	{Value: store.FilterFeatured, Label: "Featured"},
	{Value: store.FilterUnpublished, Label: "Unpublished"},
	{Value: store.FilterSuspended, Label: "Taken down by an administrator"},
	{Value: store.FilterClaimed, Label: "Claimed"},
	{Value: store.FilterUnowned, Label: "Without an owner"},
}

// businessQuery reads the businesses list's search and filter.
func businessQuery(r *http.Request) url.Values {
	q := url.Values{}
	if s := strings.TrimSpace(r.URL.Query().Get("q")); s != "" {
		q.Set("q", clipQuery(s))
	}
	if f := r.URL.Query().Get("filter"); f != "" && views.ValidOption(businessFilters, f) {
		q.Set("filter", f)
	}
	return q
}

func adminBusinessRow(b store.AdminBusiness) views.AdminBusinessRow {
	return views.AdminBusinessRow{
		ID: b.ID, Name: b.Name, Slug: b.Slug, Category: b.Category, Location: joinLocation(b.Business),
		OwnerEmail: b.OwnerEmail.String, Verified: b.Verified, Claimed: b.Claimed, Featured: b.Featured,
		Published: b.Published, Suspended: b.Suspended, CreatedAt: b.CreatedAt,
	}
}

// adminBusinesses lists listings with a search and state filters.
func (h *Handlers) adminBusinesses(w http.ResponseWriter, r *http.Request) {
	q, page := businessQuery(r), pageParam(r)
	bs, total, err := h.store.AdminBusinesses(r.Context(), q.Get("q"), q.Get("filter"), pageWindow(page))
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	v := views.AdminBusinesses{Query: q.Get("q"), Filter: q.Get("filter"), Filters: businessFilters, Pager: pager("/admin/businesses", q, page, total)}
	if pastTheEnd(w, r, v.Pager, len(bs)) {
		return
	}
	for _, b := range bs {
		v.Rows = append(v.Rows, adminBusinessRow(b))
	}
	h.render(w, r, http.StatusOK, views.AdminBusinessesPage(h.chrome(r), v))
}

// businessesList is the businesses list as CSV.
func (h *Handlers) businessesList() adminList {
	return adminList{
		path:    "/admin/businesses",
		columns: []string{"ID", "Name", "Address", "Category", "City", "State", "Owner", "Verified", "Claimed", "Featured", "Published", "Taken down", "Added"},
		query:   businessQuery,
		fetch: func(ctx context.Context, q url.Values, p store.Page) ([][]string, int, error) {
			bs, total, err := h.store.AdminBusinesses(ctx, q.Get("q"), q.Get("filter"), p)
			rows := make([][]string, len(bs))
			for i, b := range bs {
				rows[i] = []string{strconv.FormatInt(b.ID, 10), b.Name, h.site.BaseURL + "/directory/" + b.Slug, views.OptionLabel(views.BusinessCategories, b.Category),
					b.City, b.State, b.OwnerEmail.String, yesNo(b.Verified), yesNo(b.Claimed), yesNo(b.Featured), yesNo(b.Published), yesNo(b.Suspended), csvTime(b.CreatedAt)}
			}
			return rows, total, err
		},
	}
}

// idParam reads the {id} of the URL; 0 when it is not one.
func idParam(r *http.Request) int64 {
	id, err := strconv.ParseInt(chi.URLParam(r, "id"), 10, 64)
	if err != nil || id <= 0 {
		return 0
	}
	return id
}

// adminBusiness shows one listing's flags, claims and moderation history.
func (h *Handlers) adminBusiness(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	b, err := h.store.AdminBusinessByID(ctx, idParam(r))
	if errors.Is(err, store.ErrNotFound) {
		h.notFound(w, r)
		return
	}
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	claims, err := h.store.ClaimsForBusiness(ctx, b.ID)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	history, err := h.store.ModerationHistory(ctx, b.ID)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	v := views.AdminBusiness{AdminBusinessRow: adminBusinessRow(b), Email: b.Email, Phone: b.Phone, Website: b.Website}
	for _, c := range claims {
		v.Claims = append(v.Claims, claimRow(c))
	}
	for _, a := range history {
		label := views.ModerationLabels[a.Action]
		if label == "" {
			label = a.Action
		}
		v.History = append(v.History, views.AdminActionRow{At: a.CreatedAt, Admin: a.AdminEmail, Action: label, Detail: a.Detail})
	}
	h.render(w, r, http.StatusOK, views.AdminBusinessPage(h.chrome(r), v))
}

// moderationToasts say what each moderation action did.
var moderationToasts = map[string]string{
	store.ActionVerify:    "Listing verified",
	store.ActionUnverify:  "Verification removed",
	store.ActionFeature:   "Listing featured",
	store.ActionUnfeature: "Listing no longer featured",
	store.ActionPublish:   "Listing published",
	store.ActionUnpublish: "Listing unpublished",
}

// moderateBusiness verifies, features or publishes a listing (or undoes
// it), and records who did.
func (h *Handlers) moderateBusiness(w http.ResponseWriter, r *http.Request) {
	if !h.parseForm(w, r) {
		return
	}
	id, action := idParam(r), r.PostFormValue("action")
	toast, ok := moderationToasts[action]
	if !ok {
		http.Error(w, "Unknown moderation action.", http.StatusBadRequest)
		return
	}
	changed, err := h.store.Moderate(r.Context(), id, *currentUser(r), action)
	if errors.Is(err, store.ErrNotFound) {
		h.notFound(w, r)
		return
	}
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	if changed {
		h.log.Info("listing moderated", "business_id", id, "action", action, "admin_id", currentUser(r).ID)
		h.flash(r, views.Toast{Title: toast})
	} else {
		h.flash(r, views.Toast{Title: "Nothing to change", Description: "The listing was already in that state."})
	}
	http.Redirect(w, r, "/admin/businesses/"+strconv.FormatInt(id, 10), http.StatusSeeOther)
}

// Claims.

func claimRow(c store.Claim) views.AdminClaimRow {
	return views.AdminClaimRow{
		ID: c.ID, BusinessID: c.BusinessID, BusinessName: c.BusinessName, BusinessSlug: c.BusinessSlug,
		UserEmail: c.UserEmail, Role: c.Role, Message: c.Message, Status: c.Status,
		CreatedAt: c.CreatedAt, DecidedAt: c.DecidedAt.Time, DeciderEmail: c.DeciderEmail,
	}
}

// claimsQuery reads the claims list's status: pending unless another
// (or "all") is asked for.
func claimsQuery(r *http.Request) url.Values {
	q := url.Values{}
	switch s := r.URL.Query().Get("status"); s {
	case store.ClaimApproved, store.ClaimRejected, "all":
		q.Set("status", s)
	}
	return q
}

func claimsStatus(q url.Values) string {
	switch s := q.Get("status"); s {
	case "":
		return store.ClaimPending
	case "all":
		return ""
	default:
		return s
	}
}

// adminClaims is the claims queue.
func (h *Handlers) adminClaims(w http.ResponseWriter, r *http.Request) {
	q, page := claimsQuery(r), pageParam(r)
	status := claimsStatus(q)
	cs, total, err := h.store.Claims(r.Context(), status, pageWindow(page))
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	v := views.AdminClaims{Status: status, Pager: pager("/admin/claims", q, page, total)}
	if pastTheEnd(w, r, v.Pager, len(cs)) {
		return
	}
	for _, f := range []struct{ label, value string }{{"Pending", ""}, {"Approved", store.ClaimApproved}, {"Rejected", store.ClaimRejected}, {"All", "all"}} {
		href := "/admin/claims"
		if f.value != "" {
			href += "?status=" + f.value
		}
		v.Filters = append(v.Filters, views.AdminFilter{Label: f.label, Href: href, Current: q.Get("status") == f.value})
	}
	for _, c := range cs {
		v.Rows = append(v.Rows, claimRow(c))
	}
	h.render(w, r, http.StatusOK, views.AdminClaimsPage(h.chrome(r), v))
}

// claimsList is the claims list as CSV.
func (h *Handlers) claimsList() adminList {
	return adminList{
		path:    "/admin/claims",
		columns: []string{"Sent", "Listing", "Address", "Claimant", "Role", "Message", "Status", "Decided", "Decided by"},
		query:   claimsQuery,
		fetch: func(ctx context.Context, q url.Values, p store.Page) ([][]string, int, error) {
			cs, total, err := h.store.Claims(ctx, claimsStatus(q), p)
			rows := make([][]string, len(cs))
			for i, c := range cs {
				decided := ""
				if c.DecidedAt.Valid {
					decided = csvTime(c.DecidedAt.Time)
				}
				rows[i] = []string{csvTime(c.CreatedAt), c.BusinessName, h.site.BaseURL + "/directory/" + c.BusinessSlug, c.UserEmail,
					views.OptionLabel(views.ClaimRoles, c.Role), c.Message, c.Status, decided, c.DeciderEmail}
			}
			return rows, total, err
		},
	}
}

// decideClaim approves or rejects a claim and emails the claimant, and on
// approval the people whose open claims it closed. The decision stands
// even when an email cannot be sent: the toast says so.
func (h *Handlers) decideClaim(approve bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		ctx, admin, id := r.Context(), currentUser(r), idParam(r)
		if id == 0 {
			h.notFound(w, r)
			return
		}
		c, closed, err := h.store.DecideClaim(ctx, id, *admin, approve)
		back := "/admin/claims"
		switch {
		case errors.Is(err, store.ErrNotFound):
			h.notFound(w, r)
			return
		case errors.Is(err, store.ErrClaimDecided):
			h.flash(r, views.Toast{Title: "Already decided", Description: "Another administrator decided this claim first.", Variant: "destructive"})
		case errors.Is(err, store.ErrAlreadyClaimed):
			h.flash(r, views.Toast{Title: "The listing has an owner already", Description: "Reject this claim, or ask the current owner to release the listing first.", Variant: "destructive"})
		case err != nil:
			h.serverError(w, r, err)
			return
		default:
			var m bizmail.Message
			var t views.Toast
			if approve {
				m = bizmail.ClaimApproved(h.mailSite(), c.UserEmail, c.BusinessName, h.site.BaseURL+"/dashboard/businesses/"+strconv.FormatInt(c.BusinessID, 10))
				t = views.Toast{Title: "Claim approved", Description: c.BusinessName + " now belongs to " + c.UserEmail + "."}
			} else {
				m = bizmail.ClaimRejected(h.mailSite(), c.UserEmail, c.BusinessName, h.site.BaseURL+"/directory/"+c.BusinessSlug)
				t = views.Toast{Title: "Claim rejected", Description: c.UserEmail + " will be told by email."}
			}
			h.log.Info("claim decided", "claim_id", c.ID, "business_id", c.BusinessID, "status", c.Status, "admin_id", admin.ID)
			unsent := []string{}
			if !h.sendMail(ctx, m) {
				unsent = append(unsent, c.UserEmail)
			}
			for _, o := range closed {
				if !h.sendMail(ctx, bizmail.ClaimClosed(h.mailSite(), o.UserEmail, o.BusinessName, h.site.BaseURL+"/directory/"+o.BusinessSlug)) {
					unsent = append(unsent, o.UserEmail)
				}
			}
			if len(closed) > 0 {
				t.Description += fmt.Sprintf(" %d other open claim(s) on it were closed and their claimants told.", len(closed))
			}
			if len(unsent) > 0 {
				t.Description += " The email to " + strings.Join(unsent, ", ") + " could not be sent: please let them know yourself."
			}
			h.flash(r, t)
		}
		if ref, err := url.Parse(r.Referer()); err == nil && ref.Host == r.Host && strings.HasPrefix(ref.Path, "/admin/") {
			back = localPath(ref.RequestURI(), back)
		}
		http.Redirect(w, r, back, http.StatusSeeOther)
	}
}

package views

import (
	"net/url"
	"strconv"
	"strings"
	"time"

	"bizprofile/catalog"
)

// AdminSection is one entry of the administration's navigation.
type AdminSection struct {
	Href, Label string
}

// AdminSections are the administration's pages, in navigation order.
var AdminSections = []AdminSection{
	{"/admin", "Overview"},
	{"/admin/businesses", "Businesses"},
	{"/admin/claims", "Claims"},
	{"/admin/verifications", "Verifications"},
	{"/admin/held", "Held listings"},
	{"/admin/reviews", "Reported reviews"},
	{"/admin/messages", "Contact messages"},
	{"/admin/suggestions", "Suggestions"},
	{"/admin/partners", "Partners"},
	{"/admin/payouts", "Partner payouts"},
	{"/admin/zones", "Lead zones"},
	{"/admin/subscribers", "Subscribers"},
	{"/admin/newsletter", "Newsletter"},
	{"/admin/status", "Status and incidents"},
	{"/admin/jobs", "Background jobs"},
}

// adminCurrent reports whether the page at path belongs to section href:
// the overview only itself, the others their whole subtree.
func adminCurrent(path, href string) bool {
	if href == "/admin" {
		return path == "/admin" || path == "/admin/"
	}
	return path == href || strings.HasPrefix(path, href+"/")
}

// AdminPager pages a list and names its CSV export: every link keeps the
// list's filters (Query, without page).
type AdminPager struct {
	Path               string // the list's path, such as /admin/messages
	Query              url.Values
	Page, Pages, Total int
}

// URL is the link to page n of the list.
func (p AdminPager) URL(n int) string {
	q := url.Values{}
	for k, v := range p.Query {
		q[k] = v
	}
	if n > 1 {
		q.Set("page", strconv.Itoa(n))
	}
	if len(q) == 0 {
		return p.Path
	}
	return p.Path + "?" + q.Encode()
}

// CSV is the link to the whole list (every page) as CSV.
func (p AdminPager) CSV() string {
	if len(p.Query) == 0 {
		return p.Path + ".csv"
	}
	return p.Path + ".csv?" + p.Query.Encode()
}

// AdminFilter is a link narrowing a list, such as one mailing list.
type AdminFilter struct {
	Label, Href string
	Current     bool
}

// AdminTable is a read-only list: messages, suggestions, applications,
// subscribers.
type AdminTable struct {
	Title, Intro, Empty string
	Filters             []AdminFilter
	Columns             []string
	Rows                [][]string
	Pager               AdminPager
}

// AdminOverview is /admin: what waits for the administrators.
type AdminOverview struct {
	PendingClaims, HeldListings, UnverifiedListings                       int
	ContactMessages, FeatureSuggestions, PartnerApplications, Subscribers int
	FailedJobs                                                            int
	ReviewReports                                                         int // open reports of reviews
	PendingVerifications                                                  int // verification requests waiting
}

// AdminBusinessRow is a listing in the administration's lists.
type AdminBusinessRow struct {
	ID                                     int64
	Name, Slug, Category, Location         string
	OwnerEmail                             string // empty: nobody owns it
	Verified, Claimed, Featured, Published bool
	Suspended                              bool // unpublished by an administrator
	Held                                   bool // waits for a review of its name
	CreatedAt                              time.Time
}

// AdminBusinesses is the businesses list with its search.
type AdminBusinesses struct {
	Query, Filter string
	Filters       []catalog.Option
	Rows          []AdminBusinessRow
	Pager         AdminPager
}

// AdminBusiness is one listing's administration page: its flags, the
// actions on them, its claims, its verification and its moderation history.
type AdminBusiness struct {
	AdminBusinessRow
	Email, Phone, Website string
	EmailConfirmed        bool
	Claims                []AdminClaimRow
	History               []AdminActionRow
	Images                []AdminImage // its logo, then its photos

	VerifiedMethod string                 // VerifiedByDomain, VerifiedByTeam, or "" (not verified, or before methods were recorded)
	VerifiedAt     time.Time              // zero when not known
	Verifications  []AdminVerificationRow // its requests, the newest first
	Referral       *AdminReferral         // its owner account's partner (admin_partners.go); nil when nobody owns it
}

// AdminClaimRow is a claim as administrators judge it.
type AdminClaimRow struct {
	ID, BusinessID             int64
	BusinessName, BusinessSlug string
	UserEmail, Role            string
	Message, Status            string
	CreatedAt                  time.Time
	DecidedAt                  time.Time // zero while pending
	DeciderEmail               string
}

// AdminClaims is the claims list, by status.
type AdminClaims struct {
	Filters []AdminFilter
	Rows    []AdminClaimRow
	Pager   AdminPager
	Status  string
}

// AdminActionRow is one entry of a listing's moderation history.
type AdminActionRow struct {
	At     time.Time
	Admin  string
	Action string // label
	Detail string
}

// ModerationLabels name each moderation action as the history shows it.
var ModerationLabels = map[string]string{
	"verify":        "Verified",
	"unverify":      "Removed verification",
	"feature":       "Featured",
	"unfeature":     "Stopped featuring",
	"publish":       "Published",
	"unpublish":     "Unpublished",
	"approve_claim": "Approved a claim",
	"reject_claim":  "Rejected a claim",
	"approve_name":  "Approved the name",
	"reject_name":   "Rejected the name",
	"keep_review":   "Kept a reported review",
	"hide_review":   "Hid a review",
	"delete_review": "Deleted a review",
	"remove_image":  "Removed an image",
}

// AdminHolds is the queue of listings held for their name, by status.
type AdminHolds struct {
	Filters []AdminFilter
	Rows    []AdminHoldRow
	Pager   AdminPager
	Status  string
}

// AdminHoldRow is a held listing, why it was held, and the published
// listing it resembles (when it was held for that: Resembles).
type AdminHoldRow struct {
	ID           int64
	Status       string // pending, approved or rejected
	Reason       string // why it was rejected
	Grounds      []string
	CreatedAt    time.Time
	DecidedAt    time.Time // zero while pending
	DeciderEmail string
	Listing      AdminHeldListing
	Resembles    bool
	Similar      AdminHeldListing
}

// AdminHeldListing is one side of a hold.
type AdminHeldListing struct {
	ID                                int64 // 0: deleted since
	Name, Slug, Category, Location    string
	Email, Phone, Website, OwnerEmail string
	EmailConfirmed, Published         bool
	CreatedAt                         time.Time
}

// HoldReasonMax is the longest reason a rejection may give.
const HoldReasonMax = catalog.HoldReasonMax

// ModerationToasts say what each moderation action did.
var ModerationToasts = map[string]Toast{
	"verify":    {Title: "Listing verified"},
	"unverify":  {Title: "Verification removed"},
	"feature":   {Title: "Listing featured"},
	"unfeature": {Title: "Listing no longer featured"},
	"publish":   {Title: "Listing published"},
	"unpublish": {Title: "Listing unpublished"},
}

// moderation is one button of a listing's administration page.
type moderation struct {
	Action, Label, Class string
}

// moderations are the actions a listing offers, by its flags.
func (b AdminBusinessRow) moderations() []moderation {
	pick := func(on bool, off, offLabel, onAction, onLabel string) moderation {
		if on {
			return moderation{off, offLabel, "btn btn-outline btn-sm"}
		}
		return moderation{onAction, onLabel, "btn btn-primary btn-sm"}
	}
	ms := []moderation{
		pick(b.Featured, "unfeature", "Unfeature", "feature", "Feature"),
		pick(!b.Suspended, "unpublish", "Unpublish", "publish", "Publish"),
	}
	if b.Verifiable() || b.Verified {
		ms = append([]moderation{pick(b.Verified, "unverify", "Unverify", "verify", "Verify")}, ms...)
	}
	return ms
}

// Verifiable: the listing has an owner, so it may carry the Verified
// badge (it says we confirmed who runs the business).
func (b AdminBusinessRow) Verifiable() bool { return b.OwnerEmail != "" }

func adminDate(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format("Jan 2, 2006 15:04 UTC")
}

func claimRoleLabel(role string) string { return catalog.OptionLabel(ClaimRoles, role) }

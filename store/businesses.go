package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"bizprofile/lookalike"
	"bizprofile/opening"
)

// Business types a listing can have.
const (
	TypeStorefront  = "storefront"
	TypeServiceArea = "service_area"
	TypeOnline      = "online"
)

// Business is a listing in the directory.
type Business struct {
	ID             int64         `db:"id"`
	Slug           string        `db:"slug"`
	OwnerID        sql.NullInt64 `db:"owner_id"`
	Name           string        `db:"name"`
	Tagline        string        `db:"tagline"`
	Description    string        `db:"description"`
	Category       string        `db:"category"`
	SubCategory    string        `db:"sub_category"`
	Tags           Lines         `db:"tags"`
	Address        string        `db:"address"`
	City           string        `db:"city"`
	State          string        `db:"state"`
	ZipCode        string        `db:"zip_code"`
	Phone          string        `db:"phone"`
	Website        string        `db:"website"`
	Email          string        `db:"email"`
	Hours          Week          `db:"hours"`
	Services       Lines         `db:"services"`
	BusinessType   string        `db:"business_type"`
	Rating         float64       `db:"rating"`
	ReviewCount    int           `db:"review_count"`
	Verified       bool          `db:"verified"`
	VerifiedMethod string        `db:"verified_method"` // VerifiedByDomain, VerifiedByTeam, or "" when not verified
	VerifiedAt     sql.NullTime  `db:"verified_at"`
	Claimed        bool          `db:"claimed"`
	Featured       bool          `db:"featured"`
	Published      bool          `db:"published"`
	Suspended      bool          `db:"suspended"`       // unpublished by an administrator
	Held           bool          `db:"held"`            // waits for an administrator's review of its name
	EmailConfirmed bool          `db:"email_confirmed"` // Email was proved (PublicEmail)
	ShowEmail      bool          `db:"show_email"`
	ShowPhone      bool          `db:"show_phone"`
	ShowAddress    bool          `db:"show_address"`
	ShowPricing    bool          `db:"show_pricing"`
	ShowHours      bool          `db:"show_hours"`
	// Logo is the listing's logo as stored (zero: none; cards show a
	// placeholder). The store keeps it with listing_images.
	Logo Picture `db:"logo"`
	// AccentColor is the custom branding colour of Growth and Pro ("#rrggbb",
	// "" for none); pages show it only while the plan includes branding.
	AccentColor string `db:"accent_color"`
	// ShownPhotos is how many of its photos are described (the page
	// shows those; kept by the store with listing_images).
	ShownPhotos int `db:"shown_photos"`
	// Lat and Lng are where the listing is (store/locations.go): from its
	// ZIP code, else its city, or where its owner put the pin, as
	// GeoSource says; null when the gazetteer knows neither.
	Lat       sql.NullFloat64 `db:"lat"`
	Lng       sql.NullFloat64 `db:"lng"`
	GeoSource string          `db:"geo_source"` // GeoZIP, GeoCity, GeoPin, GeoNone
	// ServiceRadius is the miles around it a service-area business serves
	// (0: not said).
	ServiceRadius int       `db:"service_radius"`
	CreatedAt     time.Time `db:"created_at"`
	UpdatedAt     time.Time `db:"updated_at"`
	// Distance is the miles from the place a directory search was near
	// (0 when it was near none).
	Distance float64 `db:"-"`
	// Week is a directory card's hours as the search engine keeps them
	// (Hours is not filled on cards); zero elsewhere.
	Week opening.Weekly `db:"-"`
}

// PublicEmail is the contact email anyone may see: none when the owner
// hid it or has not proved it.
func (b Business) PublicEmail() string {
	if !b.ShowEmail || !b.EmailConfirmed {
		return ""
	}
	return b.Email
}

// OwnedBy reports whether userID owns the listing.
func (b Business) OwnedBy(userID int64) bool { return b.OwnerID.Valid && b.OwnerID.Int64 == userID }

// BusinessIDs are the IDs of bs, in order.
func BusinessIDs(bs []Business) []int64 {
	ids := make([]int64, len(bs))
	for i, b := range bs {
		ids[i] = b.ID
	}
	return ids
}

// Lines is a list of short texts (tags, services) stored one per line, so
// a substring search on the column finds any single item on both engines.
type Lines []string

// Value implements driver.Valuer.
func (l Lines) Value() (driver.Value, error) { return strings.Join(l, "\n"), nil }

// Scan implements sql.Scanner.
func (l *Lines) Scan(src any) error {
	s, err := scannedText(src, "lines")
	if err != nil {
		return err
	}
	*l = nil
	for _, item := range strings.Split(s, "\n") {
		if item = strings.TrimSpace(item); item != "" {
			*l = append(*l, item)
		}
	}
	return nil
}

// DayHours are the opening hours of one weekday ("09:00", "17:00").
type DayHours struct {
	Open   string `json:"open"`
	Close  string `json:"close"`
	Closed bool   `json:"closed"`
}

// Week is a listing's hours, Monday first. An empty week means the owner
// has not given hours.
type Week []DayHours

// Weekdays names the days of a Week, in order.
var Weekdays = [7]string{"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"}

// DefaultWeek is the wizard's starting point (spec §9): Monday to Friday
// 9:00-17:00, Saturday 10:00-16:00, Sunday closed.
func DefaultWeek() Week {
	w := make(Week, 7)
	for i := range 5 {
		w[i] = DayHours{Open: "09:00", Close: "17:00"}
	}
	w[5] = DayHours{Open: "10:00", Close: "16:00"}
	w[6] = DayHours{Closed: true}
	return w
}

// Value implements driver.Valuer.
func (w Week) Value() (driver.Value, error) {
	if len(w) == 0 {
		return "", nil
	}
	b, err := json.Marshal(w)
	return string(b), err
}

// Scan implements sql.Scanner.
func (w *Week) Scan(src any) error {
	*w = nil
	return scanJSON(src, "hours", w)
}

// scanJSON reads a JSON column (text or bytes) into dst; NULL or an empty
// text leaves dst as it is. what names the column in errors.
func scanJSON(src any, what string, dst any) error {
	s, err := scannedText(src, what)
	if err != nil || s == "" {
		return err
	}
	return json.Unmarshal([]byte(s), dst)
}

// scannedText is a text column as a Scanner receives it: a string or bytes
// (drivers differ), "" for NULL.
func scannedText(src any, what string) (string, error) {
	switch v := src.(type) {
	case nil:
		return "", nil
	case string:
		return v, nil
	case []byte:
		return string(v), nil
	}
	return "", fmt.Errorf("store: scan %s from %T", what, src)
}

const businessColumns = `id, slug, owner_id, name, tagline, description, category, sub_category, tags, address, city, state,
	zip_code, phone, website, email, hours, services, business_type, rating, review_count, verified, verified_method, verified_at, claimed, featured,
	published, suspended, held, email_confirmed, show_email, show_phone, show_address, show_pricing, show_hours, logo, accent_color, shown_photos,
	lat, lng, geo_source, service_radius, created_at, updated_at`

// insertBusiness keeps the first listing of an account being created
// (CreateAccount) as a draft: its owner's address is not verified yet, and
// a listing would take an id and a slug that anyone could see taken, which
// would tell whether the address already had an account (that sign-up
// creates nothing). ReleaseDrafts makes it a listing once the address is
// verified. The draft has no id nor slug.
func (s *Store) insertBusiness(ctx context.Context, tx *sqlx.Tx, b Business) (Business, error) {
	return b, insertDraft(ctx, tx, b)
}

// insertListing adds a listing with a unique slug made from its name.
func (s *Store) insertListing(ctx context.Context, tx *sqlx.Tx, b Business) (Business, error) {
	now := time.Now().UTC()
	b.CreatedAt, b.UpdatedAt = now, now
	if b.BusinessType == "" {
		b.BusinessType = TypeStorefront
	}
	if b.Category == "" {
		b.Category = "other"
	}
	base := Slugify(b.Name)
	var n int
	// On SQLite a range of the slug's index: slugs are [a-z0-9-], so from
	// base up to base+"." are base and base-…; its LIKE would scan every
	// listing for each one added (an import adds thousands).
	count, args := `SELECT COUNT(*) FROM businesses WHERE slug = ? OR slug LIKE ?`, []any{base, base + "-%"}
	if s.dialect == SQLite {
		count, args = `SELECT COUNT(*) FROM businesses WHERE slug >= ? AND slug < ?`, []any{base, base + "."}
	}
	if err := tx.GetContext(ctx, &n, tx.Rebind(count), args...); err != nil {
		return Business{}, fmt.Errorf("store: slug count: %w", err)
	}
	if reservedSlugs[base] {
		n++ // as if a listing had it: "in-2" for a listing named "In"
	}
	for i := 0; ; i++ {
		b.Slug = base
		if suffix := n + i; suffix > 0 {
			b.Slug = base + "-" + strconv.Itoa(suffix+1)
		}
		// A savepoint lets a slug clash be retried inside the caller's
		// transaction (PostgreSQL aborts the whole transaction otherwise).
		if _, err := tx.ExecContext(ctx, "SAVEPOINT slug"); err != nil {
			return Business{}, fmt.Errorf("store: savepoint: %w", err)
		}
		id, err := insertRow(ctx, tx, b, now)
		if err == nil {
			b.ID = id
			_, err = tx.ExecContext(ctx, "RELEASE SAVEPOINT slug")
			return b, err
		}
		if _, rbErr := tx.ExecContext(ctx, "ROLLBACK TO SAVEPOINT slug"); rbErr != nil {
			return Business{}, fmt.Errorf("store: rollback to savepoint: %w", rbErr)
		}
		if !isUniqueViolation(err) || i > 20 {
			return Business{}, fmt.Errorf("store: insert business: %w", err)
		}
	}
}

// CreateBusiness adds a listing; its slug is made unique from its name.
func (s *Store) CreateBusiness(ctx context.Context, b Business) (Business, error) {
	var created Business
	err := s.WithTx(ctx, func(tx *sqlx.Tx) error {
		var err error
		created, err = s.insertListing(ctx, tx, b)
		return err
	})
	return created, err
}

var nonSlug = regexp.MustCompile(`[^a-z0-9]+`)

// reservedSlugs are the words after /directory/ that lead to the
// directory's landing pages (/directory/category/food, /directory/in/tx),
// so no listing may be called by one of them.
var reservedSlugs = map[string]bool{"category": true, "in": true}

// Slugify makes the URL name of a listing: lower case ASCII words joined by
// hyphens.
func Slugify(name string) string {
	s := strings.ToLower(name)
	s = strings.NewReplacer("&", " and ", "'", "", "’", "").Replace(s)
	s = strings.Trim(nonSlug.ReplaceAllString(s, "-"), "-")
	if len(s) > 60 {
		s = strings.TrimRight(s[:60], "-")
	}
	if s == "" {
		s = "business"
	}
	return s
}

// BusinessesOwnedBy lists the user's own listings, newest first.
func (s *Store) BusinessesOwnedBy(ctx context.Context, ownerID int64) ([]Business, error) {
	var bs []Business
	err := s.db.SelectContext(ctx, &bs, s.db.Rebind(`SELECT `+businessColumns+` FROM businesses WHERE owner_id = ? ORDER BY created_at DESC, id DESC`), ownerID)
	if err != nil {
		return nil, fmt.Errorf("store: businesses owned by: %w", err)
	}
	return bs, nil
}

// BusinessBySlug returns the listing with that URL name, published or not.
func (s *Store) BusinessBySlug(ctx context.Context, slug string) (Business, error) {
	var b Business
	err := s.db.GetContext(ctx, &b, s.db.Rebind(`SELECT `+businessColumns+` FROM businesses WHERE slug = ?`), slug)
	if err != nil {
		return Business{}, notFound(err, "business by slug")
	}
	return b, nil
}

// BusinessByID returns a listing by id.
func (s *Store) BusinessByID(ctx context.Context, id int64) (Business, error) {
	var b Business
	err := s.db.GetContext(ctx, &b, s.db.Rebind(`SELECT `+businessColumns+` FROM businesses WHERE id = ?`), id)
	if err != nil {
		return Business{}, notFound(err, "business by id")
	}
	return b, nil
}

// SitemapEntry is a published listing as the sitemap lists it.
type SitemapEntry struct {
	Slug      string       `db:"slug"`
	UpdatedAt sql.NullTime `db:"updated_at"`
}

// PublishedSlugs lists published listings in a stable order, a page at a
// time (offset, limit), for the sitemap.
func (s *Store) PublishedSlugs(ctx context.Context, offset, limit int) ([]SitemapEntry, error) {
	var es []SitemapEntry
	err := s.db.SelectContext(ctx, &es, s.db.Rebind(`SELECT slug, updated_at FROM businesses WHERE published = TRUE ORDER BY id LIMIT ? OFFSET ?`), limit, offset)
	if err != nil {
		return nil, fmt.Errorf("store: published slugs: %w", err)
	}
	return es, nil
}

// CountPublished is how many listings the directory shows.
func (s *Store) CountPublished(ctx context.Context) (int, error) {
	var n int
	if err := s.db.GetContext(ctx, &n, `SELECT COUNT(*) FROM businesses WHERE published = TRUE`); err != nil {
		return 0, fmt.Errorf("store: count published: %w", err)
	}
	return n, nil
}

// UpdateBusiness saves every editable field of a listing, and whether its
// email is confirmed (not its slug, owner, rating or moderation flags). A
// listing verified by its domain whose website moves to another domain
// loses the badge (KeepsDomainVerification): the domain was the proof.
func (s *Store) UpdateBusiness(ctx context.Context, b Business) error {
	b = located(b)
	return s.WithTx(ctx, func(tx *sqlx.Tx) error {
		var was struct {
			Website string `db:"website"`
			Method  string `db:"verified_method"`
		}
		if err := tx.GetContext(ctx, &was, tx.Rebind(`SELECT website, verified_method FROM businesses WHERE id = ?`), b.ID); err != nil {
			return notFound(err, "update business")
		}
		now := time.Now().UTC()
		res, err := tx.ExecContext(ctx, tx.Rebind(`
		UPDATE businesses SET name = ?, tagline = ?, description = ?, category = ?, sub_category = ?, tags = ?,
			address = ?, city = ?, city_key = ?, state = ?, zip_code = ?, phone = ?, website = ?, email = ?, email_confirmed = ?, hours = ?, services = ?,
			business_type = ?, show_email = ?, show_phone = ?, show_address = ?, show_pricing = ?, show_hours = ?,
			lat = ?, lng = ?, geo_source = ?, service_radius = ?, updated_at = ?
		WHERE id = ?`),
			b.Name, b.Tagline, b.Description, b.Category, b.SubCategory, b.Tags, b.Address, b.City, lookalike.CityKey(b.City), b.State, b.ZipCode,
			b.Phone, b.Website, b.Email, b.EmailConfirmed, b.Hours, b.Services, b.BusinessType, b.ShowEmail, b.ShowPhone, b.ShowAddress,
			b.ShowPricing, b.ShowHours, b.Lat, b.Lng, b.GeoSource, b.ServiceRadius, now, b.ID)
		if err := affectedOne(res, err, "update business"); err != nil {
			return err
		}
		if was.Method == VerifiedByDomain && !KeepsDomainVerification(was.Website, b.Website) {
			return setVerified(ctx, tx, b.ID, "", now)
		}
		return nil
	})
}

var (
	// ErrSuspended is returned when an owner publishes a listing an
	// administrator unpublished: only an administrator can publish it again.
	ErrSuspended = errors.New("store: listing unpublished by an administrator")
	// ErrHeld is returned when an owner publishes a listing held for an
	// administrator's review of its name: the review decides.
	ErrHeld = errors.New("store: listing held for review")
)

// SetPublished shows or hides a listing in the directory as it is, at its
// owner's wish; a listing an administrator took down stays hidden
// (ErrSuspended), as does one held for review (ErrHeld). Owners publish
// through PublishListing, which checks the name first.
func (s *Store) SetPublished(ctx context.Context, id int64, published bool) error {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE businesses SET published = ?, updated_at = ? WHERE id = ? AND ((suspended = FALSE AND held = FALSE) OR ? = FALSE)`),
		published, time.Now().UTC(), id, published)
	if err := affectedOne(res, err, "publish business"); !errors.Is(err, ErrNotFound) {
		return err
	}
	var state struct {
		Suspended bool `db:"suspended"`
		Held      bool `db:"held"`
	}
	if err := s.db.GetContext(ctx, &state, s.db.Rebind(`SELECT suspended, held FROM businesses WHERE id = ?`), id); err != nil {
		return notFound(err, "publish business")
	}
	switch {
	case state.Suspended:
		return ErrSuspended
	case state.Held:
		return ErrHeld
	}
	return ErrNotFound
}

// DeleteBusiness removes a listing and its leads.
func (s *Store) DeleteBusiness(ctx context.Context, id int64) error {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`DELETE FROM businesses WHERE id = ?`), id)
	return affectedOne(res, err, "delete business")
}

// affectedOne turns an update of no row into ErrNotFound.
func affectedOne(res sql.Result, err error, what string) error {
	if err != nil {
		return fmt.Errorf("store: %s: %w", what, err)
	}
	if n, err := res.RowsAffected(); err == nil && n == 0 {
		return ErrNotFound
	}
	return nil
}

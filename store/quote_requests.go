package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"sort"
	"time"

	"bizprofile/geo"
)

// Quote requests ("Smart Lead Matching"): someone describes what they need
// and where, and the request goes, as a lead, to up to MaxMatches
// businesses that serve that place, best first.

// When a quote request's work is needed.
const (
	TimingASAP     = "asap"
	TimingWeek     = "week"
	TimingMonth    = "month"
	TimingFlexible = "flexible"
)

// Choice is one value a quote request's field takes, with its words.
type Choice struct {
	Value string
	Label string
}

// Timings are the answers to "When do you need it?", soonest first.
var Timings = []Choice{
	{TimingASAP, "As soon as possible"},
	{TimingWeek, "Within a week"},
	{TimingMonth, "Within a month"},
	{TimingFlexible, "I'm flexible"},
}

// Budgets are the budget ranges a request may give (none is also fine).
var Budgets = []Choice{
	{"under_500", "Under $500"},
	{"500_2000", "$500 to $2,000"},
	{"2000_10000", "$2,000 to $10,000"},
	{"over_10000", "Over $10,000"},
}

// TimingLabel and BudgetLabel are the words of a timing or budget value.
func TimingLabel(v string) string { return choiceLabel(Timings, v) }

// BudgetLabel: see TimingLabel; "Not stated" for none.
func BudgetLabel(v string) string {
	if v == "" {
		return "Not stated"
	}
	return choiceLabel(Budgets, v)
}

func choiceLabel(cs []Choice, v string) string {
	for _, c := range cs {
		if c.Value == v {
			return c.Label
		}
	}
	return v
}

// MaxMatches is how many businesses a quote request goes to at most.
const MaxMatches = 5

// QuoteRequest is what someone needs, sent to matching businesses.
type QuoteRequest struct {
	ID int64 `db:"id"`
	// Token is the request's unguessable name in its page's address
	// (/requests/{token}), emailed to the requester.
	Token       string        `db:"token"`
	UserID      sql.NullInt64 `db:"user_id"` // the requester's account, when they were signed in
	Name        string        `db:"name"`
	Email       string        `db:"email"`
	Phone       string        `db:"phone"`
	Category    string        `db:"category"`
	Description string        `db:"description"`
	City        string        `db:"city"`
	State       string        `db:"state"`
	// ZipCode is where the work is, when the requester gave it; Lat and
	// Lng that place (its ZIP code's, else its city's), null when the
	// gazetteer knows neither.
	ZipCode   string          `db:"zip_code"`
	Lat       sql.NullFloat64 `db:"lat"`
	Lng       sql.NullFloat64 `db:"lng"`
	Timing    string          `db:"timing"`
	Budget    string          `db:"budget"`
	CreatedAt time.Time       `db:"created_at"`
	// ConfirmedAt is when the request was matched: when it was sent by
	// the signed-in owner of its address, else when that address was
	// confirmed from the emailed link (see quote_confirmations.go).
	ConfirmedAt   sql.NullTime `db:"confirmed_at"`
	ConfirmSentAt sql.NullTime `db:"confirm_sent_at"` // when the confirmation link was last emailed
}

// Confirmed reports whether the request went to businesses.
func (q QuoteRequest) Confirmed() bool { return q.ConfirmedAt.Valid }

// Match is a business a quote request went to, with the lead it became.
type Match struct {
	Business Business
	Lead     Lead
}

// CreateQuoteRequest stores a request. Without a confirmSecret it is sent,
// in the same transaction, to the listings MatchListings finds (see
// matchRequest). With one, it waits for its address to be confirmed with
// that secret (ConfirmQuoteRequest) and makes no lead until then. It
// returns the stored request and its matches, best first; none is an
// answer too (the request is kept).
func (s *Store) CreateQuoteRequest(ctx context.Context, q QuoteRequest, confirmSecret string) (QuoteRequest, []Match, error) {
	if q.CreatedAt.IsZero() {
		q.CreatedAt = time.Now()
	}
	q.CreatedAt = q.CreatedAt.UTC()
	q.Email = NormalizeEmail(q.Email)
	q.Token = rand.Text()
	if p, _, ok := geo.Locate(q.ZipCode, q.City, q.State); ok {
		q.Lat, q.Lng = sql.NullFloat64{Float64: p.Lat, Valid: true}, sql.NullFloat64{Float64: p.Lng, Valid: true}
	}
	var digest sql.NullString
	if confirmSecret != "" {
		digest = sql.NullString{String: Digest(confirmSecret), Valid: true}
		q.ConfirmSentAt = sql.NullTime{Time: q.CreatedAt, Valid: true}
	} else {
		q.ConfirmedAt = sql.NullTime{Time: q.CreatedAt, Valid: true}
	}
	var matches []Match
	err := s.InTx(ctx, func(tx *Store) error {
		err := tx.db.QueryRowxContext(ctx, tx.db.Rebind(`
			INSERT INTO quote_requests (token, user_id, name, email, phone, category, description, city, state, zip_code, lat, lng,
				timing, budget, created_at, confirmed_at, confirm_digest, confirm_sent_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
			q.Token, q.UserID, q.Name, q.Email, q.Phone, q.Category, q.Description, q.City, q.State, q.ZipCode, q.Lat, q.Lng,
			q.Timing, q.Budget, q.CreatedAt, q.ConfirmedAt, digest, q.ConfirmSentAt).Scan(&q.ID)
		if err != nil {
			return fmt.Errorf("store: create quote request: %w", err)
		}
		if !q.Confirmed() {
			return nil
		}
		matches, err = tx.matchRequest(ctx, q)
		return err
	})
	if err != nil {
		return QuoteRequest{}, nil, err
	}
	return q, matches, nil
}

// quoteRequestColumns are a quote request's columns.
const quoteRequestColumns = `id, token, user_id, name, email, phone, category, description, city, state, zip_code, lat, lng,
	timing, budget, created_at, confirmed_at, confirm_sent_at`

// QuoteRequestByToken finds a request by its page's token.
func (s *Store) QuoteRequestByToken(ctx context.Context, token string) (QuoteRequest, error) {
	return s.quoteRequestWhere(ctx, "token = ?", token)
}

// QuoteRequestByID finds a request by id: the one a lead came from
// (CreateLead scores with it; the lead's page shows what it asked).
func (s *Store) QuoteRequestByID(ctx context.Context, id int64) (QuoteRequest, error) {
	return s.quoteRequestWhere(ctx, "id = ?", id)
}

// quoteRequestWhere finds the request where (one ? for arg) holds.
func (s *Store) quoteRequestWhere(ctx context.Context, where string, arg any) (QuoteRequest, error) {
	var q QuoteRequest
	err := s.db.GetContext(ctx, &q, s.db.Rebind(`SELECT `+quoteRequestColumns+` FROM quote_requests WHERE `+where), arg)
	if err != nil {
		return QuoteRequest{}, notFound(err, "quote request")
	}
	return q, nil
}

// Response times, as matching ranks them: the median time a listing's
// owner took to answer its leads (a status change or a reply). A lead left
// unanswered for longer than unansweredAfter counts as never answered;
// a younger one is not counted yet.
const (
	fastResponse    = 24 * time.Hour
	okResponse      = 72 * time.Hour
	unansweredAfter = 72 * time.Hour
	responseHistory = 365 * 24 * time.Hour // leads older than a year say little of today
	maxCandidates   = 1000
)

// MaxServiceRadius is the most miles a service-area business may say it
// serves around its location.
const MaxServiceRadius = 100

// Points of the ranking (see MatchListings).
const (
	rankPerOffer     = 10
	rankOfferMax     = 30
	rankPerStar      = 4  // 0-20 for 0-5 stars
	rankUnrated      = 12 // a listing without reviews ranks as 3 stars
	rankVerified     = 10
	rankFast         = 10 // median answer within a day
	rankOK           = 6  // within three days
	rankUnknown      = 4  // no answered or long-unanswered leads yet
	rankSlowOrSilent = 0  // slower, or most leads never answered
)

// Ranked is a candidate listing with the points it ranks by.
type Ranked struct {
	Business Business
	Points   int
	// Distance is the miles between the listing and the request's place
	// (-1 when either is not located).
	Distance float64
	// Response is the median time its owner took to answer leads; 0 when
	// unknown, and Silent when most leads were never answered.
	Response time.Duration
}

// Silent is the Response of a listing whose owner left most leads
// unanswered.
const Silent = time.Duration(1<<63 - 1)

// MatchListings finds the listings a quote request goes to: at most
// MaxMatches published listings (not suspended, not held) that have an
// owner — a listing nobody manages never gets a matched lead — in the
// request's category, serving its place (a storefront in its city and
// state; a service-area business whose area — ServiceRadius miles around
// it — covers the request's ZIP code or city, or, one that has not given
// a radius, in its state; an online one anywhere), and not the
// requester's own. They are ranked by points (RankListings), then the
// closest first, then by review count, then oldest listing first. A request in a granted
// lead zone (ZoneFor) goes only to the zone holder's client listings
// among them; when none of those matches, to the open pool as any other.
func (s *Store) MatchListings(ctx context.Context, q QuoteRequest) ([]Business, error) {
	bs, _, err := s.routeRequest(ctx, q)
	return bs, err
}

// routeRequest is MatchListings with the zone the request was routed to
// (0: the open pool).
func (s *Store) routeRequest(ctx context.Context, q QuoteRequest) ([]Business, int64, error) {
	z, err := s.ZoneFor(ctx, q.Category, q.City, q.State)
	switch {
	case err == nil:
		ranked, err := s.rankListings(ctx, q, z.PartnerID)
		if err != nil {
			return nil, 0, err
		}
		if len(ranked) > 0 {
			return best(ranked), z.ID, nil
		}
	case !errors.Is(err, ErrNotFound):
		return nil, 0, err
	}
	ranked, err := s.RankListings(ctx, q)
	if err != nil {
		return nil, 0, err
	}
	return best(ranked), 0, nil
}

// best are the first MaxMatches of ranked.
func best(ranked []Ranked) []Business {
	out := make([]Business, 0, MaxMatches)
	for _, r := range ranked {
		if len(out) == MaxMatches {
			break
		}
		out = append(out, r.Business)
	}
	return out
}

// RankListings lists every listing MatchListings may choose from, best
// first, with its points:
//   - fit: 10 for each service, tag or sub-category the description names (at most 30);
//   - rating: 4 a star (0-20); a listing without reviews counts as 3 stars (12);
//   - verified: 10;
//   - response time, the median time its owner took to answer leads: within a
//     day 10, within three days 6, unknown (no lead answered or left for
//     three days yet) 4, slower or mostly never answered 0 — so a new owner
//     ranks below a fast one and above a very slow one.
func (s *Store) RankListings(ctx context.Context, q QuoteRequest) ([]Ranked, error) {
	return s.rankListings(ctx, q, 0)
}

// rankListings is RankListings among agency holder's client listings
// alone when holder is not 0 (a lead zone's holder).
func (s *Store) rankListings(ctx context.Context, q QuoteRequest, holder int64) ([]Ranked, error) {
	clients, args := "", []any{}
	if holder != 0 {
		clients, args = " AND b.id IN (SELECT business_id FROM client_listings WHERE partner_id = ?)", []any{holder}
	}
	requester := int64(0)
	if q.UserID.Valid {
		requester = q.UserID.Int64
	}
	// The owned listings are few beside the imported ones nobody owns, so
	// the search starts from the owner index (owner_id IS NOT NULL) and
	// filters those.
	// Service areas: those with a radius near enough to cover the place
	// (a box of MaxServiceRadius around it, then the distance itself).
	at, located := geo.Point{Lat: q.Lat.Float64, Lng: q.Lng.Float64}, q.Lat.Valid && q.Lng.Valid
	if !located { // a request not stored yet
		at, _, located = geo.Locate(q.ZipCode, q.City, q.State)
	}
	box := geo.BoundingBox(at, MaxServiceRadius)
	var bs []Business
	err := s.db.SelectContext(ctx, &bs, s.db.Rebind(`
		SELECT `+prefixed("b.", businessColumns)+`
		FROM businesses b
		WHERE b.owner_id IS NOT NULL AND b.owner_id <> `+accountSQL+`
			AND b.category = ? AND b.published = TRUE AND b.suspended = FALSE AND b.held = FALSE
			AND (b.business_type = 'online'
				OR (b.business_type = 'service_area' AND b.service_radius = 0 AND b.state = ?)
				OR (b.business_type = 'service_area' AND b.service_radius > 0 AND ? AND b.lat BETWEEN ? AND ? AND b.lng BETWEEN ? AND ?)
				OR (b.business_type = 'storefront' AND b.state = ? AND lower(b.city) = lower(?)))`+clients+`
		ORDER BY b.id LIMIT ?`), concat([]any{requester, requester, q.Category, q.State, located, box.MinLat, box.MaxLat, box.MinLng, box.MaxLng,
		q.State, q.City}, args, []any{maxCandidates})...)
	if err != nil {
		return nil, fmt.Errorf("store: match listings: %w", err)
	}
	bs = slices.DeleteFunc(bs, func(b Business) bool {
		p, ok := b.Place()
		return b.BusinessType == "service_area" && b.ServiceRadius > 0 && (!ok || geo.Distance(at, p) > float64(b.ServiceRadius))
	})
	if len(bs) == 0 {
		return nil, nil
	}
	times, err := s.responseTimes(ctx, bs, time.Now())
	if err != nil {
		return nil, err
	}
	ranked := make([]Ranked, len(bs))
	for i, b := range bs {
		r := Ranked{Business: b, Response: times[b.ID], Distance: -1}
		if p, ok := b.Place(); ok && located {
			r.Distance = geo.Distance(at, p)
		}
		r.Points = min(len(offersNamed(q.Description, b))*rankPerOffer, rankOfferMax)
		if b.ReviewCount > 0 {
			r.Points += int(b.Rating*rankPerStar + 0.5)
		} else {
			r.Points += rankUnrated
		}
		if b.Verified {
			r.Points += rankVerified
		}
		switch {
		case r.Response == 0:
			r.Points += rankUnknown
		case r.Response <= fastResponse:
			r.Points += rankFast
		case r.Response <= okResponse:
			r.Points += rankOK
		default:
			r.Points += rankSlowOrSilent
		}
		ranked[i] = r
	}
	sort.SliceStable(ranked, func(i, j int) bool {
		a, b := ranked[i], ranked[j]
		if a.Points != b.Points {
			return a.Points > b.Points
		}
		if a.Distance != b.Distance && min(a.Distance, b.Distance) >= 0 {
			return a.Distance < b.Distance
		}
		if (a.Distance < 0) != (b.Distance < 0) {
			return b.Distance < 0 // a located listing before one that is not
		}
		if a.Business.ReviewCount != b.Business.ReviewCount {
			return a.Business.ReviewCount > b.Business.ReviewCount
		}
		return a.Business.ID < b.Business.ID
	})
	return ranked, nil
}

// responseTimes is the median time the owners of bs took to answer each
// listing's leads of the last year (see the constants above), by listing;
// a listing without a counted lead is missing (unknown).
func (s *Store) responseTimes(ctx context.Context, bs []Business, now time.Time) (map[int64]time.Duration, error) {
	ids := make([]any, len(bs))
	for i, b := range bs {
		ids[i] = b.ID
	}
	var rows []struct {
		BusinessID int64        `db:"business_id"`
		CreatedAt  time.Time    `db:"created_at"`
		Answered   sql.NullTime `db:"first_response_at"`
	}
	err := s.db.SelectContext(ctx, &rows, s.db.Rebind(`
		SELECT business_id, created_at, first_response_at FROM leads
		WHERE business_id IN (`+inList(len(ids))+`) AND created_at >= ?`),
		append(ids, now.Add(-responseHistory).UTC())...)
	if err != nil {
		return nil, fmt.Errorf("store: response times: %w", err)
	}
	waits := map[int64][]time.Duration{}
	for _, r := range rows {
		switch {
		case r.Answered.Valid:
			waits[r.BusinessID] = append(waits[r.BusinessID], max(r.Answered.Time.Sub(r.CreatedAt), time.Second))
		case now.Sub(r.CreatedAt) > unansweredAfter:
			waits[r.BusinessID] = append(waits[r.BusinessID], Silent)
		}
	}
	out := make(map[int64]time.Duration, len(waits))
	for id, ws := range waits {
		sort.Slice(ws, func(i, j int) bool { return ws[i] < ws[j] })
		out[id] = ws[len(ws)/2] // the upper median: one fast answer and one silence is not "fast"
	}
	return out, nil
}

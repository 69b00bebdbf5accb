// Package analytics counts what visitors do with listings (page views,
// unique visitors, appearances in results, contact clicks) off the
// visitor's path: a request adds to counts in memory, and a flush every
// few seconds, and one at shutdown, writes them to the database in
// batches of listing days (store.AddListingStats), spread out so that a
// busy directory's counts are a steady trickle rather than a burst.
// Counts from several instances add up, as each batch is a summing
// upsert.
//
// Nothing personal is kept: a visitor is the hash of their address and
// browser, held in memory until the next flush, then salted with the day's
// salt (shared by the instances through the database, discarded when the
// day is over) into the day's set of visitors of the listing, which exists
// only to count each visitor once a day.
package analytics

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"log/slog"
	"maps"
	"slices"
	"sync"
	"time"

	"bizprofile/store"
)

// Event is what a visitor did with a listing.
type Event int

// The events counted.
const (
	View         Event = iota // the listing's page was served
	Impression                // the listing was among the results served
	WebsiteClick              // its website link
	PhoneClick                // its phone number
	EmailClick                // its email address
	ContactClick              // its 'Contact' button
)

// Store is what the counter needs of the database.
type Store interface {
	AddListingStats(ctx context.Context, counts map[store.StatKey]store.StatCounts, visitors []store.VisitorHash) error
	VisitorSalt(ctx context.Context, day string) ([]byte, error)
	PruneVisitors(ctx context.Context, day string) error
}

// Options tune a Counter; zero values take the defaults.
type Options struct {
	// Every is how often counts are written (5 s).
	Every time.Duration
	// MaxVisitors bounds the visitors held between flushes (1,000,000,
	// about 60 MB); past it, while the database cannot be reached, new
	// visitors are still counted as views but not as unique visitors.
	MaxVisitors int
	// Now is the clock (time.Now).
	Now func() time.Time
}

// Counter buffers counts between flushes. Its methods are safe for
// concurrent use; a nil *Counter counts nothing.
type Counter struct {
	st  Store
	log *slog.Logger
	opt Options

	mu sync.Mutex
	// impressions are the most frequent count by far (a page of results
	// shows twenty listings), kept apart and compact: day → listing →
	// appearances. A busy directory holds one for nearly every listing
	// between flushes, and a map of full StatCounts would take five times
	// the memory the search index needs to stay fast.
	impressions map[string]map[int64]int64
	counts      map[store.StatKey]store.StatCounts // every other event
	visitors    map[visitor]struct{}
	full        bool // visitors reached MaxVisitors since the last flush

	flushing sync.Mutex        // one flush at a time
	salts    map[string][]byte // day → salt, under flushing
}

// visitor is a listing's visitor on a day, before the salt: the hash of
// their address and browser.
type visitor struct {
	key store.StatKey
	id  [sha256.Size]byte
}

// New returns a counter writing to st. Call Run to flush in the
// background.
func New(st Store, log *slog.Logger, opt Options) *Counter {
	if opt.Every <= 0 {
		opt.Every = 5 * time.Second
	}
	if opt.MaxVisitors <= 0 {
		opt.MaxVisitors = 1_000_000
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	return &Counter{
		st: st, log: log, opt: opt,
		impressions: map[string]map[int64]int64{}, counts: map[store.StatKey]store.StatCounts{},
		visitors: map[visitor]struct{}{}, salts: map[string][]byte{},
	}
}

// Count adds one e to each of the listings.
func (c *Counter) Count(e Event, listingIDs ...int64) {
	if c == nil || len(listingIDs) == 0 {
		return
	}
	day := store.Day(c.opt.Now())
	c.mu.Lock()
	defer c.mu.Unlock()
	if e == Impression {
		c.addImpressions(day, listingIDs, 1)
		return
	}
	for _, id := range listingIDs {
		k := store.StatKey{BusinessID: id, Day: day}
		n := c.counts[k]
		add(&n, e)
		c.counts[k] = n
	}
}

// View counts a view of the listing's page by the visitor with this
// address and browser (user agent).
func (c *Counter) View(listingID int64, address, userAgent string) {
	if c == nil {
		return
	}
	day := store.Day(c.opt.Now())
	v := visitor{key: store.StatKey{BusinessID: listingID, Day: day}, id: sha256.Sum256([]byte(address + "\x00" + userAgent))}
	c.mu.Lock()
	defer c.mu.Unlock()
	n := c.counts[v.key]
	n.Views++
	c.counts[v.key] = n
	c.addVisitor(v)
}

// addVisitor holds v for the next flush, within MaxVisitors; c.mu held.
func (c *Counter) addVisitor(v visitor) {
	if len(c.visitors) >= c.opt.MaxVisitors {
		if _, ok := c.visitors[v]; !ok {
			c.full = true
			return
		}
	}
	c.visitors[v] = struct{}{}
}

// addImpressions adds n impressions of each listing on day; c.mu held.
func (c *Counter) addImpressions(day string, listingIDs []int64, n int64) {
	m := c.impressions[day]
	if m == nil {
		m = map[int64]int64{}
		c.impressions[day] = m
	}
	for _, id := range listingIDs {
		m[id] += n
	}
}

func add(n *store.StatCounts, e Event) {
	switch e {
	case View:
		n.Views++
	case Impression:
		n.Impressions++
	case WebsiteClick:
		n.WebsiteClicks++
	case PhoneClick:
		n.PhoneClicks++
	case EmailClick:
		n.EmailClicks++
	case ContactClick:
		n.ContactClicks++
	}
}

// batchDays bounds the listing days one write carries: each is a
// transaction of its own, short enough not to hold the database (or the
// one core a small machine spares) for long.
const batchDays = 500

// Flush writes what was counted since the last flush, at once. When the
// database refuses a batch, it and those after it stay in memory for the
// next flush.
func (c *Counter) Flush(ctx context.Context) error {
	if c == nil {
		return nil
	}
	return c.flush(ctx, 0)
}

// flush writes what was counted since the last flush in batches of
// batchDays listing days, in one order for every instance (day, then
// listing: two flushes never wait on each other's rows in opposite
// orders), spread evenly over spread. A busy directory counts an
// impression for every listing it shows, so a flush can hold tens of
// thousands of listing days: written in one go, it would take a core for
// most of a second and every request waiting behind it would feel it;
// spread over half the interval, it is a steady trickle. When ctx ends
// while it waits, what is unwritten is put back for the next flush.
func (c *Counter) flush(ctx context.Context, spread time.Duration) error {
	c.flushing.Lock()
	defer c.flushing.Unlock()
	c.mu.Lock()
	p := pending{impressions: c.impressions, counts: c.counts, visitors: map[store.StatKey][]visitor{}}
	visitors, full := c.visitors, c.full
	c.impressions, c.counts, c.visitors, c.full = map[string]map[int64]int64{}, map[store.StatKey]store.StatCounts{}, map[visitor]struct{}{}, false
	c.mu.Unlock()
	for v := range visitors {
		p.visitors[v.key] = append(p.visitors[v.key], v)
	}
	batches := p.batches()
	if len(batches) == 0 {
		return nil
	}
	if full {
		c.log.Warn("analytics: too many visitors held while the database could not be reached; some were counted as views only", "held", c.opt.MaxVisitors)
	}
	start := time.Now()
	for i, b := range batches {
		err := waitUntil(ctx, start.Add(spread*time.Duration(i)/time.Duration(len(batches))))
		if err == nil {
			err = c.write(ctx, b, p)
		}
		if err != nil {
			c.putBack(batches[i:], p)
			return err
		}
	}
	return nil
}

// pending is what a flush writes.
type pending struct {
	impressions map[string]map[int64]int64 // day → listing → impressions
	counts      map[store.StatKey]store.StatCounts
	visitors    map[store.StatKey][]visitor
}

// batch is some listings' counts of a day.
type batch struct {
	day string
	ids []int64
}

// batches are p's listing days, by day then listing, batchDays at most in
// each.
func (p pending) batches() []batch {
	byDay := map[string][]int64{}
	for day, m := range p.impressions {
		for id := range m {
			byDay[day] = append(byDay[day], id)
		}
	}
	for k := range p.counts {
		if _, ok := p.impressions[k.Day][k.BusinessID]; !ok {
			byDay[k.Day] = append(byDay[k.Day], k.BusinessID)
		}
	}
	for k := range p.visitors {
		_, counted := p.counts[k]
		if _, ok := p.impressions[k.Day][k.BusinessID]; !ok && !counted {
			byDay[k.Day] = append(byDay[k.Day], k.BusinessID)
		}
	}
	var out []batch
	for _, day := range slices.Sorted(maps.Keys(byDay)) {
		ids := byDay[day]
		slices.Sort(ids)
		for chunk := range slices.Chunk(ids, batchDays) {
			out = append(out, batch{day: day, ids: chunk})
		}
	}
	return out
}

// waitUntil waits until t, or until ctx ends.
func waitUntil(ctx context.Context, t time.Time) error {
	d := time.Until(t)
	if d <= 0 {
		return ctx.Err()
	}
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-timer.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// write salts the batch's visitors with their day's salt and writes the
// batch's counts, all or nothing.
func (c *Counter) write(ctx context.Context, b batch, p pending) error {
	add := make(map[store.StatKey]store.StatCounts, len(b.ids))
	var hashes []store.VisitorHash
	for _, id := range b.ids {
		k := store.StatKey{BusinessID: id, Day: b.day}
		n := p.counts[k]
		n.Impressions += p.impressions[b.day][id]
		if n != (store.StatCounts{}) {
			add[k] = n
		}
		for _, v := range p.visitors[k] {
			salt, err := c.salt(ctx, b.day)
			if err != nil {
				return err
			}
			hashes = append(hashes, store.VisitorHash{StatKey: k, Hash: saltedHash(salt, v)})
		}
	}
	return c.st.AddListingStats(ctx, add, hashes)
}

// saltedHash is what the database keeps of a visitor: 16 bytes of the
// hash of the day's salt, the listing and the visitor.
func saltedHash(salt []byte, v visitor) []byte {
	h := sha256.New()
	h.Write(salt)
	_ = binary.Write(h, binary.BigEndian, v.key.BusinessID)
	h.Write(v.id[:])
	return h.Sum(nil)[:16]
}

// salt is day's salt, asked of the database once per day; c.flushing held.
func (c *Counter) salt(ctx context.Context, day string) ([]byte, error) {
	if s, ok := c.salts[day]; ok {
		return s, nil
	}
	s, err := c.st.VisitorSalt(ctx, day)
	if err != nil {
		return nil, err
	}
	for d := range c.salts {
		if d < day {
			delete(c.salts, d) // a day over: forget its salt here too
		}
	}
	c.salts[day] = s
	return s, nil
}

// putBack returns the batches not written to the counts, for the next
// flush.
func (c *Counter) putBack(batches []batch, p pending) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, b := range batches {
		for _, id := range b.ids {
			k := store.StatKey{BusinessID: id, Day: b.day}
			if n, ok := p.counts[k]; ok {
				c.counts[k] = c.counts[k].Add(n)
			}
			if n := p.impressions[b.day][id]; n > 0 {
				c.addImpressions(b.day, []int64{id}, n)
			}
			for _, v := range p.visitors[k] {
				c.addVisitor(v)
			}
		}
	}
}

// pruneAfter is how long after midnight (UTC) the day before's salt and
// visitors are discarded: time for the last flushes of that day.
const pruneAfter = 15 * time.Minute

// Run flushes every Options.Every, each flush's batches spread over half
// of it, and discards the salts and visitor hashes of days that are over,
// until ctx ends; then it flushes what is left at once. Cancel ctx once
// no request can count any more (after the server's shutdown), so the
// last flush has everything.
func (c *Counter) Run(ctx context.Context) {
	tick := time.NewTicker(c.opt.Every)
	defer tick.Stop()
	failing := false
	pruned := ""
	for {
		select {
		case <-ctx.Done():
			c.final()
			return
		case <-tick.C:
		}
		err := c.flushWithin(ctx, c.opt.Every/2, 30*time.Second)
		if ctx.Err() != nil {
			continue // stopping: the final flush writes what this one left
		}
		switch {
		case err != nil && !failing:
			c.log.Warn("analytics: counts not written; they are kept for the next try", slog.Any("error", err))
			failing = true
		case err == nil && failing:
			c.log.Info("analytics: counts written again")
			failing = false
		}
		if day := store.Day(c.opt.Now().Add(-pruneAfter)); day != pruned && err == nil {
			if err := c.st.PruneVisitors(ctx, day); err != nil {
				c.log.Warn("analytics: visitor hashes of past days not discarded yet", slog.Any("error", err))
			} else {
				pruned = day
			}
		}
	}
}

// final is the flush at shutdown, given a little time of its own.
func (c *Counter) final() {
	if err := c.flushWithin(context.Background(), 0, 10*time.Second); err != nil {
		c.log.Error("analytics: the last counts could not be written at shutdown", slog.Any("error", err))
	}
}

// flushWithin is a flush spread over spread, given d in all.
func (c *Counter) flushWithin(ctx context.Context, spread, d time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	return c.flush(ctx, spread)
}

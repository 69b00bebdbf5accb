// Package analytics counts what visitors do with listings (page views,
// unique visitors, appearances in results, contact clicks) off the
// visitor's path: a request adds to counts in memory, and a flush every
// few seconds, and one at shutdown, writes them to the database in one
// batch (store.AddListingStats). Counts from several instances add up, as
// the batch is a summing upsert.
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

	mu       sync.Mutex
	counts   map[store.StatKey]store.StatCounts
	visitors map[visitor]struct{}
	full     bool // visitors reached MaxVisitors since the last flush

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
		counts: map[store.StatKey]store.StatCounts{}, visitors: map[visitor]struct{}{},
		salts: map[string][]byte{},
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

// Flush writes what was counted since the last flush. When the database
// refuses it, the counts stay in memory for the next flush.
func (c *Counter) Flush(ctx context.Context) error {
	if c == nil {
		return nil
	}
	c.flushing.Lock()
	defer c.flushing.Unlock()
	c.mu.Lock()
	counts, visitors, full := c.counts, c.visitors, c.full
	c.counts, c.visitors, c.full = map[store.StatKey]store.StatCounts{}, map[visitor]struct{}{}, false
	c.mu.Unlock()
	if len(counts) == 0 && len(visitors) == 0 {
		return nil
	}
	if full {
		c.log.Warn("analytics: too many visitors held while the database could not be reached; some were counted as views only", "held", c.opt.MaxVisitors)
	}
	err := c.write(ctx, counts, visitors)
	if err != nil {
		c.putBack(counts, visitors)
	}
	return err
}

// write salts the visitors with their day's salt and writes the batch.
func (c *Counter) write(ctx context.Context, counts map[store.StatKey]store.StatCounts, visitors map[visitor]struct{}) error {
	hashes := make([]store.VisitorHash, 0, len(visitors))
	for v := range visitors {
		salt, err := c.salt(ctx, v.key.Day)
		if err != nil {
			return err
		}
		hashes = append(hashes, store.VisitorHash{StatKey: v.key, Hash: saltedHash(salt, v)})
	}
	return c.st.AddListingStats(ctx, counts, hashes)
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

// putBack returns an unwritten batch to the counts, for the next flush.
func (c *Counter) putBack(counts map[store.StatKey]store.StatCounts, visitors map[visitor]struct{}) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for k, n := range counts {
		c.counts[k] = c.counts[k].Add(n)
	}
	for v := range visitors {
		c.addVisitor(v)
	}
}

// pruneAfter is how long after midnight (UTC) the day before's salt and
// visitors are discarded: time for the last flushes of that day.
const pruneAfter = 15 * time.Minute

// Run flushes every Options.Every, and discards the salts and visitor
// hashes of days that are over, until ctx ends; then it flushes what is
// left. Cancel ctx once no request can count any more (after the server's
// shutdown), so the last flush has everything.
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
		err := c.flushWithin(ctx, 30*time.Second)
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
	if err := c.flushWithin(context.Background(), 10*time.Second); err != nil {
		c.log.Error("analytics: the last counts could not be written at shutdown", slog.Any("error", err))
	}
}

func (c *Counter) flushWithin(ctx context.Context, d time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	return c.Flush(ctx)
}

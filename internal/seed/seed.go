// Package seed fills a database for a demo, the browser tests or a
// benchmark (`bizprofile seed`): the sample listings (internal/samples)
// with the logos and photos drawn here, and, when asked, generated
// listings (internal/synthetic). The drawings live here rather than with
// the samples because they are kept as an owner's upload is
// (domain.KeepImage), and the handlers' own tests load the samples.
package seed

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"bizprofile/internal/samples"
	"bizprofile/internal/synthetic"
	"bizprofile/storage"
	"bizprofile/store"
)

// Run loads the sample listings into db (only those missing, so it can
// run before every start) with their logos and photos, kept in media, and
// adds n generated listings for benchmarks and load tests (none when n is
// 0), logging what it added.
func Run(ctx context.Context, db *store.Store, media storage.Store, n int, log *slog.Logger) error {
	added, err := samples.Add(ctx, db)
	if err != nil {
		return err
	}
	log.Info("sample listings loaded", "added", added)
	// Their logos and photos go where the app keeps images (STORAGE_URL,
	// or DATA_DIR/media), drawn here on the first seed.
	start := time.Now()
	if added, err := sampleImages(ctx, db, media); err != nil {
		return fmt.Errorf("sample images: %w", err)
	} else if added > 0 {
		log.Info("sample logos and photos added", "added", added, "took", time.Since(start).Round(time.Millisecond))
	}
	if n > 0 {
		start := time.Now()
		if err := synthetic.Add(ctx, db, n, uint64(time.Now().UnixNano())); err != nil {
			return err
		}
		log.Info("synthetic listings added", "count", n, "duration", time.Since(start).Round(time.Millisecond))
	}
	return nil
}

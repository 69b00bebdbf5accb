package synthetic

import (
	"context"
	"database/sql"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"bizprofile/store"
	"bizprofile/store/storetest"
)

// TestAddTime reports how long Add takes for BIZPROFILE_SYNTHETIC_TIME
// listings on each engine (skipped without it):
//
//	BIZPROFILE_SYNTHETIC_TIME=100000 go test -run TestAddTime -v -timeout 1h ./internal/synthetic/
func TestAddTime(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("BIZPROFILE_SYNTHETIC_TIME"))
	if n <= 0 {
		t.Skip("BIZPROFILE_SYNTHETIC_TIME is not a number of listings")
	}
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		start := time.Now()
		if err := Add(context.Background(), s, n, 16); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d listings generated in %.1f s", s.Dialect(), n, time.Since(start).Seconds())
	})
}

// After Add every listing's rating and review count are those of
// its reviews (one SQL check over them all, on each engine), and the
// reviews look like a directory's: most listings have a few, some none,
// mostly positive, every text long enough for the review form.
func TestSyntheticListingsFiguresAreTheirReviews(t *testing.T) {
	for _, d := range []store.Dialect{store.SQLite, store.Postgres} {
		t.Run(string(d), func(t *testing.T) {
			ctx := context.Background()
			driver, url, path := "sqlite", "", filepath.Join(t.TempDir(), "synthetic.db")
			if d == store.Postgres {
				driver, url = "postgres", storetest.PostgresDatabase(t)
			}
			s, err := store.Open(ctx, url, path, slog.New(slog.NewTextHandler(io.Discard, nil)))
			must(t, err)
			defer s.Close()
			const n = 3000
			must(t, Add(ctx, s, n, 7))
			db, err := sql.Open(driver, map[bool]string{true: url, false: path}[url != ""])
			must(t, err)
			defer db.Close()

			var wrong int
			must(t, db.QueryRowContext(ctx, `
				SELECT COUNT(*) FROM businesses b
				LEFT JOIN (SELECT business_id, COUNT(*) AS n, SUM(rating) AS total FROM reviews WHERE status = 'published' GROUP BY business_id) r
					ON r.business_id = b.id
				WHERE b.review_count <> COALESCE(r.n, 0) OR ABS(b.rating - COALESCE(r.total * 1.0 / r.n, 0)) > 0.00501`).Scan(&wrong))
			if wrong != 0 {
				t.Errorf("%d of %d listings have figures their reviews do not give", wrong, n)
			}

			var st struct {
				listings, reviewed, reviews, most, short int
				stars                                    float64
			}
			must(t, db.QueryRowContext(ctx, `SELECT COUNT(*), COUNT(CASE WHEN review_count > 0 THEN 1 END), COALESCE(SUM(review_count), 0), COALESCE(MAX(review_count), 0) FROM businesses`).
				Scan(&st.listings, &st.reviewed, &st.reviews, &st.most))
			must(t, db.QueryRowContext(ctx, `SELECT COALESCE(AVG(rating * 1.0), 0), COUNT(CASE WHEN LENGTH(body) < 20 OR title = '' THEN 1 END) FROM reviews`).Scan(&st.stars, &st.short))
			t.Logf("%d listings, %d with reviews, %d reviews (at most %d a listing), %.2f stars on average", st.listings, st.reviewed, st.reviews, st.most, st.stars)
			if st.listings != n || st.reviewed < n*7/10 || st.reviewed == n || st.reviews < 2*n || st.reviews > 5*n || st.most > 12 {
				t.Errorf("review counts unlike a directory's: %+v", st)
			}
			if st.stars < 3.6 || st.stars > 4.6 || st.short != 0 {
				t.Errorf("reviews average %.2f stars (want mostly positive), %d too short for the form", st.stars, st.short)
			}
		})
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

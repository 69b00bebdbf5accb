package handlers

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"bizprofile/backup"
	"bizprofile/internal/samples"
	"bizprofile/storage/storagetest"
	"bizprofile/store"
	"bizprofile/store/storetest"
)

// TestBackupRestoreDrill is issue 39's drill, on both engines, to a folder
// and to the S3-compatible server: the sample listings with an owner
// signed in, a review, a lead, a quote request and a subscription are backed up while the
// app serves; the backup is restored into a fresh database and the app
// started on it holds the same records, shows the same listing pages and
// keeps the owner signed in.
func TestBackupRestoreDrill(t *testing.T) {
	s3 := storagetest.Start(t)
	for _, engine := range storetest.Engines() {
		for _, where := range []string{"folder", "s3"} {
			t.Run(string(engine)+"/"+where, func(t *testing.T) {
				var archive backup.Archive
				if where == "s3" {
					var err error
					archive, err = backup.OpenArchive(s3.NewBucket(t, "drill-"+string(engine)), "")
					must(t, err)
				} else {
					dir, err := backup.NewDir(t.TempDir())
					must(t, err)
					archive = dir
				}
				restoreDrill(t, engine, archive)
			})
		}
	}
}

func restoreDrill(t *testing.T, engine store.Dialect, archive backup.Archive) {
	ctx := context.Background()
	srcDB, srcURL := openFresh(t, engine)
	src := newTestAppOn(t, srcDB)
	_, err := samples.Add(ctx, src.store)
	must(t, err)
	owner := src.account(t, "owner@example.com", store.KindBusiness)
	subscriptionEvent(t, src, owner.ID, "pro", false)
	slugs := directorySlugs(t, src)
	bakery, err := src.store.BusinessBySlug(ctx, slugs[0])
	must(t, err)
	reviewer := customer(t, src, "reviewer@example.com")
	_, err = src.store.CreateReview(ctx, store.NewReview{BusinessID: bakery.ID, UserID: sql.NullInt64{Int64: reviewer.ID, Valid: true}, AuthorName: "Rita",
		ReviewText: store.ReviewText{Rating: 5, Title: "Best sourdough in town", Body: "Crisp crust, open crumb, and the staff know their regulars by name."}})
	must(t, err)
	_, err = src.store.CreateLead(ctx, store.Lead{BusinessID: bakery.ID, Name: "Visitor", Email: "v@example.com", Message: "Do you cater weddings?", Source: "listing"})
	must(t, err)
	_, _, err = src.store.CreateQuoteRequest(ctx, store.QuoteRequest{Name: "Jo", Email: "jo@example.com", Category: bakery.Category,
		Description: "A cake for forty people, in June.", City: bakery.City, State: bakery.State, Timing: store.TimingMonth}, "")
	must(t, err)

	// The backup, taken while the source app goes on answering.
	m, err := backup.Take(ctx, backup.Source{Store: src.store, DatabaseURL: srcURL, Scratch: t.TempDir()}, archive, time.Now())
	must(t, err)
	if m.SchemaVersion == 0 || m.Size == 0 || len(m.SHA256) != 64 {
		t.Fatalf("manifest %+v: want a schema version, a size and a SHA-256", m)
	}

	// Restored into a fresh database, then opened (and so migrated) by the
	// app.
	target := backup.Target{Dialect: engine, DataDir: t.TempDir()}
	target.SQLitePath = filepath.Join(target.DataDir, "bizprofile.db")
	if engine == store.Postgres {
		target.DatabaseURL = storetest.PostgresDatabase(t)
	}
	got, err := backup.Restore(ctx, archive, "latest", target, false)
	must(t, err)
	if got.Name != m.Name {
		t.Fatalf("restored %s, want the latest, %s", got.Name, m.Name)
	}
	restored, err := store.Open(ctx, target.DatabaseURL, target.SQLitePath, slog.New(slog.DiscardHandler))
	must(t, err)
	t.Cleanup(func() { restored.Close() })
	dst := newTestAppOn(t, restored)

	want, err := src.store.Totals(ctx)
	must(t, err)
	have, err := restored.Totals(ctx)
	must(t, err)
	for table, n := range want {
		if have[table] != n || n == 0 {
			t.Errorf("%s: %d restored, %d backed up (want the same, and some)", table, have[table], n)
		}
	}
	// The same listing pages: heading, figures, details and JSON-LD.
	for _, slug := range slugs {
		if a, b := listingPage(t, src, slug), listingPage(t, dst, slug); a != b || a == "" {
			t.Errorf("/directory/%s differs after the restore:\nbacked up: %s\nrestored:  %s", slug, a, b)
		}
	}
	// The owner's session, as their browser keeps it, still signs them in.
	req, _ := http.NewRequest(http.MethodGet, dst.URL+"/dashboard", nil)
	for _, c := range src.client.Jar.Cookies(mustURL(t, src.URL)) {
		req.AddCookie(c)
	}
	res, body := dst.do(t, req)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("the owner's session on the restored app: /dashboard answered %d, want 200 (signed in)", res.StatusCode)
	}
	if name := strings.TrimSpace(parseHTML(t, body).Find("h1").First().Text()); name == "" {
		t.Errorf("the dashboard has no heading")
	}

	// A second restore into the same, now populated, target is refused.
	if _, err := backup.Restore(ctx, archive, m.Name, target, false); !errors.Is(err, backup.ErrHoldsData) {
		t.Errorf("restore over a database with data: %v, want ErrHoldsData", err)
	}
}

// openFresh opens a new, migrated database of engine as the app does,
// and says its URL (empty for SQLite).
func openFresh(t *testing.T, engine store.Dialect) (*store.Store, string) {
	t.Helper()
	var url string
	if engine == store.Postgres {
		url = storetest.PostgresDatabase(t)
	}
	st, err := store.Open(context.Background(), url, filepath.Join(t.TempDir(), "bizprofile.db"), slog.New(slog.DiscardHandler))
	must(t, err)
	t.Cleanup(func() { st.Close() })
	return st, url
}

// directorySlugs are the slugs of the directory's listings, as its JSON
// lists them.
func directorySlugs(t *testing.T, app *testApp) []string {
	t.Helper()
	_, body := app.get(t, "/directory.json")
	var page struct {
		Cards []struct {
			Slug string `json:"slug"`
		} `json:"cards"`
	}
	must(t, json.Unmarshal([]byte(body), &page))
	var slugs []string
	for _, c := range page.Cards {
		slugs = append(slugs, c.Slug)
	}
	if len(slugs) == 0 {
		t.Fatal("the directory lists no listings")
	}
	return slugs
}

// listingPage is what a listing page shows: its heading, its main text
// and its JSON-LD.
func listingPage(t *testing.T, app *testApp, slug string) string {
	t.Helper()
	res, body := app.get(t, "/directory/"+slug)
	if res.StatusCode != http.StatusOK {
		return ""
	}
	doc := parseHTML(t, body)
	var b bytes.Buffer
	b.WriteString(strings.TrimSpace(doc.Find("h1").First().Text()))
	b.WriteString(" | ")
	b.WriteString(strings.Join(strings.Fields(doc.Find("main").Text()), " "))
	doc.Find(`script[type="application/ld+json"]`).Each(func(_ int, s *goquery.Selection) { b.WriteString(" | " + s.Text()) })
	return b.String()
}

// TestRestoreRefusesADamagedBackup: a snapshot whose bytes no longer match
// its manifest's checksum is not restored, and the target is left as it
// was.
func TestRestoreRefusesADamagedBackup(t *testing.T) {
	ctx := context.Background()
	src := newTestApp(t, store.SQLite)
	_, err := samples.Add(ctx, src.store)
	must(t, err)
	dir := t.TempDir()
	archive, err := backup.NewDir(dir)
	must(t, err)
	m, err := backup.Take(ctx, backup.Source{Store: src.store, Scratch: t.TempDir()}, archive, time.Now())
	must(t, err)
	snap := filepath.Join(dir, m.File)
	data, err := os.ReadFile(snap)
	must(t, err)
	data[len(data)/2] ^= 0xff
	must(t, os.WriteFile(snap, data, 0o600))

	target := backup.Target{Dialect: store.SQLite, DataDir: t.TempDir()}
	target.SQLitePath = filepath.Join(target.DataDir, "bizprofile.db")
	_, err = backup.Restore(ctx, archive, m.Name, target, false)
	if err == nil || !strings.Contains(err.Error(), "damaged") {
		t.Fatalf("restore of a damaged snapshot: %v, want an error saying it is damaged", err)
	}
	if _, err := os.Stat(target.SQLitePath); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a database was put in place from a damaged snapshot (%v)", err)
	}
}

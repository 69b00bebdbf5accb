package handlers

import (
	"context"
	"database/sql"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"bizprofile/ai"
	"bizprofile/store"
)

// reviewsOfABakery are three reviews that agree on the sourdough and the
// wait time; the owner answered the first.
var reviewsOfABakery = []store.ReviewText{
	{Rating: 2, Title: "Slow service", Body: "The wait time was far too long and the staff seemed lost."},
	{Rating: 4, Title: "Great bread, long wait", Body: "Lovely sourdough, but the wait time was terrible on Saturday."},
	{Rating: 5, Title: "Friendly staff", Body: "The staff were friendly and the sourdough is the best in town."},
}

// reviewed gives b the reviews, written an hour apart up to now, oldest
// first, and the owner's reply to the first.
func reviewed(t *testing.T, app *testApp, b store.Business, texts []store.ReviewText) []store.Review {
	t.Helper()
	ctx := context.Background()
	var rs []store.Review
	for i, text := range texts {
		u := customer(t, app, "customer"+strconv.Itoa(i)+"-"+strconv.FormatInt(b.ID, 10)+"@example.com")
		r, err := app.store.CreateReview(ctx, store.NewReview{
			BusinessID: b.ID, UserID: sql.NullInt64{Int64: u.ID, Valid: true}, AuthorName: "Customer " + strconv.Itoa(i),
			ReviewText: text, CreatedAt: time.Now().Add(time.Duration(i-len(texts)) * time.Hour),
		})
		must(t, err)
		rs = append(rs, r)
	}
	_, err := app.store.SetReply(ctx, rs[0].ID, b.OwnerID.Int64, "Sorry about the wait: we have a second till now.")
	must(t, err)
	return rs
}

// The built-in analyser's insights use the listing's reviews: the
// unanswered ones, and what customers complain about.
func TestInsightsReadTheReviews(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		b := ownerWithListing(t, app, "baker@example.com", "Rye and Shine")
		reviewed(t, app, b, reviewsOfABakery)
		if res, _ := app.post(t, "/ai-insights/generate", url.Values{"business_id": {strconv.FormatInt(b.ID, 10)}}); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("generate: %d", res.StatusCode)
		}
		_, body := app.get(t, "/ai-insights")
		advice := texts(insights(parseHTML(t, body)).Find("ul li"))
		for _, want := range []string{
			"2 reviews have no reply: answer them on the Reviews page.",
			`Reviews complain about "wait time" (2 reviews)`,
			`Reviews praise "sourdough" (2 reviews)`,
		} {
			if !anyContains(advice, want) {
				t.Errorf("no advice says %q:\n%s", want, strings.Join(advice, "\n"))
			}
		}
	})
}

// A model is sent the review facts: figures, trend, themes and the newest
// texts, newest first.
func TestInsightsSendTheReviewsToTheModel(t *testing.T) {
	var (
		mu   sync.Mutex
		sent string
	)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Messages []struct{ Role, Content string } `json:"messages"`
		}
		b, _ := io.ReadAll(r.Body)
		_ = json.Unmarshal(b, &req)
		mu.Lock()
		for _, m := range req.Messages {
			if m.Role == "user" {
				sent = m.Content
			}
		}
		mu.Unlock()
		reply := `{"insights":[{"type":"revenue_growth","title":"Shorten the Saturday queue","content":"Two reviews mention the wait.","recommendations":["Add a second till."]}]}`
		out, _ := json.Marshal(map[string]any{"choices": []any{map[string]any{"message": map[string]string{"role": "assistant", "content": reply}}}})
		w.Header().Set("Content-Type", "application/json")
		w.Write(out)
	}))
	t.Cleanup(srv.Close)
	app := newTestApp(t, store.SQLite, func(d *testDeps) {
		d.Insights = ai.NewOpenAI(srv.URL+"/v1", "k", "m", ai.WithBackoff(time.Millisecond))
	})
	b := ownerWithListing(t, app, "model@example.com", "Model Bakery")
	reviewed(t, app, b, reviewsOfABakery)
	if res, body := generateJSON(t, app, b.ID); res.StatusCode != http.StatusOK {
		t.Fatalf("generate: %d %s", res.StatusCode, body)
	}
	mu.Lock()
	defer mu.Unlock()
	var data struct {
		Reviews struct {
			Published  int `json:"published"`
			Unanswered int `json:"without_owner_reply"`
			ThisMonth  int `json:"published_this_month"`
			Themes     []struct {
				Theme    string `json:"theme"`
				Negative int    `json:"negative"`
			} `json:"themes"`
			Texts []string `json:"newest_texts"`
		} `json:"reviews"`
	}
	if err := json.Unmarshal([]byte(strings.TrimPrefix(sent, "Business data:\n")), &data); err != nil {
		t.Fatalf("the model was sent %q: %v", sent, err)
	}
	r := data.Reviews
	if r.Published != 3 || r.Unanswered != 2 {
		t.Errorf("reviews sent: %d published, %d without reply; want 3 and 2", r.Published, r.Unanswered)
	}
	if now := time.Now().UTC(); now.Add(-3*time.Hour).Month() == now.Month() && r.ThisMonth != 3 {
		t.Errorf("%d reviews this month, want 3", r.ThisMonth)
	}
	if !slices.ContainsFunc(r.Themes, func(th struct {
		Theme    string `json:"theme"`
		Negative int    `json:"negative"`
	}) bool {
		return th.Theme == "wait time" && th.Negative == 2
	}) {
		t.Errorf("themes sent: %+v", r.Themes)
	}
	if len(r.Texts) != 3 || r.Texts[0] != reviewsOfABakery[2].Body {
		t.Errorf("texts sent, newest first: %q", r.Texts)
	}
}

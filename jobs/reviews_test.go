package jobs_test

import (
	"context"
	"testing"
	"time"

	"bizprofile/jobs"
)

// A review digest waits for the next 8:00 UTC, whatever the time zone of
// the clock that asks.
func TestNextDigestAt(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	if err != nil {
		ny = time.FixedZone("EST", -5*3600)
	}
	for _, tc := range []struct {
		now  time.Time
		want string
	}{
		{time.Date(2026, 5, 10, 7, 59, 59, 0, time.UTC), "2026-05-10T08:00:00Z"},
		{time.Date(2026, 5, 10, 8, 0, 0, 0, time.UTC), "2026-05-11T08:00:00Z"},
		{time.Date(2026, 5, 10, 23, 30, 0, 0, time.UTC), "2026-05-11T08:00:00Z"},
		{time.Date(2026, 12, 31, 9, 0, 0, 0, time.UTC), "2027-01-01T08:00:00Z"},
		{time.Date(2026, 5, 10, 22, 0, 0, 0, ny), "2026-05-11T08:00:00Z"}, // 02:00 UTC on the 11th
	} {
		if got := jobs.NextDigestAt(tc.now).Format(time.RFC3339); got != tc.want {
			t.Errorf("NextDigestAt(%v) = %s, want %s", tc.now, got, tc.want)
		}
	}
}

// A review job carries an id; its handler gets it back, and /admin/jobs
// says what the job is for. Every digest of an owner has the same payload,
// which is how the store finds one waiting.
func TestReviewJobsCarryTheirID(t *testing.T) {
	now := time.Date(2026, 5, 10, 12, 0, 0, 0, time.UTC)
	digest := jobs.ReviewDigest(42, now)
	if digest.Kind != jobs.KindReviewDigest || string(digest.Payload) != `{"owner_id":42}` || !digest.RunAt.Equal(jobs.NextDigestAt(now)) {
		t.Errorf("digest job %s %s at %v", digest.Kind, digest.Payload, digest.RunAt)
	}
	if later := jobs.ReviewDigest(42, now.Add(30*time.Hour)); string(later.Payload) != string(digest.Payload) {
		t.Error("two digests of one owner have different payloads")
	}
	var owner int64
	err := jobs.ForOwner(func(_ context.Context, id int64) error { owner = id; return nil })(context.Background(), digest.Payload)
	if err != nil || owner != 42 {
		t.Errorf("digest handler got owner %d", owner)
	}
	if d := jobs.Describe(digest.Kind, digest.Payload); d != "Daily review digest for user #42" {
		t.Errorf("digest described as %q", d)
	}

	sentiment := jobs.ReviewSentiment(7)
	if sentiment.Kind != jobs.KindReviewSentiment || string(sentiment.Payload) != `{"review_id":7}` || !sentiment.RunAt.IsZero() {
		t.Errorf("sentiment job %s %s at %v", sentiment.Kind, sentiment.Payload, sentiment.RunAt)
	}
	var review int64
	err = jobs.ForReview(func(_ context.Context, id int64) error { review = id; return nil })(context.Background(), sentiment.Payload)
	if err != nil || review != 7 {
		t.Errorf("sentiment handler got review %d", review)
	}
	if d := jobs.Describe(sentiment.Kind, sentiment.Payload); d != "Sentiment of review #7 from the AI provider" {
		t.Errorf("sentiment job described as %q", d)
	}
	if jobs.ForReview(func(context.Context, int64) error { return nil })(context.Background(), []byte("{")) == nil ||
		jobs.ForOwner(func(context.Context, int64) error { return nil })(context.Background(), []byte("[")) == nil {
		t.Error("a broken payload was accepted")
	}
}

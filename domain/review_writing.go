package domain

import (
	"context"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"bizprofile/ai"
	"bizprofile/catalog"
	"bizprofile/jobs"
	bizmail "bizprofile/mail"
	"bizprofile/store"
)

// Writing a review: one per account and listing, by a signed-in person
// with a verified address who does not own the listing; the author edits
// it for store.ReviewEditWindow and deletes it at any time.

// ReviewInput is a review as its author writes it.
type ReviewInput struct {
	Rating    string // "1" to "5"
	Title     string
	Body      string
	VisitedOn string // a date, or ""
	Name      string // the name shown with it
}

// Cleaned is in as it is checked and stored: trimmed, the body's line
// breaks as "\n".
func (in ReviewInput) Cleaned() ReviewInput {
	in.Rating, in.Title, in.VisitedOn, in.Name = strings.TrimSpace(in.Rating), strings.TrimSpace(in.Title), strings.TrimSpace(in.VisitedOn), strings.TrimSpace(in.Name)
	in.Body = strings.TrimSpace(strings.ReplaceAll(in.Body, "\r\n", "\n"))
	return in
}

// ReviewToday is the latest date of visit a review may give at now:
// tomorrow in UTC, which is today somewhere (a visitor east of UTC is
// already there).
func ReviewToday(now time.Time) string { return now.UTC().AddDate(0, 0, 1).Format(time.DateOnly) }

// Today is ReviewToday now.
func (rs *Reviews) Today() string { return ReviewToday(rs.now()) }

// Check is what breaks the rules in in (cleaned first), by the form's
// field names, today being the latest date of visit (ReviewToday); it
// returns the stars too.
func (in ReviewInput) Check(today string) (catalog.FieldErrors, int) {
	in = in.Cleaned()
	e := catalog.FieldErrors{}
	rating, err := strconv.Atoi(in.Rating)
	if err != nil || rating < 1 || rating > 5 || in.Rating != strconv.Itoa(rating) {
		e["rating"] = "Choose a rating from 1 to 5 stars."
		rating = 0
	}
	Required(e, "title", in.Title, "Give your review a title.")
	CheckLength(e, "title", in.Title, catalog.ReviewTitleMax)
	Required(e, "body", in.Body, "Write your review.")
	if n := utf8.RuneCountInString(in.Body); !e.Has("body") && n < catalog.ReviewBodyMin {
		e["body"] = "Write at least " + strconv.Itoa(catalog.ReviewBodyMin) + " characters (you wrote " + strconv.Itoa(n) + ")."
	}
	CheckLength(e, "body", in.Body, catalog.ReviewBodyMax)
	if in.VisitedOn != "" {
		_, err := time.Parse(time.DateOnly, in.VisitedOn)
		switch {
		case err != nil:
			e["visited_on"] = "Enter the date of your visit as a date, like 2025-03-14."
		case in.VisitedOn < catalog.ReviewVisitFrom:
			e["visited_on"] = "The date of your visit can't be before 2000."
		case in.VisitedOn > today:
			e["visited_on"] = "The date of your visit can't be in the future."
		}
	}
	Required(e, "author_name", in.Name, "Enter the name to show with your review.")
	CheckLength(e, "author_name", in.Name, catalog.ReviewNameMax)
	return e, rating
}

// Write stores author's review of b, or changes the one they wrote
// (editing, of id own), with the built-in reading of its sentiment; what
// it sets off (the AI provider's sentiment job, and for a new published
// review the owner's alert and the account's review.created webhook) is
// queued in the same transaction. Invalid and the store's ErrOwnListing,
// ErrEditWindowClosed, ErrAlreadyReviewed, ErrNotFound and ErrNotAuthor
// say why it could not.
func (rs *Reviews) Write(ctx context.Context, b store.Business, author store.User, own *store.Review, in ReviewInput) (store.Review, error) {
	in = in.Cleaned()
	errs, rating := in.Check(rs.Today())
	if len(errs) > 0 {
		return store.Review{}, Invalid(errs)
	}
	text := store.ReviewText{Rating: rating, Title: in.Title, Body: in.Body, VisitedOn: in.VisitedOn, Sentiment: ai.Sentiment(in.Title, in.Body)}
	var saved store.Review
	err := rs.store.InTx(ctx, func(tx *store.Store) error {
		var err error
		if own != nil {
			saved, err = tx.UpdateReview(ctx, own.ID, author.ID, in.Name, text)
		} else {
			n := store.NewReview{BusinessID: b.ID, AuthorName: in.Name, ReviewText: text}
			n.UserID.Int64, n.UserID.Valid = author.ID, true
			saved, err = tx.CreateReview(ctx, n)
		}
		if err != nil {
			return err
		}
		return rs.written(ctx, tx, b, saved, own == nil)
	})
	if err == nil {
		rs.log.Info("review saved", "review_id", saved.ID, "business_id", b.ID, "user_id", author.ID, "created", own == nil)
	}
	return saved, err
}

// written queues, on tx (the review's transaction), the work a new or
// edited review causes (created says which): the AI provider's sentiment
// reading, and for a new published review the account's webhooks and the
// owner's reputation alert.
func (rs *Reviews) written(ctx context.Context, tx *store.Store, b store.Business, r store.Review, created bool) error {
	if rs.ReadsSentiment() {
		if err := tx.Enqueue(ctx, jobs.ReviewSentiment(r.ID)); err != nil {
			return err
		}
	}
	if created && b.OwnerID.Valid && r.Status == store.ReviewPublished {
		if err := rs.emitReviewCreated(ctx, tx, b, r); err != nil {
			return err
		}
		return rs.alertOwner(ctx, tx, b, r)
	}
	return nil
}

// alertOwner queues what the listing's owner is told of a new review (plans
// with ReviewAlerts): an email, or the daily digest that will carry it, as
// they chose on /profile. Starter owners see it on their dashboard.
func (rs *Reviews) alertOwner(ctx context.Context, tx *store.Store, b store.Business, r store.Review) error {
	ownerID := b.OwnerID.Int64
	bill, err := rs.billingOf(ctx, tx, ownerID)
	if err != nil || !bill.Plan.ReviewAlerts {
		return err
	}
	setting, err := tx.ReviewAlertsOf(ctx, ownerID)
	if err != nil {
		return err
	}
	switch setting {
	case store.ReviewAlertsDaily:
		outcome, err := tx.EnqueueReviewDigest(ctx, ownerID, jobs.ReviewDigest(ownerID, rs.now()), r.CreatedAt)
		if err != nil || outcome != store.DigestPassed {
			return err
		}
		// The digest that just went out could not see this review: it
		// gets an email of its own rather than none.
	case store.ReviewAlertsEach:
	default:
		return nil
	}
	owner, err := tx.UserByID(ctx, ownerID)
	if err != nil {
		return err
	}
	return queueMail(ctx, tx, bizmail.NewReviewAlert(rs.site, owner.Email, rs.Alert(b.ID, b.Name, r), rs.SettingsLink()))
}

// ReviewerName is the name a review suggests for its author: an
// individual's first name and last initial ("Dana K."), or a business
// account's full name.
func ReviewerName(kind string, p store.Profile) string {
	name := strings.TrimSpace(p.FullName)
	if kind != store.KindIndividual {
		return truncateRunes(name, catalog.ReviewNameMax)
	}
	first, last := strings.TrimSpace(p.FirstName), strings.TrimSpace(p.LastName)
	if first == "" {
		words := strings.Fields(name)
		if len(words) == 0 {
			return ""
		}
		first, last = words[0], ""
		if len(words) > 1 {
			last = words[len(words)-1]
		}
	}
	if initial, _ := utf8.DecodeRuneInString(last); last != "" {
		first += " " + strings.ToUpper(string(initial)) + "."
	}
	return truncateRunes(first, catalog.ReviewNameMax)
}

func truncateRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}

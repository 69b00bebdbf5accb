package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
)

// Closing an account ('Close account' on /profile), as the privacy page
// describes it:
//   - its listings leave the directory and have no owner any more
//     (unpublished, not claimed, not verified: the badge was earned by
//     this owner), their holds withdrawn, the owner's address taken off
//     them; what the owner kept about them goes: the leads they received
//     are erased as the lead inbox's delete erases one (the rows stay,
//     emptied, for the counts), the replies to their reviews, their AI
//     insights, their pending email links. The reviews of them stay with
//     the listing: they are their authors';
//   - the reviews the account wrote are deleted and their listings'
//     rating and review count recomputed; its helpful marks go (the counts
//     follow); its quote requests are deleted (the businesses they went to
//     keep the enquiry they received, as they keep enquiries it sent from
//     listings' pages); its saved businesses, its mailing-list
//     subscriptions and its pending verification evidence go;
//   - the account row goes, and with it its profile, emailed links,
//     drafts and claims (the foreign keys cascade); every session of it
//     ends at its next request (loadUser finds no account). Paid plans
//     were cancelled at Stripe before: their rows stay, without the
//     account, as the payment records the law asks us to keep.

// ClosedAccount is what closing an account did, for the email that
// confirms it.
type ClosedAccount struct {
	Email          string
	Listings       []string // names of the listings taken out of the directory
	LeadsErased    int      // leads those listings had received
	ReviewsDeleted int      // reviews the account wrote
	QuoteRequests  int      // quote requests it sent
	Saved          int      // businesses it had saved
	// Images are the logos and photos of its listings and its pending
	// uploads, whose rows went: the caller queues their files' deletion
	// in confirm.
	Images []ListingImage
}

// CloseAccount closes userID's account in one transaction. confirm runs
// inside it once everything but the account row is erased (it queues the
// email that confirms the closing, which carries the address), so the
// email is sent if and only if the account is closed. ErrNotFound when
// there is no such account.
func (s *Store) CloseAccount(ctx context.Context, userID int64, confirm func(tx *Store, c ClosedAccount) error) (ClosedAccount, error) {
	var c ClosedAccount
	err := s.InTx(ctx, func(st *Store) error {
		return st.WithTx(ctx, func(tx *sqlx.Tx) error {
			now := time.Now().UTC()
			q := `SELECT email FROM users WHERE id = ?`
			if tx.DriverName() == "postgres" {
				q += ` FOR UPDATE`
			}
			if err := tx.GetContext(ctx, &c.Email, tx.Rebind(q), userID); err != nil {
				return notFound(err, "close account")
			}
			if err := st.dropAccountImages(ctx, userID, &c); err != nil {
				return err
			}
			if err := releaseListings(ctx, tx, userID, c.Email, now, &c); err != nil {
				return err
			}
			if err := dropWaitingClients(ctx, tx, userID, &c); err != nil {
				return err
			}
			// A member who verified a listing of the team's by domain
			// takes that proof with them.
			var team int64
			if err := tx.GetContext(ctx, &team, tx.Rebind(`SELECT COALESCE((SELECT account_id FROM team_members WHERE user_id = ?), 0)`), userID); err != nil {
				return fmt.Errorf("store: close account: team: %w", err)
			}
			if err := dropDomainProof(ctx, tx, team, userID, now); err != nil {
				return err
			}
			if err := eraseContributions(ctx, tx, userID, c.Email, &c); err != nil {
				return err
			}
			if confirm != nil {
				if err := confirm(st, c); err != nil {
					return err
				}
			}
			if _, err := tx.ExecContext(ctx, tx.Rebind(`DELETE FROM users WHERE id = ?`), userID); err != nil {
				return fmt.Errorf("store: close account: delete user: %w", err)
			}
			return nil
		})
	})
	if err != nil {
		return ClosedAccount{}, err
	}
	return c, nil
}

// dropAccountImages deletes the rows of the images the account holds (its
// listings' logos and photos, its pending uploads) and clears the logo
// cards show and the accent colour of its listings: the owner's branding
// goes with the owner. It runs before releaseListings, while the listings
// still name their owner.
func (s *Store) dropAccountImages(ctx context.Context, userID int64, c *ClosedAccount) error {
	var err error
	if c.Images, err = s.ImagesOfAccount(ctx, userID); err != nil {
		return err
	}
	// A partner's brand logo (white label) goes with its row.
	var logos []Picture
	if err := s.db.SelectContext(ctx, &logos, s.db.Rebind(`SELECT brand_logo FROM partners WHERE user_id = ? AND brand_logo <> ''`), userID); err != nil {
		return fmt.Errorf("store: close account: brand logo: %w", err)
	}
	for _, logo := range logos {
		c.Images = append(c.Images, ListingImage{Picture: logo})
	}
	const owned = `(SELECT id FROM businesses WHERE owner_id = ?)`
	if _, err := s.db.ExecContext(ctx, s.db.Rebind(`DELETE FROM listing_images WHERE account_id = ? OR business_id IN `+owned), userID, userID); err != nil {
		return fmt.Errorf("store: close account: images: %w", err)
	}
	if _, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE businesses SET logo = '', accent_color = '', shown_photos = 0 WHERE owner_id = ? AND (logo <> '' OR accent_color <> '' OR shown_photos <> 0)`), userID); err != nil {
		return fmt.Errorf("store: close account: logos: %w", err)
	}
	return nil
}

// releaseListings takes the owner's listings out of the directory and
// leaves them without an owner, with nothing of the owner's on them. The
// directory's triggers record each change, so every app's search index
// drops them before its next search.
func releaseListings(ctx context.Context, tx *sqlx.Tx, ownerID int64, email string, now time.Time, c *ClosedAccount) error {
	if err := tx.SelectContext(ctx, &c.Listings, tx.Rebind(`SELECT name FROM businesses WHERE owner_id = ? ORDER BY created_at, id`), ownerID); err != nil {
		return fmt.Errorf("store: close account: listings: %w", err)
	}
	if len(c.Listings) == 0 {
		return nil
	}
	const owned = `(SELECT id FROM businesses WHERE owner_id = ?)`
	res, err := tx.ExecContext(ctx, tx.Rebind(`
		UPDATE leads SET name = '', email = '', phone = '', message = '', score_reasons = '[]', deleted_at = ?
		WHERE business_id IN `+owned+` AND deleted_at IS NULL`), now, ownerID)
	if err != nil {
		return fmt.Errorf("store: close account: erase leads: %w", err)
	}
	n, _ := res.RowsAffected()
	c.LeadsErased = int(n)
	steps := []struct {
		what  string
		query string
		args  []any
	}{
		{"lead history", `DELETE FROM lead_events WHERE lead_id IN (SELECT id FROM leads WHERE business_id IN ` + owned + `)`, []any{ownerID}},
		{"review replies", `UPDATE reviews SET reply = '', reply_by = NULL, replied_at = NULL WHERE business_id IN ` + owned + ` AND (reply <> '' OR reply_by IS NOT NULL)`, []any{ownerID}},
		{"insights", `DELETE FROM ai_insights WHERE business_id IN ` + owned, []any{ownerID}},
		{"email links", `DELETE FROM listing_email_tokens WHERE business_id IN ` + owned, []any{ownerID}},
		{"holds", `UPDATE listing_holds SET status = ?, decided_at = ? WHERE status = ? AND business_id IN ` + owned, []any{HoldWithdrawn, now, HoldPending, ownerID}},
		{"verification requests", `UPDATE verification_requests SET status = 'rejected', reason = ?, decided_at = ?
			WHERE status = 'pending' AND business_id IN ` + owned, []any{closedReason, now, ownerID}},
		{"listings", `UPDATE businesses SET owner_id = NULL, published = FALSE, held = FALSE, claimed = FALSE, ` + unverifiedSQL + `,
			email_confirmed = CASE WHEN email = ? THEN FALSE ELSE email_confirmed END,
			email = CASE WHEN email = ? THEN '' ELSE email END, updated_at = ?
			WHERE owner_id = ?`, []any{email, email, now, ownerID}},
	}
	for _, st := range steps {
		if _, err := tx.ExecContext(ctx, tx.Rebind(st.query), st.args...); err != nil {
			return fmt.Errorf("store: close account: %s: %w", st.what, err)
		}
	}
	return nil
}

// closedReason is the decision recorded on a verification request whose
// account was closed before an administrator decided.
const closedReason = "The account that asked for it was closed."

// eraseContributions deletes what the account wrote and kept elsewhere:
// its reviews (the listings' figures follow), helpful marks (the counts
// follow), quote requests, saved businesses, mailing-list subscriptions
// and its verification evidence.
func eraseContributions(ctx context.Context, tx *sqlx.Tx, userID int64, email string, c *ClosedAccount) error {
	var reviews []Review
	if err := tx.SelectContext(ctx, &reviews, tx.Rebind(`SELECT `+reviewColumns+` FROM reviews WHERE user_id = ? ORDER BY business_id, id`), userID); err != nil {
		return fmt.Errorf("store: close account: reviews: %w", err)
	}
	for _, r := range reviews {
		if _, err := lockListing(ctx, tx, r.BusinessID); err != nil {
			return err
		}
		if err := deleteReview(ctx, tx, r); err != nil {
			return err
		}
	}
	c.ReviewsDeleted = len(reviews)

	var marked []int64
	if err := tx.SelectContext(ctx, &marked, tx.Rebind(`SELECT review_id FROM review_helpful WHERE user_id = ?`), userID); err != nil {
		return fmt.Errorf("store: close account: helpful marks: %w", err)
	}
	if _, err := tx.ExecContext(ctx, tx.Rebind(`DELETE FROM review_helpful WHERE user_id = ?`), userID); err != nil {
		return fmt.Errorf("store: close account: delete helpful marks: %w", err)
	}
	for _, id := range marked {
		if _, err := tx.ExecContext(ctx, tx.Rebind(`
			UPDATE reviews SET helpful_count = (SELECT COUNT(*) FROM review_helpful WHERE review_id = ?) WHERE id = ?`), id, id); err != nil {
			return fmt.Errorf("store: close account: count helpful: %w", err)
		}
	}

	counted := []struct {
		what  string
		query string
		args  []any
		n     *int
	}{
		{"quote requests", `DELETE FROM quote_requests WHERE user_id = ?`, []any{userID}, &c.QuoteRequests},
		{"saved businesses", `DELETE FROM saved_businesses WHERE user_id = ?`, []any{userID}, &c.Saved},
		{"mailing lists", `DELETE FROM subscribers WHERE email = ?`, []any{email}, nil},
		{"verification evidence", `UPDATE verification_requests SET statement = '', callback_phone = '', evidence_url = '',
			status = CASE WHEN status = 'pending' THEN 'rejected' ELSE status END,
			reason = CASE WHEN status = 'pending' THEN ? ELSE reason END,
			decided_at = CASE WHEN status = 'pending' THEN ? ELSE decided_at END
			WHERE user_id = ?`, []any{closedReason, time.Now().UTC(), userID}, nil},
		{"subscriptions", `UPDATE subscriptions SET status = ?, cancel_at_period_end = FALSE, updated_at = ?
			WHERE user_id = ? AND status NOT IN (?, ?)`, []any{StatusCanceled, time.Now().UTC(), userID, StatusCanceled, StatusIncompleteExpired}, nil},
	}
	for _, st := range counted {
		res, err := tx.ExecContext(ctx, tx.Rebind(st.query), st.args...)
		if err != nil {
			return fmt.Errorf("store: close account: %s: %w", st.what, err)
		}
		if st.n != nil {
			n, _ := res.RowsAffected()
			*st.n = int(n)
		}
	}
	return nil
}

// OtherAdministrators counts the accounts other than userID that may use
// /admin: those granted it, and those of the configured addresses
// (ADMIN_EMAILS).
func (s *Store) OtherAdministrators(ctx context.Context, userID int64, configured []string) (int, error) {
	q := `SELECT COUNT(*) FROM users WHERE id <> ? AND (is_admin = TRUE`
	args := []any{userID}
	if len(configured) > 0 {
		q += ` OR email IN (` + inList(len(configured)) + `)`
		for _, e := range configured {
			args = append(args, NormalizeEmail(e))
		}
	}
	var n int
	if err := s.db.GetContext(ctx, &n, s.db.Rebind(q+`)`), args...); err != nil {
		return 0, fmt.Errorf("store: other administrators: %w", err)
	}
	return n, nil
}

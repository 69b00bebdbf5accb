package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
)

// Kinds of account.
const (
	KindBusiness   = "business"
	KindIndividual = "individual"
	KindPartner    = "partner"
)

// Purposes of an emailed, single-use token.
const (
	TokenVerify      = "verify"
	TokenReset       = "reset"
	TokenEmailChange = "email_change"
)

var (
	// ErrEmailTaken is returned when an account already uses the address.
	ErrEmailTaken = errors.New("store: email already registered")
	// ErrTokenInvalid is returned for a token that is unknown, used or expired.
	ErrTokenInvalid = errors.New("store: token invalid, used or expired")
)

// User is an account.
type User struct {
	ID              int64        `db:"id"`
	Email           string       `db:"email"`
	PasswordHash    string       `db:"password_hash"`
	Kind            string       `db:"kind"`
	EmailVerifiedAt sql.NullTime `db:"email_verified_at"`
	SessionVersion  int          `db:"session_version"`
	IsAdmin         bool         `db:"is_admin"` // granted by command; ADMIN_EMAILS names more
	// TeamAccount is the business account the user joined as a member
	// (its owner's id); 0 when the user owns their own account.
	TeamAccount int64     `db:"team_account_id"`
	CreatedAt   time.Time `db:"created_at"`
	UpdatedAt   time.Time `db:"updated_at"`
}

// Verified reports whether the user has confirmed their email address.
func (u User) Verified() bool { return u.EmailVerifiedAt.Valid }

// Account is the business account the user works in: the one they joined
// as a member, or their own. Listings, leads, reviews, insights, analytics,
// API keys and webhooks belong to an account (businesses.owner_id holds it),
// so every check of "is this mine" compares a record's account with this.
func (u User) Account() int64 {
	if u.TeamAccount != 0 {
		return u.TeamAccount
	}
	return u.ID
}

// Member reports whether the user works in another user's account as a
// team member (listings, leads, reviews, insights, analytics), rather than
// owning their own (which adds billing, the team and deleting).
func (u User) Member() bool { return u.TeamAccount != 0 }

// Profile is what a user tells about themselves; the individual fields stay
// empty for business accounts.
type Profile struct {
	UserID     int64  `db:"user_id"`
	FullName   string `db:"full_name"`
	FirstName  string `db:"first_name"`
	LastName   string `db:"last_name"`
	Phone      string `db:"phone"`
	Location   string `db:"location"`
	Profession string `db:"profession"`
	Interests  string `db:"interests"`
	Bio        string `db:"bio"`
}

// DisplayName is how the app names the person: their full name, or their
// first and last names; "" when they gave none.
func (p Profile) DisplayName() string {
	if name := strings.TrimSpace(p.FullName); name != "" {
		return name
	}
	return strings.TrimSpace(p.FirstName + " " + p.LastName)
}

// NewAccount is everything a sign-up form creates at once.
type NewAccount struct {
	Email        string
	PasswordHash string
	Kind         string
	Profile      Profile
	Business     *Business // business sign-up: the first listing, owned by the new user
}

// NormalizeEmail is the form in which addresses are stored and compared.
func NormalizeEmail(email string) string { return strings.ToLower(strings.TrimSpace(email)) }

// CreateAccount creates the user, their profile and (for a business sign-up)
// their first listing in one transaction: all of it exists, or none.
func (s *Store) CreateAccount(ctx context.Context, a NewAccount) (User, *Business, error) {
	now := time.Now().UTC()
	u := User{Email: NormalizeEmail(a.Email), PasswordHash: a.PasswordHash, Kind: a.Kind, SessionVersion: 1, CreatedAt: now, UpdatedAt: now}
	var biz *Business
	err := s.WithTx(ctx, func(tx *sqlx.Tx) error {
		err := tx.QueryRowxContext(ctx, tx.Rebind(`
			INSERT INTO users (email, password_hash, kind, session_version, created_at, updated_at)
			VALUES (?, ?, ?, 1, ?, ?) RETURNING id`),
			u.Email, u.PasswordHash, u.Kind, now, now).Scan(&u.ID)
		if err != nil {
			if isUniqueViolation(err) {
				return ErrEmailTaken
			}
			return fmt.Errorf("store: create user: %w", err)
		}
		p := a.Profile
		p.UserID = u.ID
		if _, err := tx.NamedExecContext(ctx, `
			INSERT INTO profiles (user_id, full_name, first_name, last_name, phone, location, profession, interests, bio)
			VALUES (:user_id, :full_name, :first_name, :last_name, :phone, :location, :profession, :interests, :bio)`, p); err != nil {
			return fmt.Errorf("store: create profile: %w", err)
		}
		if a.Business != nil {
			b := *a.Business
			b.OwnerID = sql.NullInt64{Int64: u.ID, Valid: true}
			created, err := s.insertBusiness(ctx, tx, b)
			if err != nil {
				return err
			}
			biz = &created
		}
		return nil
	})
	if err != nil {
		return User{}, nil, err
	}
	return u, biz, nil
}

const userColumns = `id, email, password_hash, kind, email_verified_at, session_version, is_admin, created_at, updated_at,
	COALESCE((SELECT m.account_id FROM team_members m WHERE m.user_id = users.id), 0) AS team_account_id`

// UserByEmail finds the account for an address, whatever its case.
func (s *Store) UserByEmail(ctx context.Context, email string) (User, error) {
	var u User
	err := s.db.GetContext(ctx, &u, s.db.Rebind(`SELECT `+userColumns+` FROM users WHERE email = ?`), NormalizeEmail(email))
	if err != nil {
		return User{}, notFound(err, "user by email")
	}
	return u, nil
}

// UserByID finds an account by id.
func (s *Store) UserByID(ctx context.Context, id int64) (User, error) {
	var u User
	err := s.db.GetContext(ctx, &u, s.db.Rebind(`SELECT `+userColumns+` FROM users WHERE id = ?`), id)
	if err != nil {
		return User{}, notFound(err, "user by id")
	}
	return u, nil
}

// MarkEmailVerified records that the user proved they own their address.
func (s *Store) MarkEmailVerified(ctx context.Context, userID int64) error {
	now := time.Now().UTC()
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`
		UPDATE users SET email_verified_at = COALESCE(email_verified_at, ?), updated_at = ? WHERE id = ?`), now, now, userID)
	if err != nil {
		return fmt.Errorf("store: verify email: %w", err)
	}
	return nil
}

// SetPassword stores a new password hash and bumps the session version, so
// every session signed in before the change stops being accepted. Every
// emailed link of the user stops working with it (a reset link sent before
// the change must not undo it). It returns the new version.
func (s *Store) SetPassword(ctx context.Context, userID int64, hash string) (int, error) {
	var v int
	err := s.WithTx(ctx, func(tx *sqlx.Tx) error {
		now := time.Now().UTC()
		err := tx.QueryRowxContext(ctx, tx.Rebind(`
			UPDATE users SET password_hash = ?, session_version = session_version + 1, updated_at = ?
			WHERE id = ? RETURNING session_version`), hash, now, userID).Scan(&v)
		if err != nil {
			return notFound(err, "set password")
		}
		return retireTokens(ctx, tx, userID, now)
	})
	if err != nil {
		return 0, err
	}
	return v, nil
}

// SetEmail changes the user's address to one they have just proved they
// own. Every emailed link of the user stops working with it: those sent to
// the old address (a reset link) and any other address. A listing verified
// by domain rests on the address of the person who verified it (the user
// of its latest approved domain request; its owner where no request says),
// so the listings of the user's account that this user verified by domain,
// as owner or as member, and whose website is not at the new address's
// domain (CheckDomain) lose the badge, as when the website moves: the old
// address was the proof. Another person's change leaves them alone. It
// returns those listings.
func (s *Store) SetEmail(ctx context.Context, userID int64, email string) ([]Business, error) {
	var lost []Business
	err := s.WithTx(ctx, func(tx *sqlx.Tx) error {
		now := time.Now().UTC()
		email = NormalizeEmail(email)
		_, err := tx.ExecContext(ctx, tx.Rebind(`
			UPDATE users SET email = ?, email_verified_at = ?, updated_at = ? WHERE id = ?`),
			email, now, now, userID)
		if isUniqueViolation(err) {
			return ErrEmailTaken
		}
		if err != nil {
			return fmt.Errorf("store: set email: %w", err)
		}
		var bs []Business
		if err := tx.SelectContext(ctx, &bs, tx.Rebind(`
			SELECT `+businessColumns+` FROM businesses b
			WHERE b.owner_id = COALESCE((SELECT m.account_id FROM team_members m WHERE m.user_id = ?), ?)
			  AND b.verified_method = ?
			  AND COALESCE((SELECT v.user_id FROM verification_requests v
			                WHERE v.business_id = b.id AND v.method = ? AND v.status = ?
			                ORDER BY v.decided_at DESC, v.id DESC LIMIT 1), b.owner_id) = ?
			ORDER BY b.id`),
			userID, userID, VerifiedByDomain, VerifiedByDomain, VerificationApproved, userID); err != nil {
			return fmt.Errorf("store: listings verified by domain: %w", err)
		}
		for _, b := range bs {
			if CheckDomain(email, true, b.Website) == DomainMatches {
				continue
			}
			if err := setVerified(ctx, tx, b.ID, "", now); err != nil {
				return err
			}
			lost = append(lost, b)
		}
		return retireTokens(ctx, tx, userID, now)
	})
	if err != nil {
		return nil, err
	}
	return lost, nil
}

// retireTokens marks every unused link of the user used, whatever its
// purpose: called in the transaction that changes the password or email.
func retireTokens(ctx context.Context, tx *sqlx.Tx, userID int64, now time.Time) error {
	if _, err := tx.ExecContext(ctx, tx.Rebind(`
		UPDATE account_tokens SET used_at = ? WHERE user_id = ? AND used_at IS NULL`), now, userID); err != nil {
		return fmt.Errorf("store: retire tokens: %w", err)
	}
	return nil
}

// ProfileOf returns the user's profile (an empty one if none was saved).
func (s *Store) ProfileOf(ctx context.Context, userID int64) (Profile, error) {
	var p Profile
	err := s.db.GetContext(ctx, &p, s.db.Rebind(`
		SELECT user_id, full_name, first_name, last_name, phone, location, profession, interests, bio
		FROM profiles WHERE user_id = ?`), userID)
	if errors.Is(err, sql.ErrNoRows) {
		return Profile{UserID: userID}, nil
	}
	if err != nil {
		return Profile{}, fmt.Errorf("store: profile: %w", err)
	}
	return p, nil
}

// SaveProfile creates or replaces the user's profile.
func (s *Store) SaveProfile(ctx context.Context, p Profile) error {
	_, err := s.db.NamedExecContext(ctx, `
		INSERT INTO profiles (user_id, full_name, first_name, last_name, phone, location, profession, interests, bio)
		VALUES (:user_id, :full_name, :first_name, :last_name, :phone, :location, :profession, :interests, :bio)
		ON CONFLICT (user_id) DO UPDATE SET
			full_name = excluded.full_name, first_name = excluded.first_name, last_name = excluded.last_name,
			phone = excluded.phone, location = excluded.location, profession = excluded.profession,
			interests = excluded.interests, bio = excluded.bio`, p)
	if err != nil {
		return fmt.Errorf("store: save profile: %w", err)
	}
	return nil
}

// Token is an emailed single-use link, known here only by its hash.
type Token struct {
	Hash      string       `db:"hash"`
	UserID    int64        `db:"user_id"`
	Purpose   string       `db:"purpose"`
	Email     string       `db:"email"`
	ExpiresAt time.Time    `db:"expires_at"`
	UsedAt    sql.NullTime `db:"used_at"`
	CreatedAt time.Time    `db:"created_at"`
}

// CreateToken stores a new token. Older unused tokens of the same purpose
// for the same user stop working, so only the latest email's link counts.
func (s *Store) CreateToken(ctx context.Context, t Token) error {
	now := time.Now().UTC()
	return s.WithTx(ctx, func(tx *sqlx.Tx) error {
		if _, err := tx.ExecContext(ctx, tx.Rebind(`
			UPDATE account_tokens SET used_at = ? WHERE user_id = ? AND purpose = ? AND used_at IS NULL`),
			now, t.UserID, t.Purpose); err != nil {
			return fmt.Errorf("store: retire tokens: %w", err)
		}
		if _, err := tx.ExecContext(ctx, tx.Rebind(`
			INSERT INTO account_tokens (hash, user_id, purpose, email, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)`),
			t.Hash, t.UserID, t.Purpose, NormalizeEmail(t.Email), t.ExpiresAt.UTC(), now); err != nil {
			return fmt.Errorf("store: create token: %w", err)
		}
		return nil
	})
}

// OpenTokens are the user's links that still work (unused, unexpired),
// newest first.
func (s *Store) OpenTokens(ctx context.Context, userID int64) ([]Token, error) {
	var ts []Token
	err := s.db.SelectContext(ctx, &ts, s.db.Rebind(`
		SELECT hash, user_id, purpose, email, expires_at, used_at, created_at FROM account_tokens
		WHERE user_id = ? AND used_at IS NULL AND expires_at > ? ORDER BY created_at DESC`), userID, time.Now().UTC())
	if err != nil {
		return nil, fmt.Errorf("store: open tokens: %w", err)
	}
	return ts, nil
}

// ValidToken returns an unused, unexpired token without using it (to show
// the form the link leads to).
func (s *Store) ValidToken(ctx context.Context, hash, purpose string) (Token, error) {
	var t Token
	err := s.db.GetContext(ctx, &t, s.db.Rebind(`
		SELECT hash, user_id, purpose, email, expires_at, used_at, created_at FROM account_tokens
		WHERE hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?`), hash, purpose, time.Now().UTC())
	if errors.Is(err, sql.ErrNoRows) {
		return Token{}, ErrTokenInvalid
	}
	if err != nil {
		return Token{}, fmt.Errorf("store: token: %w", err)
	}
	return t, nil
}

// UseToken marks a token used and returns it, atomically: of two requests
// racing with the same link, only one succeeds.
func (s *Store) UseToken(ctx context.Context, hash, purpose string) (Token, error) {
	now := time.Now().UTC()
	var t Token
	err := s.db.GetContext(ctx, &t, s.db.Rebind(`
		UPDATE account_tokens SET used_at = ?
		WHERE hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?
		RETURNING hash, user_id, purpose, email, expires_at, used_at, created_at`), now, hash, purpose, now)
	if errors.Is(err, sql.ErrNoRows) {
		return Token{}, ErrTokenInvalid
	}
	if err != nil {
		return Token{}, fmt.Errorf("store: use token: %w", err)
	}
	return t, nil
}

package store

import (
	"context"
	"fmt"
	"time"
)

// Saved businesses: the listings an account keeps a list of, at
// /dashboard/saved. A listing that leaves the directory stays saved but
// is not shown until it comes back.

// SaveBusiness adds a listing to userID's saved businesses; saving it
// again changes nothing (it keeps its place in the list).
func (s *Store) SaveBusiness(ctx context.Context, userID, businessID int64) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`
		INSERT INTO saved_businesses (user_id, business_id, created_at) VALUES (?, ?, ?)
		ON CONFLICT (user_id, business_id) DO NOTHING`), userID, businessID, time.Now().UTC())
	if err != nil {
		return fmt.Errorf("store: save business: %w", err)
	}
	return nil
}

// UnsaveBusiness removes a listing from userID's saved businesses; one not
// saved is no error.
func (s *Store) UnsaveBusiness(ctx context.Context, userID, businessID int64) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`DELETE FROM saved_businesses WHERE user_id = ? AND business_id = ?`), userID, businessID)
	if err != nil {
		return fmt.Errorf("store: unsave business: %w", err)
	}
	return nil
}

// SavedBusinesses lists the published listings userID saved, the most
// recently saved first, at most limit of them (limit <= 0: all), and how
// many there are in all.
func (s *Store) SavedBusinesses(ctx context.Context, userID int64, limit int) ([]Business, int, error) {
	var total int
	err := s.db.GetContext(ctx, &total, s.db.Rebind(`
		SELECT COUNT(*) FROM saved_businesses sb JOIN businesses b ON b.id = sb.business_id
		WHERE sb.user_id = ? AND b.published = TRUE`), userID)
	if err != nil {
		return nil, 0, fmt.Errorf("store: count saved businesses: %w", err)
	}
	if limit <= 0 {
		limit = total
	}
	bs := []Business{}
	if total == 0 {
		return bs, 0, nil
	}
	err = s.db.SelectContext(ctx, &bs, s.db.Rebind(`
		SELECT `+prefixed("b.", businessColumns)+`
		FROM saved_businesses sb JOIN businesses b ON b.id = sb.business_id
		WHERE sb.user_id = ? AND b.published = TRUE
		ORDER BY sb.created_at DESC, b.id DESC LIMIT ?`), userID, limit)
	if err != nil {
		return nil, 0, fmt.Errorf("store: saved businesses: %w", err)
	}
	return bs, total, nil
}

// SavedAmong says which of businessIDs (a page's listings) userID saved.
func (s *Store) SavedAmong(ctx context.Context, userID int64, businessIDs []int64) (map[int64]bool, error) {
	saved := map[int64]bool{}
	if len(businessIDs) == 0 {
		return saved, nil
	}
	var ids []int64
	err := s.db.SelectContext(ctx, &ids, s.db.Rebind(`
		SELECT business_id FROM saved_businesses WHERE user_id = ? AND business_id IN (`+inList(len(businessIDs))+`)`),
		concat([]any{userID}, anys(businessIDs))...)
	if err != nil {
		return nil, fmt.Errorf("store: saved among: %w", err)
	}
	for _, id := range ids {
		saved[id] = true
	}
	return saved, nil
}

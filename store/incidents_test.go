package store_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"bizprofile/store"
	"bizprofile/store/storetest"
)

// An incident's life: opened with its first update, updated, resolved;
// each update says who wrote it, and a resolved incident takes no more.
func TestIncidentLifecycle(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		admin, _, err := s.CreateAccount(ctx, newAccount("admin@example.com"))
		must(t, err)
		opened, err := s.OpenIncident(ctx, store.NewIncident{
			Title: "Emails delayed", Impact: store.ImpactMinor, Components: []string{"email", "jobs"},
			Status: store.IncidentInvestigating, Message: "Looking into it.", By: admin.ID,
		})
		must(t, err)
		if opened.ID == 0 || opened.ResolvedAt.Valid || len(opened.Updates) != 1 {
			t.Fatalf("opened: %+v", opened)
		}
		if got := opened.Parts(); len(got) != 2 || got[0] != "email" || got[1] != "jobs" {
			t.Errorf("parts %q", got)
		}
		open, err := s.OpenIncidents(ctx)
		must(t, err)
		if len(open) != 1 || open[0].Title != "Emails delayed" || len(open[0].Updates) != 1 || open[0].Updates[0].Author != "admin@example.com" {
			t.Fatalf("open incidents: %+v", open)
		}

		_, err = s.UpdateIncident(ctx, opened.ID, store.IncidentIdentified, "A provider limit.", admin.ID)
		must(t, err)
		resolved, err := s.UpdateIncident(ctx, opened.ID, store.IncidentResolved, "Delivered again.", admin.ID)
		must(t, err)
		if !resolved.ResolvedAt.Valid || resolved.Status != store.IncidentResolved || len(resolved.Updates) != 3 {
			t.Fatalf("resolved: %+v", resolved)
		}
		var statuses []string
		for _, u := range resolved.Updates {
			statuses = append(statuses, u.Status)
			if !u.CreatedBy.Valid || u.CreatedBy.Int64 != admin.ID || u.CreatedAt.IsZero() {
				t.Errorf("update %q not recorded with who and when: %+v", u.Message, u)
			}
		}
		if want := []string{"investigating", "identified", "resolved"}; !slices.Equal(statuses, want) {
			t.Errorf("timeline %q, want %q", statuses, want)
		}
		if _, err := s.UpdateIncident(ctx, opened.ID, store.IncidentMonitoring, "Again?", admin.ID); !errors.Is(err, store.ErrIncidentResolved) {
			t.Errorf("update of a resolved incident: %v, want ErrIncidentResolved", err)
		}
		if _, err := s.UpdateIncident(ctx, opened.ID+100, store.IncidentMonitoring, "Nobody", admin.ID); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("update of no incident: %v, want ErrNotFound", err)
		}

		open, err = s.OpenIncidents(ctx)
		must(t, err)
		if len(open) != 0 {
			t.Errorf("open after resolving: %+v", open)
		}
		past, err := s.ResolvedIncidents(ctx, time.Now().Add(-time.Hour), 10)
		must(t, err)
		if len(past) != 1 || len(past[0].Updates) != 3 {
			t.Errorf("resolved incidents: %+v", past)
		}
		if past, _ := s.ResolvedIncidents(ctx, time.Now().Add(time.Hour), 10); len(past) != 0 {
			t.Errorf("resolved since a later time: %+v", past)
		}
	})
}

package present

import (
	"slices"
	"time"

	"bizprofile/status"
	"bizprofile/store"
	"bizprofile/views"
)

// StatusComponent is a part as the page shows it: its check, its uptime
// when checks were recorded, and the open incidents that name it.
func StatusComponent(r status.Result, up store.Uptime, open []store.Incident, now time.Time) views.StatusComponent {
	c := views.StatusComponent{
		Key: r.Key, Name: r.Name, Description: r.Description,
		State: string(r.State), Detail: r.Detail, CheckedAt: r.CheckedAt,
	}
	if up.Checks > 0 {
		c.Uptime = views.UptimePercent(up.Ratio(), up.Failures)
		today := time.Date(now.UTC().Year(), now.UTC().Month(), now.UTC().Day(), 0, 0, 0, 0, time.UTC)
		c.Days = int(today.Sub(up.First).Hours()/24) + 1
	}
	for _, inc := range open {
		if slices.Contains(inc.Parts(), r.Key) {
			c.Incidents = append(c.Incidents, views.StatusIncidentRef{ID: inc.ID, Title: inc.Title})
		}
	}
	return c
}

// StatusIncidents are incidents as the pages show them.
func StatusIncidents(list []store.Incident) []views.StatusIncident {
	out := make([]views.StatusIncident, 0, len(list))
	for _, inc := range list {
		v := views.StatusIncident{ID: inc.ID, Title: inc.Title, Impact: inc.Impact, Status: inc.Status, StartedAt: inc.CreatedAt}
		if inc.ResolvedAt.Valid {
			v.ResolvedAt = inc.ResolvedAt.Time
		}
		for _, k := range inc.Parts() {
			v.Components = append(v.Components, status.ComponentName(k))
		}
		for _, u := range inc.Updates {
			v.Updates = append(v.Updates, views.StatusUpdate{Status: u.Status, Message: u.Message, At: u.CreatedAt, Author: u.Author})
		}
		out = append(out, v)
	}
	return out
}

// StatusBoard completes b (the status page) with the parts' latest checks
// (results) and their uptime over days, and the open and past incidents.
func StatusBoard(b views.StatusBoard, results []status.Result, days map[string][]store.StatusDay, open, past []store.Incident, now time.Time) views.StatusBoard {
	for _, res := range results {
		c := StatusComponent(res, store.UptimeOf(days[res.Key]), open, now)
		if c.Uptime != "" {
			recorded := make([]views.UptimeDay, len(days[res.Key]))
			for i, d := range days[res.Key] {
				recorded[i] = views.UptimeDay(d)
			}
			c.History = views.UptimeHistory(recorded, store.StatusDays, now)
		}
		b.Components = append(b.Components, c)
	}
	b.Open, b.Past = StatusIncidents(open), StatusIncidents(past)
	return b
}

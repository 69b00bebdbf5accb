package handlers

import (
	"context"
	"net/http"
	"testing"

	"bizprofile/store"
)

// TestContactFormStartsWithTheSignedInPersonsDetails: an enquiry's form
// (the page without JavaScript and the dialog's fragment) starts with a
// signed-in person's name, address and phone, as a quote request does; a
// visitor without an account gets empty fields.
func TestContactFormStartsWithTheSignedInPersonsDetails(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		seeded(t, app)
		const path = "/directory/harbor-street-bakery/contact"
		person := app.newClient()
		u := person.account(t, "ivy@example.com", store.KindIndividual)
		p, err := app.store.ProfileOf(context.Background(), u.ID)
		must(t, err)
		p.Phone = "503 555 0199"
		must(t, app.store.SaveProfile(context.Background(), p))

		fragment := func(client *testApp) string {
			req, _ := http.NewRequest(http.MethodGet, client.URL+path, nil)
			req.Header.Set("HX-Request", "true")
			_, body := client.do(t, req)
			return body
		}
		_, page := person.get(t, path)
		_, anon := app.newClient().get(t, path)
		for _, tc := range []struct {
			name string
			body string
			want map[string]string
		}{
			{"signed in, page", page, map[string]string{"Your name": "User ivy@example.com", "Email": "ivy@example.com", "Phone": "503 555 0199"}},
			{"signed in, dialog", fragment(person), map[string]string{"Your name": "User ivy@example.com", "Email": "ivy@example.com", "Phone": "503 555 0199"}},
			{"signed out", anon, map[string]string{"Your name": "", "Email": "", "Phone": ""}},
			{"signed out, dialog", fragment(app.newClient()), map[string]string{"Your name": "", "Email": "", "Phone": ""}},
		} {
			doc := parseHTML(t, tc.body)
			for label, want := range tc.want {
				if got := valueOf(labelled(t, doc, label)); got != want {
					t.Errorf("%s: %s = %q, want %q", tc.name, label, got, want)
				}
			}
		}
	})
}

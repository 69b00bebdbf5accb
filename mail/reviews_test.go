package mail

import (
	"strings"
	"testing"
)

func TestReviewRequest(t *testing.T) {
	const form = "https://bizprofile.test/directory/harbor-bakery/review"
	const unsubscribe = "https://bizprofile.test/reviews/unsubscribe?token=t1"
	for _, tc := range []struct {
		name, note string
		says       []string
		lacks      []string
	}{
		{"with a note", "Thanks for coming to our tasting on Friday!", []string{"Harbor Bakery asked us", "A note from Harbor Bakery:", "“Thanks for coming to our tasting on Friday!”"}, nil},
		{"without a note", "", []string{"Harbor Bakery asked us"}, []string{"A note from"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := ReviewRequest(testSite, "ann@example.com", "Harbor Bakery", tc.note, form, unsubscribe)
			if m.To != "ann@example.com" || m.Subject != "How was your visit to Harbor Bakery?" || m.HTML == "" {
				t.Fatalf("incomplete message %+v", m)
			}
			if m.Unsubscribe != unsubscribe {
				t.Errorf("List-Unsubscribe link %q, want %q", m.Unsubscribe, unsubscribe)
			}
			for _, l := range []string{form, unsubscribe} {
				if !strings.Contains(m.Text, l) || !strings.Contains(m.HTML, `href="`+l+`"`) {
					t.Errorf("link %s missing from a body", l)
				}
			}
			for _, s := range append(tc.says, "at most once in 30 days", testSite.Name) {
				if !strings.Contains(m.Text, s) {
					t.Errorf("text body lacks %q:\n%s", s, m.Text)
				}
			}
			for _, s := range tc.lacks {
				if strings.Contains(m.Text, s) {
					t.Errorf("text body has %q", s)
				}
			}
		})
	}
	m := ReviewRequest(testSite, "ann@example.com", "Harbor <Bakery>", "<a href=x>win</a>", form, unsubscribe)
	if strings.Contains(m.HTML, "<a href=x>") || strings.Contains(m.HTML, "<Bakery>") {
		t.Error("the owner's note or the business's name is not escaped in HTML")
	}
}

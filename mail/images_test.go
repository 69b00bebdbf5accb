package mail

import (
	"strings"
	"testing"
)

func TestImageRemovedNamesTheImageAndTheReason(t *testing.T) {
	const link = "https://bizprofile.test/dashboard/businesses/7"
	for _, tc := range []struct {
		name string
		m    Message
		says []string
	}{
		{"logo", ImageRemoved(testSite, "a@example.com", "Harbour Bakery", true, "", "It shows another company's trademark.", link),
			[]string{"the logo of Harbour Bakery", "“It shows another company's trademark.”"}},
		{"photo", ImageRemoved(testSite, "a@example.com", "Harbour Bakery", false, "Our shop window", "It shows a person who did not agree.", link),
			[]string{"a photo of Harbour Bakery (described as “Our shop window”)", "“It shows a person who did not agree.”"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := tc.m
			if m.To != "a@example.com" || !strings.Contains(m.Subject, "Harbour Bakery") || m.HTML == "" {
				t.Fatalf("incomplete message %+v", m)
			}
			if !strings.Contains(m.Text, link) || !strings.Contains(m.HTML, `href="`+link+`"`) {
				t.Error("the link is missing from a body")
			}
			for _, s := range tc.says {
				if !strings.Contains(m.Text, s) {
					t.Errorf("the text body lacks %q:\n%s", s, m.Text)
				}
			}
		})
	}
}

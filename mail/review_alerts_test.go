package mail

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestNewReviewAlert(t *testing.T) {
	const link = "https://bizprofile.test/dashboard/businesses/7/reviews#review-12"
	long := strings.Repeat("The rye was still warm and the crust sang. ", 20)
	m := NewReviewAlert(testSite, "owner@example.com", ReviewAlert{Business: "Harbor Bakery", Stars: 4, Title: "Best rye in town", Body: long, Author: "Ann P.", Link: link}, "https://bizprofile.test/profile#review-alerts")
	if m.To != "owner@example.com" || m.Subject != "New 4-star review of Harbor Bakery" || m.HTML == "" {
		t.Fatalf("message %q to %q", m.Subject, m.To)
	}
	for _, s := range []string{"Ann P. reviewed Harbor Bakery", "★★★★☆ 4 of 5 stars", "“Best rye in town”", "The rye was still warm", "Read and reply:\n" + link, "Change review emails: https://bizprofile.test/profile#review-alerts"} {
		if !strings.Contains(m.Text, s) {
			t.Errorf("the text body lacks %q:\n%s", s, m.Text)
		}
	}
	if strings.Contains(m.Text, long) || !strings.Contains(m.Text, "…") {
		t.Error("the whole review is quoted instead of its start")
	}
	if !strings.Contains(m.HTML, `href="`+link+`"`) {
		t.Error("the HTML body does not link the review")
	}
}

func TestReviewDigest(t *testing.T) {
	rs := []ReviewAlert{
		{Business: "Harbor Bakery", Stars: 5, Title: "Lovely", Body: "Great bread.", Author: "Ann"},
		{Business: "Harbor Bakery", Stars: 2, Title: "Slow", Body: "Long queue.", Author: "Bob"},
	}
	for _, tc := range []struct {
		name    string
		reviews []ReviewAlert
		more    int
		subject string
		says    []string
	}{
		{"one review", rs[:1], 0, "1 new review of Harbor Bakery", []string{"Ann on Harbor Bakery: ★★★★★ 5 of 5 stars “Lovely” Great bread."}},
		{"one listing", rs, 0, "2 new reviews of Harbor Bakery", []string{"Bob on Harbor Bakery: ★★☆☆☆ 2 of 5 stars “Slow” Long queue."}},
		{"several listings", append(rs[:1:1], ReviewAlert{Business: "Corner Cafe", Stars: 3, Title: "Fine", Body: "OK.", Author: "Cy"}), 0, "2 new reviews of your listings", []string{"Cy on Corner Cafe"}},
		{"more than listed", rs, 3, "5 new reviews of your listings", []string{"And 3 more on your dashboard."}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := ReviewDigest(testSite, "owner@example.com", tc.reviews, tc.more, "https://bizprofile.test/dashboard", "https://bizprofile.test/profile")
			if m.Subject != tc.subject {
				t.Errorf("subject %q, want %q", m.Subject, tc.subject)
			}
			for _, s := range append(tc.says, "Read and reply:\nhttps://bizprofile.test/dashboard", "one email a day") {
				if !strings.Contains(m.Text, s) {
					t.Errorf("the text body lacks %q:\n%s", s, m.Text)
				}
			}
		})
	}
}

func TestExcerpt(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Short and sweet.", "Short and sweet."},
		{"  Line one.\n\nLine   two. ", "Line one. Line two."},
		{"Twelve chars and then some more words", "Twelve chars and…"},
		{"Unbreakablewordthatgoesonandon", "Unbreakablewordthat…"},
		{"Crème brûlée était très bonne", "Crème brûlée était…"},
	} {
		got := Excerpt(tc.in, 20)
		if got != tc.want {
			t.Errorf("Excerpt(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if utf8.RuneCountInString(got) > 20 {
			t.Errorf("Excerpt(%q) is %d characters", tc.in, utf8.RuneCountInString(got))
		}
	}
}

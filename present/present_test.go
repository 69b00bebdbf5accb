package present

import (
	"testing"

	"bizprofile/images"
)

func TestInitials(t *testing.T) {
	for name, want := range map[string]string{
		"Harbor Street Bakery": "HS", "7-Eleven": "7E", "  élan café": "ÉC", "A": "A", "&&&": "", "O'Neil's Pub": "ON",
	} {
		if got := images.Initials(name); got != want {
			t.Errorf("Initials(%q) = %q, want %q", name, got, want)
		}
	}
	if got := PlaceholderPath("food", "&&&"); got != "/placeholders/food/FB.svg" {
		t.Errorf("a name without letters: %q", got)
	}
	if got := PlaceholderPath("", "élan"); got != "/placeholders/other/%C3%89.svg" {
		t.Errorf("no category: %q", got)
	}
}

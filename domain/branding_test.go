package domain_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"bizprofile/domain"
	"bizprofile/store"
	"bizprofile/store/storetest"
)

func TestAccentContrast(t *testing.T) {
	for typed, want := range map[string]string{
		"#1d4ed8": "#1d4ed8", "1D4ED8": "#1d4ed8", " #000000 ": "#000000",
		"#767676": "#767676", // 4.54:1, just enough
		"#777777": "",        // 4.48:1
		"#fff":    "", "#ffcc00": "", "red": "", "": "",
	} {
		if got, _ := domain.CheckAccent(typed); got != want {
			t.Errorf("CheckAccent(%q) = %q, want %q", typed, got, want)
		}
	}
	if _, msg := domain.CheckAccent("#777777"); !strings.Contains(msg, "4.4:1") {
		t.Errorf("a ratio just short of 4.5 reads %q", msg)
	}
}

// A plan without branding cannot set an accent, nor remove one.
func TestBrandingNeedsItsPlan(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		d, u, b := imagesOn(t, s)
		for _, a := range []domain.Accent{{Typed: "#1d4ed8"}, {Remove: true}} {
			a.AccountID, a.BusinessID, a.UserID = u.ID, b.ID, u.ID
			if _, err := d.Branding.SetAccent(context.Background(), a); !errors.Is(err, domain.ErrNoBranding) {
				t.Errorf("%+v on the free plan: %v", a, err)
			}
		}
	})
}

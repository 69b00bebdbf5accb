package views

import "testing"

func TestListedFigureRoundsDown(t *testing.T) {
	cases := []struct {
		n          int
		figure     string
		businesses string
	}{
		{0, "", ""},
		{-3, "", ""},
		{1, "1", "1 business"},
		{5, "5", "5 businesses"},
		{99, "99", "99 businesses"},
		{100, "100+", "100+ businesses"},
		{109, "100+", "100+ businesses"},
		{999, "990+", "990+ businesses"},
		{1000, "1,000+", "1,000+ businesses"},
		{1234, "1,200+", "1,200+ businesses"},
		{9999, "9,900+", "9,900+ businesses"},
		{10000, "10,000+", "10,000+ businesses"},
		{10999, "10,000+", "10,000+ businesses"},
		{15678, "15,000+", "15,000+ businesses"},
		{1234567, "1,200,000+", "1,200,000+ businesses"},
	}
	for _, c := range cases {
		if got := ListedFigure(c.n); got != c.figure {
			t.Errorf("ListedFigure(%d) = %q, want %q", c.n, got, c.figure)
		}
		if got := ListedBusinesses(c.n); got != c.businesses {
			t.Errorf("ListedBusinesses(%d) = %q, want %q", c.n, got, c.businesses)
		}
	}
}

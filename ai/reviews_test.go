package ai

import (
	"fmt"
	"slices"
	"testing"
)

func TestThemes(t *testing.T) {
	clinic := []ReviewText{
		{"Long wait", "The wait time was over an hour even with an appointment. The staff were friendly though."},
		{"", "Friendly staff and a thorough dentist, but the wait time is always long."},
		{"Great staff", "The staff made my kids feel at ease. Prices are fair."},
		{"Pricey", "Good work but the prices are high for the area and parking is a nightmare."},
		{"", "Parking was easy on a Sunday. The front desk was rude about my insurance."},
		{"Rude front desk", "The front desk forgot my booking and was rude about it. Dentist was fine."},
	}
	tests := []struct {
		name    string
		reviews []ReviewText
		want    []Theme
	}{
		{
			name:    "a clinic: praise and complaint sorted per theme, most mentioned first",
			reviews: clinic,
			want: []Theme{
				{Word: "staff", Mentions: 3, Positive: 3},
				{Word: "front desk", Mentions: 2, Negative: 2}, // a pair, and its words are not themes alone
				{Word: "parking", Mentions: 2, Positive: 1, Negative: 1},
				{Word: "prices", Mentions: 2, Positive: 1, Negative: 1},
				{Word: "dentist", Mentions: 2, Positive: 1}, // "Dentist was fine." is lukewarm
				{Word: "wait time", Mentions: 2, Negative: 1},
			},
		},
		{
			name: "plurals are one theme, named as customers wrote it most",
			reviews: []ReviewText{
				{"", "Great prices."},
				{"", "The price has gone up."},
				{"", "Prices are too high."},
			},
			want: []Theme{{Word: "prices", Mentions: 3, Positive: 1, Negative: 1}},
		},
		{
			name: "a review of facts lends its verdict to the theme",
			reviews: []ReviewText{
				{"Avoid", "The bill was $400 for ten minutes."},
				{"Terrible", "They sent the bill to the wrong address."},
			},
			want: []Theme{{Word: "bill", Mentions: 2, Negative: 2}},
		},
		{
			name: "mentioned twice in one review counts once; once in all is no theme",
			reviews: []ReviewText{
				{"Croissants", "The croissants were fresh and the croissants were cheap."},
				{"", "Lovely sourdough."},
			},
			want: nil,
		},
		{
			name: "opinion words and common words are no themes",
			reviews: []ReviewText{
				{"", "Very friendly, really great, would recommend."},
				{"", "Friendly and great. I would recommend them."},
			},
			want: nil,
		},
		{name: "no reviews", reviews: nil, want: nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Themes(tt.reviews)
			if !slices.Equal(got, tt.want) {
				t.Errorf("Themes =\n%s\nwant\n%s", showThemes(got), showThemes(tt.want))
			}
		})
	}
}

func TestThemesKeepsTheEightMostMentioned(t *testing.T) {
	var reviews []ReviewText
	words := []string{"parking", "staff", "price", "coffee", "music", "toilets", "menu", "terrace", "cakes", "wifi"}
	for i := range words {
		// Word i is mentioned by len(words)-i reviews.
		for j := range len(words) - i {
			if j >= len(reviews) {
				reviews = append(reviews, ReviewText{})
			}
			reviews[j].Body += "The " + words[i] + ". "
		}
	}
	got := Themes(reviews)
	var names []string
	for _, th := range got {
		names = append(names, th.Word)
	}
	if want := words[:8]; !slices.Equal(names, want) {
		t.Errorf("themes = %q, want %q", names, want)
	}
}

func showThemes(ts []Theme) string {
	s := ""
	for _, t := range ts {
		s += fmt.Sprintf("  %+v\n", t)
	}
	return s
}

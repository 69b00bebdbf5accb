package store

import (
	"reflect"
	"strings"
	"testing"
)

func TestScoreLead(t *testing.T) {
	roofer := Business{
		Name: "Peak Roofing", BusinessType: TypeStorefront, City: "Austin", State: "TX",
		Services: Lines{"Roof repair", "Gutters", "Skylight installation"}, Tags: Lines{"emergency", "licensed"}, SubCategory: "Roofing",
	}
	serviceArea, online := roofer, roofer
	serviceArea.BusinessType, online.BusinessType = TypeServiceArea, TypeOnline

	long := "Our roof repair is overdue: two shingles blew off in last night's storm and the gutters overflow onto the porch. " +
		"We would like someone to look at it and give us a price." // 169 characters
	medium := "Hello, could you send me a price for new gutters on a small house?" // 66 characters
	short := "Do you do roofs?"                                                    // 16 characters
	request := func(city, state, timing, budget string) *QuoteRequest {
		return &QuoteRequest{City: city, State: state, Timing: timing, Budget: budget}
	}
	r := func(points int, text string) ScoreReason { return ScoreReason{Points: points, Text: text} }

	for _, tc := range []struct {
		name    string
		in      ScoreInput
		score   int
		reasons ScoreReasons
	}{
		{
			name:  "a complete request in the storefront's city",
			in:    ScoreInput{Lead: Lead{Name: "Ann Lee", Phone: "512 555 0147", Message: long}, Listing: roofer, Request: request("Austin", "TX", TimingASAP, "500_2000")},
			score: 100,
			reasons: ScoreReasons{
				r(15, "Detailed message, 169 characters (+15)"), r(5, "Full name given (+5)"),
				r(20, "Mentions 2 of your services or tags: Roof repair, Gutters (+20)"),
				r(20, "In your city: Austin, TX (+20)"), r(10, "Phone number given (+10)"),
				r(15, "Budget stated: $500 to $2,000 (+15)"), r(15, "Needs it as soon as possible (+15)"),
			},
		},
		{
			name:  "the same request from an address that wrote last week",
			in:    ScoreInput{Lead: Lead{Name: "Ann Lee", Phone: "512 555 0147", Message: long}, Listing: roofer, Request: request("Austin", "TX", TimingASAP, "500_2000"), Duplicate: true},
			score: 70,
			reasons: ScoreReasons{
				r(15, "Detailed message, 169 characters (+15)"), r(5, "Full name given (+5)"),
				r(20, "Mentions 2 of your services or tags: Roof repair, Gutters (+20)"),
				r(20, "In your city: Austin, TX (+20)"), r(10, "Phone number given (+10)"),
				r(15, "Budget stated: $500 to $2,000 (+15)"), r(15, "Needs it as soon as possible (+15)"),
				r(-30, "The same address wrote to you in the last 30 days (-30)"),
			},
		},
		{
			name:  "a bare request in another state",
			in:    ScoreInput{Lead: Lead{Name: "Bo", Message: short}, Listing: roofer, Request: request("Denver", "CO", TimingFlexible, "")},
			score: 5,
			reasons: ScoreReasons{
				r(0, "Short message, 16 characters (+0)"), r(0, "First name only (+0)"),
				r(0, "Mentions none of your services or tags (+0)"),
				r(0, "Outside your area: Denver, CO (+0)"), r(0, "No phone number (+0)"),
				r(0, "No budget stated (+0)"), r(5, "Timing is flexible (+5)"),
			},
		},
		{
			name:  "a duplicate never goes below zero",
			in:    ScoreInput{Lead: Lead{Name: "Bo", Message: short}, Listing: roofer, Request: request("Denver", "CO", TimingFlexible, ""), Duplicate: true},
			score: 0,
			reasons: ScoreReasons{
				r(0, "Short message, 16 characters (+0)"), r(0, "First name only (+0)"),
				r(0, "Mentions none of your services or tags (+0)"),
				r(0, "Outside your area: Denver, CO (+0)"), r(0, "No phone number (+0)"),
				r(0, "No budget stated (+0)"), r(5, "Timing is flexible (+5)"),
				r(-30, "The same address wrote to you in the last 30 days (-30)"),
			},
		},
		{
			name:  "a request in the storefront's state, another city",
			in:    ScoreInput{Lead: Lead{Name: "Cy Park", Message: medium}, Listing: roofer, Request: request("Round Rock", "TX", TimingWeek, "")},
			score: 50,
			reasons: ScoreReasons{
				r(10, "Message of 66 characters (+10)"), r(5, "Full name given (+5)"),
				r(10, "Mentions 1 of your services or tags: Gutters (+10)"),
				r(10, "In your state, another city: Round Rock, TX (+10)"), r(0, "No phone number (+0)"),
				r(0, "No budget stated (+0)"), r(15, "Needs it within a week (+15)"),
			},
		},
		{
			name:  "a storefront's city is compared without case",
			in:    ScoreInput{Lead: Lead{Name: "Cy Park", Message: medium}, Listing: roofer, Request: request("austin", "TX", TimingMonth, "under_500")},
			score: 70,
			reasons: ScoreReasons{
				r(10, "Message of 66 characters (+10)"), r(5, "Full name given (+5)"),
				r(10, "Mentions 1 of your services or tags: Gutters (+10)"),
				r(20, "In your city: austin, TX (+20)"), r(0, "No phone number (+0)"),
				r(15, "Budget stated: Under $500 (+15)"), r(10, "Needs it within a month (+10)"),
			},
		},
		{
			name:  "a service-area business, anywhere in its state",
			in:    ScoreInput{Lead: Lead{Name: "Cy Park", Message: medium}, Listing: serviceArea, Request: request("El Paso", "TX", TimingMonth, "")},
			score: 55,
			reasons: ScoreReasons{
				r(10, "Message of 66 characters (+10)"), r(5, "Full name given (+5)"),
				r(10, "Mentions 1 of your services or tags: Gutters (+10)"),
				r(20, "In the state you serve: El Paso, TX (+20)"), r(0, "No phone number (+0)"),
				r(0, "No budget stated (+0)"), r(10, "Needs it within a month (+10)"),
			},
		},
		{
			name:  "a service-area business, another state",
			in:    ScoreInput{Lead: Lead{Name: "Cy Park", Message: medium}, Listing: serviceArea, Request: request("Tulsa", "OK", TimingMonth, "")},
			score: 35,
			reasons: ScoreReasons{
				r(10, "Message of 66 characters (+10)"), r(5, "Full name given (+5)"),
				r(10, "Mentions 1 of your services or tags: Gutters (+10)"),
				r(0, "Outside the state you serve: Tulsa, OK (+0)"), r(0, "No phone number (+0)"),
				r(0, "No budget stated (+0)"), r(10, "Needs it within a month (+10)"),
			},
		},
		{
			name:  "an online business serves every place",
			in:    ScoreInput{Lead: Lead{Name: "Cy Park", Message: medium}, Listing: online, Request: request("Tulsa", "OK", TimingMonth, "over_10000")},
			score: 70,
			reasons: ScoreReasons{
				r(10, "Message of 66 characters (+10)"), r(5, "Full name given (+5)"),
				r(10, "Mentions 1 of your services or tags: Gutters (+10)"),
				r(20, "You serve customers online, wherever they are (+20)"), r(0, "No phone number (+0)"),
				r(15, "Budget stated: Over $10,000 (+15)"), r(10, "Needs it within a month (+10)"),
			},
		},
		{
			name:  "a direct enquiry says it has no place",
			in:    ScoreInput{Lead: Lead{Name: "Di Ross", Phone: "512 555 0100", Message: medium}, Listing: roofer},
			score: 45,
			reasons: ScoreReasons{
				r(10, "Message of 66 characters (+10)"), r(5, "Full name given (+5)"),
				r(10, "Mentions 1 of your services or tags: Gutters (+10)"),
				r(10, "Chose your listing from its page (no place given) (+10)"), r(10, "Phone number given (+10)"),
				r(0, "No budget mentioned (+0)"), r(0, "Does not say when (+0)"),
			},
		},
		{
			name:  "a direct enquiry naming a budget and a date",
			in:    ScoreInput{Lead: Lead{Name: "Di Ross", Message: "Skylight installation wanted by Friday, budget around $1,500. Roofing company preferred, thanks."}, Listing: roofer},
			score: 70,
			reasons: ScoreReasons{
				r(10, "Message of 96 characters (+10)"), r(5, "Full name given (+5)"),
				r(20, "Mentions 2 of your services or tags: Skylight installation, Roofing (+20)"),
				r(10, "Chose your listing from its page (no place given) (+10)"), r(0, "No phone number (+0)"),
				r(15, "Mentions a budget (+15)"), r(10, "Says when it is needed (+10)"),
			},
		},
		{
			name:  "a direct enquiry to an online business",
			in:    ScoreInput{Lead: Lead{Name: "Di", Message: "I need it done tomorrow please."}, Listing: online},
			score: 30,
			reasons: ScoreReasons{
				r(0, "Short message, 31 characters (+0)"), r(0, "First name only (+0)"),
				r(0, "Mentions none of your services or tags (+0)"),
				r(20, "You serve customers online, wherever they are (+20)"), r(0, "No phone number (+0)"),
				r(0, "No budget mentioned (+0)"), r(10, "Says when it is needed (+10)"),
			},
		},
		{
			name:  "plurals and case still name a service; the points stop at two",
			in:    ScoreInput{Lead: Lead{Name: "Ed Moe", Message: "ROOF REPAIRS, new GUTTER, a SKYLIGHT INSTALLATION and LICENSED, EMERGENCY crew"}, Listing: roofer, Request: request("Austin", "TX", TimingASAP, "")},
			score: 70,
			reasons: ScoreReasons{
				r(10, "Message of 78 characters (+10)"), r(5, "Full name given (+5)"),
				r(20, "Mentions 5 of your services or tags: Roof repair, Gutters, Skylight installation (+20)"),
				r(20, "In your city: Austin, TX (+20)"), r(0, "No phone number (+0)"),
				r(0, "No budget stated (+0)"), r(15, "Needs it as soon as possible (+15)"),
			},
		},
		{
			name:  "half of a service's words do not name it",
			in:    ScoreInput{Lead: Lead{Name: "Ed Moe", Message: "A window installation at our place please, any day."}, Listing: roofer, Request: request("Austin", "TX", TimingFlexible, "")},
			score: 30,
			reasons: ScoreReasons{
				r(0, "Short message, 51 characters (+0)"), r(5, "Full name given (+5)"),
				r(0, "Mentions none of your services or tags (+0)"),
				r(20, "In your city: Austin, TX (+20)"), r(0, "No phone number (+0)"),
				r(0, "No budget stated (+0)"), r(5, "Timing is flexible (+5)"),
			},
		},
		{
			name:  "a listing that offers nothing by name",
			in:    ScoreInput{Lead: Lead{Name: "Fay Ng", Phone: "555-0199", Message: long}, Listing: Business{BusinessType: TypeStorefront, City: "Austin", State: "TX"}, Request: request("Austin", "TX", TimingWeek, "2000_10000")},
			score: 80,
			reasons: ScoreReasons{
				r(15, "Detailed message, 169 characters (+15)"), r(5, "Full name given (+5)"),
				r(0, "Mentions none of your services or tags (+0)"),
				r(20, "In your city: Austin, TX (+20)"), r(10, "Phone number given (+10)"),
				r(15, "Budget stated: $2,000 to $10,000 (+15)"), r(15, "Needs it within a week (+15)"),
			},
		},
		{
			name:  "a duplicate direct enquiry",
			in:    ScoreInput{Lead: Lead{Name: "Gil Tan", Phone: "512 555 0101", Message: long}, Listing: roofer, Duplicate: true},
			score: 30,
			reasons: ScoreReasons{
				r(15, "Detailed message, 169 characters (+15)"), r(5, "Full name given (+5)"),
				r(20, "Mentions 2 of your services or tags: Roof repair, Gutters (+20)"),
				r(10, "Chose your listing from its page (no place given) (+10)"), r(10, "Phone number given (+10)"),
				r(0, "No budget mentioned (+0)"), r(0, "Does not say when (+0)"),
				r(-30, "The same address wrote to you in the last 30 days (-30)"),
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			score, reasons := ScoreLead(tc.in)
			if score != tc.score {
				t.Errorf("score %d, want %d", score, tc.score)
			}
			if !reflect.DeepEqual(reasons, tc.reasons) {
				t.Errorf("reasons\n%s\nwant\n%s", scoreLines(reasons), scoreLines(tc.reasons))
			}
		})
	}
}

func scoreLines(rs ScoreReasons) string {
	var b strings.Builder
	for _, r := range rs {
		b.WriteString("  " + r.Text + "\n")
	}
	return b.String()
}

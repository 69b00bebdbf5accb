// Package synthetic generates listings and their reviews for benchmarks
// and load tests (`bizprofile seed --synthetic N`, the directory and
// analytics benchmarks): hundreds of thousands of plausible, varied
// listings, the same for a given seed, and the vocabulary they are made
// of, so that a load test (internal/loadmix) searches them the way
// visitors would.
package synthetic

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"bizprofile/geo"
	"bizprofile/store"
)

// Add adds n generated listings to st, with slugs that cannot clash with
// real ones, each with a few generated reviews (none to a dozen) and the
// figures they give. It inserts them 5,000 a transaction
// (store.InsertListings), then readies the database for searches of the
// new rows (store.AnalyzeAfterLoad). The same seed gives the same listings
// and reviews (their dates aside, which count back from now).
func Add(ctx context.Context, st *store.Store, n int, seed uint64) error {
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	// Reviews are drawn from a stream of their own, so that a seed's
	// listings do not depend on how their reviews are made.
	rr := rand.New(rand.NewPCG(seed^0x7265766965777321, seed+1))
	now := time.Now().UTC()
	const perTx = 5000
	batch := make([]store.ListingWithReviews, 0, min(n, perTx))
	for start := 0; start < n; start += perTx {
		batch = batch[:0]
		for i := start; i < min(start+perTx, n); i++ {
			b := synthBusiness(r, i)
			batch = append(batch, store.ListingWithReviews{Business: b, Reviews: synthReviews(rr, b, now)})
		}
		if err := st.InsertListings(ctx, batch); err != nil {
			return err
		}
	}
	return st.AnalyzeAfterLoad(ctx)
}

// Vocabulary of synthetic listings (Add): plausible, varied, and
// deterministic for a given seed. It is wide enough that a search meets what
// it would meet on a real directory: words in thousands of listings (a
// category's nouns, the name words), owners' surnames in a few hundred,
// made-up family names in a handful, and a few hundred US cities across
// every state, big ones with many listings and small ones with few.
var (
	synthCategories = []struct {
		category string
		weight   int // relative share of listings
		subs     []string
		nouns    []string
		tags     []string
	}{
		{"technology", 10, []string{"Web Development", "Managed IT Services", "Software Consulting", "Computer Repair", "Data Recovery", "Mobile Apps"},
			[]string{"Labs", "Digital", "Systems", "Software", "Tech", "Networks", "Solutions", "Computing"},
			[]string{"cloud", "web design", "cybersecurity", "apps", "seo", "networking", "backups", "e-commerce", "hosting", "help desk"}},
		{"healthcare", 10, []string{"Family Medicine", "Dental Care", "Physical Therapy", "Chiropractic", "Optometry", "Urgent Care"},
			[]string{"Clinic", "Health", "Dental", "Wellness", "Medical", "Family Practice", "Care Center", "Therapy"},
			[]string{"primary care", "pediatrics", "telehealth", "orthodontics", "walk-ins", "vision", "sports injuries", "same-day appointments"}},
		{"finance", 9, []string{"Accounting", "Financial Planning", "Bookkeeping", "Insurance Agency", "Tax Preparation", "Mortgage Broker"},
			[]string{"Financial", "Accounting", "Advisors", "Tax Services", "Wealth", "Insurance", "Capital", "Bookkeeping"},
			[]string{"tax planning", "payroll", "retirement", "bookkeeping", "small business", "estate planning", "audits", "mortgages"}},
		{"retail", 11, []string{"Clothing", "Home Goods", "Books", "Hardware", "Florist", "Gift Shop", "Pet Supplies"},
			[]string{"Outfitters", "Goods", "Boutique", "Market", "Emporium", "Supply", "Mercantile", "Shop"},
			[]string{"gifts", "local makers", "sale", "online store", "curbside pickup", "vintage", "handmade", "gift cards"}},
		{"food", 12, []string{"Bakery & Cafe", "Restaurant", "Catering", "Coffee Shop", "Pizzeria", "Food Truck", "Brewery"},
			[]string{"Bakery", "Kitchen", "Cafe", "Bistro", "Grill", "Pizza", "Eatery", "Tavern", "Taqueria", "Roasters"},
			[]string{"coffee", "vegan options", "catering", "brunch", "sourdough", "takeout", "gluten-free", "craft beer", "patio", "delivery"}},
		{"professional", 10, []string{"Business Law", "Marketing Agency", "Architecture", "Real Estate", "Consulting", "Photography"},
			[]string{"Partners", "Group", "Associates", "Studio", "Law", "Agency", "Consulting", "Realty"},
			[]string{"contracts", "branding", "consulting", "design", "social media", "estate law", "commercial property", "headshots"}},
		{"construction", 9, []string{"General Contractor", "Roofing", "Plumbing", "Electrical", "HVAC", "Landscaping", "Painting"},
			[]string{"Builders", "Construction", "Roofing", "Plumbing", "Electric", "Heating & Air", "Landscaping", "Painters"},
			[]string{"remodeling", "licensed", "emergency repairs", "free estimates", "insured", "solar", "kitchens", "decks"}},
		{"automotive", 8, []string{"Auto Repair", "Car Wash", "Tires", "Auto Body", "Towing", "Used Cars"},
			[]string{"Auto", "Motors", "Garage", "Tire", "Collision", "Towing", "Car Care", "Automotive"},
			[]string{"oil change", "brakes", "detailing", "alignments", "inspections", "transmissions", "24-hour towing", "financing"}},
		{"beauty", 9, []string{"Hair Salon", "Spa", "Nail Salon", "Barbershop", "Massage Therapy", "Skin Care"},
			[]string{"Salon", "Spa", "Beauty Bar", "Studio", "Barbers", "Nails", "Day Spa", "Aesthetics"},
			[]string{"haircuts", "color", "massage", "manicure", "facials", "waxing", "bridal", "walk-ins welcome"}},
		{"education", 8, []string{"Tutoring", "Music Lessons", "Language School", "Driving School", "Art Classes", "Test Prep"},
			[]string{"Academy", "Learning", "Tutors", "School", "Institute", "Music", "Learning Center", "Lessons"},
			[]string{"test prep", "kids", "online classes", "adults", "summer camps", "private lessons", "certified teachers", "small groups"}},
		{"other", 4, []string{"Pet Grooming", "Event Planning", "Cleaning Services", "Moving Company", "Storage", "Dry Cleaning"},
			[]string{"Services", "Company", "Pros", "Events", "Movers", "Cleaners", "Pet Care", "Helpers"},
			[]string{"pets", "weddings", "residential", "commercial", "same-day service", "eco-friendly", "bonded", "packing"}},
	}
	// synthCategoryWeights adds up the categories' weights, in order.
	synthCategoryWeights = func() []int {
		w := make([]int, len(synthCategories))
		for i, c := range synthCategories {
			w[i] = c.weight
		}
		return runningSums(w)
	}()

	synthNames = []string{
		"Summit", "Riverside", "Blue Oak", "Northstar", "Maple", "Cedar", "Harbor", "Granite", "Silverline", "Evergreen",
		"Sunrise", "Lakeside", "Red Rock", "Golden Gate", "Pioneer", "Willow", "Ironwood", "Bayview", "Prairie", "Highland",
		"Aspen", "Birch", "Canyon", "Cascade", "Coastal", "Copper", "Crescent", "Crystal", "Cypress", "Delta",
		"Eagle", "Elm Street", "Falcon", "Red Fox", "Frontier", "Garden", "Gateway", "Glacier", "Hawthorne", "Heritage",
		"Hickory", "Horizon", "Juniper", "Keystone", "Landmark", "Liberty", "Magnolia", "Meadow", "Mesa", "Midtown",
		"Mission", "Monarch", "Mountain View", "Oakridge", "Orchard", "Pacific", "Palmetto", "Parkside", "Peak", "Pinecrest",
		"Platinum", "Quarry", "Rainier", "Redwood", "Ridgeline", "Rockwell", "Sage", "Sequoia", "Sierra", "Skyline",
		"Sterling", "Stonebridge", "Sycamore", "Timberline", "Trailhead", "Union", "Valley", "Vista", "Westwood", "Wildflower",
		"Anchor", "Apex", "Arbor", "Atlas", "Beacon", "Bluebird", "Brightside", "Broadway", "Cardinal", "Centennial",
		"Chestnut", "Clearwater", "Cornerstone", "Cottonwood", "Driftwood", "Emerald", "Fairview", "Firefly", "Foothill", "Four Seasons",
		"Greenleaf", "Hilltop", "Hometown", "Hummingbird", "Lighthouse", "Lionheart", "Main Street", "Mariner", "Meridian", "Millstone",
		"Moonlight", "Neighborhood", "North Shore", "Oasis", "Old Town", "Olive Branch", "Open Road", "Pebble Creek", "Pinnacle", "Polaris",
		"Riverbend", "Rosewood", "Saltwater", "Sandstone", "Silver Lake", "Southside", "Spring Hill", "Starlight", "Sundance", "Thistle",
		"Tidewater", "True North", "Twin Pines", "Uptown", "Village", "Waterfront", "Whitestone", "Windmill", "Woodland", "Zenith",
	}
	// synthSurnames are owners' family names, each in a few hundred
	// listings of 100,000.
	synthSurnames = []string{
		"Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez",
		"Hernandez", "Lopez", "Gonzalez", "Wilson", "Anderson", "Thomas", "Taylor", "Moore", "Jackson", "Martin",
		"Lee", "Perez", "Thompson", "White", "Harris", "Sanchez", "Clark", "Ramirez", "Lewis", "Robinson",
		"Walker", "Young", "Allen", "King", "Wright", "Scott", "Torres", "Nguyen", "Hill", "Flores",
		"Green", "Adams", "Nelson", "Baker", "Hall", "Rivera", "Campbell", "Mitchell", "Carter", "Roberts",
		"Gomez", "Phillips", "Evans", "Turner", "Diaz", "Parker", "Cruz", "Edwards", "Collins", "Reyes",
		"Stewart", "Morris", "Morales", "Murphy", "Cook", "Rogers", "Gutierrez", "Ortiz", "Morgan", "Cooper",
		"Peterson", "Bailey", "Reed", "Kelly", "Howard", "Ramos", "Kim", "Cox", "Ward", "Richardson",
		"Watson", "Brooks", "Chavez", "Wood", "James", "Bennett", "Gray", "Mendoza", "Ruiz", "Hughes",
		"Price", "Alvarez", "Castillo", "Sanders", "Patel", "Myers", "Long", "Ross", "Foster", "Jimenez",
		"Okafor", "Nakamura", "Kowalski", "O'Brien", "Schmidt", "Rossi", "Novak", "Haddad", "Singh", "Chen",
		"Yamamoto", "Andersen", "Dubois", "Fischer", "Larsen", "Moreau", "Petrov", "Silva", "Tanaka", "Volkov",
	}
	synthFirstNames = []string{
		"Maria", "James", "Aisha", "David", "Mei", "Carlos", "Sarah", "Omar", "Linda", "Kenji",
		"Priya", "Michael", "Fatima", "Robert", "Elena", "Daniel", "Grace", "Luis", "Hannah", "Tomas",
		"Nadia", "Samuel", "Rosa", "Ethan", "Leila", "Marcus", "Ingrid", "Andre", "Yuki", "Patrick",
	}
	// Made-up family names, one of synthRareCount, each in a handful of
	// listings of 100,000 (a few dozen of 1,000,000): the rare words.
	synthRareOnsets = []string{"Ab", "Bel", "Cor", "Dun", "Esk", "Fal", "Gar", "Hol", "Ith", "Jor",
		"Kel", "Lom", "Mar", "Nor", "Ost", "Pem", "Quil", "Rav", "Sel", "Tor",
		"Ul", "Ves", "Wyn", "Yar", "Zel", "Brom", "Cald", "Drav", "Fen", "Grel"}
	synthRareMiddles = []string{"a", "e", "i", "o", "u", "an", "en", "in", "on", "ar",
		"er", "ir", "or", "al", "el", "il", "ol", "ash", "esk", "ov"}
	synthRareEndings = []string{"ford", "wick", "ton", "ley", "mont", "stead", "borough", "combe", "dale", "field",
		"gate", "holm", "hurst", "ridge", "shaw", "thorpe", "well", "worth", "berg", "cliffe",
		"dane", "fell", "garth", "more", "nell", "rick", "sby", "vane", "wald", "yard"}
	synthRareCount = len(synthRareOnsets) * len(synthRareMiddles) * len(synthRareEndings)

	synthStreets  = []string{"Main", "Oak", "Pine", "Maple", "Cedar", "Elm", "Washington", "Lake", "Hill", "Park", "Church", "Market", "Union", "Spring", "River", "Mill", "Center", "Franklin", "Highland", "Jefferson"}
	synthSuffixes = []string{"Street", "Avenue", "Road", "Boulevard", "Lane", "Drive", "Way", "Parkway"}

	// synthCities are cities and their states, most populous first: a
	// listing's city is drawn with a skew towards the top of the list, so
	// big cities have thousands of listings and small ones a few hundred.
	// Some names are in several states (Springfield, Portland, Columbus).
	synthCities = [][2]string{
		{"New York", "NY"}, {"Los Angeles", "CA"}, {"Chicago", "IL"}, {"Houston", "TX"}, {"Phoenix", "AZ"},
		{"Philadelphia", "PA"}, {"San Antonio", "TX"}, {"San Diego", "CA"}, {"Dallas", "TX"}, {"Jacksonville", "FL"},
		{"Austin", "TX"}, {"Fort Worth", "TX"}, {"San Jose", "CA"}, {"Columbus", "OH"}, {"Charlotte", "NC"},
		{"Indianapolis", "IN"}, {"San Francisco", "CA"}, {"Seattle", "WA"}, {"Denver", "CO"}, {"Oklahoma City", "OK"},
		{"Nashville", "TN"}, {"Washington", "DC"}, {"El Paso", "TX"}, {"Las Vegas", "NV"}, {"Boston", "MA"},
		{"Detroit", "MI"}, {"Portland", "OR"}, {"Louisville", "KY"}, {"Memphis", "TN"}, {"Baltimore", "MD"},
		{"Milwaukee", "WI"}, {"Albuquerque", "NM"}, {"Tucson", "AZ"}, {"Fresno", "CA"}, {"Sacramento", "CA"},
		{"Mesa", "AZ"}, {"Atlanta", "GA"}, {"Kansas City", "MO"}, {"Colorado Springs", "CO"}, {"Omaha", "NE"},
		{"Raleigh", "NC"}, {"Miami", "FL"}, {"Virginia Beach", "VA"}, {"Long Beach", "CA"}, {"Oakland", "CA"},
		{"Minneapolis", "MN"}, {"Bakersfield", "CA"}, {"Tulsa", "OK"}, {"Tampa", "FL"}, {"Arlington", "TX"},
		{"Wichita", "KS"}, {"Aurora", "CO"}, {"New Orleans", "LA"}, {"Cleveland", "OH"}, {"Honolulu", "HI"},
		{"Anaheim", "CA"}, {"Henderson", "NV"}, {"Orlando", "FL"}, {"Lexington", "KY"}, {"Stockton", "CA"},
		{"Riverside", "CA"}, {"Corpus Christi", "TX"}, {"Irvine", "CA"}, {"Cincinnati", "OH"}, {"Santa Ana", "CA"},
		{"Newark", "NJ"}, {"Saint Paul", "MN"}, {"Pittsburgh", "PA"}, {"Greensboro", "NC"}, {"Durham", "NC"},
		{"Lincoln", "NE"}, {"Jersey City", "NJ"}, {"Plano", "TX"}, {"Anchorage", "AK"}, {"North Las Vegas", "NV"},
		{"St. Louis", "MO"}, {"Madison", "WI"}, {"Chandler", "AZ"}, {"Gilbert", "AZ"}, {"Reno", "NV"},
		{"Buffalo", "NY"}, {"Chula Vista", "CA"}, {"Fort Wayne", "IN"}, {"Lubbock", "TX"}, {"Toledo", "OH"},
		{"St. Petersburg", "FL"}, {"Laredo", "TX"}, {"Irving", "TX"}, {"Chesapeake", "VA"}, {"Glendale", "AZ"},
		{"Winston-Salem", "NC"}, {"Port St. Lucie", "FL"}, {"Scottsdale", "AZ"}, {"Garland", "TX"}, {"Boise", "ID"},
		{"Norfolk", "VA"}, {"Spokane", "WA"}, {"Richmond", "VA"}, {"Fremont", "CA"}, {"Huntsville", "AL"},
		{"Frisco", "TX"}, {"Cape Coral", "FL"}, {"Santa Clarita", "CA"}, {"San Bernardino", "CA"}, {"Tacoma", "WA"},
		{"Hialeah", "FL"}, {"Baton Rouge", "LA"}, {"Modesto", "CA"}, {"Fontana", "CA"}, {"McKinney", "TX"},
		{"Moreno Valley", "CA"}, {"Des Moines", "IA"}, {"Fayetteville", "NC"}, {"Salt Lake City", "UT"}, {"Yonkers", "NY"},
		{"Worcester", "MA"}, {"Rochester", "NY"}, {"Sioux Falls", "SD"}, {"Little Rock", "AR"}, {"Amarillo", "TX"},
		{"Tallahassee", "FL"}, {"Grand Prairie", "TX"}, {"Columbus", "GA"}, {"Augusta", "GA"}, {"Peoria", "AZ"},
		{"Oxnard", "CA"}, {"Knoxville", "TN"}, {"Overland Park", "KS"}, {"Birmingham", "AL"}, {"Grand Rapids", "MI"},
		{"Vancouver", "WA"}, {"Montgomery", "AL"}, {"Huntington Beach", "CA"}, {"Providence", "RI"}, {"Brownsville", "TX"},
		{"Tempe", "AZ"}, {"Akron", "OH"}, {"Glendale", "CA"}, {"Chattanooga", "TN"}, {"Fort Lauderdale", "FL"},
		{"Newport News", "VA"}, {"Mobile", "AL"}, {"Ontario", "CA"}, {"Clarksville", "TN"}, {"Cary", "NC"},
		{"Elk Grove", "CA"}, {"Shreveport", "LA"}, {"Eugene", "OR"}, {"Aurora", "IL"}, {"Salem", "OR"},
		{"Santa Rosa", "CA"}, {"Rancho Cucamonga", "CA"}, {"Pembroke Pines", "FL"}, {"Fort Collins", "CO"}, {"Springfield", "MO"},
		{"Oceanside", "CA"}, {"Garden Grove", "CA"}, {"Lancaster", "CA"}, {"Murfreesboro", "TN"}, {"Palmdale", "CA"},
		{"Corona", "CA"}, {"Killeen", "TX"}, {"Salinas", "CA"}, {"Roseville", "CA"}, {"Denton", "TX"},
		{"Surprise", "AZ"}, {"Macon", "GA"}, {"Paterson", "NJ"}, {"Lakewood", "CO"}, {"Hayward", "CA"},
		{"Charleston", "SC"}, {"Alexandria", "VA"}, {"Hollywood", "FL"}, {"Springfield", "MA"}, {"Kansas City", "KS"},
		{"Sunnyvale", "CA"}, {"Bellevue", "WA"}, {"Joliet", "IL"}, {"Naperville", "IL"}, {"Escondido", "CA"},
		{"Bridgeport", "CT"}, {"Savannah", "GA"}, {"Olathe", "KS"}, {"Mesquite", "TX"}, {"Syracuse", "NY"},
		{"Pasadena", "TX"}, {"McAllen", "TX"}, {"Rockford", "IL"}, {"Gainesville", "FL"}, {"Thornton", "CO"},
		{"Waco", "TX"}, {"Miramar", "FL"}, {"Visalia", "CA"}, {"Columbia", "SC"}, {"Sterling Heights", "MI"},
		{"New Haven", "CT"}, {"Stamford", "CT"}, {"Elizabeth", "NJ"}, {"Cedar Rapids", "IA"}, {"Topeka", "KS"},
		{"Provo", "UT"}, {"West Valley City", "UT"}, {"Pasadena", "CA"}, {"Billings", "MT"}, {"Fargo", "ND"},
		{"Manchester", "NH"}, {"Portland", "ME"}, {"Burlington", "VT"}, {"Wilmington", "DE"}, {"Charleston", "WV"},
		{"Cheyenne", "WY"}, {"Casper", "WY"}, {"Sioux City", "IA"}, {"Rapid City", "SD"}, {"Bismarck", "ND"},
		{"Missoula", "MT"}, {"Bozeman", "MT"}, {"Idaho Falls", "ID"}, {"Nampa", "ID"}, {"Jackson", "MS"},
		{"Gulfport", "MS"}, {"Hattiesburg", "MS"}, {"Fayetteville", "AR"}, {"Fort Smith", "AR"}, {"Jonesboro", "AR"},
		{"Lafayette", "LA"}, {"Lake Charles", "LA"}, {"Springfield", "IL"}, {"Peoria", "IL"}, {"Champaign", "IL"},
		{"Evansville", "IN"}, {"South Bend", "IN"}, {"Bloomington", "IN"}, {"Ann Arbor", "MI"}, {"Lansing", "MI"},
		{"Flint", "MI"}, {"Kalamazoo", "MI"}, {"Duluth", "MN"}, {"Rochester", "MN"}, {"Green Bay", "WI"},
		{"Kenosha", "WI"}, {"Eau Claire", "WI"}, {"Dayton", "OH"}, {"Youngstown", "OH"}, {"Springfield", "OH"},
		{"Erie", "PA"}, {"Allentown", "PA"}, {"Scranton", "PA"}, {"Harrisburg", "PA"}, {"Lancaster", "PA"},
		{"Albany", "NY"}, {"Ithaca", "NY"}, {"Trenton", "NJ"}, {"Hartford", "CT"}, {"Lowell", "MA"},
		{"Cambridge", "MA"}, {"Nashua", "NH"}, {"Concord", "NH"}, {"Bangor", "ME"}, {"Lewiston", "ME"},
		{"Warwick", "RI"}, {"Newport", "RI"}, {"Dover", "DE"}, {"Annapolis", "MD"}, {"Frederick", "MD"},
		{"Roanoke", "VA"}, {"Lynchburg", "VA"}, {"Asheville", "NC"}, {"Wilmington", "NC"}, {"Greenville", "SC"},
		{"Myrtle Beach", "SC"}, {"Athens", "GA"}, {"Pensacola", "FL"}, {"Sarasota", "FL"}, {"Tuscaloosa", "AL"},
		{"Auburn", "AL"}, {"Bowling Green", "KY"}, {"Owensboro", "KY"}, {"Johnson City", "TN"}, {"Norman", "OK"},
		{"Lawrence", "KS"}, {"Manhattan", "KS"}, {"Columbia", "MO"}, {"Joplin", "MO"}, {"Grand Island", "NE"},
		{"Kearney", "NE"}, {"Las Cruces", "NM"}, {"Santa Fe", "NM"}, {"Flagstaff", "AZ"}, {"Yuma", "AZ"},
		{"St. George", "UT"}, {"Ogden", "UT"}, {"Pueblo", "CO"}, {"Boulder", "CO"}, {"Grand Junction", "CO"},
		{"Bend", "OR"}, {"Medford", "OR"}, {"Olympia", "WA"}, {"Bellingham", "WA"}, {"Yakima", "WA"},
		{"Fairbanks", "AK"}, {"Juneau", "AK"}, {"Hilo", "HI"}, {"Kailua", "HI"}, {"Carson City", "NV"},
		{"Laramie", "WY"}, {"Great Falls", "MT"}, {"Pocatello", "ID"}, {"Morgantown", "WV"}, {"Huntington", "WV"},
		{"Parkersburg", "WV"}, {"Rutland", "VT"}, {"Montpelier", "VT"}, {"Newark", "DE"}, {"Grand Forks", "ND"},
	}
	synthTypes = []string{store.TypeStorefront, store.TypeServiceArea, store.TypeOnline}
)

// Vocabulary is what generated listings are made of, so that a load test
// can search them the way visitors would, with words that find many
// listings, few, or none.
type Vocabulary struct {
	Categories []string    // category values
	Common     []string    // words in thousands of listings of 100,000: name words, a category's nouns, sub-categories, tags
	Surnames   []string    // owners' family names: a few hundred listings of 100,000 each
	Rare       []string    // made-up family names: a handful of listings of 100,000 each
	Cities     [][2]string // city and its two-letter state code
}

// Words is the vocabulary of Add's listings.
func Words() Vocabulary {
	var v Vocabulary
	seen := map[string]bool{}
	common := func(words ...string) {
		for _, w := range words {
			if k := strings.ToLower(w); !seen[k] {
				seen[k] = true
				v.Common = append(v.Common, w)
			}
		}
	}
	for _, c := range synthCategories {
		v.Categories = append(v.Categories, c.category)
		common(c.nouns...)
		common(c.subs...)
		common(c.tags...)
	}
	common(synthNames...)
	v.Surnames = append(v.Surnames, synthSurnames...)
	for k := range synthRareCount {
		v.Rare = append(v.Rare, synthRareName(k))
	}
	v.Cities = append(v.Cities, synthCities...)
	return v
}

// synthRareName is the k-th made-up family name, "Belanford".
func synthRareName(k int) string {
	o, m, e := len(synthRareOnsets), len(synthRareMiddles), len(synthRareEndings)
	return synthRareOnsets[k%o] + synthRareMiddles[k/o%m] + synthRareEndings[k/(o*m)%e]
}

// synthBusiness is the i-th generated listing.
func synthBusiness(r *rand.Rand, i int) store.Business {
	c := synthCategories[pickWeighted(r, synthCategoryWeights)]
	// u² favours the top of the list: the first city gets about 6% of
	// the listings, the last about 0.2%.
	u := r.Float64()
	city := synthCities[int(u*u*float64(len(synthCities)))]
	noun := c.nouns[r.IntN(len(c.nouns))]
	surname := synthSurnames[r.IntN(len(synthSurnames))]
	var name string
	switch k := r.IntN(20); {
	case k < 11:
		name = synthNames[r.IntN(len(synthNames))] + " " + noun
	case k < 14:
		name = surname + " " + noun
	case k < 16:
		name = surname + " & Sons " + noun
	case k < 18:
		name = synthNames[r.IntN(len(synthNames))] + " " + synthNames[r.IntN(len(synthNames))] + " " + noun
	default:
		name = city[0] + " " + noun
	}
	sub := c.subs[r.IntN(len(c.subs))]
	tags := make([]string, 0, 4)
	for _, j := range r.Perm(len(c.tags))[:1+r.IntN(4)] {
		tags = append(tags, c.tags[j])
	}
	owner := synthFirstNames[r.IntN(len(synthFirstNames))] + " " + synthRareName(r.IntN(synthRareCount))
	var description string
	switch r.IntN(3) {
	case 0:
		description = fmt.Sprintf("%s offers %s to customers in %s, %s and nearby, with %s. Owner: %s.",
			name, strings.ToLower(sub), city[0], city[1], strings.Join(tags, ", "), owner)
	case 1:
		description = fmt.Sprintf("Family-owned since %d, %s brings %s to %s. Ask %s about %s.",
			1950+r.IntN(74), name, strings.ToLower(sub), city[0], owner, strings.Join(tags, ", "))
	default:
		description = fmt.Sprintf("%s is %s's %s in %s, %s: %s.",
			name, owner, strings.ToLower(sub), city[0], city[1], strings.Join(tags, ", "))
	}
	b := store.Business{
		Slug: fmt.Sprintf("%s-%d", store.Slugify(name), i+1), Name: name,
		Tagline:     strings.ToLower(sub) + " in " + city[0],
		Description: description,
		Category:    c.category, SubCategory: sub, Tags: tags,
		Address: fmt.Sprintf("%d %s %s", 1+r.IntN(9899), synthStreets[r.IntN(len(synthStreets))], synthSuffixes[r.IntN(len(synthSuffixes))]),
		City:    city[0], State: city[1], ZipCode: fmt.Sprintf("%05d", 1001+r.IntN(98000)),
		Phone: fmt.Sprintf("(555) 555-%04d", i%10000), Hours: store.DefaultWeek(), BusinessType: synthTypes[r.IntN(len(synthTypes))],
		Verified: r.IntN(3) == 0, Featured: r.IntN(50) == 0, Published: r.IntN(20) != 0,
		ShowEmail: true, ShowPhone: true, ShowAddress: true, ShowPricing: true, ShowHours: true,
	}
	// Nobody owns a generated listing, so none is verified: the badge says
	// we confirmed who runs the business (store.ErrUnowned). The draw
	// stays, so that the rest of the data is what it always was.
	b.Verified = false
	// Its ZIP code is made up: the listing is put within about 10 miles
	// of its city's centre instead, so that searches near a place find
	// listings spread as a real city's are; a few keep office hours of
	// their own, so "open now" has something to tell apart. Drawn from a
	// stream of the listing's own, so the rest stays as it always was.
	r = rand.New(rand.NewPCG(uint64(i), 0x6e6561722d6d65))
	if p, _, ok := geo.Locate("", b.City, b.State); ok {
		b.Lat = sql.NullFloat64{Float64: p.Lat + (r.Float64()-0.5)*0.28, Valid: true}
		b.Lng = sql.NullFloat64{Float64: p.Lng + (r.Float64()-0.5)*0.34, Valid: true}
		b.GeoSource = store.GeoPin
	}
	if r.IntN(4) == 0 {
		open := 6 + r.IntN(6)
		for d := range b.Hours[:6] {
			b.Hours[d] = store.DayHours{Open: fmt.Sprintf("%02d:00", open), Close: fmt.Sprintf("%02d:30", open+6+r.IntN(8))}
		}
	}
	return b
}

// Reviews of synthetic listings: a few a listing, most listings with
// some and a handful with a dozen, mostly positive, a listing's reviews
// agreeing more or less with each other (a good business gets good
// reviews).
var (
	// synthReviewCounts weighs 0, 1, ... 12 reviews a listing (the mean
	// is about 3.3).
	synthReviewCounts = runningSums([]int{20, 15, 14, 12, 10, 8, 6, 5, 3, 2, 2, 1, 2})
	// synthReviewers are the kinds of business as its reviewers see it,
	// by how often each is met: the weights of 1, 2, ... 5 stars.
	synthReviewers = []struct {
		weight int
		stars  []int
	}{
		{40, runningSums([]int{2, 3, 5, 20, 70})},    // excellent
		{35, runningSums([]int{3, 5, 12, 35, 45})},   // good
		{18, runningSums([]int{15, 15, 20, 25, 25})}, // mixed
		{7, runningSums([]int{30, 25, 20, 15, 10})},  // poor
	}
	synthReviewerWeights = func() []int {
		w := make([]int, len(synthReviewers))
		for i, k := range synthReviewers {
			w[i] = k.weight
		}
		return runningSums(w)
	}()

	// Titles and sentences by sentiment (negative, neutral, positive):
	// %[1]s is the listing's sub-category in lower case, %[2]s one of its
	// tags, %[3]s its name, %[4]s its city.
	synthReviewTitles = [3][]string{
		{"Disappointed", "Not what I expected", "Poor communication", "Would not go back", "Overpriced %[1]s", "Slow and careless"},
		{"Decent %[1]s", "Good but pricey", "Okay experience", "Mixed feelings", "Fine for %[2]s", "Room to improve"},
		{"Great %[1]s", "Highly recommend", "Best %[1]s in %[4]s", "Excellent service", "Will be back", "Friendly and professional", "Great for %[2]s"},
	}
	synthReviewOpenings = [3][]string{
		{"We went to %[3]s for %[2]s and it did not go well.", "I wanted to like %[3]s but left frustrated.", "Chose them for %[1]s and regretted it."},
		{"We asked about %[2]s and it was fine.", "Average %[1]s for %[4]s, nothing special.", "Some things went well at %[3]s, some did not."},
		{"Asked %[3]s about %[2]s and left very happy.", "I have used them for %[1]s twice now.", "A friend recommended %[3]s and she was right.", "Easily the best %[1]s we have found in %[4]s."},
	}
	synthReviewDetails = [3][]string{
		{"Nobody called back for a week.", "The price went up after the work started.", "We had to ask twice to get it done right.", "Staff seemed rushed and uninterested.", "Too expensive for what we got."},
		{"It took longer than promised.", "Prices are a little high for %[4]s.", "Friendly staff, but communication could be better.", "Parking is a hassle.", "Good with %[2]s, less so with the rest."},
		{"They really know %[2]s.", "Staff were friendly and on time.", "Fair prices for %[4]s.", "Everything was explained clearly.", "Exactly what we needed for %[2]s.", "They followed up a week later to check on us."},
	}
)

// synthText fills template t with a review's words, or is t when it
// needs none.
func synthText(t string, words []any) string {
	if !strings.Contains(t, "%") {
		return t
	}
	return fmt.Sprintf(t, words...)
}

// synthReviews are the reviews of the generated listing b, drawn from r,
// written in the three years before now.
func synthReviews(r *rand.Rand, b store.Business, now time.Time) []store.NewReview {
	n := pickWeighted(r, synthReviewCounts)
	rs := make([]store.NewReview, 0, n)
	kind := synthReviewers[pickWeighted(r, synthReviewerWeights)]
	sub := strings.ToLower(b.SubCategory)
	for range n {
		stars := 1 + pickWeighted(r, kind.stars)
		mood := 2 // positive
		switch {
		case stars <= 2:
			mood = 0
		case stars == 3:
			mood = 1
		}
		words := []any{sub, b.Tags[r.IntN(len(b.Tags))], b.Name, b.City}
		titles, openings, details := synthReviewTitles[mood], synthReviewOpenings[mood], synthReviewDetails[mood]
		title := synthText(titles[r.IntN(len(titles))], words)
		body := synthText(openings[r.IntN(len(openings))], words)
		// None, one or two details, never the same twice.
		d := r.IntN(len(details))
		for k := range r.IntN(3) {
			body += " " + synthText(details[(d+k)%len(details)], words)
		}
		written := now.Add(-time.Duration(r.Int64N(int64(3 * 365 * 24 * time.Hour)))).Truncate(time.Second)
		visited := ""
		if r.IntN(2) == 0 {
			visited = written.AddDate(0, 0, -r.IntN(15)).Format(time.DateOnly)
		}
		rs = append(rs, store.NewReview{
			AuthorName: synthFirstNames[r.IntN(len(synthFirstNames))] + " " + string(rune('A'+r.IntN(26))) + ".",
			ReviewText: store.ReviewText{Rating: stars, Title: title, Body: body, VisitedOn: visited, Sentiment: store.StarsSentiment(stars)},
			CreatedAt:  written,
		})
	}
	return rs
}

// runningSums are the running sums of weights, for pickWeighted.
func runningSums(weights []int) []int {
	sums, total := make([]int, len(weights)), 0
	for i, w := range weights {
		total += w
		sums[i] = total
	}
	return sums
}

// pickWeighted is an index drawn with the weights whose running sums are
// sums.
func pickWeighted(r *rand.Rand, sums []int) int {
	n := r.IntN(sums[len(sums)-1])
	for i, s := range sums {
		if n < s {
			return i
		}
	}
	return len(sums) - 1
}

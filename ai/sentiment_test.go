package ai

import (
	"context"
	"errors"
	"fmt"
	"testing"
)

// labelledReview is a customer review and the label a reader gives it.
type labelledReview struct{ title, body, want string }

// labelledReviews are customer reviews of local businesses, each labelled
// by how a reader would sum it up (about: a 4-5 star review is positive,
// 1-2 negative, 3 or a review of plain facts neutral). They were written
// to read like real reviews, not to suit the lexicon.
var labelledReviews = []labelledReview{
	// Positive.
	{"Fixed our leak the same day", "Called Monday morning about a leaking pipe under the kitchen sink and Dave was here by noon. He explained what had gone wrong, showed me the corroded fitting and had it replaced in under an hour. Fair price and he cleaned up after himself. Will use again.", SentimentPositive},
	{"Best sourdough in town", "The sourdough is crusty and tangy, the cinnamon buns are still warm at 8am, and the woman at the counter always remembers my order. Worth the queue on Saturdays.", SentimentPositive},
	{"Nervous patient, very well looked after", "I've avoided dentists for years. Dr. Patel was patient, explained every step before doing it and the filling didn't hurt at all. The receptionist even called the next day to check on me.", SentimentPositive},
	{"Saved our office network", "Our server went down on a Friday afternoon. They had someone remote in within twenty minutes and we were back up before close of business. Clear invoice, no surprises. Highly recommend for small offices.", SentimentPositive},
	{"Love my new colour", "Mia listened to exactly what I wanted and the balayage came out beautifully. Friendly atmosphere, free coffee, and she gave me tips for keeping the colour fresh.", SentimentPositive},
	{"", "Prompt, tidy and reasonably priced. Rewired two rooms and installed new lights without any mess. Would not hesitate to call them again.", SentimentPositive},
	{"Kind vets who care", "Our old cat was very poorly and the team were so gentle with her. They took the time to talk us through the options and never pushed the expensive ones.", SentimentPositive},
	{"Honest mechanics", "They told me the noise was just a loose heat shield and charged me fifteen minutes of labour instead of selling me a new exhaust. Hard to find that kind of honesty.", SentimentPositive},
	{"Spotless every time", "We've had the same two cleaners every fortnight for a year. Reliable, thorough and they even water the plants. Great value.", SentimentPositive},
	{"Back to running after six weeks", "After my knee injury I was worried I'd never run again. The physio built a plan that actually worked, checked my progress every session and I ran my first 10k last month. Can't thank them enough.", SentimentPositive},
	{"Our favourite weekend spot", "Excellent flat whites, generous portions and the staff are lovely with kids. It gets busy around 11 so come early.", SentimentPositive},
	{"Locked out at midnight", "Came out within 30 minutes on a freezing night, got me in without damaging the door and the price was exactly what he quoted on the phone. Lifesaver.", SentimentPositive},
	{"Tax return done painlessly", "Sent my paperwork in a shoebox, basically, and they sorted everything, found deductions I'd missed and filed on time. Very patient with my questions.", SentimentPositive},
	{"Beautiful wedding flowers", "The bouquets and table arrangements were stunning and arrived on time. Guests are still talking about them. Thank you!", SentimentPositive},
	{"Best gym I've been a member of", "Clean changing rooms, equipment is always working, and the trainers actually know what they're talking about. No pressure to buy extras.", SentimentPositive},
	{"Careful and quick", "Three guys moved a three-bedroom house in five hours. Nothing broken, nothing scratched, and they put the beds together in the new place. Would book again.", SentimentPositive},

	// Negative.
	{"Never showed up", "Booked a boiler service for Tuesday, took the morning off work, nobody came. No call, no text. When I rang they said the engineer was 'running behind' and offered next week. Not good enough.", SentimentNegative},
	{"Stale and overpriced", "Paid $6 for a croissant that tasted like it was from yesterday. The coffee was lukewarm too. Won't be back.", SentimentNegative},
	{"Waited two hours past my appointment", "Arrived on time for a 9:30 appointment and wasn't seen until 11:40. Nobody at the front desk could tell me why, and the doctor spent five minutes with me before rushing me out.", SentimentNegative},
	{"Made things worse", "Paid for a 'full clean-up' of my laptop. It came back slower than before, my email no longer syncs and they want another $90 to look at it again. Avoid.", SentimentNegative},
	{"Asked for a trim, got a bob", "I showed a photo and said an inch off. She cut off four inches and then argued with me that it's what I asked for. Really upset, will be going elsewhere.", SentimentNegative},
	{"Unsafe work", "Another electrician had to redo the socket they installed because it wasn't earthed properly. They haven't returned any of my calls since.", SentimentNegative},
	{"Felt like a sales pitch", "Went in for vaccinations and left with a $400 bill for tests nobody explained. When I questioned it the receptionist was dismissive. Shame, as the vet herself seemed nice.", SentimentNegative},
	{"Overcharged and still broken", "They replaced parts I didn't need, the bill was double the estimate and the warning light came back on the next day. Terrible.", SentimentNegative},
	{"Disappointing", "The cleaner rushed through in an hour, skipped the bathrooms entirely and left streaks on every window. For the price this was poor.", SentimentNegative},
	{"Rude receptionist", "Rude on the phone, rude at the desk. Had to reschedule twice because they double-booked. I'm looking for a new dentist.", SentimentNegative},
	{"Cold food, slow service", "Waited 45 minutes for two sandwiches, which came out cold. The staff seemed more interested in their phones. Not worth it.", SentimentNegative},
	{"Quoted $80, charged $260", "The price on the phone was $80. When he finished he said there was a 'night surcharge' and an 'extra lock fee'. Felt completely ripped off.", SentimentNegative},
	{"Broke our table", "They dropped our dining table coming down the stairs and it split along the leg. Six weeks later the claim still hasn't been answered. Would not use again.", SentimentNegative},
	{"Impossible to cancel", "Tried to cancel my membership for three months. Emails ignored, and the front desk says it can only be done by the manager, who is never there. Still being charged.", SentimentNegative},
	{"Missed the deadline", "They filed my return late even though I sent everything in February, and now I have a penalty to pay. No apology, just an invoice.", SentimentNegative},
	{"Not what I ordered", "Ordered a large bouquet of white roses for my mum's birthday. What arrived was small, half wilted and mostly carnations. Customer service didn't care.", SentimentNegative},

	// Neutral: facts, lukewarm verdicts, or both sides weighed.
	{"Good bread, slow queue", "The bread is good and the pastries are fine. Service is slow at weekends and they often run out of baguettes by noon.", SentimentNeutral},
	{"", "Got an appointment for the same week. The doctor was fine, nothing special. Parking is limited so allow extra time.", SentimentNeutral},
	{"Did the job", "Replaced the bathroom tap as agreed. Turned up a bit late and the price was about what others quoted. No complaints, no wow either.", SentimentNeutral},
	{"Okay for simple stuff", "They set up our printers and email accounts without fuss. Anything more complicated took several visits. Average pricing.", SentimentNeutral},
	{"Decent haircut", "The cut was decent and the stylist was chatty. A bit pricey for a simple trim, and I had to wait 15 minutes past my booking.", SentimentNeutral},
	{"Nice spot, average coffee", "Lovely terrace in summer. The coffee is average and the cakes are hit or miss. Staff are friendly but it is often hard to get a table.", SentimentNeutral},
	{"MOT done", "Car passed its MOT. Dropped it off at 8 and collected it at 4. They recommended new brake pads, which I'll get elsewhere to compare prices.", SentimentNeutral},
	{"Fine for routine visits", "We go for vaccinations and check-ups. Appointments usually run on time. For anything serious we've been referred to the animal hospital across town.", SentimentNeutral},
	{"Mixed experience", "The hygienist was gentle and thorough, but the dentist seemed rushed and the bill was higher than I expected.", SentimentNeutral},
	{"", "Came to install an EV charger. Job took two days instead of one because a part was missing. The charger works fine now.", SentimentNeutral},
	{"Good most weeks", "Most weeks the flat is clean when I get home. Occasionally things get missed, like the oven or under the bed. Prices are standard for the area.", SentimentNeutral},
	{"Gets crowded", "Good range of equipment and the classes are well run, but between 5 and 7pm it is packed and you wait for every machine.", SentimentNeutral},
	{"Does the job", "Returns filed on time every year. Communication is slow, emails take a few days to get an answer, but the work itself is accurate.", SentimentNeutral},
	{"Okay", "Flowers were fresh but smaller than the website photos. Delivery was on time.", SentimentNeutral},
	{"Average", "Arrived an hour late, but worked fast once they started. One box of kitchenware went missing and turned up a week later.", SentimentNeutral},
	{"Hard to say yet", "Two sessions in. The physio gave me exercises to do at home and booked me for another four weeks. Too early to tell if it is helping.", SentimentNeutral},
}

// heldOutReviews were written after the lexicon was tuned on
// labelledReviews. They scored 62.5%; then the general words their misses
// showed lacking were added ("botched", "on hold", "used to love"), so they
// are no longer unseen.
var heldOutReviews = []labelledReview{
	{"Great with anxious dogs", "Our rescue dog hates being handled but the groomer took it slowly and he came home calm and fluffy. Will definitely book again.", SentimentPositive},
	{"", "Sorted out my Wi-Fi dead spots in one visit. Explained the options without jargon and didn't try to upsell me on a new router.", SentimentPositive},
	{"Friendly family practice", "Dr. Nguyen always makes time for questions and the nurses are wonderful with my kids. Easy online booking too.", SentimentPositive},
	{"Worth every cent", "Had our bathroom regrouted and resealed. Looks brand new, they were finished in a day and left the place cleaner than they found it.", SentimentPositive},
	{"Incredible birthday cake", "Ordered a unicorn cake for my daughter's sixth birthday and it was even better than the sketch. Moist sponge, not too sweet. The kids devoured it.", SentimentPositive},
	{"Quick turnaround on my phone screen", "Dropped it off at lunch, picked it up an hour later with a new screen. Price matched the website. Staff were courteous.", SentimentPositive},
	{"So glad I found them", "After two other garages couldn't find the fault, these guys diagnosed the electrical problem in an afternoon. Fair and transparent about costs.", SentimentPositive},
	{"Top class barber", "Sharp fade, hot towel shave, good chat. Been going every three weeks for two years and never had a bad cut.", SentimentPositive},

	{"Hours on hold", "Spent over an hour on hold trying to book a repair, then the appointment window they gave me came and went. Still no technician.", SentimentNegative},
	{"Not impressed", "Food took forever, my order was wrong and when I mentioned it the waiter just shrugged.", SentimentNegative},
	{"Botched paint job", "Drips on the skirting boards, paint on the carpet, and they missed whole patches behind the radiators. Had to pay someone else to fix it.", SentimentNegative},
	{"", "Receptionist was on her phone the whole time and the doctor didn't even examine me properly before writing a prescription. Feels like a conveyor belt.", SentimentNegative},
	{"Charged for work not done", "The invoice listed a new filter and a full service. When I checked, the old filter was still there. They stopped answering my emails.", SentimentNegative},
	{"Went downhill", "Used to love this place but the new owners cut the portions and raised the prices. The croissants are now dry and flavourless.", SentimentNegative},
	{"Do not use", "Left a deposit for a kitchen fitting in March. It is now July, no kitchen, no refund, and the owner blocks my number.", SentimentNegative},
	{"Very unprofessional", "Turned up three hours late, smoked in our garden and left the old boiler on the driveway for a week.", SentimentNegative},

	{"", "Standard oil change. In and out in about forty minutes. Waiting area has coffee and wifi.", SentimentNeutral},
	{"Fine, a bit expensive", "The massage was relaxing enough but the room was cold and at $95 for an hour it is on the expensive side.", SentimentNeutral},
	{"Depends who you get", "Some of the stylists are excellent, others rush. Book with Jen if you can.", SentimentNeutral},
	{"", "They repaired the fence panel that blew down. Took a week to get a date. The repair itself looks solid.", SentimentNeutral},
	{"Good food, poor service", "The curry was tasty and the naan fresh, but we waited ages for drinks and had to ask twice for the bill.", SentimentNeutral},
	{"Reasonable", "Does what it says. Prices are in line with other locksmiths. Arrived within the hour they promised.", SentimentNeutral},
	{"", "First visit for a cleaning. The hygienist was thorough. They are not taking new patients for the dentist until next year.", SentimentNeutral},
	{"It's alright", "Plenty of machines, but the showers are often cold and the music is very loud. Membership price is about average for the area.", SentimentNeutral},
}

// freshReviews were written last, and never tuned to: the best estimate
// of how Sentiment does on reviews it has not seen.
var freshReviews = []labelledReview{
	{"Above and beyond", "The pharmacist noticed a clash between two of my prescriptions and called my GP to sort it out before I even left the counter.", SentimentPositive},
	{"", "Booked a deep clean before we moved out and got our full deposit back. The landlord said the oven had never looked better.", SentimentPositive},
	{"Lovely little bakery", "Their almond croissants are the best I've had outside Paris. Always a smile from the staff, even at 7am.", SentimentPositive},
	{"Reliable IT partner", "We've used them for three years for our practice's computers. Problems get picked up the same day and they explain things in plain English.", SentimentPositive},
	{"Fantastic physio", "Sorted my shoulder in four sessions after months of pain. Clear exercises and she checked in by email between appointments.", SentimentPositive},
	{"", "Called at 7pm with no heating and a newborn at home. The engineer came that evening and had the boiler going within the hour. Can't fault them.", SentimentPositive},
	{"Happy with my new glasses", "The optician took her time finding frames that suited me and adjusted them twice for free. Very pleased.", SentimentPositive},
	{"Would recommend", "Tidy, polite lads who laid our patio in three days as promised. Good price too.", SentimentPositive},

	{"Avoid this garage", "They kept my car for nine days for a two-day job and never once called with an update. When I finally got it back the radio didn't work.", SentimentNegative},
	{"Worst customer service", "The manager hung up on me twice when I called about a double charge. Still waiting for the money.", SentimentNegative},
	{"", "The salon double-booked my slot, made me wait 40 minutes and then rushed the cut. Uneven at the back and I had to get it fixed elsewhere.", SentimentNegative},
	{"Dirty waiting room", "Bins overflowing, stains on the chairs and the toilet was out of order. Not what you expect from a clinic.", SentimentNegative},
	{"Cake collapsed", "Paid for a three-tier cake and it was leaning badly by the time we got it to the venue. The bakery said it was our fault for driving.", SentimentNegative},
	{"Never again", "Two missed appointments and a bill for a callout they never made.", SentimentNegative},
	{"Unhelpful support", "Raised a ticket about our email being down. Three days later the only reply was a link to a FAQ that didn't apply.", SentimentNegative},
	{"Rip-off", "Charged me $150 to change a washer. Ten minutes' work.", SentimentNegative},

	{"", "Had my annual check-up. Blood test results came back in a week. Nothing more to say really.", SentimentNeutral},
	{"Okay but pricey", "The food is fine, portions are small for the price. Service was polite.", SentimentNeutral},
	{"Average gym", "Clean enough, decent weights area, but the classes are always full and the app keeps crashing.", SentimentNeutral},
	{"", "Used them to move a piano. They turned up on time and moved it, though one of the legs got a small scratch.", SentimentNeutral},
	{"Mixed", "The first visit was great, the second one the groomer was in a rush and missed the tangles behind the ears.", SentimentNeutral},
	{"", "Picked up a birthday cake I ordered online. It matched the order form. I have no strong feelings either way.", SentimentNeutral},
	{"Some good, some bad", "Front desk is friendly but the wait times are long. The doctor was thorough when I finally saw her.", SentimentNeutral},
	{"", "They service our office printers quarterly. Visits are booked by email and the technician fills out a checklist.", SentimentNeutral},
}

// TestSentimentAccuracy measures Sentiment on the three sets of labelled
// reviews and logs each set's figure (go test -v): the fresh set's is the
// fair estimate on reviews it has not seen, the others were tuned on.
func TestSentimentAccuracy(t *testing.T) {
	sets := []struct {
		name    string
		reviews []labelledReview
	}{
		{"labelled", labelledReviews},
		{"held out", heldOutReviews},
		{"fresh", freshReviews},
	}
	right, all := 0, 0
	count := map[string]int{}
	for _, set := range sets {
		n := 0
		for _, r := range set.reviews {
			count[r.want]++
			got := Sentiment(r.title, r.body)
			if got == r.want {
				n++
				continue
			}
			t.Logf("%s, miss: %q / %q: got %s (%s), labelled %s", set.name, r.title, r.body, got, scoreOf(r.title, r.body), r.want)
		}
		t.Logf("%s: %d of %d right (%.1f%%)", set.name, n, len(set.reviews), percentOf(n, len(set.reviews)))
		right, all = right+n, all+len(set.reviews)
	}
	t.Logf("accuracy: %d of %d reviews (%.1f%%)", right, all, percentOf(right, all))
	if len(labelledReviews) < 40 || count[SentimentPositive] != count[SentimentNegative] || count[SentimentNegative] != count[SentimentNeutral] {
		t.Fatalf("the sets hold %v: want at least 40 reviews in the first, as many of each label", count)
	}
	if p := percentOf(right, all); p < 85 {
		t.Errorf("accuracy %.1f%%, want at least 85%%", p)
	}
}

func percentOf(n, of int) float64 { return 100 * float64(n) / float64(of) }

func TestSentimentNegation(t *testing.T) {
	tests := []struct {
		title, body, want string
	}{
		{"", "The food was good.", SentimentPositive},
		{"", "The food was not good.", SentimentNegative},
		{"", "The staff weren't helpful.", SentimentNegative},
		{"", "Wasn't helpful at all.", SentimentNegative},
		{"", "Never disappointed.", SentimentPositive},
		{"", "No complaints.", SentimentPositive},
		{"", "No problems, no hassle.", SentimentPositive},
		{"", "I would not recommend them.", SentimentNegative},
		{"", "I can't recommend them enough.", SentimentPositive},
		{"", "Couldn't be happier with the result.", SentimentPositive},
		{"", "They could not have been more helpful.", SentimentPositive},
		{"", "I have never had a better haircut.", SentimentPositive},
		{"", "Won't be back.", SentimentNegative},
		{"", "They never showed up and never called back.", SentimentNegative},
		{"", "They didn't fix the problem.", SentimentNegative},
		{"", "Don't hesitate, call them.", SentimentPositive},
		{"", "Nothing was too much trouble.", SentimentPositive},
		{"", "Without a doubt the best plumber in town.", SentimentPositive},
		{"", "Not the cheapest, but worth every penny.", SentimentPositive},
		{"", "Not worth the money.", SentimentNegative},
		// The negation reaches the next opinion word only, in its clause.
		{"", "Not cheap, the team was brilliant.", SentimentPositive},
	}
	for _, tt := range tests {
		if got := Sentiment(tt.title, tt.body); got != tt.want {
			t.Errorf("Sentiment(%q, %q) = %s (%s), want %s", tt.title, tt.body, got, scoreOf(tt.title, tt.body), tt.want)
		}
	}
}

func TestSentimentWeighing(t *testing.T) {
	tests := []struct {
		name, title, body, want string
	}{
		{"after but weighs more: complaint", "", "The staff were friendly but the wait was awful.", SentimentNegative},
		{"after but weighs more: praise", "", "The wait was long but the staff were lovely and the result was great.", SentimentPositive},
		{"title alone", "Avoid", "", SentimentNegative},
		{"title sums up a factual body", "Excellent", "Booked on Monday, done on Wednesday.", SentimentPositive},
		{"facts only", "", "Booked on Monday, the engineer came on Wednesday and replaced the valve.", SentimentNeutral},
		{"empty", "", "", SentimentNeutral},
		{"too with a pleasant word", "", "The cake was too sweet.", SentimentNegative},
		{"curly apostrophes", "", "Wouldn’t recommend.", SentimentNegative},
		{"intensified", "", "Extremely rude.", SentimentNegative},
	}
	for _, tt := range tests {
		if got := Sentiment(tt.title, tt.body); got != tt.want {
			t.Errorf("%s: Sentiment(%q, %q) = %s, want %s", tt.name, tt.title, tt.body, got, tt.want)
		}
	}

	// Intensifiers scale, softeners shrink, a negation turns praise into a
	// complaint weaker than the praise.
	stronger := []struct{ strong, weak string }{
		{"very good", "good"},
		{"extremely good", "very good"},
		{"good", "a bit good"},
		{"good", "not good"},
	}
	for _, s := range stronger {
		if a, b := scoreText(s.strong).score, scoreText(s.weak).score; a <= b {
			t.Errorf("score(%q) = %.2f, want more than score(%q) = %.2f", s.strong, a, s.weak, b)
		}
	}
	if a, b := scoreText("very rude").score, scoreText("rude").score; a >= b {
		t.Errorf("score(very rude) = %.2f, want less than score(rude) = %.2f", a, b)
	}
}

func TestAnalyserClassifySentiment(t *testing.T) {
	var c SentimentClassifier = Analyser{}
	got, err := c.ClassifySentiment(context.Background(), "Rude receptionist", "Rude on the phone, rude at the desk.")
	if err != nil || got != SentimentNegative {
		t.Errorf("ClassifySentiment = %q, %v; want negative", got, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := c.ClassifySentiment(ctx, "", "Great"); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled ctx: err = %v, want context.Canceled", err)
	}
}

// scoreOf shows how Sentiment weighed a review, for failure messages.
func scoreOf(title, body string) string {
	o := reviewOpinion(title, body)
	return fmt.Sprintf("score %.2f, praise %.2f, complaint %.2f, lukewarm %.1f", o.score, o.praise, o.complaint, o.lukewarm)
}

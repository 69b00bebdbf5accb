package opening

// Spec is one schema.org OpeningHoursSpecification: the days that share
// the same hours.
type Spec struct {
	Type      string   `json:"@type"`
	DayOfWeek []string `json:"dayOfWeek"`
	Opens     string   `json:"opens"`
	Closes    string   `json:"closes"`
}

// weekdays are the days of a week, Monday first, as schema.org names them.
var weekdays = [7]string{"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"}

// Specification is w as schema.org's openingHoursSpecification: each set
// of days with the same hours once, in the order of their first day;
// closed days left out; nil when no day is open.
func Specification(w []Day) []Spec {
	if len(w) != 7 {
		return nil
	}
	var out []Spec
	for i, d := range w {
		from, ok1 := clock(d.Open)
		to, ok2 := clock(d.Close)
		if d.Closed || !ok1 || !ok2 || to <= from {
			continue // closed, or hours the server would not have taken
		}
		day := "https://schema.org/" + weekdays[i]
		found := false
		for j := range out {
			if out[j].Opens == d.Open && out[j].Closes == d.Close {
				out[j].DayOfWeek = append(out[j].DayOfWeek, day)
				found = true
				break
			}
		}
		if !found {
			out = append(out, Spec{Type: "OpeningHoursSpecification", DayOfWeek: []string{day}, Opens: d.Open, Closes: d.Close})
		}
	}
	return out
}

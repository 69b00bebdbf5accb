package views

// ListingForm is a listing as the wizard and the edit page show it: every
// field as typed, so a failed submission loses nothing.
type ListingForm struct {
	ID           int64 // 0 when creating
	Slug         string
	Name         string
	Tagline      string
	Description  string
	Category     string
	SubCategory  string
	Tags         string // comma-separated
	BusinessType string
	Email        string
	Phone        string
	Website      string
	Address      string
	City         string
	State        string
	ZipCode      string
	Hours        [7]DayForm
	Services     string // one per line
	ShowEmail    bool
	ShowPhone    bool
	ShowAddress  bool
	ShowPricing  bool
	ShowHours    bool
	Published    bool
	Suspended    bool // unpublished by an administrator: only they can publish it again
	Errors       FieldErrors
}

// DayForm is one weekday of the hours.
type DayForm struct {
	Day    string `json:"day"`
	Open   string `json:"open"`
	Close  string `json:"close"`
	Closed bool   `json:"closed"`
}

// WizardSteps names the wizard's four steps and the fields each checks.
var WizardSteps = []struct {
	Title  string   `json:"title"`
	Fields []string `json:"fields"`
}{
	{"Basic Info", []string{"name", "tagline", "description", "category", "sub_category", "tags", "business_type"}},
	{"Contact", []string{"email", "phone", "website", "address", "city", "state", "zip_code"}},
	{"Hours", []string{"hours"}},
	{"Review", []string{"services", "visibility"}},
}

// StepOf is the wizard step (0-3) that shows field.
func StepOf(field string) int {
	for i, s := range WizardSteps {
		for _, f := range s.Fields {
			if f == field || (f == "hours" && len(field) > 6 && field[:6] == "hours_") {
				return i
			}
		}
	}
	return 0
}

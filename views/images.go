package views

// Image is a stored picture as a page shows it: Src is the variant that
// fits, Srcset every variant ("url 480w, …") with Sizes saying how wide it
// shows, and Width and Height the Src's size, so the browser keeps the
// image's place before it loads. The zero Image is no image.
type Image struct {
	Src    string `json:"src"`
	Srcset string `json:"srcset,omitempty"`
	Sizes  string `json:"sizes,omitempty"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
	Alt    string `json:"alt"`
}

// IsZero reports whether there is no image.
func (i Image) IsZero() bool { return i.Src == "" }

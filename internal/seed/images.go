package seed

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"image/png"
	"math"
	"runtime"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"bizprofile/domain"
	"bizprofile/images"
	"bizprofile/plans"
	"bizprofile/storage"
	"bizprofile/store"
)

// The sample listings' logos and photos: drawn here, at seed time (no
// image is downloaded or kept in the repository), then checked and kept
// as an owner's upload is (images.CheckBytes, domain.KeepImage). Each
// photo is a simple illustration, and its alt text says so. The drawings
// are deterministic, so their content hashes, and so their files, are the
// same at every seed.

// sampleArt is what one sample listing shows: its logo's initials and
// colour, and its photos (at most the Starter plan's number, as a listing
// nobody pays for).
type sampleArt struct {
	Slug     string
	Initials string
	Colour   color.RGBA
	Photos   []samplePhoto
}

// samplePhoto is an illustration and its alt text.
type samplePhoto struct {
	Alt  string
	Draw func(c *canvas)
}

// Photo and logo sizes: small enough that seeding takes about a second,
// large enough for every variant a page asks for.
const (
	samplePhotoW, samplePhotoH = 1200, 800
	sampleLogoSize             = 400
)

var sampleArts = []sampleArt{
	{Slug: "harbor-street-bakery", Initials: "HS", Colour: rgb(0x8a, 0x4b, 0x1f), Photos: []samplePhoto{
		{"Illustration of the bakery's storefront with a striped awning", drawStorefront(rgb(0xc0, 0x39, 0x2b), rgb(0xf6, 0xe7, 0xd0))},
		{"Illustration of three loaves of bread on a wooden counter", drawLoaves},
		{"Illustration of a cup of coffee on a saucer", drawCoffee},
	}},
	{Slug: "brightpath-it-solutions", Initials: "BP", Colour: rgb(0x1d, 0x4e, 0xd8), Photos: []samplePhoto{
		{"Illustration of a desk with a monitor and a laptop", drawDesk},
		{"Illustration of a server rack with green status lights", drawServerRack},
	}},
	{Slug: "greenleaf-family-clinic", Initials: "GF", Colour: rgb(0x15, 0x80, 0x3d), Photos: []samplePhoto{
		{"Illustration of the clinic's building with a green cross above the door", drawClinic},
		{"Illustration of a waiting room with chairs and a potted plant", drawWaitingRoom},
	}},
	{Slug: "summit-ridge-financial-advisors", Initials: "SR", Colour: rgb(0x1e, 0x3a, 0x5f), Photos: []samplePhoto{
		{"Illustration of mountain peaks at sunrise", drawMountains},
		{"Illustration of a bar chart whose bars rise from left to right", drawChart},
	}},
	{Slug: "clearview-legal-group", Initials: "CL", Colour: rgb(0x5b, 0x21, 0xb6), Photos: []samplePhoto{
		{"Illustration of a balance scale", drawScale},
		{"Illustration of bookshelves full of law books", drawBookshelves},
	}},
}

// sampleImages gives each sample listing that is still nobody's and
// has no image yet its logo and photos, kept in media. A listing that has
// images, or an owner, is left alone, so a second seed adds nothing. It
// returns how many images it added.
func sampleImages(ctx context.Context, db *store.Store, media storage.Store) (int, error) {
	var todo []sampleArt
	ids := map[string]int64{}
	for _, a := range sampleArts {
		b, err := db.BusinessBySlug(ctx, a.Slug)
		if errors.Is(err, store.ErrNotFound) {
			continue
		}
		if err != nil {
			return 0, err
		}
		imgs, err := db.ListingImages(ctx, b.ID)
		if err != nil {
			return 0, err
		}
		if b.OwnerID.Valid || len(imgs) > 0 {
			continue
		}
		todo = append(todo, a)
		ids[a.Slug] = b.ID
	}
	if len(todo) == 0 {
		return 0, nil
	}

	// Draw, check and keep every image, a few at once (resizing is the
	// slow part), then add the rows in order.
	type job struct {
		art   int // index in todo
		photo int // -1: the logo
	}
	var work []job
	for i, a := range todo {
		work = append(work, job{i, -1})
		for p := range a.Photos {
			work = append(work, job{i, p})
		}
	}
	kept := make([]store.Picture, len(work))
	errs := make([]error, len(work))
	var wg sync.WaitGroup
	slots := make(chan struct{}, max(1, runtime.NumCPU()))
	for n, j := range work {
		wg.Add(1)
		slots <- struct{}{}
		go func() {
			defer func() { <-slots; wg.Done() }()
			a := todo[j.art]
			var data []byte
			var err error
			if j.photo < 0 {
				data, err = sampleLogo(a.Initials, a.Colour)
			} else {
				data, err = samplePhotoJPEG(a.Photos[j.photo].Draw)
			}
			if err != nil {
				errs[n] = err
				return
			}
			u, err := images.CheckBytes(data)
			if err != nil {
				errs[n] = fmt.Errorf("sample image of %s: %w", a.Slug, err)
				return
			}
			kept[n], errs[n] = domain.KeepImage(ctx, media, u)
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return 0, err
	}
	added := 0
	for n, j := range work {
		a := todo[j.art]
		img := store.ListingImage{Kind: store.ImageLogo, Picture: kept[n]} // AccountID 0: nobody's
		if j.photo >= 0 {
			img.Kind, img.Alt = store.ImagePhoto, a.Photos[j.photo].Alt
		}
		if _, _, err := db.AddListingImage(ctx, ids[a.Slug], img, plans.Starter.Photos); err != nil {
			return added, fmt.Errorf("sample image of %s: %w", a.Slug, err)
		}
		added++
	}
	return added, nil
}

// sampleLogo is a PNG of initials in white on a disc of colour, with
// transparent corners.
func sampleLogo(initials string, c color.RGBA) ([]byte, error) {
	const size = sampleLogoSize
	m := image.NewRGBA(image.Rect(0, 0, size, size))
	r := float64(size) / 2
	for y := range size {
		for x := range size {
			dx, dy := float64(x)+0.5-r, float64(y)+0.5-r
			// A soft edge, one pixel wide, so the disc is not jagged.
			if a := math.Min(1, math.Max(0, r-math.Hypot(dx, dy))); a > 0 {
				m.SetRGBA(x, y, color.RGBA{uint8(float64(c.R) * a), uint8(float64(c.G) * a), uint8(float64(c.B) * a), uint8(255 * a)})
			}
		}
	}
	f, err := logoFont()
	if err != nil {
		return nil, err
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: 168, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		return nil, err
	}
	defer face.Close()
	d := font.Drawer{Dst: m, Src: image.NewUniform(color.White), Face: face}
	width := d.MeasureString(initials)
	metrics := face.Metrics()
	// Centred: the cap height (ascent less a little) straddles the middle.
	baseline := (fixed.I(size) + metrics.Ascent - metrics.Descent) / 2
	d.Dot = fixed.Point26_6{X: (fixed.I(size) - width) / 2, Y: baseline}
	d.DrawString(initials)
	var buf bytes.Buffer
	if err := png.Encode(&buf, m); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// logoFont is Go Bold, parsed once.
var logoFont = sync.OnceValues(func() (*opentype.Font, error) { return opentype.Parse(gobold.TTF) })

// samplePhotoJPEG draws an illustration and encodes it as a JPEG.
func samplePhotoJPEG(paint func(c *canvas)) ([]byte, error) {
	c := &canvas{image.NewRGBA(image.Rect(0, 0, samplePhotoW, samplePhotoH))}
	paint(c)
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, c.m, &jpeg.Options{Quality: 90}); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func rgb(r, g, b uint8) color.RGBA { return color.RGBA{r, g, b, 255} }

// canvas draws the flat shapes the illustrations are made of.
type canvas struct{ m *image.RGBA }

func (c *canvas) rect(x0, y0, x1, y1 int, col color.RGBA) {
	draw.Draw(c.m, image.Rect(x0, y0, x1, y1), image.NewUniform(col), image.Point{}, draw.Src)
}

// gradient fills rows y0 to y1 from colour top to colour bottom.
func (c *canvas) gradient(y0, y1 int, top, bottom color.RGBA) {
	for y := y0; y < y1; y++ {
		t := float64(y-y0) / float64(max(1, y1-y0-1))
		mix := func(a, b uint8) uint8 { return uint8(float64(a) + (float64(b)-float64(a))*t) }
		c.rect(0, y, samplePhotoW, y+1, rgb(mix(top.R, bottom.R), mix(top.G, bottom.G), mix(top.B, bottom.B)))
	}
}

// ellipse fills the ellipse centred on (cx, cy) with radii rx and ry.
func (c *canvas) ellipse(cx, cy, rx, ry int, col color.RGBA) {
	for y := cy - ry; y <= cy+ry; y++ {
		dy := float64(y-cy) / float64(ry)
		if dy*dy > 1 {
			continue
		}
		half := int(float64(rx) * math.Sqrt(1-dy*dy))
		c.rect(cx-half, y, cx+half+1, y+1, col)
	}
}

// triangle fills the triangle with its apex at (ax, ay) and its base from
// (x0, by) to (x1, by).
func (c *canvas) triangle(ax, ay, x0, x1, by int, col color.RGBA) {
	for y := ay; y <= by; y++ {
		t := float64(y-ay) / float64(max(1, by-ay))
		l := int(float64(ax) + (float64(x0)-float64(ax))*t)
		r := int(float64(ax) + (float64(x1)-float64(ax))*t)
		c.rect(l, y, r+1, y+1, col)
	}
}

func drawStorefront(awning, wall color.RGBA) func(c *canvas) {
	return func(c *canvas) {
		c.gradient(0, 800, rgb(0xbf, 0xdb, 0xfe), rgb(0xe0, 0xf2, 0xfe))
		c.rect(0, 700, 1200, 800, rgb(0x9c, 0xa3, 0xaf)) // pavement
		c.rect(200, 180, 1000, 700, wall)
		for i := range 10 { // the awning's stripes
			col := awning
			if i%2 == 1 {
				col = rgb(0xff, 0xff, 0xff)
			}
			c.rect(180+i*84, 260, 180+(i+1)*84, 340, col)
		}
		c.rect(260, 400, 620, 640, rgb(0x7d, 0xd3, 0xfc)) // window
		c.rect(260, 515, 620, 525, wall)
		c.rect(700, 400, 900, 700, rgb(0x78, 0x35, 0x0f)) // door
		c.ellipse(870, 560, 10, 10, rgb(0xfb, 0xbf, 0x24))
		c.rect(200, 180, 1000, 230, rgb(0x78, 0x35, 0x0f)) // sign board
	}
}

func drawLoaves(c *canvas) {
	c.gradient(0, 520, rgb(0xfe, 0xf3, 0xc7), rgb(0xfd, 0xe6, 0x8a))
	c.rect(0, 520, 1200, 800, rgb(0xa1, 0x62, 0x07)) // counter
	c.rect(0, 520, 1200, 540, rgb(0x78, 0x35, 0x0f))
	for i, x := range []int{300, 600, 900} {
		c.ellipse(x, 470, 150, 80+i*5, rgb(0xb4, 0x53, 0x09))
		c.ellipse(x, 450, 130, 55, rgb(0xd9, 0x77, 0x06))
		for k := -1; k <= 1; k++ { // scores on the crust
			c.rect(x+k*50-6, 420, x+k*50+6, 470, rgb(0xfd, 0xe6, 0x8a))
		}
	}
}

func drawCoffee(c *canvas) {
	c.gradient(0, 800, rgb(0xf5, 0xf5, 0xf4), rgb(0xd6, 0xd3, 0xd1))
	c.ellipse(600, 560, 330, 90, rgb(0xff, 0xff, 0xff)) // saucer
	c.ellipse(600, 560, 250, 60, rgb(0xe7, 0xe5, 0xe4))
	c.rect(430, 300, 770, 540, rgb(0xff, 0xff, 0xff)) // cup
	c.ellipse(600, 540, 170, 40, rgb(0xff, 0xff, 0xff))
	c.ellipse(600, 300, 170, 40, rgb(0x78, 0x35, 0x0f)) // coffee
	c.ellipse(820, 410, 70, 80, rgb(0xff, 0xff, 0xff))  // handle
	c.ellipse(820, 410, 40, 50, rgb(0xe7, 0xe5, 0xe4))
}

func drawDesk(c *canvas) {
	c.gradient(0, 560, rgb(0xe0, 0xe7, 0xff), rgb(0xc7, 0xd2, 0xfe))
	c.rect(0, 560, 1200, 800, rgb(0x92, 0x40, 0x0e))  // desk
	c.rect(330, 170, 870, 500, rgb(0x1f, 0x29, 0x37)) // monitor
	c.rect(350, 190, 850, 480, rgb(0x3b, 0x82, 0xf6))
	c.rect(570, 500, 630, 560, rgb(0x37, 0x41, 0x51))
	c.rect(480, 550, 720, 570, rgb(0x37, 0x41, 0x51))
	c.rect(880, 600, 1130, 700, rgb(0x9c, 0xa3, 0xaf)) // laptop
	c.rect(900, 610, 1110, 690, rgb(0x60, 0xa5, 0xfa))
	for i := range 4 { // lines of text on the screen
		c.rect(400, 240+i*50, 400+300-i*40, 262+i*50, rgb(0xdb, 0xea, 0xfe))
	}
}

func drawServerRack(c *canvas) {
	c.gradient(0, 800, rgb(0x11, 0x18, 0x27), rgb(0x1f, 0x29, 0x37))
	c.rect(400, 80, 800, 760, rgb(0x37, 0x41, 0x51))
	for i := range 8 {
		y := 110 + i*80
		c.rect(430, y, 770, y+60, rgb(0x11, 0x18, 0x27))
		c.ellipse(720, y+30, 10, 10, rgb(0x22, 0xc5, 0x5e))
		c.ellipse(690, y+30, 10, 10, rgb(0x22, 0xc5, 0x5e))
		c.rect(460, y+24, 620, y+36, rgb(0x4b, 0x55, 0x63))
	}
}

func drawClinic(c *canvas) {
	c.gradient(0, 700, rgb(0xcf, 0xfa, 0xfe), rgb(0xec, 0xfe, 0xff))
	c.rect(0, 680, 1200, 800, rgb(0x86, 0xef, 0xac)) // lawn
	c.rect(240, 260, 960, 700, rgb(0xff, 0xff, 0xff))
	c.triangle(600, 120, 200, 1000, 260, rgb(0x15, 0x80, 0x3d)) // roof
	c.rect(550, 155, 650, 255, rgb(0xff, 0xff, 0xff))           // the cross
	c.rect(585, 165, 615, 245, rgb(0x16, 0xa3, 0x4a))
	c.rect(560, 190, 640, 220, rgb(0x16, 0xa3, 0x4a))
	c.rect(520, 500, 680, 700, rgb(0x0e, 0x74, 0x90)) // door
	for _, x := range []int{300, 780} {
		c.rect(x, 340, x+120, 460, rgb(0xa5, 0xf3, 0xfc))
	}
}

func drawWaitingRoom(c *canvas) {
	c.gradient(0, 600, rgb(0xf0, 0xfd, 0xf4), rgb(0xdc, 0xfc, 0xe7))
	c.rect(0, 600, 1200, 800, rgb(0xd6, 0xd3, 0xd1)) // floor
	for i := range 4 {
		x := 150 + i*200
		c.rect(x, 420, x+150, 540, rgb(0x0d, 0x94, 0x88)) // backrest
		c.rect(x, 530, x+150, 580, rgb(0x0f, 0x76, 0x6e)) // seat
		c.rect(x+10, 580, x+25, 650, rgb(0x37, 0x41, 0x51))
		c.rect(x+125, 580, x+140, 650, rgb(0x37, 0x41, 0x51))
	}
	c.rect(990, 560, 1090, 660, rgb(0xb4, 0x53, 0x09)) // pot
	c.ellipse(1040, 470, 90, 110, rgb(0x16, 0xa3, 0x4a))
	c.ellipse(1000, 430, 50, 70, rgb(0x22, 0xc5, 0x5e))
	c.rect(300, 120, 700, 320, rgb(0xff, 0xff, 0xff)) // a noticeboard
	c.rect(320, 140, 680, 300, rgb(0xbb, 0xf7, 0xd0))
}

func drawMountains(c *canvas) {
	c.gradient(0, 800, rgb(0xfd, 0xba, 0x74), rgb(0xfe, 0xf3, 0xc7))
	c.ellipse(600, 520, 110, 110, rgb(0xfb, 0xbf, 0x24)) // the sun
	c.triangle(350, 220, -150, 850, 800, rgb(0x1e, 0x3a, 0x5f))
	c.triangle(850, 300, 400, 1350, 800, rgb(0x33, 0x4e, 0x7a))
	c.triangle(350, 220, 290, 410, 300, rgb(0xf8, 0xfa, 0xfc)) // snow
	c.triangle(850, 300, 800, 900, 370, rgb(0xf8, 0xfa, 0xfc))
}

func drawChart(c *canvas) {
	c.rect(0, 0, 1200, 800, rgb(0xf8, 0xfa, 0xfc))
	c.rect(150, 100, 160, 700, rgb(0x33, 0x41, 0x55)) // axes
	c.rect(150, 690, 1080, 700, rgb(0x33, 0x41, 0x55))
	for i, h := range []int{140, 210, 260, 350, 430, 540} {
		x := 210 + i*145
		c.rect(x, 690-h, x+100, 690, rgb(0x1e, 0x3a, 0x5f))
		c.rect(x, 690-h, x+100, 690-h+16, rgb(0x22, 0xc5, 0x5e))
	}
	for y := 190; y < 690; y += 100 { // grid lines
		c.rect(160, y, 1080, y+2, rgb(0xe2, 0xe8, 0xf0))
	}
}

func drawScale(c *canvas) {
	c.gradient(0, 800, rgb(0xed, 0xe9, 0xfe), rgb(0xdd, 0xd6, 0xfe))
	gold := rgb(0xb4, 0x83, 0x1f)
	c.rect(590, 180, 610, 660, gold)    // the post
	c.rect(480, 650, 720, 690, gold)    // the base
	c.rect(300, 200, 900, 215, gold)    // the beam
	c.ellipse(600, 190, 25, 25, gold)   // the pivot
	for _, x := range []int{330, 870} { // the pans, on their cords
		c.triangle(x, 215, x-110, x+110, 430, rgb(0xc4, 0xb5, 0xfd))
		c.ellipse(x, 440, 130, 30, gold)
	}
}

func drawBookshelves(c *canvas) {
	c.rect(0, 0, 1200, 800, rgb(0x45, 0x1a, 0x03))
	spines := []color.RGBA{rgb(0x7f, 0x1d, 0x1d), rgb(0x1e, 0x3a, 0x8a), rgb(0x14, 0x53, 0x2d), rgb(0x78, 0x35, 0x0f), rgb(0x4c, 0x1d, 0x95), rgb(0x0f, 0x17, 0x2a)}
	for shelf := range 3 {
		top := 60 + shelf*240
		c.rect(40, top+200, 1160, top+220, rgb(0x78, 0x35, 0x0f)) // the board
		x := 60
		for i := 0; x < 1130; i++ {
			w := 34 + (i*17)%28
			h := 150 + (i*29)%45
			col := spines[(i+shelf*2)%len(spines)]
			c.rect(x, top+200-h, x+w, top+200, col)
			c.rect(x, top+200-h+20, x+w, top+200-h+28, rgb(0xd9, 0xb3, 0x4a)) // a gilt band
			x += w + 4
		}
	}
}

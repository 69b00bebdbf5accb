package qrcode_test

import (
	"encoding/xml"
	"image"
	"image/color"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/makiuchi-d/gozxing"
	zxqr "github.com/makiuchi-d/gozxing/qrcode"

	"bizprofile/qrcode"
)

// drawing is what the tests read of an SVG.
type drawing struct {
	XMLName xml.Name `xml:"svg"`
	ViewBox string   `xml:"viewBox,attr"`
	Role    string   `xml:"role,attr"`
	Title   string   `xml:"title"`
	Paths   []struct {
		D    string `xml:"d,attr"`
		Fill string `xml:"fill,attr"`
	} `xml:"path"`
}

// parse reads an SVG as XML and its path as the grid of dark modules.
func parse(t *testing.T, svg []byte) (drawing, [][]bool) {
	t.Helper()
	var d drawing
	if err := xml.Unmarshal(svg, &d); err != nil {
		t.Fatalf("not XML: %v\n%s", err, svg)
	}
	if len(d.Paths) != 1 || d.Paths[0].D == "" {
		t.Fatalf("want one non-empty path, got %+v", d.Paths)
	}
	f := strings.Fields(d.ViewBox)
	if len(f) != 4 || f[0] != "0" || f[1] != "0" || f[2] != f[3] {
		t.Fatalf("viewBox %q is not a square from the origin", d.ViewBox)
	}
	side, _ := strconv.Atoi(f[2])
	grid := make([][]bool, side)
	for i := range grid {
		grid[i] = make([]bool, side)
	}
	rect := regexp.MustCompile(`^M(\d+) (\d+)h(\d+)v1h-(\d+)z`)
	rest := d.Paths[0].D
	for rest != "" {
		m := rect.FindStringSubmatch(rest)
		if m == nil || m[3] != m[4] {
			t.Fatalf("unexpected path data at %q", rest[:min(len(rest), 30)])
		}
		x, _ := strconv.Atoi(m[1])
		y, _ := strconv.Atoi(m[2])
		n, _ := strconv.Atoi(m[3])
		for i := range n {
			grid[y][x+i] = true
		}
		rest = rest[len(m[0]):]
	}
	return d, grid
}

// scan reads the grid as a phone would: drawn at 4 pixels a module, then
// decoded by ZXing's QR reader.
func scan(t *testing.T, grid [][]bool) string {
	t.Helper()
	const scale = 4
	img := image.NewGray(image.Rect(0, 0, len(grid)*scale, len(grid)*scale))
	for y := range img.Bounds().Dy() {
		for x := range img.Bounds().Dx() {
			c := color.Gray{Y: 255}
			if grid[y/scale][x/scale] {
				c.Y = 0
			}
			img.SetGray(x, y, c)
		}
	}
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		t.Fatal(err)
	}
	res, err := zxqr.NewQRCodeReader().Decode(bmp, map[gozxing.DecodeHintType]any{gozxing.DecodeHintType_PURE_BARCODE: true})
	if err != nil {
		t.Fatalf("the code does not scan: %v", err)
	}
	return res.GetText()
}

func TestSVGScansAsTheText(t *testing.T) {
	for _, text := range []string{
		"https://bizprofile.test/directory/harbor-street-bakery/review",
		"https://bizprofile.example.com/directory/a-much-longer-listing-name-with-a-suffix-123/review",
	} {
		svg, err := qrcode.SVG(text, "QR code: review Harbor Street Bakery")
		if err != nil {
			t.Fatal(err)
		}
		d, grid := parse(t, svg)
		if d.Role != "img" || d.Title != "QR code: review Harbor Street Bakery" || d.Paths[0].Fill != "#000" {
			t.Errorf("role %q, title %q, fill %q", d.Role, d.Title, d.Paths[0].Fill)
		}
		side := len(grid)
		for i := range side {
			for q := range qrcode.QuietZone {
				if grid[q][i] || grid[side-1-q][i] || grid[i][q] || grid[i][side-1-q] {
					t.Fatalf("a dark module in the quiet zone near (%d, %d)", i, q)
				}
			}
		}
		if got := scan(t, grid); got != text {
			t.Errorf("scans as %q, want %q", got, text)
		}
	}
}

func TestSVGEscapesItsTitle(t *testing.T) {
	svg, err := qrcode.SVG("https://b.test/x", `Review "A&B" <Bakery>`)
	if err != nil {
		t.Fatal(err)
	}
	d, _ := parse(t, svg)
	if d.Title != `Review "A&B" <Bakery>` {
		t.Errorf("title read back as %q", d.Title)
	}
}

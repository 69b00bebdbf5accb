package images

import (
	"image"
	"image/color"
	"testing"

	xdraw "golang.org/x/image/draw"
)

// resize gives what x/image/draw's Catmull-Rom gave the variants before it,
// within rounding, on a picture of gradients, hard edges and transparency.
func TestResizeMatchesCatmullRom(t *testing.T) {
	src := image.NewNRGBA(image.Rect(0, 0, 1000, 700))
	for y := range 700 {
		for x := range 1000 {
			c := color.NRGBA{uint8(x / 4), uint8(y / 3), uint8((x ^ y) & 0xff), 255}
			if (x/50+y/50)%2 == 0 {
				c.R = 255 - c.R
			}
			if x > 800 {
				c.A = uint8(y / 3)
			}
			src.SetNRGBA(x, y, c)
		}
	}
	for _, size := range []image.Point{{333, 233}, {160, 112}, {999, 699}, {480, 700}} {
		got := resize(src, size.X, size.Y)
		want := image.NewRGBA(image.Rect(0, 0, size.X, size.Y))
		xdraw.CatmullRom.Scale(want, want.Bounds(), src, src.Bounds(), xdraw.Src, nil)
		var sum, worst int
		for i := range got.Pix {
			d := int(got.Pix[i]) - int(want.Pix[i])
			sum += max(d, -d)
			worst = max(worst, d, -d)
		}
		mean := float64(sum) / float64(len(got.Pix))
		t.Logf("%v: mean difference %.3f, largest %d", size, mean, worst)
		if mean > 0.25 || worst > 2 {
			t.Errorf("%v: mean difference %.3f, largest %d", size, mean, worst)
		}
	}
}

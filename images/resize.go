package images

import (
	"image"
	"image/draw"
	"math"
)

// resize scales all of src to a new w × h picture with the Catmull-Rom
// kernel, widened by the scale when shrinking (as x/image/draw's
// CatmullRom does), in premultiplied 8-bit RGBA.
//
// It works a row at a time and holds only the source rows the kernel
// spans, each already scaled to the new width: x/image/draw's kernel
// scaler keeps all of them, 32 bytes × the new width × the source height
// (323 MB to make a 6320-pixel-tall picture 1600 wide, more than its
// decoded pixels), which is what Cost.Resize can then leave out.
func resize(src image.Image, w, h int) *image.RGBA {
	sb := src.Bounds()
	xs, ys := newTaps(sb.Dx(), w), newTaps(sb.Dy(), h)
	dst := image.NewRGBA(image.Rect(0, 0, w, h))

	// ring[y%len(ring)] holds source row y scaled to width w, 4 floats a
	// pixel; next is the first source row not scaled yet.
	ring := make([][]float32, ys.n)
	for i := range ring {
		ring[i] = make([]float32, 4*w)
	}
	next := 0
	rgba, direct := src.(*image.RGBA)
	var line *image.RGBA // a source row in 8-bit RGBA, when src is not
	if !direct {
		line = image.NewRGBA(image.Rect(0, 0, sb.Dx(), 1))
	}
	scaleRow := func(y int, out []float32) {
		var px []uint8
		if direct {
			off := rgba.PixOffset(sb.Min.X, sb.Min.Y+y)
			px = rgba.Pix[off : off+4*sb.Dx()]
		} else {
			draw.Draw(line, line.Rect, src, image.Pt(sb.Min.X, sb.Min.Y+y), draw.Src)
			px = line.Pix
		}
		for x := range w {
			var r, g, b, a float32
			first, ws := xs.at(x)
			for k, wt := range ws {
				p := px[4*(first+k) : 4*(first+k)+4 : 4*(first+k)+4]
				r += wt * float32(p[0])
				g += wt * float32(p[1])
				b += wt * float32(p[2])
				a += wt * float32(p[3])
			}
			out[4*x], out[4*x+1], out[4*x+2], out[4*x+3] = r, g, b, a
		}
	}
	for y := range h {
		first, ws := ys.at(y)
		for next = max(next, first); next < first+len(ws); next++ {
			scaleRow(next, ring[next%len(ring)])
		}
		row := dst.Pix[y*dst.Stride : y*dst.Stride+4*w]
		for x := range w {
			var r, g, b, a float32
			for k, wt := range ws {
				p := ring[(first+k)%len(ring)][4*x : 4*x+4 : 4*x+4]
				r += wt * p[0]
				g += wt * p[1]
				b += wt * p[2]
				a += wt * p[3]
			}
			// Premultiplied: no channel above the alpha (the kernel's
			// negative lobes can overshoot).
			av := clampByte(a)
			row[4*x], row[4*x+1], row[4*x+2], row[4*x+3] = min(clampByte(r), av), min(clampByte(g), av), min(clampByte(b), av), av
		}
	}
	return dst
}

func clampByte(v float32) uint8 {
	switch {
	case v <= 0:
		return 0
	case v >= 255:
		return 255
	}
	return uint8(v + 0.5)
}

// taps are the weights that make each of the out pixels of an axis from
// the in pixels of the source: out pixel i is the sum of weight[i*n+k] ×
// source pixel first[i]+k over k < count[i].
type taps struct {
	n      int
	first  []int
	count  []int
	weight []float32
}

func (t *taps) at(i int) (int, []float32) {
	return t.first[i], t.weight[i*t.n : i*t.n+t.count[i]]
}

// newTaps spreads Catmull-Rom over an axis of in pixels made out pixels
// long; the kernel's support (2 pixels each side) is widened by the scale
// when shrinking, and the weights that fall past either edge are dropped
// and the rest made to sum to one.
func newTaps(in, out int) *taps {
	scale := float64(in) / float64(out)
	stretch := max(scale, 1)
	support := 2 * stretch
	t := &taps{n: int(math.Ceil(2*support)) + 1}
	t.first, t.count = make([]int, out), make([]int, out)
	t.weight = make([]float32, out*t.n)
	wf := make([]float64, t.n)
	for i := range out {
		centre := (float64(i) + 0.5) * scale // in source coordinates; pixel j's centre is j+0.5
		lo := max(int(math.Ceil(centre-support-0.5)), 0)
		hi := min(int(math.Floor(centre+support-0.5)), in-1)
		hi = min(hi, lo+t.n-1)
		ws := t.weight[i*t.n : i*t.n+hi-lo+1]
		var sum float64
		for k := range ws {
			wf[k] = catmullRom((float64(lo+k) + 0.5 - centre) / stretch)
			sum += wf[k]
		}
		if sum == 0 { // cannot happen with a kernel of support 2; kept safe
			wf[0], sum = 1, 1
		}
		for k := range ws {
			ws[k] = float32(wf[k] / sum)
		}
		t.first[i], t.count[i] = lo, len(ws)
	}
	return t
}

// catmullRom is the Catmull-Rom cubic (B = 0, C = 1/2) at x.
func catmullRom(x float64) float64 {
	x = math.Abs(x)
	switch {
	case x < 1:
		return (1.5*x-2.5)*x*x + 1
	case x < 2:
		return ((-0.5*x+2.5)*x-4)*x + 2
	}
	return 0
}

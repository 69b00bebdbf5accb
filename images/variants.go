package images

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	"image/jpeg"
	"image/png"
)

// Widths are the widths of the stored variants, in pixels.
var Widths = []int{160, 480, 960, 1600}

// JPEGQuality is the quality of the JPEG variants.
const JPEGQuality = 82

// Variant is one resized, encoded, metadata-free copy of an upload.
type Variant struct {
	Name          string // <hash>-<width>.<ext>: immutable, safe to cache forever
	Width, Height int
	ContentType   string // image/jpeg or image/png
	Data          []byte
}

// VariantWidths returns the widths made for an image w pixels wide: the
// standard widths below w, and w itself as the largest when it is narrower
// than the largest standard width. Images are never enlarged.
func VariantWidths(w int) []int {
	var out []int
	for _, v := range Widths {
		if v < w {
			out = append(out, v)
		}
	}
	if w <= Widths[len(Widths)-1] {
		out = append(out, w)
	}
	return out
}

// Variants resizes the upload to each of VariantWidths(u.Width), applies the
// orientation and encodes the pixels alone (JPEG when the image is opaque,
// PNG when it has transparency), narrowest first. Each is downscaled with
// Catmull-Rom (resize) from the next larger variant (the largest from the
// upload), a factor of at most about 3.3 a step, which keeps the quality
// and spares resampling the full-size picture four times. The memory it
// takes is the Resize of the upload's Cost.
func Variants(u *Upload) ([]Variant, error) {
	widths := VariantWidths(u.Width)
	out := make([]Variant, len(widths))
	var prev image.Image = u.src
	for k := len(widths) - 1; k >= 0; k-- {
		w := widths[k]
		h := max(1, (u.Height*w+u.Width/2)/u.Width)
		// Scale in the stored orientation, then turn the smaller result.
		sw, sh := w, h
		if u.Orientation >= 5 {
			sw, sh = h, w
		}
		var scaled *image.RGBA
		if pb := prev.Bounds(); pb.Dx() == sw && pb.Dy() == sh {
			scaled = image.NewRGBA(image.Rect(0, 0, sw, sh))
			draw.Draw(scaled, scaled.Bounds(), prev, pb.Min, draw.Src)
		} else {
			scaled = resize(prev, sw, sh)
		}
		prev = scaled
		final := orient(scaled, u.Orientation)

		// Room for the file from the start: a buffer grown by doubling
		// would leave its smaller copies behind.
		var buf bytes.Buffer
		buf.Grow(encodedBound(w, h, u.Opaque))
		v := Variant{Width: w, Height: h}
		if u.Opaque {
			v.ContentType = "image/jpeg"
			v.Name = fmt.Sprintf("%s-%d.jpg", u.Hash, w)
			if err := jpeg.Encode(&buf, final, &jpeg.Options{Quality: JPEGQuality}); err != nil {
				return nil, err
			}
		} else {
			v.ContentType = "image/png"
			v.Name = fmt.Sprintf("%s-%d.png", u.Hash, w)
			if err := png.Encode(&buf, final); err != nil {
				return nil, err
			}
		}
		v.Data = buf.Bytes()
		out[k] = v
	}
	return out, nil
}

// encodedBound is the room made for a w × h variant's file: an RGBA PNG
// that does not compress, with its rows' filter bytes and its chunks; a
// byte a pixel for a JPEG (4:2:0 at JPEGQuality: noise takes 0.7).
func encodedBound(w, h int, opaque bool) int {
	if opaque {
		return w*h + 64<<10
	}
	return 4*w*h + h + 64<<10
}

// orient turns or mirrors src as EXIF orientation o says to display it.
func orient(src *image.RGBA, o int) *image.RGBA {
	if o < 2 || o > 8 {
		return src
	}
	w, h := src.Rect.Dx(), src.Rect.Dy()
	dw, dh := w, h
	if o >= 5 {
		dw, dh = h, w
	}
	dst := image.NewRGBA(image.Rect(0, 0, dw, dh))
	for y := range h {
		row := src.Pix[y*src.Stride : y*src.Stride+4*w]
		for x := range w {
			var dx, dy int
			switch o {
			case 2: // mirrored horizontally
				dx, dy = w-1-x, y
			case 3: // turned 180°
				dx, dy = w-1-x, h-1-y
			case 4: // mirrored vertically
				dx, dy = x, h-1-y
			case 5: // transposed
				dx, dy = y, x
			case 6: // turn 90° clockwise
				dx, dy = h-1-y, x
			case 7: // transversed
				dx, dy = h-1-y, w-1-x
			case 8: // turn 90° anticlockwise
				dx, dy = y, w-1-x
			}
			copy(dst.Pix[dy*dst.Stride+4*dx:], row[4*x:4*x+4])
		}
	}
	return dst
}

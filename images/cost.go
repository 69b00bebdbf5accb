package images

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
)

// Cost is the memory checking an upload and making its variants will take,
// read from its header before any pixel is decoded (security finding 3: a
// 324 KB PNG of 16-bit pixels decoded to 320 MB). Its figures are the
// bytes Go's decoders allocate for what the header says: the pixel format
// each decoder picks (a 16-bit PNG with alpha becomes 8 bytes a pixel),
// its padding and its working copies.
type Cost struct {
	Format        Format
	Width, Height int  // as stored, before the EXIF orientation
	Depth         int  // bits per channel of the decoded pixels: 8 or 16
	Progressive   bool // a progressive JPEG: its coefficients are held whole
	Lossless      bool // a lossless WebP
	// Pixels is what the decoder allocates in proportion to the picture:
	// the pixels, and for a progressive JPEG its coefficients.
	Pixels int64
	// Tables is what a lossless WebP's decoder may allocate for Huffman
	// tables besides. The bitstream says how many, not the header, so it
	// is bounded by the file's size and x/image's cap of 2,600 groups:
	// MaxCost leaves it out (a genuine file's take a megabyte or so, the
	// bound up to 200 MB), Work counts it.
	Tables int64
	// Resize is what making the variants holds: each scaled, turned and
	// encoded, and the files of the smaller ones.
	Resize int64
}

// decoderOverhead covers what a decoder allocates whatever the picture's
// size: its own state, Huffman and zlib tables, buffered readers.
const decoderOverhead = 256 << 10

// Bytes is the memory the upload may take while it is checked and
// resized: what it holds of Work.
func (c Cost) Bytes() int64 { return c.Pixels + c.Tables + c.Resize + decoderOverhead }

// budgeted is what MaxCost bounds: the bytes the header fixes.
func (c Cost) budgeted() int64 { return c.Pixels + c.Resize + decoderOverhead }

// Measure reads an upload's header and returns its Cost, or the refusal
// Check would give without decoding a pixel: a file too large, not an
// image, damaged, too many pixels (ErrTooBig) or too costly to decode
// (an *Error naming its size and what to do).
func Measure(data []byte) (Cost, error) {
	if len(data) > MaxBytes {
		return Cost{}, ErrTooLarge
	}
	if len(data) == 0 {
		return Cost{}, ErrEmpty
	}
	format, err := sniff(data)
	if err != nil {
		return Cost{}, err
	}
	cfg, err := codecs[format].config(bytes.NewReader(data))
	if err != nil || cfg.Width <= 0 || cfg.Height <= 0 {
		return Cost{}, ErrUnreadable
	}
	if cfg.Width > MaxSide || cfg.Height > MaxSide || cfg.Width*cfg.Height > MaxPixels {
		return Cost{}, ErrTooBig
	}
	c := Cost{Format: format, Width: cfg.Width, Height: cfg.Height, Depth: 8}
	switch format {
	case PNG:
		err = c.png(data)
	case JPEG:
		c.jpeg(data)
	case WebP:
		err = c.webp(data)
	}
	if err != nil {
		return Cost{}, ErrUnreadable
	}
	w, h, o := c.Width, c.Height, 1
	if format == JPEG {
		o = jpegOrientation(data)
	}
	if o >= 5 {
		w, h = h, w
	}
	c.Resize = resizeCost(w, h, o >= 2, format == JPEG)
	if c.budgeted() > MaxCost {
		return c, c.refusal()
	}
	return c, nil
}

// png reads the IHDR's bit depth, colour type and interlacing, and whether
// a tRNS chunk turns grey or RGB pixels into NRGBA ones.
func (c *Cost) png(data []byte) error {
	if len(data) < 33 {
		return errShort
	}
	depth, colour, interlaced := data[24], data[25], data[28] == 1
	trns := false
	for i := 8; i+8 <= len(data); {
		kind := data[i+4 : i+8]
		if string(kind) == "tRNS" {
			trns = true
		}
		if string(kind) == "IEND" {
			break
		}
		next := int64(i) + 12 + int64(binary.BigEndian.Uint32(data[i:]))
		if next > int64(len(data)) {
			break
		}
		i = int(next)
	}
	var perPixel int64 // of the image png.Decode returns
	switch {
	case colour == 3: // paletted
		perPixel = 1
	case colour == 0 && !trns: // grey: Gray or Gray16
		perPixel = 1
		if depth == 16 {
			perPixel = 2
		}
	case depth == 16: // NRGBA64 or RGBA64
		perPixel = 8
	default: // RGBA or NRGBA
		perPixel = 4
	}
	if depth == 16 {
		c.Depth = 16
	}
	px := int64(c.Width) * int64(c.Height)
	c.Pixels = perPixel * px
	if interlaced {
		c.Pixels *= 2 // each of the seven passes is decoded apart, then copied in
	}
	c.Pixels += 2 * (1 + int64(c.Width)*8) // the current and previous rows
	return nil
}

// jpeg walks the markers as image/jpeg does up to its frame header (the
// components' sampling, and whether it is progressive). image/jpeg pads
// the planes to whole MCUs, keeps a progressive file's coefficients (4
// bytes a sample) until the last scan, and turns CMYK files, and RGB ones
// (components named R, G, B, or an Adobe segment saying so), into 4-byte
// pixels besides.
func (c *Cost) jpeg(data []byte) {
	sof, progressive := jpegFrame(data)
	type comp struct{ id, h, v int }
	var comps []comp
	if len(sof) >= 6 && len(sof) == 6+3*int(sof[5]) && int(sof[1])<<8|int(sof[2]) == c.Height && int(sof[3])<<8|int(sof[4]) == c.Width {
		for k := range int(sof[5]) {
			hv := sof[7+3*k]
			comps = append(comps, comp{int(sof[6+3*k]), max(int(hv>>4), 1), max(int(hv&15), 1)})
		}
		if len(comps) == 1 {
			comps[0].h, comps[0].v = 1, 1
		}
		c.Progressive = progressive
	} else { // not the frame jpeg.DecodeConfig read: costed at the most a frame takes
		comps, c.Progressive = []comp{{1, 4, 4}, {2, 4, 4}, {3, 4, 4}, {4, 4, 4}}, true
	}
	mcuW, mcuH := 8*comps[0].h, 8*comps[0].v
	mxx, myy := int64((c.Width+mcuW-1)/mcuW), int64((c.Height+mcuH-1)/mcuH)
	var samples int64
	for _, k := range comps {
		samples += 8 * int64(k.h) * mxx * 8 * int64(k.v) * myy
	}
	c.Pixels = samples
	if c.Progressive {
		c.Pixels += 4 * samples
	}
	rgb := len(comps) == 3 && (comps[0].id == 'R' && comps[1].id == 'G' && comps[2].id == 'B' || adobeRGB(data))
	if len(comps) == 4 || rgb {
		c.Pixels += 4 * int64(c.Width) * int64(c.Height)
	}
}

// jpegFrame is the body of the first frame header (SOF0, 1 or 2), found
// by walking the segments as image/jpeg does: stray bytes before a marker
// skipped, fill bytes too, up to the first scan.
func jpegFrame(data []byte) (sof []byte, progressive bool) {
	i := 2
	next := func() (byte, bool) {
		if i >= len(data) {
			return 0, false
		}
		i++
		return data[i-1], true
	}
	for {
		a, ok1 := next()
		b, ok2 := next()
		for ok1 && ok2 && a != 0xFF {
			a = b
			b, ok2 = next()
		}
		if !ok1 || !ok2 {
			return nil, false
		}
		marker, ok := b, true
		if marker == 0 {
			continue
		}
		for ok && marker == 0xFF {
			marker, ok = next()
		}
		switch {
		case !ok || marker == 0xD9 || marker == 0xDA:
			return nil, false
		case marker >= 0xD0 && marker <= 0xD7:
			continue
		}
		if i+2 > len(data) {
			return nil, false
		}
		n := int(binary.BigEndian.Uint16(data[i:])) - 2
		i += 2
		if n < 0 || i+n > len(data) {
			return nil, false
		}
		if marker == 0xC0 || marker == 0xC1 || marker == 0xC2 {
			return data[i : i+n], marker == 0xC2
		}
		i += n
	}
}

// adobeRGB reports whether data holds an Adobe APP14 segment saying its
// colour transform is unknown (image/jpeg then reads three components as
// RGB). Looked for anywhere: image/jpeg reads one after the scans too.
func adobeRGB(data []byte) bool {
	for rest := data; ; {
		k := bytes.Index(rest, []byte("\xFF\xEE"))
		if k < 0 {
			return false
		}
		seg := rest[k+2:]
		if len(seg) >= 14 && int(binary.BigEndian.Uint16(seg)) >= 14 && string(seg[2:7]) == "Adobe" && seg[13] == 0 {
			return true
		}
		rest = rest[k+2:]
	}
}

// errShort: a header cut short, which the decoder would refuse.
var errShort = errors.New("images: header cut short")

// webp walks the RIFF chunks up to the image's: a lossy (VP8) frame is
// YCbCr 4:2:0 padded to 16-pixel macroblocks, with the frame's partitions
// copied; a lossless (VP8L) one is costed by vp8lCost; an ALPH chunk adds
// a plane, itself lossless when compressed. Every chunk must be whole:
// x/image allocates what a chunk's length claims before reading it.
func (c *Cost) webp(data []byte) error {
	w, h := int64(c.Width), int64(c.Height)
	end := min(int64(len(data)), 8+int64(binary.LittleEndian.Uint32(data[4:8])))
	var alpha int64
	for i := int64(12); i+8 <= end; {
		id, n := string(data[i:i+4]), int64(binary.LittleEndian.Uint32(data[i+4:i+8]))
		if i+8+n > int64(len(data)) {
			return errShort
		}
		body := data[i+8 : i+8+n]
		switch id {
		case "ALPH":
			alpha = w * h
			if len(body) > 0 && body[0]&3 == 1 { // decoded as a lossless picture first
				p, t := vp8lCost(w, h, n)
				alpha, c.Tables = alpha+p, t
			}
		case "VP8 ":
			// The first partition is allocated at the length its frame
			// tag says (up to 512 KB), before it is read.
			var first int64
			if len(body) >= 3 {
				first = int64(body[0])>>5 | int64(body[1])<<3 | int64(body[2])<<11
			}
			mbw, mbh := (w+15)/16, (h+15)/16
			c.Pixels = 384*mbw*mbh + 4*mbw*mbh + 8*mbw + n + first + alpha
			return nil
		case "VP8L":
			c.Lossless = true
			c.Pixels, c.Tables = vp8lCost(w, h, n)
			return nil
		}
		i += 8 + n + n&1
	}
	return errShort
}

// vp8lCost is what x/image's lossless decoder takes for a w × h picture
// from n bytes: the pixels twice (a colour-indexed picture is unpacked
// into a second buffer) and three tile images (predictor, colour
// transform, Huffman group map); and its Huffman tables, which the
// bitstream sizes: per group up to five trees of 24 bytes a symbol over
// 3,136 symbols, fewer than 2,600 groups (x/image's cap) and no more
// groups than 4 × 4 tiles, at most 16 KB from each byte of the file (a
// tree costs at least 17 bits).
func vp8lCost(w, h, n int64) (pixels, tables int64) {
	tiles := ((w + 3) / 4) * ((h + 3) / 4)
	pixels = 8*w*h + 3*4*tiles
	const groupBytes = 5 * (24 + 4<<7) // an hGroup: five trees' slices and look-up tables
	tables = groupBytes*min(tiles, 2600) + min(2605*24*3136, 16<<10*n) + 5*8<<10
	return pixels, tables
}

// resizeCost is Cost.Resize for a picture displayed w × h: what Variants
// allocates for each variant, its pixels scaled (4 bytes a pixel), turned
// when the EXIF orientation says so (4 more), room for its file
// (encodedBound: a JPEG's variants are JPEGs), and the encoder's state
// and resize's rows and weights.
func resizeCost(w, h int, turned, jpeg bool) int64 {
	perPixel := int64(4 + 4)
	if jpeg {
		perPixel = 4 + 1
	}
	if turned {
		perPixel += 4
	}
	var n int64
	for _, vw := range VariantWidths(w) {
		vh := max(1, (h*vw+w/2)/w)
		n += perPixel*int64(vw)*int64(vh) + int64(vh) + 64<<10 + 2<<20
	}
	return n + 4*int64(max(w, h))
}

// refusal is the message for an upload over MaxCost: its size, what makes
// it costly, and what would pass instead.
func (c Cost) refusal() *Error {
	what := ""
	switch {
	case c.Depth == 16:
		what = " at 16 bits per channel"
	case c.Progressive:
		what = " as a progressive JPEG"
	case c.Lossless:
		what = " as a lossless WebP"
	}
	msg := fmt.Sprintf("This image is too large to process: %d × %d pixels%s. Upload one under %d megapixels",
		c.Width, c.Height, what, c.megapixelsWithin())
	// The same pixels as an 8-bit baseline JPEG (4:2:0, 1.5 bytes a
	// pixel) or an 8-bit RGBA PNG, when one of them would pass.
	px := int64(c.Width) * int64(c.Height)
	as := func(perPixel float64) bool {
		return int64(perPixel*float64(px))+c.Resize+decoderOverhead <= MaxCost
	}
	switch {
	case what == "" || !as(1.5):
	case c.Depth == 16 && as(4):
		msg += " or save it as an 8-bit JPEG or PNG"
	case c.Depth == 16:
		msg += " or save it as an 8-bit JPEG"
	case c.Progressive:
		msg += " or save it as a standard (baseline) JPEG"
	default:
		msg += " or save it as a JPEG"
	}
	return &Error{Code: "too_costly", Message: msg + "."}
}

// megapixelsWithin is the whole number of megapixels below which a
// picture of c's kind is within MaxCost (at least 1).
func (c Cost) megapixelsWithin() int {
	px := float64(c.Width) * float64(c.Height)
	perPixel := float64(c.Pixels) / px
	fits := func(mp int) bool {
		s := float64(mp) * 1e6 / px // the pixels scaled by s keep the shape
		w := max(1, int(float64(c.Width)*math.Sqrt(s)))
		h := max(1, int(float64(c.Height)*math.Sqrt(s)))
		return int64(perPixel*float64(w)*float64(h))+resizeCost(w, h, false, c.Format == JPEG)+decoderOverhead <= MaxCost
	}
	mp := 1
	for mp < MaxPixels/1e6 && fits(mp+1) {
		mp++
	}
	return mp
}

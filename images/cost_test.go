package images

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// pngOf is a PNG's signature, IHDR (w × h, depth, colour type, interlace),
// the chunks named in extra with a few bytes each (a PLTE of one colour
// for "PLTE"), and IEND: all a header Measure reads.
func pngOf(w, h uint32, depth, colour, interlace byte, extra ...string) []byte {
	chunk := func(out []byte, kind string, data []byte) []byte {
		out = binary.BigEndian.AppendUint32(out, uint32(len(data)))
		out = append(out, kind...)
		out = append(out, data...)
		return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(append([]byte(kind), data...)))
	}
	ihdr := binary.BigEndian.AppendUint32(nil, w)
	ihdr = binary.BigEndian.AppendUint32(ihdr, h)
	out := chunk([]byte("\x89PNG\r\n\x1a\n"), "IHDR", append(ihdr, depth, colour, 0, 0, interlace))
	for _, kind := range extra {
		data := []byte{0, 0}
		if kind == "PLTE" {
			data = []byte{1, 2, 3}
		}
		out = chunk(out, kind, data)
	}
	return chunk(out, "IEND", nil)
}

// jpegOf is a JPEG's SOI, an APP segment when app is given, a frame header
// of the marker (0xC0 baseline, 0xC2 progressive) for w × h with one
// component per sampling byte (0x22 is 2 × 2) named 1, 2, 3…, and SOS.
func jpegOf(marker byte, w, h int, app []byte, sampling ...byte) []byte {
	out := []byte{0xFF, 0xD8}
	if app != nil {
		out = append(out, app...)
	}
	sof := []byte{8, byte(h >> 8), byte(h), byte(w >> 8), byte(w), byte(len(sampling))}
	for i, s := range sampling {
		sof = append(sof, byte(i+1), s, 0)
	}
	out = append(out, 0xFF, marker, 0, byte(2+len(sof)))
	out = append(out, sof...)
	return append(out, 0xFF, 0xDA, 0, 8, 1, 1, 0, 0, 63, 0)
}

// webpOf is a RIFF WebP of one chunk: a VP8 key frame header, or a VP8L
// header, for w × h.
func webpOf(kind string, w, h int) []byte {
	var body []byte
	switch kind {
	case "VP8 ":
		body = []byte{0x10, 0, 0, 0x9d, 0x01, 0x2a, byte(w), byte(w >> 8), byte(h), byte(h >> 8)}
	case "VP8L":
		bits := uint32(w-1) | uint32(h-1)<<14
		body = []byte{0x2f, byte(bits), byte(bits >> 8), byte(bits >> 16), byte(bits >> 24)}
	}
	out := []byte("RIFF\x00\x00\x00\x00WEBP" + kind)
	out = binary.LittleEndian.AppendUint32(out, uint32(len(body)))
	out = append(out, body...)
	if len(body)%2 == 1 {
		out = append(out, 0)
	}
	binary.LittleEndian.PutUint32(out[4:], uint32(len(out)-8))
	return out
}

// What Measure says each kind of picture takes to decode: the pixels in
// the format Go's decoder returns, with its padding and working copies.
func TestCostOfHeaders(t *testing.T) {
	const w, h = 1000, 750
	px := int64(w * h)
	rows := int64(2 * (1 + w*8))
	// 4:2:0 JPEG: planes padded to 16-pixel MCUs, chroma a quarter each.
	luma, chroma := int64(1008*752), int64(504*376)
	adobeRGB := []byte{0xFF, 0xEE, 0, 14, 'A', 'd', 'o', 'b', 'e', 0, 100, 0, 0, 0, 0, 0}
	cases := []struct {
		name   string
		data   []byte
		pixels int64
		depth  int
	}{
		{"16-bit RGBA PNG", pngOf(w, h, 16, 6, 0), 8*px + rows, 16},
		{"16-bit RGB PNG", pngOf(w, h, 16, 2, 0), 8*px + rows, 16},
		{"8-bit RGBA PNG", pngOf(w, h, 8, 6, 0), 4*px + rows, 8},
		{"8-bit RGB PNG", pngOf(w, h, 8, 2, 0), 4*px + rows, 8},
		{"8-bit RGBA PNG, interlaced", pngOf(w, h, 8, 6, 1), 2*4*px + rows, 8},
		{"paletted PNG", pngOf(w, h, 8, 3, 0, "PLTE", "IDAT"), px + rows, 8},
		{"greyscale PNG", pngOf(w, h, 8, 0, 0), px + rows, 8},
		{"greyscale PNG with transparency", pngOf(w, h, 8, 0, 0, "tRNS"), 4*px + rows, 8},
		{"16-bit greyscale PNG", pngOf(w, h, 16, 0, 0), 2*px + rows, 16},
		{"JPEG 4:2:0", jpegOf(0xC0, w, h, nil, 0x22, 0x11, 0x11), luma + 2*chroma, 8},
		{"JPEG 4:4:4", jpegOf(0xC0, w, h, nil, 0x11, 0x11, 0x11), 3 * 1000 * 752, 8},
		{"progressive JPEG 4:2:0", jpegOf(0xC2, w, h, nil, 0x22, 0x11, 0x11), 5 * (luma + 2*chroma), 8},
		{"greyscale JPEG", jpegOf(0xC0, w, h, nil, 0x11), 1000 * 752, 8},
		{"RGB JPEG (Adobe)", jpegOf(0xC0, w, h, adobeRGB, 0x11, 0x11, 0x11), 3*1000*752 + 4*px, 8},
		{"CMYK JPEG", jpegOf(0xC0, w, h, adobeRGB, 0x11, 0x11, 0x11, 0x11), 4*1000*752 + 4*px, 8},
		{"lossy WebP", webpOf("VP8 ", w, h), 384*63*47 + 4*63*47 + 8*63 + 10 + 0x10>>5, 8},
		{"lossless WebP", webpOf("VP8L", w, h), 8*px + 12*250*188, 8},
	}
	for _, c := range cases {
		got, err := Measure(c.data)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if got.Width != w || got.Height != h || got.Pixels != c.pixels || got.Depth != c.depth {
			t.Errorf("%s: %d × %d, %d bytes at %d bits; want %d bytes at %d bits", c.name, got.Width, got.Height, got.Pixels, got.Depth, c.pixels, c.depth)
		}
		if got.Resize != resizeCost(w, h, false, strings.Contains(c.name, "JPEG")) || (got.Tables != 0) != strings.Contains(c.name, "lossless") {
			t.Errorf("%s: resize %d, tables %d", c.name, got.Resize, got.Tables)
		}
	}

	// A GIF is no accepted format, whatever its size.
	if _, err := Measure([]byte("GIF89a\x10\x00\x10\x00\x00\x00\x00;")); !errors.Is(err, ErrNotImage) {
		t.Errorf("GIF: %v", err)
	}
	// A WebP chunk longer than the file: x/image would allocate its
	// length before finding the file short.
	cut := webpOf("VP8 ", w, h)
	binary.LittleEndian.PutUint32(cut[16:], 100<<20)
	binary.LittleEndian.PutUint32(cut[4:], 100<<20+20)
	if _, err := Measure(cut); !errors.Is(err, ErrUnreadable) {
		t.Errorf("WebP cut short: %v", err)
	}
}

// An upload over MaxCost is refused from its header, saying its size,
// what makes it costly and what would pass.
func TestMeasureRefusesWhatWouldTakeTooMuch(t *testing.T) {
	cases := []struct {
		name, want string
		data       []byte
	}{
		{"16-bit PNG of finding 3", "This image is too large to process: 6320 × 6320 pixels at 16 bits per channel. " +
			"Upload one under 11 megapixels or save it as an 8-bit JPEG.", pngOf(6320, 6320, 16, 6, 0)},
		{"16-bit PNG that would pass as an 8-bit PNG", "This image is too large to process: 5000 × 4000 pixels at 16 bits per channel. " +
			"Upload one under 12 megapixels or save it as an 8-bit JPEG or PNG.", pngOf(5000, 4000, 16, 6, 0)},
		{"progressive JPEG", "This image is too large to process: 6000 × 4000 pixels as a progressive JPEG. " +
			"Upload one under 15 megapixels or save it as a standard (baseline) JPEG.", jpegOf(0xC2, 6000, 4000, nil, 0x22, 0x11, 0x11)},
		{"8-bit RGBA PNG", "This image is too large to process: 7745 × 5164 pixels. Upload one under 26 megapixels.", pngOf(7745, 5164, 8, 6, 0)},
	}
	for _, c := range cases {
		cost, err := Measure(c.data)
		var refused *Error
		if !errors.As(err, &refused) || refused.Code != "too_costly" || refused.Message != c.want {
			t.Errorf("%s: %v\nwant %s", c.name, err, c.want)
		}
		if cost.budgeted() <= MaxCost {
			t.Errorf("%s: refused at %d bytes", c.name, cost.budgeted())
		}
		if _, err := CheckBytes(c.data); !errors.Is(err, refused) && (refused == nil || err == nil || err.Error() != refused.Message) {
			t.Errorf("%s: CheckBytes = %v", c.name, err)
		}
	}
	// What a camera or phone sends passes: 40 megapixels as a baseline
	// JPEG, 12 as a progressive one, 24 as an 8-bit PNG.
	for _, data := range [][]byte{
		jpegOf(0xC0, 7745, 5164, nil, 0x22, 0x11, 0x11), jpegOf(0xC2, 4000, 3000, nil, 0x22, 0x11, 0x11), pngOf(6000, 4000, 8, 6, 0),
	} {
		if c, err := Measure(data); err != nil {
			t.Errorf("%d × %d: %v", c.Width, c.Height, err)
		}
	}
}

// Variants allocates no more than the Resize its upload's Cost counts,
// for files that do not compress (the largest), turned or not.
func TestVariantsWithinResizeCost(t *testing.T) {
	noise := func(w, h int, alpha bool) *image.NRGBA {
		m := image.NewNRGBA(image.Rect(0, 0, w, h))
		for i := range m.Pix {
			m.Pix[i] = byte(i*2654435761>>13 ^ i)
			if i%4 == 3 && !alpha {
				m.Pix[i] = 255
			}
		}
		return m
	}
	// The EXIF segment (orientation 6) of the fixture, put in a larger JPEG.
	fixture := readTestdata(t, "gps-orientation6.jpg")
	var exif []byte
	for i := 2; exif == nil && i+4 <= len(fixture); {
		seg := fixture[i : i+2+int(binary.BigEndian.Uint16(fixture[i+2:]))]
		if seg[1] == 0xE1 {
			exif = seg
		}
		i += len(seg)
	}
	var turned bytes.Buffer
	must(t, jpeg.Encode(&turned, noise(3000, 2000, false), &jpeg.Options{Quality: 75}))
	turnedJPEG := append(append([]byte{0xFF, 0xD8}, exif...), turned.Bytes()[2:]...)
	var square, tall bytes.Buffer
	must(t, png.Encode(&square, noise(1600, 1600, true)))
	must(t, png.Encode(&tall, noise(700, 3000, true)))

	for name, data := range map[string][]byte{"JPEG turned a quarter": turnedJPEG, "PNG": square.Bytes(), "tall PNG": tall.Bytes()} {
		c, err := Measure(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		u, err := CheckBytes(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		if _, err := Variants(u); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&after)
		got := int64(after.TotalAlloc - before.TotalAlloc)
		t.Logf("%s (%d × %d): allocated %d KB of %d KB", name, u.Width, u.Height, got>>10, c.Resize>>10)
		if got > c.Resize {
			t.Errorf("%s: Variants allocated %d bytes, Cost.Resize is %d", name, got, c.Resize)
		}
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// Work lets uploads hold its bytes together, and one that cannot start
// within its wait is answered ErrBusy, or its context's end.
func TestWorkHoldsItsBytes(t *testing.T) {
	const mb = 1 << 20
	work := NewWork(100*mb, 4, 50*time.Millisecond)
	cost := func(n int64) Cost { return Cost{Pixels: n - decoderOverhead} }
	ctx := context.Background()

	big, err := work.Start(ctx, cost(60*mb))
	must(t, err)
	small, err := work.Start(ctx, cost(1)) // held as a quarter: 25 MB
	must(t, err)
	start := time.Now()
	if _, err := work.Start(ctx, cost(30*mb)); !errors.Is(err, ErrBusy) {
		t.Fatalf("a third over the bytes: %v", err)
	}
	if d := time.Since(start); d < 50*time.Millisecond || d > 2*time.Second {
		t.Errorf("ErrBusy after %v", d)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := work.Start(cancelled, cost(30*mb)); !errors.Is(err, context.Canceled) {
		t.Errorf("a request gone: %v", err)
	}

	// The big one done (twice: the second changes nothing), the third fits.
	big()
	big()
	third, err := work.Start(ctx, cost(30*mb))
	must(t, err)
	// One larger than all of Work waits for all of it, not for ever.
	done := make(chan error)
	go func() {
		huge, err := work.Start(ctx, cost(500*mb))
		if err == nil {
			huge()
		}
		done <- err
	}()
	small()
	third()
	if err := <-done; err != nil {
		t.Errorf("an upload larger than Work: %v", err)
	}
}

// decodeAlloc is what CheckBytes allocates to check data.
func decodeAlloc(data []byte) (int64, error) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := CheckBytes(data)
	runtime.ReadMemStats(&after)
	return int64(after.TotalAlloc - before.TotalAlloc), err
}

// seeds are the pictures of testdata/seeds and the fixtures.
func seeds(t testing.TB) map[string][]byte {
	names, err := filepath.Glob(filepath.Join("testdata", "seeds", "*.*"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	for _, name := range append(names, "testdata/gps-orientation6.jpg", "testdata/photo.webp", "testdata/transparent.png") {
		if filepath.Ext(name) == ".md" {
			continue
		}
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(name)] = b
	}
	return out
}

// Checking an upload (decoding it) allocates no more than its Cost says:
// one picture of each kind each decoder treats apart.
func TestDecodeWithinCost(t *testing.T) {
	for name, data := range seeds(t) {
		c, err := Measure(data)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		got, err := decodeAlloc(data)
		if err != nil {
			t.Errorf("%s: %v", name, err)
		}
		if budget := c.Pixels + c.Tables + decoderOverhead; got > budget {
			t.Errorf("%s: decoding allocated %d bytes, Cost says %d", name, got, budget)
		}
	}
}

// FuzzImageBudget: Measure never panics on any bytes, and for what it
// passes whose pixels are small enough to decode here (4 MB), decoding
// allocates no more than the Cost it said.
func FuzzImageBudget(f *testing.F) {
	for _, data := range seeds(f) {
		f.Add(data)
	}
	f.Add(pngOf(40, 30, 16, 6, 0))
	f.Add(jpegOf(0xC2, 40, 30, nil, 0x22, 0x11, 0x11))
	f.Add(webpOf("VP8L", 40, 30))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Measure(data)
		if err != nil || c.Pixels > 4<<20 {
			return
		}
		if c.Width <= 0 || c.Height <= 0 || c.Pixels <= 0 || c.Resize <= 0 || c.Tables < 0 {
			t.Fatalf("cost %+v", c)
		}
		got, _ := decodeAlloc(data)
		if budget := c.Pixels + c.Tables + decoderOverhead; got > budget {
			t.Errorf("decoding allocated %d bytes, Cost says %d (%+v)", got, budget, c)
		}
	})
}

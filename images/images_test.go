package images

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/xml"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/iotest"
	"time"
)

func readTestdata(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// pngHeader is a PNG of a signature, an IHDR claiming w×h and IEND: what a
// decompression bomb looks like up to the point Check reads.
func pngHeader(w, h uint32) []byte {
	chunk := func(kind string, data []byte) []byte {
		var b []byte
		b = binary.BigEndian.AppendUint32(b, uint32(len(data)))
		b = append(b, kind...)
		b = append(b, data...)
		return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(append([]byte(kind), data...)))
	}
	ihdr := binary.BigEndian.AppendUint32(nil, w)
	ihdr = binary.BigEndian.AppendUint32(ihdr, h)
	ihdr = append(ihdr, 8, 6, 0, 0, 0)
	out := []byte("\x89PNG\r\n\x1a\n")
	out = append(out, chunk("IHDR", ihdr)...)
	return append(out, chunk("IEND", nil)...)
}

func TestCheckRefusals(t *testing.T) {
	var jpg bytes.Buffer
	if err := jpeg.Encode(&jpg, image.NewGray(image.Rect(0, 0, 64, 64)), nil); err != nil {
		t.Fatal(err)
	}
	// An 11 MB file that starts like a JPEG: the size is refused first.
	eleven := append([]byte{0xFF, 0xD8, 0xFF, 0xE0}, bytes.Repeat([]byte{0x42}, 11<<20)...)

	cases := []struct {
		name string
		data []byte
		want *Error
	}{
		{"11 MB file", eleven, ErrTooLarge},
		{"empty file", nil, ErrEmpty},
		{"text renamed .jpg", readTestdata(t, "not-an-image.jpg"), ErrNotImage},
		{"SVG", readTestdata(t, "logo.svg"), ErrSVG},
		{"SVG without XML declaration, after a BOM", []byte("\xEF\xBB\xBF\n  <svg xmlns=\"http://www.w3.org/2000/svg\"/>"), ErrSVG},
		{"HTML is not an SVG", []byte("<!doctype html><p>hi</p>"), ErrNotImage},
		{"GIF", []byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;"), ErrNotImage},
		{"20,000 × 20,000 PNG header", readTestdata(t, "bomb-20000x20000.png"), ErrTooBig},
		{"a side over 12,000 px", pngHeader(12_001, 10), ErrTooBig},
		{"over 40 megapixels", pngHeader(7_000, 7_000), ErrTooBig},
		{"PNG with a broken header", []byte("\x89PNG\r\n\x1a\n\x00\x00"), ErrUnreadable},
		{"truncated JPEG", jpg.Bytes()[:jpg.Len()/2], ErrUnreadable},
		{"RIFF that is a WAV", []byte("RIFF\x24\x00\x00\x00WAVEfmt "), ErrNotImage},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			u, err := Check(bytes.NewReader(c.data))
			if !errors.Is(err, c.want) {
				t.Fatalf("Check = %v, %v; want %q", u, err, c.want.Message)
			}
			if u != nil {
				t.Fatalf("an Upload came with the refusal")
			}
			var e *Error
			if !errors.As(err, &e) || e.Message == "" {
				t.Fatalf("the refusal has no message to show: %v", err)
			}
		})
	}
	if got := ErrTooLarge.Error(); got != "The file is larger than 10 MB" {
		t.Errorf("ErrTooLarge = %q", got)
	}
	if got := ErrSVG.Error(); got != "SVG images are not accepted: upload a JPEG, PNG or WebP" {
		t.Errorf("ErrSVG = %q", got)
	}
	if got := ErrNotImage.Error(); got != "This file is not a JPEG, PNG or WebP image" {
		t.Errorf("ErrNotImage = %q", got)
	}
	if !strings.Contains(ErrTooBig.Error(), "too large in pixels") {
		t.Errorf("ErrTooBig = %q", ErrTooBig.Error())
	}
}

type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// An endless upload is cut off one byte past the limit, not read to the end.
func TestCheckReadsAtMostTheLimit(t *testing.T) {
	cr := &countingReader{r: io.MultiReader(bytes.NewReader([]byte{0xFF, 0xD8, 0xFF}), zeros{})}
	if _, err := Check(cr); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("Check = %v, want ErrTooLarge", err)
	}
	if cr.n > MaxBytes+1 {
		t.Fatalf("read %d bytes, limit %d", cr.n, MaxBytes)
	}
	// Exactly 10 MB is not refused for its size.
	exact := append([]byte("not an image"), make([]byte, MaxBytes-12)...)
	if _, err := Check(bytes.NewReader(exact)); !errors.Is(err, ErrNotImage) {
		t.Fatalf("10 MB exactly: %v, want ErrNotImage", err)
	}
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }

// The 20,000 × 20,000 header is refused from its IHDR: fast, and without
// allocating anything like the 1.6 GB the pixels would take.
func TestBombRefusedBeforeDecoding(t *testing.T) {
	bomb := readTestdata(t, "bomb-20000x20000.png")
	if len(bomb) > 100 {
		t.Fatalf("the bomb file is %d bytes; it should be a header", len(bomb))
	}
	start := time.Now()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range 100 {
		if _, err := Check(bytes.NewReader(bomb)); !errors.Is(err, ErrTooBig) {
			t.Fatalf("Check = %v, want ErrTooBig", err)
		}
	}
	runtime.ReadMemStats(&after)
	if d := time.Since(start); d > time.Second {
		t.Errorf("100 refusals took %v", d)
	}
	if perCall := (after.TotalAlloc - before.TotalAlloc) / 100; perCall > 256<<10 {
		t.Errorf("a refusal allocated %d bytes", perCall)
	}
	allocs := testing.AllocsPerRun(20, func() { _, _ = Check(bytes.NewReader(bomb)) })
	if allocs > 50 {
		t.Errorf("a refusal made %.0f allocations", allocs)
	}
	t.Logf("bomb refused in %v each, %d bytes and %.0f allocations", time.Since(start)/120, (after.TotalAlloc-before.TotalAlloc)/100, allocs)
}

var nameRE = regexp.MustCompile(`^([0-9a-f]{32})-([0-9]+)\.(jpg|png)$`)

// checkVariants asserts what every variant of every upload must satisfy.
func checkVariants(t *testing.T, original []byte, vs []Variant, wantW, wantH []int, wantType string) {
	t.Helper()
	sum := sha256.Sum256(original)
	hash := hex.EncodeToString(sum[:])[:32]
	if len(vs) != len(wantW) {
		t.Fatalf("%d variants, want widths %v", len(vs), wantW)
	}
	for i, v := range vs {
		m := nameRE.FindStringSubmatch(v.Name)
		if m == nil || m[1] != hash || m[2] != strconv.Itoa(wantW[i]) {
			t.Errorf("variant %d named %q, want %s-%d.*", i, v.Name, hash, wantW[i])
		}
		if v.Width != wantW[i] || v.Height != wantH[i] || v.ContentType != wantType {
			t.Errorf("variant %d: %dx%d %s, want %dx%d %s", i, v.Width, v.Height, v.ContentType, wantW[i], wantH[i], wantType)
		}
		cfg, format, err := image.DecodeConfig(bytes.NewReader(v.Data))
		if err != nil || "image/"+format != v.ContentType || cfg.Width != v.Width || cfg.Height != v.Height {
			t.Errorf("variant %d decodes as %s %dx%d (%v)", i, format, cfg.Width, cfg.Height, err)
		}
		assertNoMetadata(t, v)
	}
}

// assertNoMetadata scans a variant for any place metadata could live: no APP
// segment other than none at all and no comment in a JPEG, no chunk but
// IHDR/PLTE/tRNS/IDAT/IEND in a PNG, and no EXIF, GPS or camera string anywhere.
func assertNoMetadata(t *testing.T, v Variant) {
	t.Helper()
	for _, s := range []string{"Exif", "GPS", "TestCam", "XMP", "http://ns.adobe.com"} {
		if bytes.Contains(v.Data, []byte(s)) {
			t.Errorf("%s contains %q", v.Name, s)
		}
	}
	switch v.ContentType {
	case "image/jpeg":
		for _, m := range jpegMarkers(v.Data) {
			if m == 0xE1 || (m >= 0xE0 && m <= 0xEF) || m == 0xFE {
				t.Errorf("%s has an APP%d/COM segment (0xFF%02X)", v.Name, m-0xE0, m)
			}
		}
	case "image/png":
		for _, c := range pngChunks(v.Data) {
			if !slices.Contains([]string{"IHDR", "PLTE", "tRNS", "IDAT", "IEND"}, c) {
				t.Errorf("%s has a %s chunk", v.Name, c)
			}
		}
	}
}

// jpegMarkers lists the markers before the scan data.
func jpegMarkers(b []byte) []byte {
	var out []byte
	for i := 2; i+4 <= len(b) && b[i] == 0xFF; {
		m := b[i+1]
		out = append(out, m)
		if m == 0xDA {
			break
		}
		i += 2 + int(binary.BigEndian.Uint16(b[i+2:]))
	}
	return out
}

func pngChunks(b []byte) []string {
	var out []string
	for i := 8; i+8 <= len(b); {
		n := int(binary.BigEndian.Uint32(b[i:]))
		out = append(out, string(b[i+4:i+8]))
		i += 12 + n
	}
	return out
}

func TestJPEGWithGPSAndOrientation(t *testing.T) {
	data := readTestdata(t, "gps-orientation6.jpg")
	// The fixture itself does carry what must go.
	for _, s := range []string{"Exif", "TestCam GPS"} {
		if !bytes.Contains(data, []byte(s)) {
			t.Fatalf("fixture lacks %q: regenerate it with testdata/gen/gen.py", s)
		}
	}
	if jpegOrientation(data) != 6 {
		t.Fatalf("orientation %d, want 6", jpegOrientation(data))
	}
	u, err := Check(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	// Stored 400 × 300; orientation 6 turns it a quarter: shown 300 × 400.
	if u.Format != JPEG || u.ContentType != "image/jpeg" || u.Width != 300 || u.Height != 400 || u.Orientation != 6 || !u.Opaque {
		t.Fatalf("upload %+v", u)
	}
	vs, err := Variants(u)
	if err != nil {
		t.Fatal(err)
	}
	checkVariants(t, data, vs, []int{160, 300}, []int{213, 400}, "image/jpeg")

	// The red block at the stored top-left is at the shown top-right once
	// turned 90° clockwise.
	for _, v := range vs {
		img, err := jpeg.Decode(bytes.NewReader(v.Data))
		if err != nil {
			t.Fatal(err)
		}
		b := img.Bounds()
		if !isRed(img.At(b.Max.X-3, 2)) {
			t.Errorf("%s: top-right is %v, want the red block", v.Name, img.At(b.Max.X-3, 2))
		}
		if isRed(img.At(2, 2)) {
			t.Errorf("%s: top-left is red: orientation not applied", v.Name)
		}
	}
}

func isRed(c color.Color) bool {
	r, g, b, _ := c.RGBA()
	return r > 0xb000 && g < 0x5000 && b < 0x5000
}

func TestPNGWithTransparency(t *testing.T) {
	data := readTestdata(t, "transparent.png")
	u, err := Check(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if u.Format != PNG || u.Width != 200 || u.Height != 120 || u.Opaque || u.Orientation != 1 {
		t.Fatalf("upload %+v", u)
	}
	vs, err := Variants(u)
	if err != nil {
		t.Fatal(err)
	}
	checkVariants(t, data, vs, []int{160, 200}, []int{96, 120}, "image/png")
	for _, v := range vs {
		img, err := png.Decode(bytes.NewReader(v.Data))
		if err != nil {
			t.Fatal(err)
		}
		if _, _, _, a := img.At(0, 0).RGBA(); a != 0 {
			t.Errorf("%s: corner alpha %d, want transparent", v.Name, a)
		}
		c := img.Bounds().Size().Div(2)
		if _, _, _, a := img.At(c.X, c.Y).RGBA(); a < 0xb000 || a > 0xd800 {
			t.Errorf("%s: centre alpha %#x, want the disc's ~200/255", v.Name, a)
		}
	}
}

func TestWebP(t *testing.T) {
	data := readTestdata(t, "photo.webp")
	u, err := Check(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if u.Format != WebP || u.ContentType != "image/webp" || u.Width != 240 || u.Height != 160 || !u.Opaque {
		t.Fatalf("upload %+v", u)
	}
	vs, err := Variants(u)
	if err != nil {
		t.Fatal(err)
	}
	// No WebP encoder in Go: an opaque WebP becomes JPEG variants.
	checkVariants(t, data, vs, []int{160, 240}, []int{107, 160}, "image/jpeg")
}

func TestVariantWidthsNeverUpscale(t *testing.T) {
	for w, want := range map[int][]int{
		1:    {1},
		100:  {100},
		160:  {160},
		161:  {160, 161},
		960:  {160, 480, 960},
		1200: {160, 480, 960, 1200},
		1600: {160, 480, 960, 1600},
		4000: {160, 480, 960, 1600},
	} {
		if got := VariantWidths(w); !slices.Equal(got, want) {
			t.Errorf("VariantWidths(%d) = %v, want %v", w, got, want)
		}
	}
}

// A large opaque PNG gives all four widths, as JPEG, heights in proportion.
func TestVariantsOfALargeImage(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 2000, 1000))
	for i := range img.Pix {
		img.Pix[i] = byte(i)
		if i%4 == 3 {
			img.Pix[i] = 0xff
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	u, err := Check(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	vs, err := Variants(u)
	if err != nil {
		t.Fatal(err)
	}
	checkVariants(t, buf.Bytes(), vs, []int{160, 480, 960, 1600}, []int{80, 240, 480, 800}, "image/jpeg")
}

// Each EXIF orientation shows the stored corners where they belong.
func TestOrient(t *testing.T) {
	const w, h = 4, 3
	src := image.NewRGBA(image.Rect(0, 0, w, h))
	tag := func(x, y int) color.RGBA { return color.RGBA{uint8(x), uint8(y), 0, 255} }
	for y := range h {
		for x := range w {
			src.SetRGBA(x, y, tag(x, y))
		}
	}
	// The stored pixel shown at the top-left and at the top-right.
	want := map[int][2]image.Point{
		1: {{0, 0}, {w - 1, 0}},
		2: {{w - 1, 0}, {0, 0}},
		3: {{w - 1, h - 1}, {0, h - 1}},
		4: {{0, h - 1}, {w - 1, h - 1}},
		5: {{0, 0}, {0, h - 1}},
		6: {{0, h - 1}, {0, 0}},
		7: {{w - 1, h - 1}, {w - 1, 0}},
		8: {{w - 1, 0}, {w - 1, h - 1}},
	}
	for o, corners := range want {
		got := orient(src, o)
		dw := got.Rect.Dx()
		if (o >= 5) != (dw == h) {
			t.Errorf("orientation %d: %v", o, got.Rect)
		}
		tl, tr := got.RGBAAt(0, 0), got.RGBAAt(dw-1, 0)
		if tl != tag(corners[0].X, corners[0].Y) || tr != tag(corners[1].X, corners[1].Y) {
			t.Errorf("orientation %d: top-left from %v, top-right from %v; want %v", o, tl, tr, corners)
		}
	}
}

// exifSegment builds a minimal JPEG: SOI, APP1 Exif with IFD0 holding the
// orientation in the given byte order, then EOI.
func exifSegment(little bool, orientation uint16) []byte {
	var bo binary.AppendByteOrder = binary.BigEndian
	tiff := []byte("MM\x00*")
	if little {
		bo, tiff = binary.LittleEndian, []byte("II*\x00")
	}
	tiff = bo.AppendUint32(tiff, 8)
	tiff = bo.AppendUint16(tiff, 2)
	tiff = append(bo.AppendUint16(bo.AppendUint16(tiff, 0x010F), 2), 0, 0, 0, 1, 'X', 0, 0, 0) // Make "X"
	tiff = bo.AppendUint32(bo.AppendUint16(bo.AppendUint16(tiff, 0x0112), 3), 1)               // Orientation, one SHORT
	tiff = append(bo.AppendUint16(tiff, orientation), 0, 0)
	tiff = bo.AppendUint32(tiff, 0)
	seg := append([]byte("Exif\x00\x00"), tiff...)
	out := []byte{0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 'J', 'F', 0xFF, 0xE1}
	out = binary.BigEndian.AppendUint16(out, uint16(len(seg)+2))
	return append(append(out, seg...), 0xFF, 0xD9)
}

func TestJPEGOrientationParsing(t *testing.T) {
	for o := uint16(1); o <= 8; o++ {
		for _, little := range []bool{true, false} {
			if got := jpegOrientation(exifSegment(little, o)); got != int(o) {
				t.Errorf("orientation %d (little-endian %v): got %d", o, little, got)
			}
		}
	}
	good := exifSegment(true, 6)
	for name, b := range map[string][]byte{
		"out of range value": exifSegment(true, 9),
		"no EXIF":            {0xFF, 0xD8, 0xFF, 0xD9},
		"not a JPEG":         []byte("hello"),
		"IFD offset too far": append(append([]byte{}, good[:20]...), 0xFF, 0xFF, 0xFF, 0x7F),
	} {
		if got := jpegOrientation(b); got != 1 {
			t.Errorf("%s: got %d, want 1", name, got)
		}
	}
	// Every truncation of a good segment yields 1 or 6, never a panic.
	for i := range good {
		if got := jpegOrientation(good[:i]); got != 1 && got != 6 {
			t.Errorf("truncated at %d: %d", i, got)
		}
	}
}

func FuzzJPEGOrientation(f *testing.F) {
	f.Add(exifSegment(true, 6))
	f.Add(exifSegment(false, 3))
	f.Fuzz(func(t *testing.T, b []byte) {
		if o := jpegOrientation(b); o < 1 || o > 8 {
			t.Fatalf("orientation %d", o)
		}
	})
}

func TestPlaceholder(t *testing.T) {
	svg := string(Placeholder(`<b>&"`, "#1d4ed8"))
	for _, s := range []string{`role="img"`, "<title>&lt;B&gt;</title>", `fill="#1d4ed8"`, `fill="#ffffff"`} {
		if !strings.Contains(svg, s) {
			t.Errorf("placeholder lacks %s:\n%s", s, svg)
		}
	}
	if strings.Contains(svg, "<b>") || strings.Contains(svg, "<B>") {
		t.Errorf("initials not escaped:\n%s", svg)
	}
	if err := xml.Unmarshal([]byte(svg), new(struct{})); err != nil {
		t.Errorf("not well-formed XML: %v", err)
	}
	if s := string(Placeholder("jb", "#fde047")); !strings.Contains(s, `fill="#111827"`) || !strings.Contains(s, ">JB</text>") {
		t.Errorf("light colour wants dark text:\n%s", s)
	}
	if s := string(Placeholder("  ", `red" onload="x`)); !strings.Contains(s, `fill="`+PlaceholderColour+`"`) || !strings.Contains(s, "<title>?</title>") || strings.Contains(s, "onload") {
		t.Errorf("bad colour or empty initials:\n%s", s)
	}
}

var (
	bigJPEGOnce sync.Once
	bigJPEG     []byte
)

// A 12-megapixel (4000 × 3000) camera-sized JPEG, made once.
func twelveMegapixelJPEG(b testing.TB) []byte {
	bigJPEGOnce.Do(func() {
		img := image.NewYCbCr(image.Rect(0, 0, 4000, 3000), image.YCbCrSubsampleRatio420)
		for i := range img.Y {
			img.Y[i] = byte(i*7 ^ i>>9)
		}
		for i := range img.Cb {
			img.Cb[i], img.Cr[i] = byte(i>>3), byte(i>>11)
		}
		var buf bytes.Buffer
		if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 90}); err != nil {
			b.Fatal(err)
		}
		bigJPEG = buf.Bytes()
	})
	return bigJPEG
}

func BenchmarkCheckAndVariants12MP(b *testing.B) {
	data := twelveMegapixelJPEG(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		u, err := Check(bytes.NewReader(data))
		if err != nil {
			b.Fatal(err)
		}
		if _, err := Variants(u); err != nil {
			b.Fatal(err)
		}
	}
}

func TestCheckPassesOnReadErrors(t *testing.T) {
	boom := errors.New("connection reset")
	_, err := Check(iotest.ErrReader(boom))
	var refusal *Error
	if !errors.Is(err, boom) || errors.As(err, &refusal) {
		t.Fatalf("Check = %v; want the reader's error, not a refusal", err)
	}
}

package handlers

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"encoding/json"
	"hash/crc32"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"

	"bizprofile/plans"
)

// sixteenBitPNG is the upload of security finding 3: a 6320 × 6320 PNG at
// 16 bits per channel with alpha, all one colour. About 300 KB, inside
// the pixel cap, it decodes to 320 MB of pixels. Built once: compressing
// 320 MB of rows takes a second or two.
var sixteenBitPNG = sync.OnceValue(func() []byte {
	const side = 6320
	var idat bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&idat, zlib.BestCompression)
	row := make([]byte, 1+side*8) // filter byte, then 8 bytes a pixel
	for range side {
		_, _ = zw.Write(row)
	}
	_ = zw.Close()
	chunk := func(out []byte, kind string, data []byte) []byte {
		out = binary.BigEndian.AppendUint32(out, uint32(len(data)))
		out = append(out, kind...)
		out = append(out, data...)
		return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(append([]byte(kind), data...)))
	}
	ihdr := binary.BigEndian.AppendUint32(nil, side)
	ihdr = binary.BigEndian.AppendUint32(ihdr, side)
	ihdr = append(ihdr, 16, 6, 0, 0, 0) // 16 bits, RGBA, not interlaced
	out := []byte("\x89PNG\r\n\x1a\n")
	out = chunk(out, "IHDR", ihdr)
	out = chunk(out, "IDAT", idat.Bytes())
	return chunk(out, "IEND", nil)
})

// A picture whose pixels would take hundreds of megabytes to decode is
// refused from its header, by the file field, whichever form sends it,
// and nothing of it is kept.
func TestImagesTooCostlyToDecodeAreRefused(t *testing.T) {
	data := sixteenBitPNG()
	if len(data) > 400<<10 {
		t.Fatalf("the test PNG is %d bytes", len(data))
	}
	wantMessage := func(t *testing.T, msg string) {
		t.Helper()
		if !strings.HasPrefix(msg, "This image is too large to process: 6320 × 6320 pixels at 16 bits per channel. Upload one under ") ||
			!strings.Contains(msg, " megapixels") || !strings.Contains(msg, "8-bit JPEG") {
			t.Errorf("message %q", msg)
		}
	}
	eachEngine(t, func(t *testing.T, app *testApp) {
		f := newImagesFixture(t, app, plans.Starter.ID)
		for _, kind := range []string{"photo", "logo"} {
			res, body := app.postUpload(t, f.path("/images"), url.Values{"kind": {kind}, "alt": {"The bay"}}, "bay.png", data, "")
			if res.StatusCode != http.StatusUnprocessableEntity {
				t.Fatalf("%s: %d", kind, res.StatusCode)
			}
			label := map[string]string{"photo": "Photo file", "logo": "Logo file"}[kind]
			sec := imagesRegion(t, parseHTML(t, body))
			wantMessage(t, fieldError(labelled(t, sec, label)))
			if kind == "photo" && valueOf(labelled(t, sec, "Photo description (alt text)")) != "The bay" {
				t.Error("the description typed is lost")
			}
		}

		// The wizard's island uploads on its own.
		res, body := app.postUpload(t, "/dashboard/images", url.Values{"kind": {"photo"}}, "bay.png", data, "application/json")
		var answer struct {
			Errors map[string]string `json:"errors"`
		}
		if res.StatusCode != http.StatusUnprocessableEntity || json.Unmarshal([]byte(body), &answer) != nil {
			t.Fatalf("island upload: %d %s", res.StatusCode, body)
		}
		wantMessage(t, answer.Errors["file"])

		if n, p, files := len(f.images(t)), len(f.pending(t)), mediaFiles(t, app); n != 0 || p != 0 || len(files) != 0 {
			t.Errorf("after the refusals: %d images, %d pending, files %v", n, p, files)
		}
	})
}

// Package images checks an uploaded image before anything is kept and makes
// the resized, metadata-free variants that are stored and served.
//
// Check reads at most MaxBytes, recognises the type from the bytes (JPEG, PNG
// or WebP; SVG and everything else refused), reads the header and refuses
// oversized pictures before any pixel is decoded: too many pixels, or
// pixels that would take more memory than MaxCost once decoded (Measure:
// no decompression bombs), then decodes and notes the JPEG EXIF
// orientation. Work bounds the memory of the uploads decoded at once.
// Variants scales the decoded pixels to the standard widths, applies the
// orientation and encodes each as JPEG (opaque images) or PNG (images with
// transparency). Only pixels are encoded, so no variant carries EXIF, GPS or
// any other metadata of the upload. Go has no pure-Go WebP encoder
// (golang.org/x/image/webp decodes only), so WebP uploads are served as JPEG or
// PNG too.
package images

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"time"

	"golang.org/x/image/webp"
)

// Limits on what Check accepts.
const (
	MaxBytes  = 10 << 20   // 10 MB read at most
	MaxSide   = 12_000     // pixels, either side
	MaxPixels = 40_000_000 // width × height
	// MaxCost bounds the memory one upload may take to decode and
	// resize (Cost, from its header): a 40-megapixel baseline JPEG fits,
	// a 40-megapixel 16-bit PNG (320 MB of pixels) does not.
	MaxCost = 128 << 20
)

// Bounds of the uploads being checked and resized at once (Work).
const (
	// WorkBytes is the memory they may hold together (their Costs).
	WorkBytes = 256 << 20
	// WorkAtOnce is how many run at once, however small: decoding is
	// work for a core, and more at once only makes each slower.
	WorkAtOnce = 4
	// WorkWait is how long an upload waits for its turn before it is
	// answered ErrBusy.
	WorkWait = 5 * time.Second
)

// Error is a refusal whose text can be shown to the person who uploaded the
// file as it is.
type Error struct {
	Code    string // stable, for logs and tests
	Message string
}

func (e *Error) Error() string { return e.Message }

// The refusals Check returns; compare with errors.Is.
var (
	ErrTooLarge   = &Error{"too_large", "The file is larger than 10 MB"}
	ErrEmpty      = &Error{"empty", "The file is empty"}
	ErrSVG        = &Error{"svg", "SVG images are not accepted: upload a JPEG, PNG or WebP"}
	ErrNotImage   = &Error{"not_image", "This file is not a JPEG, PNG or WebP image"}
	ErrTooBig     = &Error{"too_many_pixels", "This image is too large in pixels: at most 12,000 pixels a side and 40 megapixels"}
	ErrUnreadable = &Error{"damaged", "This image could not be read: the file may be damaged or incomplete"}
)

// Format is a recognised image type.
type Format string

// The accepted formats.
const (
	JPEG Format = "jpeg"
	PNG  Format = "png"
	WebP Format = "webp"
)

// Upload is an image that passed Check: decoded pixels, no metadata.
type Upload struct {
	Format      Format
	ContentType string // of the upload: image/jpeg, image/png or image/webp
	Hash        string // hex of the SHA-256 of the uploaded bytes, 32 characters
	Size        int    // bytes uploaded
	// Width and Height are as displayed, after the orientation.
	Width, Height int
	Orientation   int  // EXIF orientation 1-8 (1 for PNG and WebP)
	Opaque        bool // no transparent pixel: variants are JPEG, else PNG

	src image.Image // decoded, not yet oriented
}

// Check reads an upload and refuses it with an *Error unless it is a JPEG, PNG
// or WebP of at most MaxBytes, within MaxSide and MaxPixels, and whose
// Cost is within MaxCost. The reader's own errors are returned wrapped.
func Check(r io.Reader) (*Upload, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxBytes+1))
	if err != nil {
		return nil, fmt.Errorf("images: reading the upload: %w", err)
	}
	return CheckBytes(data)
}

// CheckBytes is Check on bytes already in memory. Its header is read
// first (Measure): nothing the size of the picture is allocated before its
// dimensions and decoded size are known to be reasonable.
func CheckBytes(data []byte) (*Upload, error) {
	c, err := Measure(data)
	if err != nil {
		return nil, err
	}
	format := c.Format
	img, err := codecs[format].decode(bytes.NewReader(data))
	if err != nil {
		return nil, ErrUnreadable
	}
	b := img.Bounds()
	if b.Dx() != c.Width || b.Dy() != c.Height {
		return nil, ErrUnreadable
	}
	orientation := 1
	if format == JPEG {
		orientation = jpegOrientation(data)
	}
	sum := sha256.Sum256(data)
	u := &Upload{
		Format:      format,
		ContentType: "image/" + string(format),
		Hash:        hex.EncodeToString(sum[:])[:32],
		Size:        len(data),
		Width:       b.Dx(),
		Height:      b.Dy(),
		Orientation: orientation,
		Opaque:      isOpaque(img),
		src:         img,
	}
	if orientation >= 5 { // the four orientations that turn by a quarter
		u.Width, u.Height = u.Height, u.Width
	}
	return u, nil
}

// codecs are the decoders of the accepted formats.
var codecs = map[Format]struct {
	config func(io.Reader) (image.Config, error)
	decode func(io.Reader) (image.Image, error)
}{
	JPEG: {jpeg.DecodeConfig, jpeg.Decode},
	PNG:  {png.DecodeConfig, png.Decode},
	WebP: {webp.DecodeConfig, webp.Decode},
}

// sniff recognises the type from the first bytes, whatever the file's name.
func sniff(data []byte) (Format, error) {
	switch {
	case bytes.HasPrefix(data, []byte{0xFF, 0xD8, 0xFF}):
		return JPEG, nil
	case bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")):
		return PNG, nil
	case len(data) >= 12 && string(data[:4]) == "RIFF" && string(data[8:12]) == "WEBP":
		return WebP, nil
	case looksLikeSVG(data):
		return "", ErrSVG
	}
	return "", ErrNotImage
}

// looksLikeSVG reports whether data is XML (or bare markup) with an <svg
// element near the start, as browsers would sniff it.
func looksLikeSVG(data []byte) bool {
	head := data[:min(len(data), 4096)]
	head = bytes.TrimPrefix(head, []byte("\xEF\xBB\xBF"))
	head = bytes.TrimLeft(head, " \t\r\n")
	if !bytes.HasPrefix(head, []byte("<")) {
		return false
	}
	return bytes.Contains(bytes.ToLower(head), []byte("<svg"))
}

// isOpaque reports whether img has no pixel with any transparency.
func isOpaque(img image.Image) bool {
	if o, ok := img.(interface{ Opaque() bool }); ok {
		return o.Opaque()
	}
	return false
}

// Package qrcode draws QR codes as SVG images: the review link an owner
// prints for the counter. rsc.io/qr computes the modules; the drawing is
// ours, so the image is a few hundred bytes of plain SVG that scales to
// any print size.
package qrcode

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"strconv"

	"rsc.io/qr"
)

// QuietZone is the light margin around the code, in modules: the four the
// QR specification asks for, without which phones misread printed codes.
const QuietZone = 4

// moduleSize is the width of a module, in pixels, at the image's natural
// size.
const moduleSize = 8

// SVG draws text as a QR code (error correction level M, readable with up
// to 15% of it damaged): dark modules as one path on a white square with
// the quiet zone, named by title for assistive technology (role="img").
func SVG(text, title string) ([]byte, error) {
	code, err := qr.Encode(text, qr.M)
	if err != nil {
		return nil, fmt.Errorf("qrcode: encode: %w", err)
	}
	side := code.Size + 2*QuietZone
	var b bytes.Buffer
	px := strconv.Itoa(side * moduleSize)
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%s" height="%s" role="img" aria-labelledby="qr-title" shape-rendering="crispEdges">`, side, side, px, px)
	b.WriteString(`<title id="qr-title">`)
	if err := xml.EscapeText(&b, []byte(title)); err != nil {
		return nil, err
	}
	b.WriteString(`</title>`)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#fff"/>`, side, side)
	b.WriteString(`<path fill="#000" d="`)
	// Each row's runs of dark modules are one rectangle each.
	for y := 0; y < code.Size; y++ {
		for x := 0; x < code.Size; {
			if !code.Black(x, y) {
				x++
				continue
			}
			run := 1
			for x+run < code.Size && code.Black(x+run, y) {
				run++
			}
			fmt.Fprintf(&b, "M%d %dh%dv1h-%dz", x+QuietZone, y+QuietZone, run, run)
			x += run
		}
	}
	b.WriteString(`"/></svg>`)
	return b.Bytes(), nil
}

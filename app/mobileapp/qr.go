package mobileapp

import (
	"bytes"
	"fmt"

	qrcode "github.com/skip2/go-qrcode"
)

// QRSVG draws text as a QR code in SVG: one path of dark modules on a white
// square with the standard quiet zone, crisp at any size and ~2 KB for a
// page address (a PNG of the same code is larger and blurs when scaled).
func QRSVG(text string) ([]byte, error) {
	q, err := qrcode.New(text, qrcode.Medium)
	if err != nil {
		return nil, fmt.Errorf("mobileapp: qr: %w", err)
	}
	bits := q.Bitmap() // with the 4-module quiet zone
	n := len(bits)
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" shape-rendering="crispEdges">`, n, n)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#fff"/><path fill="#000" d="`, n, n)
	for y, row := range bits {
		for x := 0; x < n; x++ {
			if !row[x] {
				continue
			}
			run := 1 // one rectangle per run of dark modules in a row
			for x+run < n && row[x+run] {
				run++
			}
			fmt.Fprintf(&b, "M%d %dh%dv1h-%dz", x, y, run, run)
			x += run - 1
		}
	}
	b.WriteString(`"/></svg>`)
	return b.Bytes(), nil
}

package seed

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"strings"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"

	"souk/app/media"
)

// TestTemplateSheet draws every product template's first pictures, as the
// seeder names them, on one labelled contact sheet for a visual review. It
// runs only when DEMO_SHEET names the PNG to write (one file per page:
// sheet.png gives sheet-1.png, sheet-2.png ...).
func TestTemplateSheet(t *testing.T) {
	out := os.Getenv("DEMO_SHEET")
	if out == "" {
		t.Skip("set DEMO_SHEET=/tmp/sheet.png to draw the template sheet")
	}
	c, err := loadContent()
	if err != nil {
		t.Fatal(err)
	}
	b := &builder{c: c}
	const cell, cols, perTemplate, perPage = 180, 8, 2, 48
	n := len(c.Products) * perTemplate
	for page := 0; page*perPage < n; page++ {
		count := min(perPage, n-page*perPage)
		rows := (count + cols - 1) / cols
		sheet := image.NewRGBA(image.Rect(0, 0, cols*cell, rows*(cell+14)))
		draw.Draw(sheet, sheet.Bounds(), image.White, image.Point{}, draw.Src)
		for j := range count {
			i, k := (page*perPage+j)/perTemplate, (page*perPage+j)%perTemplate
			p := c.Products[i]
			palette := b.palette(p)
			col := palette[(i*7+k*5)%len(palette)]
			uid := imageUID(p.Shape, col.Hex, fmt.Sprintf("sheet%d", i*perTemplate+k), 0)
			spec, ok := specOf(uid)
			if !ok {
				t.Fatalf("%s: no spec for %s", p.Key, uid)
			}
			at := image.Pt(j%cols*cell, j/cols*(cell+14))
			img := media.RenderDemo(spec, cell, cell)
			draw.Draw(sheet, img.Bounds().Add(at), img, image.Point{}, draw.Src)
			label(sheet, at.X+2, at.Y+cell+11, fmt.Sprintf("%.16s %s", p.Key, col.Key))
		}
		writeSheet(t, strings.Replace(out, ".png", fmt.Sprintf("-%d.png", page+1), 1), sheet)
	}
}

func writeSheet(t *testing.T, path string, img image.Image) {
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
}

func label(img draw.Image, x, y int, s string) {
	d := font.Drawer{Dst: img, Src: image.NewUniform(color.Black), Face: basicfont.Face7x13,
		Dot: fixed.P(x, y)}
	d.DrawString(s)
}

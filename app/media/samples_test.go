package media

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"
)

// TestWriteSamples renders one photo per shape plus a labelled contact
// sheet (every shape in several colours) for visual review. It only runs
// when MEDIA_SAMPLES names an output directory; MEDIA_SHAPES (comma
// separated names) limits the sheet to some shapes, MEDIA_PRINT ("lace")
// prints their fabric.
func TestWriteSamples(t *testing.T) {
	dir := os.Getenv("MEDIA_SAMPLES")
	if dir == "" {
		t.Skip("set MEDIA_SAMPLES=/some/dir to write sample images")
	}
	only := strings.Split(os.Getenv("MEDIA_SHAPES"), ",")
	var shapes []Shape
	for _, sh := range Shapes() {
		if only[0] == "" || slices.Contains(only, sh.String()) {
			shapes = append(shapes, sh)
		}
	}
	print, _ := ParsePrint(os.Getenv("MEDIA_PRINT"))
	mains := []color.RGBA{{200, 40, 50, 255}, {31, 42, 68, 255}, {236, 217, 184, 255}, {46, 125, 79, 255}, {28, 28, 28, 255}}
	const cell, cols = 200, 5
	sheet := image.NewRGBA(image.Rect(0, 0, cols*cell, len(shapes)*(cell+14)))
	draw.Draw(sheet, sheet.Bounds(), image.White, image.Point{}, draw.Src)
	for i, sh := range shapes {
		for j, m := range mains {
			spec := SpecFromSeed(fmt.Sprintf("sample-%d", j), sh, m)
			spec.Print = print
			if j == 0 {
				writePNG(t, filepath.Join(dir, sh.String()+".png"), RenderDemo(spec, 400, 400))
			}
			img := RenderDemo(spec, cell, cell)
			at := image.Pt(j*cell, i*(cell+14))
			draw.Draw(sheet, img.Bounds().Add(at), img, image.Point{}, draw.Src)
		}
		d := font.Drawer{Dst: sheet, Src: image.NewUniform(color.Black), Face: basicfont.Face7x13,
			Dot: fixed.P(4, i*(cell+14)+cell+11)}
		d.DrawString(sh.String())
	}
	writePNG(t, filepath.Join(dir, "sheet.png"), sheet)
}

func writePNG(t *testing.T, path string, img image.Image) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
}

package media

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

// TestWriteSamples renders one photo per shape plus a contact sheet for
// visual review. It only runs when MEDIA_SAMPLES names an output directory.
func TestWriteSamples(t *testing.T) {
	dir := os.Getenv("MEDIA_SAMPLES")
	if dir == "" {
		t.Skip("set MEDIA_SAMPLES=/some/dir to write sample images")
	}
	mains := []color.RGBA{{200, 40, 50, 255}, {40, 80, 160, 255}, {60, 140, 90, 255}, {230, 180, 40, 255}, {30, 30, 34, 255}}
	const size, cols = 400, 8
	rows := (int(numShapes)*2 + cols - 1) / cols
	sheet := image.NewRGBA(image.Rect(0, 0, cols*size/2, rows*size/2))
	for i := range int(numShapes) * 2 {
		sh := Shape(i % int(numShapes))
		spec := SpecFromSeed(fmt.Sprintf("sample-%d", i), sh, mains[(i+i/int(numShapes))%len(mains)])
		img := RenderDemo(spec, size, size)
		if i < int(numShapes) {
			writePNG(t, filepath.Join(dir, sh.String()+".png"), img)
		}
		half := RenderDemo(spec, size/2, size/2)
		at := image.Pt(i%cols*size/2, i/cols*size/2)
		draw.Draw(sheet, half.Bounds().Add(at), half, image.Point{}, draw.Src)
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

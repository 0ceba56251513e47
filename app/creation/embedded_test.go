package creation

import (
	"context"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"souk/app/media"
)

func demoDress(t *testing.T, shape media.Shape) image.Image {
	t.Helper()
	return media.RenderDemo(media.SpecFromSeed("dress-test", shape, color.RGBA{240, 236, 228, 255}), 400, 400)
}

// TestEmbeddedDeterministic: the same request gives the same pixels, each
// option changes them, and the background stays.
func TestEmbeddedDeterministic(t *testing.T) {
	base := demoDress(t, media.ShapeGown)
	e := NewEmbedded()
	reqs := []ImageRequest{{Swatch: "red"}, {Pattern: "stripes"}, {Length: "short"}, {Length: "long", Swatch: "navy", Pattern: "dots"}}
	for _, r := range reqs {
		r.Base = base
		a, err := e.Generate(context.Background(), r, func(string, int) {})
		if err != nil {
			t.Fatal(err)
		}
		b, _ := e.Generate(context.Background(), r, func(string, int) {})
		if !samePix(a, b) {
			t.Errorf("%+v: not deterministic", r)
		}
		if samePix(a, fit(base, 800)) {
			t.Errorf("%+v: nothing changed", r)
		}
		if c, c0 := a.At(2, 2), fit(base, 800).At(2, 2); c != c0 {
			t.Errorf("%+v: background corner changed %v -> %v", r, c0, c)
		}
		if dir := os.Getenv("CREATION_PNG"); dir != "" {
			f, _ := os.Create(filepath.Join(dir, r.Swatch+r.Pattern+r.Length+".png"))
			png.Encode(f, a)
			f.Close()
		}
	}
}

func TestEmbeddedCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := NewEmbedded().Generate(ctx, ImageRequest{Base: demoDress(t, media.ShapeDress), Swatch: "red"}, func(string, int) {})
	if err == nil {
		t.Fatal("a cancelled generation succeeded")
	}
}

func samePix(a, b image.Image) bool {
	ra, rb := a.(*image.RGBA), b.(*image.RGBA)
	return string(ra.Pix) == string(rb.Pix)
}

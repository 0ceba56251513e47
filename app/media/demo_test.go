package media

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"io"
	"testing"
)

var (
	red    = color.RGBA{200, 30, 45, 255}
	navy   = color.RGBA{28, 48, 110, 255}
	green  = color.RGBA{40, 140, 80, 255}
	yellow = color.RGBA{235, 190, 40, 255}
	black  = color.RGBA{30, 30, 34, 255}
	white  = color.RGBA{246, 246, 244, 255}
	pink   = color.RGBA{236, 130, 170, 255}
	brown  = color.RGBA{120, 80, 50, 255}
)

func TestRenderDeterministic(t *testing.T) {
	for _, sh := range Shapes() {
		for _, size := range []int{160, 400} {
			t.Run(fmt.Sprintf("%s/%d", sh, size), func(t *testing.T) {
				spec := SpecFromSeed("det-"+sh.String(), sh, red)
				a, b := RenderDemo(spec, size, size), RenderDemo(spec, size, size)
				if !bytes.Equal(a.Pix, b.Pix) {
					t.Fatal("same spec rendered different pixels")
				}
				if a.Bounds() != image.Rect(0, 0, size, size) {
					t.Fatalf("bounds %v", a.Bounds())
				}
			})
		}
	}
}

// Goods of the same kind and colour still get different photos: the seed
// picks backdrop, framing, trim accent and shape variant. Of 12 keys per
// shape, at least 95% draw a picture no other key of that shape draws.
func TestSeedsDiffer(t *testing.T) {
	distinct, total := 0, 0
	for _, sh := range Shapes() {
		seen := map[string]bool{}
		for i := range 12 {
			seen[string(RenderDemo(SpecFromSeed(fmt.Sprint(sh, i), sh, green), 96, 96).Pix)] = true
		}
		if len(seen) < 10 {
			t.Errorf("%s: 12 keys drew only %d different pictures", sh, len(seen))
		}
		distinct, total = distinct+len(seen), total+12
	}
	if share := float64(distinct) / float64(total); share < 0.95 {
		t.Errorf("only %.3f of the pictures differ", share)
	}
}

var cream8 = color.RGBA{245, 240, 228, 255}

func TestSpecFromSeed(t *testing.T) {
	a, b := SpecFromSeed("uid-1", ShapeMug, red), SpecFromSeed("uid-1", ShapeMug, red)
	if a != b {
		t.Fatal("same key gave different specs")
	}
	if c := SpecFromSeed("uid-2", ShapeMug, red); c.Seed == a.Seed {
		t.Fatal("different keys gave the same seed")
	}
	if a.Color != red || a.Shape != ShapeMug {
		t.Fatalf("spec lost its inputs: %+v", a)
	}
}

func TestScalesWithSize(t *testing.T) {
	// The silhouette's bounding box, relative to the image, must not depend on
	// resolution: compare 160, 400 and 800 px renders within 2%.
	for _, sh := range Shapes() {
		spec := SpecFromSeed("scale", sh, navy)
		ref := relBounds(RenderDemo(spec, 800, 800), spec)
		for _, size := range []int{160, 400} {
			got := relBounds(RenderDemo(spec, size, size), spec)
			for i := range got {
				if d := got[i] - ref[i]; d > 0.02 || d < -0.02 {
					t.Errorf("%s at %d: bounds %v, want ≈%v", sh, size, got, ref)
					break
				}
			}
		}
	}
}

// relBounds finds the box of object pixels, as fractions of the image.
func relBounds(img *image.RGBA, spec DemoSpec) [4]float64 {
	w, h := img.Bounds().Dx(), img.Bounds().Dy()
	bare := backdrop(spec, w, h)
	x0, y0, x1, y1 := w, h, 0, 0
	for y := range h {
		for x := range w {
			if rgbDist(img.RGBAAt(x, y), toRGB(bare.RGBAAt(x, y))) > 40*40 {
				x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
			}
		}
	}
	return [4]float64{float64(x0) / float64(w), float64(y0) / float64(h), float64(x1) / float64(w), float64(y1) / float64(h)}
}

func TestMainColourDominant(t *testing.T) {
	mains := []color.RGBA{red, navy, green, yellow, black, white, pink, brown}
	for _, sh := range Shapes() {
		for i, m := range mains {
			for _, key := range []string{"k1", "k2", "k3", "k4"} {
				spec := SpecFromSeed(fmt.Sprint(key, i), sh, m)
				share := mainShare(RenderDemo(spec, SmallSize, SmallSize), spec)
				if share < 0.55 {
					t.Errorf("%s main %v key %s: main colour share %.2f of object pixels", sh, m, key, share)
				}
			}
		}
	}
}

// mainShare returns the fraction of object pixels (those differing from the
// bare backdrop+shadow render) that are a shaded version of the main colour,
// which is what a dominant-colour search index would pick up.
func mainShare(img *image.RGBA, spec DemoSpec) float64 {
	bare := backdrop(spec, img.Bounds().Dx(), img.Bounds().Dy())
	main, hits, total := toRGB(spec.Color), 0, 0
	for i := 0; i < len(img.Pix); i += 4 {
		c := color.RGBA{img.Pix[i], img.Pix[i+1], img.Pix[i+2], 255}
		b := color.RGBA{bare.Pix[i], bare.Pix[i+1], bare.Pix[i+2], 255}
		if rgbDist(c, toRGB(b)) < 12*12 {
			continue
		}
		total++
		if shadeOf(c, main) {
			hits++
		}
	}
	return float64(hits) / float64(max(total, 1))
}

// shadeOf reports whether c is close to k*main for a lighting factor k in
// the range the renderer uses.
func shadeOf(c color.RGBA, main rgb) bool {
	mm := main.r*main.r + main.g*main.g + main.b*main.b + 1
	k := (float64(c.R)*main.r + float64(c.G)*main.g + float64(c.B)*main.b) / mm
	k = min(max(k, 0.4), 1.2)
	return rgbDist(c, main.scale(k)) < 40*40
}

// backdrop renders only the background and shadows of spec.
func backdrop(spec DemoSpec, w, h int) *image.RGBA {
	k := newKit(spec)
	builders[spec.Shape](k)
	zoom, pan, flip := camera(spec.Seed)
	c := newCanvas(w, h, k.pat, zoom, pan)
	c.background(k.bg)
	for _, s := range k.shadows {
		c.shadow(s[0], s[1], s[2], s[3], s[4])
	}
	if flip {
		c.flipX()
	}
	return c.img
}

func rgbDist(c color.RGBA, p rgb) float64 {
	dr, dg, db := float64(c.R)-p.r, float64(c.G)-p.g, float64(c.B)-p.b
	return dr*dr + dg*dg + db*db
}

func BenchmarkRenderLarge(b *testing.B) {
	for _, sh := range Shapes() {
		spec := SpecFromSeed("bench", sh, red)
		b.Run(sh.String(), func(b *testing.B) {
			for b.Loop() {
				RenderDemo(spec, LargeSize, LargeSize)
			}
		})
	}
}

func BenchmarkEncodeLarge(b *testing.B) {
	img := RenderDemo(SpecFromSeed("bench", ShapeDress, red), LargeSize, LargeSize)
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := EncodeJPEG(&buf, img); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len())/1024, "KiB/img")
}

// BenchmarkRenderEncodeLarge is the cost of a cold large request, averaged
// over all shapes.
func BenchmarkRenderEncodeLarge(b *testing.B) {
	i := 0
	for b.Loop() {
		spec := SpecFromSeed("bench", Shape(i%int(numShapes)), red)
		if err := EncodeJPEG(io.Discard, RenderDemo(spec, LargeSize, LargeSize)); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// Every kind has a drawing of its own: no shape falls back to another's
// builder, so no two kinds draw the same picture from the same spec.
func TestEveryShapeHasItsOwnDrawing(t *testing.T) {
	seen := map[string]Shape{}
	for _, sh := range Shapes() {
		if builders[sh] == nil {
			t.Errorf("%s: no drawing", sh)
			continue
		}
		spec := DemoSpec{Shape: sh, Color: green, Accent: cream8, Background: color.RGBA{240, 240, 240, 255}}
		key := string(RenderDemo(spec, 64, 64).Pix)
		if other, dup := seen[key]; dup {
			t.Errorf("%s draws the same picture as %s", sh, other)
		}
		seen[key] = sh
	}
}

func TestParseLook(t *testing.T) {
	cases := []struct {
		in    string
		shape Shape
		print Print
		ok    bool
	}{
		{"dress", ShapeDress, PrintPlain, true},
		{"cardigan", ShapeCardigan, PrintPlain, true},
		{"dress-lace", ShapeDress, PrintLace, true},
		{"kaftan-embroidery", ShapeKaftan, PrintEmbroidery, true},
		{"dress-plain", 0, 0, false}, // plain is the default, never named
		{"dress-", 0, 0, false},
		{"dress-nosuch", 0, 0, false},
		{"nosuch", 0, 0, false},
		{"-lace", 0, 0, false},
		{"", 0, 0, false},
	}
	for _, c := range cases {
		sh, p, ok := ParseLook(c.in)
		if ok != c.ok || ok && (sh != c.shape || p != c.print) {
			t.Errorf("ParseLook(%q) = %s, %s, %v; want %s, %s, %v", c.in, sh, p, ok, c.shape, c.print, c.ok)
		}
	}
}

// FuzzParseLook: looks come from request paths; parsing never panics and
// what parses is the canonical name of its shape and print.
func FuzzParseLook(f *testing.F) {
	for _, s := range []string{"dress", "dress-lace", "dress-plain", "a-b-c", "-", "shirt-sequins"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		sh, p, ok := ParseLook(name)
		if !ok {
			return
		}
		want := sh.String()
		if p != PrintPlain {
			want += "-" + p.String()
		}
		if want != name {
			t.Fatalf("%q parsed as %s", name, want)
		}
	})
}

// A named print shows on the fabric, and only there: the same spec without
// it draws a different picture; a shape with no fabric part ignores it.
func TestPrintsShow(t *testing.T) {
	for _, p := range Prints()[1:] {
		plain := SpecFromSeed("print", ShapeDress, green)
		printed := plain
		printed.Print = p
		if bytes.Equal(RenderDemo(plain, 160, 160).Pix, RenderDemo(printed, 160, 160).Pix) {
			t.Errorf("%s: the dress looks plain", p)
		}
		flask := SpecFromSeed("print", ShapeFlask, green)
		printedFlask := flask
		printedFlask.Print = p
		if !bytes.Equal(RenderDemo(flask, 96, 96).Pix, RenderDemo(printedFlask, 96, 96).Pix) {
			t.Errorf("%s: printed on a steel flask", p)
		}
	}
}

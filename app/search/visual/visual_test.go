package visual

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"souk/app/media"
)

// TestSelfRetrieval queries the catalogue with every picture after each
// edit of Transforms: the picture's own entry must come first for at least
// 95% of the catalogue. The catalogue has two pictures per shape and
// colour (different seed keys: pattern, accent, backdrop, variant), so the
// nearest competitor is usually a sibling of the same shape and colour.
func TestSelfRetrieval(t *testing.T) {
	items := catalogue(t)
	x := catalogueIndex(items)
	t.Logf("catalogue: %d distinct pictures (%d shapes × %d colours × %d keys, duplicates dropped), %dpx",
		len(items), len(tunedShapes()), len(seedColours), catalogKeys, catalogSize)
	byID := map[string]item{}
	for _, it := range items {
		byID[it.ID] = it
	}
	for _, tr := range Transforms() {
		t.Run(tr.Name, func(t *testing.T) {
			a := evaluate(x, items, tr)
			// The demo draws goods plainly (no invented prints), so two keys
			// of one kind and colour differ only by backdrop and framing: a
			// miss on that sibling still shows the shopper the right kind in
			// the right colour. What must hold is that kind and colour.
			wrongKind := 0
			for _, m := range a.Misses {
				self, other, _ := strings.Cut(m, "→")
				if byID[self].Shape != byID[other].Shape || byID[self].Colour != byID[other].Colour {
					wrongKind++
				}
			}
			kindTop1 := 1 - float64(wrongKind)/float64(len(items))
			t.Logf("%-10s top-1 %.3f (same kind and colour %.3f)  top-5 %.3f  misses %v", tr.Name, a.Top1, kindTop1, a.Top5, head(a.Misses, 5))
			if kindTop1 < 0.95 || a.Top1 < 0.9 {
				t.Errorf("top-1 same kind and colour %.3f < 0.95 or exact %.3f < 0.9", kindTop1, a.Top1)
			}
			if a.Top5 < 0.99 {
				t.Errorf("top-5 %.3f < 0.99", a.Top5)
			}
		})
	}
}

// colourCases: a photo (another seed key, not in the catalogue) of shape in
// colour q must rank every catalogue picture of that shape in a colour of
// want before any of that shape in a colour of avoid.
var colourCases = []struct {
	shape       media.Shape
	q           string
	want, avoid []string
}{
	{media.ShapeDress, "red", []string{"red", "crimson"}, []string{"blue", "navy"}},
	{media.ShapeDress, "blue", []string{"blue"}, []string{"red", "crimson"}},
	{media.ShapeShirt, "green", []string{"green", "emerald"}, []string{"red", "crimson"}},
	{media.ShapeBag, "black", []string{"black"}, []string{"white", "ivory"}},
	{media.ShapeShoe, "yellow", []string{"yellow", "gold"}, []string{"purple", "lavender"}},
	{media.ShapeMug, "navy", []string{"navy"}, []string{"orange", "yellow"}},
	{media.ShapeSofa, "silver", []string{"silver"}, []string{"red", "orange"}},
	{media.ShapeHat, "pink", []string{"pink"}, []string{"teal", "green"}},
	{media.ShapeLamp, "beige", []string{"beige", "champagne"}, []string{"black", "navy"}},
	{media.ShapeVase, "orange", []string{"orange"}, []string{"blue", "teal"}},
	{media.ShapeTrousers, "navy", []string{"navy"}, []string{"beige", "white"}},
}

func TestColourRanking(t *testing.T) {
	items := catalogue(t)
	x := catalogueIndex(items)
	byID := map[string]item{}
	for _, it := range items {
		byID[it.ID] = it
	}
	for _, c := range colourCases {
		for _, key := range []string{"query-1", "query-2", "query-3"} {
			t.Run(fmt.Sprintf("%s_%s/%s", c.shape, c.q, key), func(t *testing.T) {
				// A shopper's photo: another product of that kind and colour,
				// large and JPEG-compressed.
				q := Describe(recompress(render(key, c.shape, colourOf(c.q), media.LargeSize), 82))
				hits := x.Nearest(&q, x.Len())
				lastWant, firstAvoid := -1, len(hits)
				var sameShape []string
				for r, h := range hits {
					it := byID[h.ID]
					if it.Shape != c.shape {
						continue
					}
					sameShape = append(sameShape, fmt.Sprintf("%s@%d", it.Colour, r))
					if slices.Contains(c.want, it.Colour) {
						lastWant = r
					} else if slices.Contains(c.avoid, it.Colour) {
						firstAvoid = min(firstAvoid, r)
					}
				}
				t.Logf("top %s; %ss: %v", hits[0].ID, c.shape, head(sameShape, 6))
				if lastWant < 0 || lastWant > firstAvoid {
					t.Errorf("a %v %s ranks %d, after a %v one at %d", c.want, c.shape, lastWant, c.avoid, firstAvoid)
				}
				if it := byID[hits[0].ID]; !slices.Contains(c.want, it.Colour) {
					t.Errorf("top hit %s is not %v", hits[0].ID, c.want)
				}
			})
		}
	}
}

// TestCrossPicture reports how often another photo of a product (new seed
// key: other pattern, accent, backdrop, variant) finds a catalogue picture
// of the same kind and colour first.
func TestCrossPicture(t *testing.T) {
	items := catalogue(t)
	x := catalogueIndex(items)
	byID := map[string]item{}
	for _, it := range items {
		byID[it.ID] = it
	}
	var mu sync.Mutex
	var n, same, sameColour float64
	parallel(len(tunedShapes())*len(seedColours), func(i int) {
		sh, col := media.Shape(i/len(seedColours)), seedColours[i%len(seedColours)].Key
		q := Describe(recompress(render(fmt.Sprintf("other-%d", i), sh, colourOf(col), media.SmallSize), 82))
		top := byID[x.Nearest(&q, 1)[0].ID]
		mu.Lock()
		defer mu.Unlock()
		n++
		if top.Colour == col {
			sameColour++
			if top.Shape == sh {
				same++
			}
		}
	})
	t.Logf("another photo: top-1 same kind and colour %.3f, same colour %.3f (%d queries)", same/n, sameColour/n, int(n))
	if same/n < 0.8 || sameColour/n < 0.9 {
		t.Errorf("same kind and colour %.3f < 0.8 or same colour %.3f < 0.9", same/n, sameColour/n)
	}
}

// TestDominantColors: the first dominant colour of every catalogue picture
// is a shade of the product's main colour (same hue, or neutral for neutral
// goods; lightness within 0.2), and shares are sane.
func TestDominantColors(t *testing.T) {
	items := catalogue(t)
	var bad []string
	for _, it := range items {
		dc := DominantColors(&it.Desc, PaletteSize)
		if len(dc) == 0 {
			t.Fatalf("%s: no dominant colour", it.ID)
		}
		sum := 0.0
		for i, c := range dc {
			sum += c.Share
			if c.Share <= 0 || i > 0 && c.Share > dc[i-1].Share {
				t.Errorf("%s: shares not positive and descending: %v", it.ID, dc)
			}
		}
		if sum > 1.01 {
			t.Errorf("%s: shares sum to %.3f", it.ID, sum)
		}
		if !shadeOf(dc[0], colourOf(it.Colour)) {
			bad = append(bad, fmt.Sprintf("%s:%d,%d,%d@%.2f", it.ID, dc[0].R, dc[0].G, dc[0].B, dc[0].Share))
		}
	}
	ok := 1 - float64(len(bad))/float64(len(items))
	t.Logf("first dominant colour is a shade of the main colour: %.3f %v", ok, head(bad, 10))
	if ok < 0.95 {
		t.Errorf("only %.3f", ok)
	}
	if got := DominantColors(&items[0].Desc, 1); len(got) != 1 {
		t.Errorf("DominantColors(d, 1) returned %d", len(got))
	}
	if got := DominantColors(&items[0].Desc, 0); len(got) != 0 {
		t.Errorf("DominantColors(d, 0) returned %d", len(got))
	}
}

// shadeOf reports whether c looks like main under studio lighting: hue
// within 25° (chroma at least 40% of main's) for chromatic colours, low
// chroma for neutral ones, lightness within 0.2.
func shadeOf(c ColorShare, main color.RGBA) bool {
	l, a, b := oklab(c.R, c.G, c.B)
	ml, ma, mb := oklab(main.R, main.G, main.B)
	ch, mc := math.Hypot(float64(a), float64(b)), math.Hypot(float64(ma), float64(mb))
	if math.Abs(float64(l-ml)) > 0.2 {
		return false
	}
	if mc < 0.05 {
		return ch < mc+0.04
	}
	dh := math.Abs(math.Atan2(float64(b), float64(a)) - math.Atan2(float64(mb), float64(ma)))
	dh = math.Min(dh, 2*math.Pi-dh)
	return dh < 25*math.Pi/180 && ch > 0.4*mc
}

func TestMarshalRoundTrip(t *testing.T) {
	items := catalogue(t)
	for _, it := range items[:50] {
		b, err := it.Desc.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		if len(b) != EncodedSize || len(b) > 600 {
			t.Fatalf("encoded size %d, want %d (≤ 600)", len(b), EncodedSize)
		}
		var d Descriptor
		if err := d.UnmarshalBinary(b); err != nil {
			t.Fatal(err)
		}
		if d != it.Desc {
			t.Fatalf("%s: round trip changed the descriptor", it.ID)
		}
		if got := Distance(&d, &it.Desc); got != 0 {
			t.Fatalf("%s: distance to decoded copy %v", it.ID, got)
		}
		b2, _ := d.MarshalBinary()
		if !bytes.Equal(b, b2) {
			t.Fatalf("%s: re-encoding differs", it.ID)
		}
	}
	t.Logf("encoded descriptor: %d bytes", EncodedSize)
	good, _ := items[0].Desc.MarshalBinary()
	var d Descriptor
	for _, bad := range [][]byte{nil, {}, good[:len(good)-1], append(slices.Clone(good), 0)} {
		if err := d.UnmarshalBinary(bad); err == nil {
			t.Errorf("UnmarshalBinary accepted %d bytes", len(bad))
		}
	}
	other := slices.Clone(good)
	other[0] = formatVersion + 1
	if err := d.UnmarshalBinary(other); !errors.Is(err, ErrVersion) {
		t.Errorf("other version: %v, want ErrVersion", err)
	}
	if d != (Descriptor{}) {
		t.Error("failed UnmarshalBinary modified the descriptor")
	}
}

func TestDistanceProperties(t *testing.T) {
	items := catalogue(t)
	var ds []Descriptor
	for i := 0; i < len(items); i += 7 {
		ds = append(ds, items[i].Desc)
	}
	ds = append(ds, Descriptor{}, Describe(image.NewRGBA(image.Rect(0, 0, 1, 1))))
	for i := range ds {
		if d := Distance(&ds[i], &ds[i]); d != 0 {
			t.Fatalf("Distance(a, a) = %v", d)
		}
		for j := range ds {
			ab, ba := Distance(&ds[i], &ds[j]), Distance(&ds[j], &ds[i])
			if ab != ba {
				t.Fatalf("not symmetric: %v vs %v", ab, ba)
			}
			if !(ab >= 0) || math.IsInf(ab, 0) {
				t.Fatalf("Distance = %v", ab)
			}
			if i != j && ab == 0 && ds[i] != ds[j] {
				t.Errorf("different descriptors %d, %d at distance 0", i, j)
			}
		}
	}
}

// TestTransformsDistances checks the scale of Distance documented on it:
// near copies below about 0.3 on the whole, other pictures above.
func TestTransformsDistances(t *testing.T) {
	items := catalogue(t)
	for _, tr := range Transforms() {
		var self []float64
		for i, q := range queries(items, tr) {
			self = append(self, Distance(&q, &items[i].Desc))
		}
		sort.Float64s(self)
		t.Logf("%-10s distance to its original: median %.3f, 95th percentile %.3f", tr.Name, self[len(self)/2], self[len(self)*95/100])
	}
	var other []float64
	for i := 0; i < len(items); i += 5 {
		for j := i + 1; j < len(items); j += 37 {
			other = append(other, Distance(&items[i].Desc, &items[j].Desc))
		}
	}
	sort.Float64s(other)
	t.Logf("unrelated pictures: 5th percentile %.3f, median %.3f", other[len(other)/20], other[len(other)/2])
}

// TestDescribeOddImages: Describe must not panic and must give finite,
// self-consistent descriptors for degenerate pictures and every image type.
func TestDescribeOddImages(t *testing.T) {
	photo := render("odd", media.ShapeBag, colourOf("green"), 120)
	var ycc []image.Image
	for _, r := range []image.YCbCrSubsampleRatio{image.YCbCrSubsampleRatio444, image.YCbCrSubsampleRatio422,
		image.YCbCrSubsampleRatio420, image.YCbCrSubsampleRatio440, image.YCbCrSubsampleRatio411, image.YCbCrSubsampleRatio410} {
		m := image.NewYCbCr(image.Rect(-7, 3, 90, 64), r)
		for i := range m.Y {
			m.Y[i] = uint8(i * 7)
		}
		for i := range m.Cb {
			m.Cb[i], m.Cr[i] = uint8(i*3), uint8(255-i)
		}
		ycc = append(ycc, m, m.SubImage(image.Rect(1, 5, 40, 30)))
	}
	transparent := image.NewNRGBA(image.Rect(0, 0, 50, 50))
	half := image.NewNRGBA(image.Rect(0, 0, 40, 40))
	for i := 0; i < len(half.Pix); i += 4 {
		half.Pix[i], half.Pix[i+3] = 200, uint8(i)
	}
	pal := image.NewPaletted(image.Rect(0, 0, 9, 9), color.Palette{color.Black, color.White})
	pal.Pix[40] = 7 // index past the palette
	cases := map[string]image.Image{
		"1x1":           image.NewRGBA(image.Rect(0, 0, 1, 1)),
		"1x1000":        uniform(1, 1000, color.RGBA{200, 30, 40, 255}),
		"1000x1":        uniform(1000, 1, color.RGBA{20, 30, 140, 255}),
		"3000x2":        image.NewGray(image.Rect(0, 0, 3000, 2)),
		"empty":         image.NewRGBA(image.Rect(0, 0, 0, 0)),
		"empty-wide":    image.NewRGBA(image.Rect(5, 5, 100, 5)),
		"transparent":   transparent,
		"half-alpha":    half,
		"white":         uniform(64, 64, color.RGBA{255, 255, 255, 255}),
		"black":         uniform(64, 64, color.RGBA{0, 0, 0, 255}),
		"red":           uniform(300, 200, color.RGBA{220, 20, 20, 255}),
		"gray16":        image.NewGray16(image.Rect(0, 0, 20, 30)),
		"cmyk":          image.NewCMYK(image.Rect(0, 0, 33, 17)),
		"rgba64":        image.NewRGBA64(image.Rect(-10, -10, 10, 10)),
		"paletted":      pal,
		"nycbcra":       image.NewNYCbCrA(image.Rect(0, 0, 16, 16), image.YCbCrSubsampleRatio420),
		"negative-rgba": photo.SubImage(image.Rect(10, 10, 110, 110)),
		"unbounded":     image.NewUniform(color.RGBA{1, 2, 3, 255}), // bounds ±1e9
	}
	for i, m := range ycc {
		cases[fmt.Sprintf("ycbcr-%d", i)] = m
	}
	ref := Describe(photo)
	for name, m := range cases {
		t.Run(name, func(t *testing.T) {
			d := Describe(m)
			checkDescriptor(t, &d, &ref)
		})
	}
	// Transparent pixels read as white: a transparent picture is a white one.
	a, b := Describe(transparent), Describe(uniform(50, 50, color.RGBA{255, 255, 255, 255}))
	if a != b {
		t.Error("transparent picture differs from a white one")
	}
	// A YCbCr picture describes like its RGBA conversion.
	jp := recompress(photo, 90)
	rgba := image.NewRGBA(jp.Bounds())
	for y := jp.Bounds().Min.Y; y < jp.Bounds().Max.Y; y++ {
		for x := jp.Bounds().Min.X; x < jp.Bounds().Max.X; x++ {
			rgba.Set(x, y, jp.At(x, y))
		}
	}
	da, db := Describe(jp), Describe(rgba)
	if d := Distance(&da, &db); d > 0.05 {
		t.Errorf("YCbCr and its RGBA conversion at distance %.3f", d)
	}
}

func checkDescriptor(t *testing.T, d, ref *Descriptor) {
	t.Helper()
	if got := Distance(d, d); got != 0 {
		t.Errorf("Distance(d, d) = %v", got)
	}
	if got := Distance(d, ref); !(got >= 0) || math.IsInf(got, 0) {
		t.Errorf("Distance(d, ref) = %v", got)
	}
	b, _ := d.MarshalBinary()
	var back Descriptor
	if err := back.UnmarshalBinary(b); err != nil || back != *d {
		t.Errorf("round trip: %v", err)
	}
	DominantColors(d, PaletteSize)
}

func uniform(w, h int, c color.RGBA) *image.RGBA {
	m := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := 0; i < len(m.Pix); i += 4 {
		m.Pix[i], m.Pix[i+1], m.Pix[i+2], m.Pix[i+3] = c.R, c.G, c.B, c.A
	}
	return m
}

func TestIndex(t *testing.T) {
	items := catalogue(t)[:120]
	x := NewIndex()
	if x.Len() != 0 || len(x.Nearest(&items[0].Desc, 5)) != 0 {
		t.Fatal("empty index not empty")
	}
	for _, it := range items {
		x.Add(it.ID, it.Desc)
	}
	x.Add(items[3].ID, items[3].Desc) // re-adding replaces
	if x.Len() != len(items) {
		t.Fatalf("Len %d, want %d", x.Len(), len(items))
	}
	// Nearest agrees with sorting by Distance.
	q := Describe(resize(items[10].Img, 0.5))
	want := make([]Hit, len(items))
	for i, it := range items {
		want[i] = Hit{it.ID, Distance(&q, &it.Desc)}
	}
	sort.Slice(want, func(i, j int) bool {
		return want[i].Distance < want[j].Distance || want[i].Distance == want[j].Distance && want[i].ID < want[j].ID
	})
	for _, k := range []int{1, 5, 17, len(items), len(items) + 10} {
		got := x.Nearest(&q, k)
		if !slices.Equal(got, want[:min(k, len(want))]) {
			t.Fatalf("Nearest(k=%d) = %v..., want %v...", k, head(hitIDs(got), 5), head(hitIDs(want), 5))
		}
	}
	if x.Nearest(&q, 0) != nil || x.Nearest(&q, -1) != nil {
		t.Error("k ≤ 0 returned hits")
	}
	// Replacing moves an id to its new descriptor.
	x.Add(items[11].ID, q)
	if got := x.Nearest(&q, 1); got[0].ID != items[11].ID || got[0].Distance != 0 {
		t.Errorf("after replace: %v", got)
	}
	// Remove, including the last entry and unknown ids.
	x.Remove(items[10].ID)
	x.Remove(items[len(items)-1].ID)
	x.Remove("nope")
	if x.Len() != len(items)-2 {
		t.Fatalf("Len %d after removes", x.Len())
	}
	for _, h := range x.Nearest(&q, x.Len()) {
		if h.ID == items[10].ID || h.ID == items[len(items)-1].ID {
			t.Fatalf("removed %s still found", h.ID)
		}
	}
	// The entry moved into the hole is still found by its descriptor.
	moved := items[len(items)-2]
	if got := x.Nearest(&moved.Desc, 1); got[0].ID != moved.ID {
		t.Errorf("moved entry: got %v", got)
	}
	for _, it := range items {
		x.Remove(it.ID)
	}
	if x.Len() != 0 {
		t.Errorf("Len %d after removing all", x.Len())
	}
	// Equal distances are ordered by id.
	y := NewIndex()
	for _, id := range []string{"e", "b", "f", "d", "a", "c"} {
		y.Add(id, items[0].Desc)
	}
	if got := hitIDs(y.Nearest(&items[0].Desc, 3)); !slices.Equal(got, []string{"a:0.000", "b:0.000", "c:0.000"}) {
		t.Errorf("ties: %v", got)
	}
}

func hitIDs(h []Hit) []string {
	out := make([]string, len(h))
	for i, x := range h {
		out[i] = fmt.Sprintf("%s:%.3f", x.ID, x.Distance)
	}
	return out
}

// TestIndexConcurrent searches while one writer adds and removes (run
// with -race).
func TestIndexConcurrent(t *testing.T) {
	items := catalogue(t)[:80]
	x := NewIndex()
	for _, it := range items[:40] {
		x.Add(it.ID, it.Desc)
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range 200 {
				hits := x.Nearest(&items[(g*7+i)%len(items)].Desc, 5)
				if len(hits) == 0 {
					t.Error("no hits")
					return
				}
			}
		})
	}
	wg.Go(func() {
		for i := range 200 {
			it := items[40+i%40]
			if i%2 == 0 {
				x.Add(it.ID, it.Desc)
			} else {
				x.Remove(it.ID)
			}
			_ = x.Len()
		}
	})
	wg.Wait()
}

func TestTransforms(t *testing.T) {
	src := render("tr", media.ShapeMug, colourOf("orange"), 200)
	names := map[string]bool{}
	for _, tr := range Transforms() {
		if names[tr.Name] || strings.TrimSpace(tr.Name) == "" {
			t.Errorf("bad or duplicate name %q", tr.Name)
		}
		names[tr.Name] = true
		out := tr.Apply(src)
		if out.Bounds().Empty() {
			t.Errorf("%s: empty result", tr.Name)
		}
		if tr.Name != "original" && sameImage(out, src) {
			t.Errorf("%s: picture unchanged", tr.Name)
		}
	}
	if b := crop(src, 0.1).Bounds(); b != image.Rect(20, 20, 180, 180) {
		t.Errorf("crop bounds %v", b)
	}
	if b := resize(src, 0.7).Bounds(); b != image.Rect(0, 0, 140, 140) {
		t.Errorf("resize bounds %v", b)
	}
	if got := brighten(uniform(2, 2, color.RGBA{100, 250, 0, 255}), 1.1).(*image.RGBA).RGBAAt(0, 0); got != (color.RGBA{110, 255, 0, 255}) {
		t.Errorf("brighten: %v", got)
	}
	// Hue rotation keeps greys grey and turns red towards orange (+) or pink (-).
	if got := hueRotate(uniform(1, 1, color.RGBA{128, 128, 128, 255}), 8).(*image.RGBA).RGBAAt(0, 0); got != (color.RGBA{128, 128, 128, 255}) {
		t.Errorf("hue-rotated grey: %v", got)
	}
	if got := hueRotate(uniform(1, 1, color.RGBA{200, 0, 0, 255}), 8).(*image.RGBA).RGBAAt(0, 0); !(got.G > got.B) {
		t.Errorf("red rotated +8°: %v", got)
	}
}

func sameImage(a, b image.Image) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if a.At(x, y) != b.At(x, y) {
				return false
			}
		}
	}
	return true
}

func TestMathHelpers(t *testing.T) {
	for i := range 20000 {
		a := float64(i) / 20000 * 2 * math.Pi
		for _, r := range []float64{1e-6, 0.3, 5} {
			y, x := float32(r*math.Sin(a)), float32(r*math.Cos(a))
			d := math.Abs(float64(atan2(y, x)) - math.Atan2(float64(y), float64(x)))
			if math.Min(d, 2*math.Pi-d) > 0.002 {
				t.Fatalf("atan2(%v, %v) = %v, want %v", y, x, atan2(y, x), math.Atan2(float64(y), float64(x)))
			}
		}
	}
	for i := 1; i <= 100000; i++ {
		x := float32(i) / 100000
		if got, want := float64(cbrt(x)), math.Cbrt(float64(x)); math.Abs(got-want) > 5e-5*want {
			t.Fatalf("cbrt(%v) = %v, want %v", x, got, want)
		}
	}
	// OKLab round trip of every grey and a few colours.
	for _, c := range []color.RGBA{{0, 0, 0, 255}, {255, 255, 255, 255}, {198, 40, 40, 255}, {31, 42, 68, 255}, {242, 201, 76, 255}} {
		l, a, b := oklab(c.R, c.G, c.B)
		r, g, bl := oklabToSRGB(float64(l), float64(a), float64(b))
		if diff8(r, c.R) > 1 || diff8(g, c.G) > 1 || diff8(bl, c.B) > 1 {
			t.Errorf("OKLab round trip of %v gave %d %d %d", c, r, g, bl)
		}
	}
}

func diff8(a, b uint8) int { return max(int(a)-int(b), int(b)-int(a)) }

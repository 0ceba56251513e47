package visual

import (
	"fmt"
	"image"
	"math/rand/v2"
	"strconv"
	"testing"

	"souk/app/media"
)

func benchDescribe(b *testing.B, img image.Image) {
	b.ReportAllocs()
	for b.Loop() {
		Describe(img)
	}
}

// BenchmarkDescribe measures an 800×800 catalogue photo, as rendered
// (*image.RGBA) and as decoded from JPEG (*image.YCbCr 4:2:0).
func BenchmarkDescribe(b *testing.B) {
	img := render("bench", media.ShapeDress, colourOf("red"), media.LargeSize)
	b.Run("RGBA", func(b *testing.B) { benchDescribe(b, img) })
	b.Run("YCbCr", func(b *testing.B) { benchDescribe(b, recompress(img, 82)) })
}

// syntheticDescriptors returns n descriptors: the catalogue's pictures
// under the evaluation transforms, then perturbed copies of those (colours
// rotated, histogram bins and layout cells jittered, hash bits flipped), so
// that distances spread like a large real catalogue's.
func syntheticDescriptors(tb testing.TB, n int) []Descriptor {
	items := catalogue(tb)
	var base []Descriptor
	for _, tr := range Transforms()[:4] {
		for _, it := range items {
			if tr.Name == "original" {
				base = append(base, it.Desc)
			} else {
				base = append(base, Describe(tr.Apply(it.Img)))
			}
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	jit := func(v uint8, r int) uint8 { return uint8(min(max(int(v)+rng.IntN(2*r+1)-r, 0), 255)) }
	jits := func(v int8, r int) int8 { return int8(min(max(int(v)+rng.IntN(2*r+1)-r, -127), 127)) }
	out := make([]Descriptor, n)
	for i := range out {
		d := base[i%len(base)]
		if i >= len(base) {
			s := rng.IntN(20) + 1
			d.Dominant.A, d.Dominant.B = jits(d.Dominant.A, s), jits(d.Dominant.B, s)
			d.Average.A, d.Average.B = jits(d.Average.A, s), jits(d.Average.B, s)
			d.Dominant.L, d.Average.L = jit(d.Dominant.L, s), jit(d.Average.L, s)
			for j := range d.Colors {
				d.Colors[j] = jit(d.Colors[j], s)
			}
			for j := range d.Layout {
				c := &d.Layout[j]
				c.Cover, c.L, c.A, c.B = jit(c.Cover, s), jit(c.L, s), jits(c.A, s), jits(c.B, s)
			}
			for j := range d.Edges {
				d.Edges[j] = jit(d.Edges[j], s)
			}
			d.Hash ^= rng.Uint64() & rng.Uint64() & rng.Uint64()
		}
		out[i] = d
	}
	return out
}

// BenchmarkNearest100k searches 100 000 descriptors for the 10 nearest
// to a catalogue picture (one core).
func BenchmarkNearest100k(b *testing.B) {
	ds := syntheticDescriptors(b, 100_000)
	x := NewIndex()
	for i, d := range ds {
		x.Add(strconv.Itoa(i), d)
	}
	items := catalogue(b)
	queries := make([]Descriptor, 64)
	for i := range queries {
		queries[i] = Describe(recompress(items[i*len(items)/len(queries)].Img, 70))
	}
	for _, k := range []int{10, 1000} {
		b.Run(fmt.Sprintf("k=%d", k), func(b *testing.B) {
			i := 0
			for b.Loop() {
				x.Nearest(&queries[i%len(queries)], k)
				i++
			}
		})
	}
}

// BenchmarkQuery100k is a whole search by image over 100 000 descriptors:
// an 800×800 JPEG described in all its readings (as is and mirrored; a
// brightened one, whose backdrop clips to white, also at lower exposures;
// one on a wooden table also at a grey sweep's exposure),
// and the 160 nearest (40 goods of several pictures each) found.
func BenchmarkQuery100k(b *testing.B) {
	ds := syntheticDescriptors(b, 100_000)
	x := NewIndex()
	for i, d := range ds {
		x.Add(strconv.Itoa(i), d)
	}
	img := render("bench", media.ShapeDress, colourOf("red"), media.LargeSize)
	for _, q := range []struct {
		name string
		img  image.Image
	}{{"photo", recompress(img, 82)}, {"brighter", recompress(brighten(img, 1.3), 82)},
		{"on-table", recompress(OnBackdrop(cutoutOf(item{ID: "bench", Shape: media.ShapeDress, Colour: "red"}, media.LargeSize), 0), 82)}} {
		b.Run(q.name, func(b *testing.B) {
			for b.Loop() {
				x.NearestAny(DescribeQuery(q.img), 160)
			}
		})
		b.Run(q.name+"-one-reading", func(b *testing.B) { // as before issue 16's readings
			for b.Loop() {
				d := Describe(q.img)
				x.Nearest(&d, 160)
			}
		})
	}
}

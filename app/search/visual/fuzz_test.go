package visual

import (
	"image"
	"image/color"
	"testing"

	"souk/app/media"
)

// FuzzDescribe describes small images of every directly read type built
// from arbitrary bytes (alpha that is not premultiplied, palette indices
// past the palette, empty images...): Describe must not panic and must
// give a finite, self-consistent descriptor; so must every reading of the
// image as a query (DescribeQuery).
//
//	go test -run XXX -fuzz FuzzDescribe -fuzztime 30s ./app/search/visual/
func FuzzDescribe(f *testing.F) {
	f.Add(uint8(1), uint8(1), uint8(0), []byte{0, 0, 0, 0})
	f.Add(uint8(1), uint8(63), uint8(1), []byte{255, 0, 0, 128})
	f.Add(uint8(40), uint8(30), uint8(2), []byte{7, 200, 13})
	f.Add(uint8(17), uint8(9), uint8(3), []byte{1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add(uint8(0), uint8(5), uint8(4), []byte{})
	f.Add(uint8(33), uint8(33), uint8(5), []byte{9, 0, 1})
	f.Add(uint8(63), uint8(2), uint8(9), []byte{255})
	ref := Describe(render("fuzz", media.ShapeVase, colourOf("teal"), 64))
	f.Fuzz(func(t *testing.T, w, h, kind uint8, pix []byte) {
		img := fuzzImage(int(w%64), int(h%64), kind, pix)
		d := Describe(img)
		checkDescriptor(t, &d, &ref)
		for _, v := range DescribeQuery(img) { // the readings of a query: mirrored, other exposures
			checkDescriptor(t, &v.Descriptor, &ref)
		}
	})
}

// fuzzImage builds a w×h image of a type chosen by kind, its pixel bytes
// cycled from pix.
func fuzzImage(w, h int, kind uint8, pix []byte) image.Image {
	fill := func(dst []byte) {
		if len(pix) == 0 {
			return
		}
		for i := range dst {
			dst[i] = pix[i%len(pix)]
		}
	}
	r := image.Rect(int(kind>>4)-3, 2, int(kind>>4)-3+w, 2+h) // origins off zero, negative too
	switch kind % 8 {
	case 0:
		m := image.NewRGBA(r)
		fill(m.Pix)
		return m
	case 1:
		m := image.NewNRGBA(r)
		fill(m.Pix)
		return m
	case 2:
		m := image.NewGray(r)
		fill(m.Pix)
		return m
	case 3, 4, 5:
		ratios := []image.YCbCrSubsampleRatio{image.YCbCrSubsampleRatio420, image.YCbCrSubsampleRatio422, image.YCbCrSubsampleRatio410}
		m := image.NewYCbCr(r, ratios[kind%8-3])
		fill(m.Y)
		fill(m.Cb)
		fill(m.Cr)
		return m
	case 6:
		m := image.NewPaletted(r, color.Palette{color.RGBA{200, 10, 10, 255}, color.Transparent, color.NRGBA{0, 0, 255, 100}})
		fill(m.Pix)
		return m
	default:
		m := image.NewRGBA64(r)
		fill(m.Pix)
		return m
	}
}

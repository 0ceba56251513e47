package media

import (
	"hash/fnv"
	"image/color"
)

var (
	accents = []color.RGBA{
		{245, 240, 228, 255}, {40, 40, 46, 255}, {214, 170, 70, 255}, {30, 45, 92, 255},
		{236, 112, 92, 255}, {120, 180, 230, 255}, {150, 182, 140, 255}, {122, 32, 52, 255},
	}
	// backdrops are pale studio sweeps: warm white, blue, peach, sage,
	// pink, grey, cream, aqua, lavender, sand, mint, stone.
	backdrops = []color.RGBA{
		{244, 239, 232, 255}, {228, 236, 246, 255}, {246, 232, 224, 255}, {230, 240, 228, 255},
		{243, 229, 238, 255}, {233, 233, 233, 255}, {246, 242, 222, 255}, {226, 239, 241, 255},
		{236, 230, 246, 255}, {240, 234, 222, 255}, {226, 243, 236, 255}, {236, 233, 228, 255},
	}
)

// SpecFromSeed derives a stable spec from any string key (typically the
// product uid), so the same product always gets the same photo.
func SpecFromSeed(key string, shape Shape, main color.RGBA) DemoSpec {
	h := fnv.New64a()
	h.Write([]byte(key))
	seed := splitmix(h.Sum64())
	return DemoSpec{Shape: shape, Color: main, Accent: pickAccent(main, seed),
		Background: pickBackdrop(main, seed>>40), Seed: seed}
}

// splitmix scrambles FNV output, whose low bits vary little for similar keys.
func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// pickAccent chooses a palette accent far enough from main to stay visible.
func pickAccent(main color.RGBA, seed uint64) color.RGBA {
	start := int((seed >> 32) % uint64(len(accents)))
	for i := range accents {
		a := accents[(start+i)%len(accents)]
		if dist2(a, main) > 110*110 {
			return a
		}
	}
	return accents[start]
}

// pickBackdrop keeps the backdrop light but dims it for near-white goods so
// the product still separates from it.
func pickBackdrop(main color.RGBA, seed uint64) color.RGBA {
	b := backdrops[seed%uint64(len(backdrops))]
	if int(main.R)+int(main.G)+int(main.B) > 3*200 {
		b = color.RGBA{b.R - 28, b.G - 28, b.B - 28, 255}
	}
	return b
}

func dist2(a, b color.RGBA) int {
	dr, dg, db := int(a.R)-int(b.R), int(a.G)-int(b.G), int(a.B)-int(b.B)
	return dr*dr + dg*dg + db*db
}

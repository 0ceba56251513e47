package media

import "image/color"

// Fixed material colours for trims that are not part of the product colour.
var (
	metal = rgb{196, 198, 204}
	gold  = rgb{206, 168, 88}
	dark  = rgb{44, 42, 44}
	cream = rgb{242, 238, 228}
	wood  = rgb{128, 88, 56}
)

// kit collects the parts and shadows of one drawing before rasterising.
type kit struct {
	main, accent, bg rgb
	pat              *pattern
	seed             uint64
	parts            []part
	shadows          [][5]float64
}

func newKit(spec DemoSpec) *kit {
	k := &kit{main: toRGB(spec.Color), accent: toRGB(spec.Accent), bg: toRGB(spec.Background), seed: spec.Seed}
	k.pat = newPattern(spec.Print, spec.Seed, k.accent)
	return k
}

func toRGB(c color.RGBA) rgb { return rgb{float64(c.R), float64(c.G), float64(c.B)} }

// variant picks one of n shape variants from seed bits the pattern ignores.
func (k *kit) variant(n int) int { return int((k.seed >> 24) % uint64(n)) }

// add appends a part; the returned pointer is only valid until the next add.
func (k *kit) add(s sdf, col rgb, pat bool, sh shade) *part {
	k.parts = append(k.parts, part{s: s, col: col, pat: pat, sh: sh})
	return &k.parts[len(k.parts)-1]
}

// fabric adds a patterned, matte part in the main colour.
func (k *kit) fabric(s sdf) *part { return k.add(s, k.main, true, matte) }

// floor adds a wide soft shadow plus a tighter contact shadow under an object
// standing at height y with the given half width.
func (k *kit) floor(cx, y, hw float64) {
	k.shadows = append(k.shadows,
		[5]float64{cx, y + 0.01, hw * 1.3, 0.055, 0.22},
		[5]float64{cx, y, hw * 0.95, 0.018, 0.38})
}

// solid adds an unprinted part in the main colour scaled by tone.
func (k *kit) solid(s sdf, tone float64, sh shade) *part {
	return k.add(s, k.main.scale(tone), false, sh)
}

// dim is the main colour scaled by tone, for seams, shadows and trims that
// must read as the same material.
func (k *kit) dim(tone float64) rgb { return k.main.scale(tone) }

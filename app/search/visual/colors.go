package visual

// ColorShare is a dominant colour of a picture's object (sRGB) and its
// share of the object's pixels (0..1).
type ColorShare struct {
	R, G, B uint8
	Share   float64
}

// DominantColors returns up to n dominant colours of the object in the
// picture (the backdrop and its shadows excluded), largest share first.
func DominantColors(d *Descriptor, n int) []ColorShare {
	var out []ColorShare
	for _, s := range d.Palette {
		if len(out) >= n || s.Share == 0 {
			break
		}
		out = append(out, ColorShare{R: s.R, G: s.G, B: s.B, Share: float64(s.Share) / 255})
	}
	return out
}

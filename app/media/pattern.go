package media

import "math"

// Print is the surface of a product's fabric. Demo pictures are plain
// unless the product's title names a print ("lace", "sequin"...), so a
// picture never shows a pattern its title does not.
type Print int

// Prints. Values are stable (append only).
const (
	PrintPlain Print = iota
	PrintStripes
	PrintDots
	PrintChecks
	PrintLace
	PrintSequins
	PrintEmbroidery
	numPrints
)

var printNames = [numPrints]string{"plain", "stripes", "dots", "checks", "lace", "sequins", "embroidery"}

func (p Print) String() string {
	if p < 0 || p >= numPrints {
		return "unknown"
	}
	return printNames[p]
}

// ParsePrint maps a lower-case name ("lace") to a Print.
func ParsePrint(name string) (Print, bool) {
	for i, n := range printNames {
		if n == name {
			return Print(i), true
		}
	}
	return 0, false
}

// Prints lists every print, for tests.
func Prints() []Print {
	out := make([]Print, numPrints)
	for i := range out {
		out[i] = Print(i)
	}
	return out
}

// pattern paints a print. Coverage stays low, or the print is tonal (a
// shade of the base), so the main colour stays dominant for colour search.
type pattern struct {
	kind     Print
	period   float64 // unit-space repeat; scales with the image
	cos, sin float64 // stripe direction
	col      rgb
}

func newPattern(kind Print, seed uint64, accent rgb) *pattern {
	p := &pattern{kind: kind, col: accent}
	if kind < 0 || kind >= numPrints {
		p.kind = PrintPlain
	}
	p.period = 0.045 + 0.03*float64((seed>>8)%16)/15
	angle := [...]float64{0, math.Pi / 2, math.Pi / 4, -math.Pi / 4}[(seed>>16)%4]
	p.cos, p.sin = math.Cos(angle), math.Sin(angle)
	return p
}

// apply returns the printed colour over base at (x,y); s is pixels per unit
// and turns distances into anti-aliased coverage.
func (p *pattern) apply(base rgb, x, y, s float64) rgb {
	switch p.kind {
	case PrintStripes:
		return mix(base, p.col, band(x*p.cos+y*p.sin, p.period, 0.25, s))
	case PrintDots:
		return mix(base, p.col, dots(x, y, p.period, 0.2, s))
	case PrintChecks: // tonal gingham: accent over most of the surface would drown the main colour
		n := band(x, p.period, 0.5, s) + band(y, p.period, 0.5, s)
		return base.scale(1 - 0.17*n)
	case PrintLace:
		return lace(base, x, y, s)
	case PrintSequins:
		return sequins(base, x, y, s)
	case PrintEmbroidery:
		return mix(base, p.col, flower(x, y, 0.05, s))
	}
	return base
}

// cell returns (x,y)'s offset from the centre of its cell in a grid of the
// given period whose odd rows shift by half a cell, and the cell's indices.
func cell(x, y, period float64) (fx, fy float64, cx, cy int64) {
	row := math.Floor(y / period)
	if int64(row)%2 != 0 {
		x += period / 2
	}
	col := math.Floor(x / period)
	return (x/period - col - 0.5) * period, (y/period - row - 0.5) * period, int64(col), int64(row)
}

func dots(x, y, period, r, s float64) float64 {
	fx, fy, _, _ := cell(x, y, period)
	return clamp01(0.5 - (hypot(fx, fy)-r*period)*s)
}

// lace: outlined five-petal flowers with a dot heart on a fine diagonal
// net, one tone off the base (darker on light fabric, lighter on dark).
func lace(base rgb, x, y, s float64) rgb {
	const period = 0.052
	fx, fy, _, _ := cell(x, y, period)
	d := hypot(fx, fy)
	edge := 0.013 + 0.006*math.Abs(math.Cos(2.5*math.Atan2(fy, fx)))
	w := clamp01(0.5 - (math.Abs(d-edge)-0.0022)*s)
	w = max(w, clamp01(0.5-(d-0.0045)*s))
	net := 0.4 * max(band(x+y, 0.012, 0.14, s), band(x-y, 0.012, 0.14, s))
	return mix(base, contrastTone(base), max(w, net))
}

// sequins: overlapping discs, each catching the light differently.
func sequins(base rgb, x, y, s float64) rgb {
	const period = 0.028
	fx, fy, cx, cy := cell(x, y, period)
	h := float64(splitmix(uint64(cx*7919+cy*104729))%1000) / 1000
	rim := clamp01(0.5 - (math.Abs(hypot(fx, fy)-0.4*period)-0.06*period)*s)
	return base.scale((0.86 + 0.3*h) * (1 - 0.18*rim))
}

// flower is a sparse five-petal motif, for embroidery.
func flower(x, y, period, s float64) float64 {
	fx, fy, _, _ := cell(x, y, period)
	r := hypot(fx, fy)
	a := math.Atan2(fy, fx)
	petal := 0.006 + 0.007*math.Abs(math.Cos(2.5*a))
	return clamp01(0.5 - (r-petal)*s)
}

// contrastTone is a visible tone of base in the same hue.
func contrastTone(base rgb) rgb {
	if base.r+base.g+base.b > 3*150 {
		return base.scale(0.8)
	}
	return mix(base, rgb{255, 255, 255}, 0.3)
}

// band is an anti-aliased periodic stripe of the given duty cycle along t.
func band(t, period, duty, s float64) float64 {
	f := t/period - math.Floor(t/period) - 0.5
	return clamp01(0.5 - (math.Abs(f)-duty/2)*period*s)
}

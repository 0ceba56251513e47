package media

import "math"

const (
	patPlain = iota
	patStripes
	patDots
	patChecks
	patKinds
)

// pattern is the surface print chosen from the seed so that two products of
// the same shape and colour still look like different goods. Coverage is kept
// to about a quarter so the main colour stays dominant for colour search.
type pattern struct {
	kind     int
	period   float64 // unit-space repeat; scales with the image
	cos, sin float64 // stripe direction
	col      rgb
}

func newPattern(seed uint64, accent rgb) *pattern {
	p := &pattern{kind: int(seed % patKinds), col: accent}
	p.period = 0.045 + 0.03*float64((seed>>8)%16)/15
	angle := [...]float64{0, math.Pi / 2, math.Pi / 4, -math.Pi / 4}[(seed>>16)%4]
	p.cos, p.sin = math.Cos(angle), math.Sin(angle)
	return p
}

// weight returns how much accent shows at (x,y); s is pixels per unit and
// turns distances into anti-aliased coverage.
func (p *pattern) weight(x, y, s float64) float64 {
	switch p.kind {
	case patStripes:
		return band(x*p.cos+y*p.sin, p.period, 0.25, s)
	case patDots:
		row := math.Floor(y / p.period)
		if int64(row)%2 != 0 {
			x += p.period / 2
		}
		fx := (x/p.period - math.Floor(x/p.period) - 0.5) * p.period
		fy := (y/p.period - row - 0.5) * p.period
		return clamp01(0.5 - (hypot(fx, fy)-0.2*p.period)*s)
	}
	return 0
}

// apply returns the printed colour over base. Checks are tonal (a darker
// gingham of the base itself) because mixing in the accent over most of the
// surface would wash out the main colour; stripes and dots use the accent.
func (p *pattern) apply(base rgb, x, y, s float64) rgb {
	if p.kind == patChecks {
		n := band(x, p.period, 0.5, s) + band(y, p.period, 0.5, s)
		return base.scale(1 - 0.17*n)
	}
	return mix(base, p.col, p.weight(x, y, s))
}

// band is an anti-aliased periodic stripe of the given duty cycle along t.
func band(t, period, duty, s float64) float64 {
	f := t/period - math.Floor(t/period) - 0.5
	return clamp01(0.5 - (math.Abs(f)-duty/2)*period*s)
}

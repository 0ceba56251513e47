package media

import "math"

const (
	tile   = 8     // pixels per culling tile side
	rimW   = 0.022 // unit width of the edge-darkening band
	margin = 1.6   // slack for approximate (non-exact) distance fields
)

// fill composites one part tile by tile. The field at a tile's centre
// classifies it: fully outside (skipped), deep inside (no distance work),
// inside but within the rim band (distance interpolated from the corners,
// since the field is smooth there), or crossing the edge (exact per pixel).
// Only edge tiles pay for the field per pixel, which keeps 800px renders fast.
func (c *canvas) fill(p *part) {
	x0, y0, x1, y1 := c.pixRange(p.s.b)
	reach := margin*tile*math.Sqrt2/2*c.inv + c.inv
	for ty := y0; ty < y1; ty += tile {
		for tx := x0; tx < x1; tx += tile {
			t := span{tx, ty, min(tx+tile, x1), min(ty+tile, y1)}
			switch d := p.s.f(c.unit(tx+tile/2, ty+tile/2)); {
			case d > reach:
			case d < -(reach + rimW):
				c.fillTile(p, t, nil)
			case d < -reach:
				c.fillTile(p, t, c.corners(p, t))
			default:
				c.fillEdge(p, t)
			}
		}
	}
}

// span is a pixel rectangle [x0,x1)×[y0,y1).
type span struct{ x0, y0, x1, y1 int }

// unit maps the top-left corner of pixel (px,py) to unit space; callers
// wanting the pixel centre pass coordinates already offset by half a pixel.
func (c *canvas) unit(px, py int) (float64, float64) {
	return (float64(px) - c.ox) * c.inv, (float64(py) - c.oy) * c.inv
}

// corners samples the field at the centres of a tile's corner pixels.
func (c *canvas) corners(p *part, t span) *[4]float64 {
	var d [4]float64
	xs, ys := [2]int{t.x0, t.x1 - 1}, [2]int{t.y0, t.y1 - 1}
	for i := range d {
		x, y := c.unit(xs[i&1], ys[i>>1])
		d[i] = p.s.f(x+c.inv/2, y+c.inv/2)
	}
	return &d
}

// fillTile paints a fully covered tile; corner distances, when given, are
// interpolated to drive the rim shading.
func (c *canvas) fillTile(p *part, t span, d4 *[4]float64) {
	fw, fh := float64(max(t.x1-t.x0-1, 1)), float64(max(t.y1-t.y0-1, 1))
	for py := t.y0; py < t.y1; py++ {
		row := c.img.Pix[py*c.img.Stride:]
		fy := float64(py-t.y0) / fh
		for px := t.x0; px < t.x1; px++ {
			d := -1.0
			if d4 != nil {
				fx := float64(px-t.x0) / fw
				d = (d4[0]*(1-fx)+d4[1]*fx)*(1-fy) + (d4[2]*(1-fx)+d4[3]*fx)*fy
			}
			x, y := c.unit(px, py)
			put(row[px*4:], c.colorAt(p, x+c.inv/2, y+c.inv/2, d))
		}
	}
}

// fillEdge evaluates the field per pixel; the distance in pixels gives
// anti-aliased coverage directly.
func (c *canvas) fillEdge(p *part, t span) {
	for py := t.y0; py < t.y1; py++ {
		row := c.img.Pix[py*c.img.Stride:]
		for px := t.x0; px < t.x1; px++ {
			x, y := c.unit(px, py)
			x, y = x+c.inv/2, y+c.inv/2
			d := p.s.f(x, y)
			if cov := clamp01(0.5 - d*c.s); cov > 0 {
				blend(row[px*4:], c.colorAt(p, x, y, d), cov)
			}
		}
	}
}

// colorAt applies pattern and lighting for a pixel at distance d from the edge.
func (c *canvas) colorAt(p *part, x, y, d float64) rgb {
	col := p.col
	if p.pat && c.pat.kind != PrintPlain {
		col = c.pat.apply(col, x, y, c.s)
	}
	sh := &p.sh
	b := p.s.b
	l := sh.top + (sh.bot-sh.top)*clamp01((y-b.y0)/(b.y1-b.y0))
	l *= 1 + c.side*x
	l *= 1 - sh.rim*(1-clamp01(-d/rimW))
	if sh.folds > 0 && y > sh.foldY {
		l *= 1 - sh.folds*tri((x-sh.foldX)/(y-sh.foldY)*4)
	}
	if sh.ribs > 0 {
		t := x
		if sh.ribsH {
			t = y
		}
		l *= 1 - sh.ribs*band(t, 0.016, 0.35, c.s)
	}
	if sh.cyl == 0 {
		return col.scale(l)
	}
	hw := (b.x1 - b.x0) / 2
	u := (x - (b.x0 + hw)) / hw
	l *= 1 - sh.cyl*u*u
	g := max(0, 1-math.Abs(u+0.45)*5)
	return mix(col.scale(l), rgb{255, 255, 255}, sh.gloss*g*g)
}

// tri is a smoothed triangle wave in 0..1, a cheap stand-in for cos folds.
func tri(t float64) float64 {
	f := math.Abs(t-math.Floor(t)-0.5) * 2
	return f * f * (3 - 2*f)
}

func blend(p []uint8, c rgb, a float64) {
	if a >= 1 {
		put(p, c)
		return
	}
	p[0] = to8(float64(p[0]) + (c.r-float64(p[0]))*a)
	p[1] = to8(float64(p[1]) + (c.g-float64(p[1]))*a)
	p[2] = to8(float64(p[2]) + (c.b-float64(p[2]))*a)
}

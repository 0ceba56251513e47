package media

import "math"

// box is an axis-aligned bound in unit space. Every primitive carries one so
// the rasteriser only visits pixels a part can actually touch.
type box struct{ x0, y0, x1, y1 float64 }

func (a box) union(b box) box {
	return box{min(a.x0, b.x0), min(a.y0, b.y0), max(a.x1, b.x1), max(a.y1, b.y1)}
}

func (a box) inter(b box) box {
	return box{max(a.x0, b.x0), max(a.y0, b.y0), min(a.x1, b.x1), min(a.y1, b.y1)}
}

func (a box) grow(r float64) box { return box{a.x0 - r, a.y0 - r, a.x1 + r, a.y1 + r} }

// sdf is a signed distance field in unit space (negative inside). Fields are
// exact or under-estimate distance, which is what tile culling relies on; the
// anti-aliasing falls out of the distance for free.
type sdf struct {
	f func(x, y float64) float64
	b box
}

func circle(cx, cy, r float64) sdf {
	return sdf{func(x, y float64) float64 { return hypot(x-cx, y-cy) - r },
		box{cx - r, cy - r, cx + r, cy + r}}
}

// ellipse uses Inigo Quilez's cheap approximation: accurate near the edge,
// which is the only place the rasteriser needs precision.
func ellipse(cx, cy, rx, ry float64) sdf {
	m := min(rx, ry)
	return sdf{func(x, y float64) float64 {
		px, py := x-cx, y-cy
		k0 := hypot(px/rx, py/ry)
		k1 := hypot(px/(rx*rx), py/(ry*ry))
		if k1 < 1e-12 {
			return -m
		}
		return k0 * (k0 - 1) / k1
	}, box{cx - rx, cy - ry, cx + rx, cy + ry}}
}

// rotEllipse is an ellipse turned by a radians (used for bows and loops).
func rotEllipse(cx, cy, rx, ry, a float64) sdf {
	e := ellipse(0, 0, rx, ry)
	c, s := math.Cos(a), math.Sin(a)
	r := max(rx, ry)
	return sdf{func(x, y float64) float64 {
		dx, dy := x-cx, y-cy
		return e.f(dx*c+dy*s, -dx*s+dy*c)
	}, box{cx - r, cy - r, cx + r, cy + r}}
}

// rbox is a rounded rectangle given by centre, half extents and corner radius.
func rbox(cx, cy, hw, hh, r float64) sdf {
	return sdf{func(x, y float64) float64 {
		qx := math.Abs(x-cx) - hw + r
		qy := math.Abs(y-cy) - hh + r
		out := hypot(max(qx, 0), max(qy, 0))
		return out + min(max(qx, qy), 0) - r
	}, box{cx - hw, cy - hh, cx + hw, cy + hh}}
}

// capsule is a segment a-b thickened by r: straps, legs, hands, laces.
func capsule(ax, ay, bx, by, r float64) sdf {
	ex, ey := bx-ax, by-ay
	ee := ex*ex + ey*ey
	return sdf{func(x, y float64) float64 {
		wx, wy := x-ax, y-ay
		t := 0.0
		if ee > 0 {
			t = clamp01((wx*ex + wy*ey) / ee)
		}
		return hypot(wx-ex*t, wy-ey*t) - r
	}, box{min(ax, bx) - r, min(ay, by) - r, max(ax, bx) + r, max(ay, by) + r}}
}

// ring is a circle outline of radius r and half thickness t (handles).
func ring(cx, cy, r, t float64) sdf {
	return sdf{func(x, y float64) float64 { return math.Abs(hypot(x-cx, y-cy)-r) - t },
		box{cx - r - t, cy - r - t, cx + r + t, cy + r + t}}
}

// poly is an arbitrary simple polygon (flat x,y list) with its corners
// rounded by r; the exact polygon distance keeps edges crisp at any size.
func poly(r float64, xy ...float64) sdf {
	n := len(xy) / 2
	b := box{xy[0], xy[1], xy[0], xy[1]}
	for i := 1; i < n; i++ {
		b = b.union(box{xy[2*i], xy[2*i+1], xy[2*i], xy[2*i+1]})
	}
	return sdf{func(x, y float64) float64 { return polyDist(xy, x, y) - r }, b.grow(r)}
}

func polyDist(v []float64, px, py float64) float64 {
	n := len(v) / 2
	d := (px-v[0])*(px-v[0]) + (py-v[1])*(py-v[1])
	sign := 1.0
	for i, j := 0, n-1; i < n; j, i = i, i+1 {
		vix, viy, vjx, vjy := v[2*i], v[2*i+1], v[2*j], v[2*j+1]
		ex, ey := vjx-vix, vjy-viy
		wx, wy := px-vix, py-viy
		t := clamp01((wx*ex + wy*ey) / (ex*ex + ey*ey))
		bx, by := wx-ex*t, wy-ey*t
		d = min(d, bx*bx+by*by)
		c1, c2, c3 := py >= viy, py < vjy, ex*wy > ey*wx
		if (c1 && c2 && c3) || (!c1 && !c2 && !c3) {
			sign = -sign
		}
	}
	return sign * math.Sqrt(d)
}

func union(s ...sdf) sdf {
	b := s[0].b
	for _, t := range s[1:] {
		b = b.union(t.b)
	}
	return sdf{func(x, y float64) float64 {
		d := s[0].f(x, y)
		for _, t := range s[1:] {
			d = min(d, t.f(x, y))
		}
		return d
	}, b}
}

func inter(a, c sdf) sdf {
	return sdf{func(x, y float64) float64 { return max(a.f(x, y), c.f(x, y)) }, a.b.inter(c.b)}
}

func sub(a, c sdf) sdf {
	return sdf{func(x, y float64) float64 { return max(a.f(x, y), -c.f(x, y)) }, a.b}
}

// smooth blends two fields with radius k, giving organic joins such as a
// bottle's shoulder.
func smooth(a, c sdf, k float64) sdf {
	return sdf{func(x, y float64) float64 {
		d1, d2 := a.f(x, y), c.f(x, y)
		h := clamp01(0.5 + 0.5*(d2-d1)/k)
		return d2 + (d1-d2)*h - k*h*(1-h)
	}, a.b.union(c.b).grow(k / 4)}
}

// mirror builds the left/right symmetric pair of a part defined on one side.
func mirror(s sdf) sdf {
	m := sdf{func(x, y float64) float64 { return s.f(-x, y) }, box{-s.b.x1, s.b.y0, -s.b.x0, s.b.y1}}
	return union(s, m)
}

func clamp01(v float64) float64 {
	if v < 0 {
		return 0
	}
	if v > 1 {
		return 1
	}
	return v
}

// hypot skips math.Hypot's overflow care: unit-space values are tiny, and
// this is the hottest call in the renderer.
func hypot(x, y float64) float64 { return math.Sqrt(x*x + y*y) }

// smoothSub carves c out of a with a blend radius k, for soft dents.
func smoothSub(a, c sdf, k float64) sdf {
	neg := sdf{func(x, y float64) float64 { return -a.f(x, y) }, a.b}
	s := smooth(neg, c, k)
	return sdf{func(x, y float64) float64 { return -s.f(x, y) }, a.b}
}

// stripes is an unbounded field of vertical lines period apart, half width
// hw, starting at x0; intersect it with a part to rib or seam it.
func stripes(x0, period, hw float64) sdf {
	return sdf{func(x, y float64) float64 {
		f := (x - x0) / period
		return math.Abs(f-math.Floor(f+0.5))*period - hw
	}, box{-2, -2, 2, 2}}
}

// hstripes is stripes turned horizontal.
func hstripes(y0, period, hw float64) sdf {
	s := stripes(y0, period, hw)
	return sdf{func(x, y float64) float64 { return s.f(y, x) }, s.b}
}

// ellRing is the outline of an ellipse, half thickness t (hoops, rims).
func ellRing(cx, cy, rx, ry, t float64) sdf {
	return sub(ellipse(cx, cy, rx+t, ry+t), ellipse(cx, cy, rx-t, ry-t))
}

// shift moves a field by (dx, dy), to draw one part several times.
func shift(s sdf, dx, dy float64) sdf {
	return sdf{func(x, y float64) float64 { return s.f(x-dx, y-dy) },
		box{s.b.x0 + dx, s.b.y0 + dy, s.b.x1 + dx, s.b.y1 + dy}}
}

// dashes is an unbounded field of dashes along x (period apart, duty 0..1
// of each period), for stitching once intersected with a seam.
func dashes(period, duty float64) sdf {
	return sdf{func(x, y float64) float64 {
		f := x / period
		return (math.Abs(f-math.Floor(f+0.5)) - duty/2) * period
	}, box{-2, -2, 2, 2}}
}

// turn rotates a field by a radians about (cx, cy).
func turn(s sdf, cx, cy, a float64) sdf {
	c, sn := math.Cos(a), math.Sin(a)
	// the rotated bound: the circle around the pivot holding the old bound
	r := 0.0
	for _, p := range [][2]float64{{s.b.x0, s.b.y0}, {s.b.x1, s.b.y0}, {s.b.x0, s.b.y1}, {s.b.x1, s.b.y1}} {
		r = max(r, hypot(p[0]-cx, p[1]-cy))
	}
	return sdf{func(x, y float64) float64 {
		dx, dy := x-cx, y-cy
		return s.f(cx+dx*c+dy*sn, cy-dx*sn+dy*c)
	}, box{cx - r, cy - r, cx + r, cy + r}}
}

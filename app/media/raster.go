package media

import (
	"image"
	"math"
)

// rgb is a linear-ish working colour in 0..255; float keeps blending smooth.
type rgb struct{ r, g, b float64 }

func (c rgb) scale(k float64) rgb { return rgb{c.r * k, c.g * k, c.b * k} }

func (c rgb) sub(o rgb) rgb { return rgb{c.r - o.r, c.g - o.g, c.b - o.b} }

func mix(a, b rgb, t float64) rgb {
	return rgb{a.r + (b.r-a.r)*t, a.g + (b.g-a.g)*t, a.b + (b.b-a.b)*t}
}

// shade describes lighting for one part: a vertical key-light gradient, an
// optional cylindrical falloff with specular streak, and edge darkening that
// fakes ambient occlusion so flat silhouettes read as volumes.
type shade struct {
	top, bot float64 // brightness at the part's top and bottom
	cyl      float64 // strength of left/right falloff (round objects)
	gloss    float64 // specular streak strength
	rim      float64 // darkening at the silhouette edge
	folds    float64 // radial fabric folds (skirts), fan apex at foldX/foldY
	foldX    float64
	foldY    float64
	ribs     float64 // knitted rib lines: their darkening; vertical unless ribsH
	ribsH    bool
}

var (
	matte  = shade{top: 1.08, bot: 0.84, rim: 0.16}
	glossy = shade{top: 1.06, bot: 0.86, cyl: 0.30, gloss: 0.35, rim: 0.10}
	flat   = shade{top: 1, bot: 1}
)

// part is one painted layer; parts are composited in painter's order.
type part struct {
	s   sdf
	col rgb
	pat bool // apply the spec's pattern (fabric, wrapping paper...)
	sh  shade
}

// canvas maps unit space (origin at image centre, 1 unit = min(w,h) px)
// onto pixels, so every drawing keeps its proportions at any size.
type canvas struct {
	img    *image.RGBA
	w, h   int
	s, inv float64
	ox, oy float64
	pat    *pattern
	side   float64 // key light from the right (> 0) or left: brightness change per unit of x
}

// newCanvas maps unit space onto a w×h image; zoom > 1 frames the product
// closer, pan moves it right by that fraction of the image.
func newCanvas(w, h int, pat *pattern, zoom, pan float64) *canvas {
	s := float64(min(w, h))
	return &canvas{img: image.NewRGBA(image.Rect(0, 0, w, h)), w: w, h: h, s: s * zoom, inv: 1 / (s * zoom),
		ox: float64(w)/2 + pan*s, oy: float64(h) / 2, pat: pat}
}

// pixRange converts a unit-space box to a clipped pixel rectangle.
func (c *canvas) pixRange(b box) (x0, y0, x1, y1 int) {
	x0 = max(int(math.Floor(b.x0*c.s+c.ox))-1, 0)
	y0 = max(int(math.Floor(b.y0*c.s+c.oy))-1, 0)
	x1 = min(int(math.Ceil(b.x1*c.s+c.ox))+1, c.w)
	y1 = min(int(math.Ceil(b.y1*c.s+c.oy))+1, c.h)
	return
}

// background paints a studio sweep: light from above plus a gentle vignette.
func (c *canvas) background(bg rgb) {
	for py := 0; py < c.h; py++ {
		v := 1.035 - 0.085*(float64(py)+0.5)/float64(c.h)
		ny := (float64(py) + 0.5 - c.oy) / float64(c.h)
		row := c.img.Pix[py*c.img.Stride:]
		for px := 0; px < c.w; px++ {
			nx := (float64(px) + 0.5 - c.ox) / float64(c.w)
			k := v - 0.16*(nx*nx+ny*ny)
			put(row[px*4:], bg.scale(k))
		}
	}
}

// shadow darkens an elliptical patch with a quadratic falloff, which looks
// like the soft contact shadow of a diffuse studio light.
func (c *canvas) shadow(cx, cy, rx, ry, strength float64) {
	x0, y0, x1, y1 := c.pixRange(box{cx - rx, cy - ry, cx + rx, cy + ry})
	for py := y0; py < y1; py++ {
		dy := ((float64(py)+0.5-c.oy)*c.inv - cy) / ry
		row := c.img.Pix[py*c.img.Stride:]
		for px := x0; px < x1; px++ {
			dx := ((float64(px)+0.5-c.ox)*c.inv - cx) / rx
			q := 1 - (dx*dx + dy*dy)
			if q <= 0 {
				continue
			}
			k := 1 - strength*q*q
			p := row[px*4:]
			p[0], p[1], p[2] = uint8(float64(p[0])*k), uint8(float64(p[1])*k), uint8(float64(p[2])*k)
		}
	}
}

// flipX mirrors the picture left to right.
func (c *canvas) flipX() {
	for py := 0; py < c.h; py++ {
		row := c.img.Pix[py*c.img.Stride:]
		for a, b := 0, (c.w-1)*4; a < b; a, b = a+4, b-4 {
			for i := range 4 {
				row[a+i], row[b+i] = row[b+i], row[a+i]
			}
		}
	}
}

func put(p []uint8, c rgb) {
	p[0], p[1], p[2], p[3] = to8(c.r), to8(c.g), to8(c.b), 255
}

func to8(v float64) uint8 {
	if v <= 0 {
		return 0
	}
	if v >= 255 {
		return 255
	}
	return uint8(v + 0.5)
}

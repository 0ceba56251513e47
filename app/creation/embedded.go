package creation

import (
	"context"
	"errors"
	"image"

	"golang.org/x/image/draw"
)

// EngineEmbedded is the embedded engine's name, kept with each version.
const EngineEmbedded = "souk-embedded-1"

// Embedded is the default image engine: deterministic, in Go, from the
// base picture's pixels. It finds the garment as what is not the studio
// background (a flood from the border), then changes its length, recolours
// it keeping its shading, and lays a pattern over it.
type Embedded struct {
	MaxPixels int // bound of the base picture; it is scaled down to Side first
	Side      int // longest side worked on
}

// NewEmbedded is the engine with its default bounds.
func NewEmbedded() *Embedded { return &Embedded{MaxPixels: 40_000_000, Side: 800} }

// Name is the engine's name.
func (e *Embedded) Name() string { return EngineEmbedded }

// errTooManyPixels is a base picture above MaxPixels.
var errTooManyPixels = errors.New("creation: base picture too large")

// Generate makes the picture, checking ctx between rows of work.
func (e *Embedded) Generate(ctx context.Context, req ImageRequest, progress func(string, int)) (image.Image, error) {
	b := req.Base.Bounds()
	if b.Dx()*b.Dy() > e.MaxPixels || b.Empty() {
		return nil, errTooManyPixels
	}
	progress("CreationStepRead", 10)
	img := fit(req.Base, e.Side)
	m, err := findGarment(ctx, img)
	if err != nil {
		return nil, err
	}
	steps := []struct {
		key  string
		on   bool
		work func() error
	}{
		{"CreationStepLength", req.Length != "", func() error { return reshape(ctx, img, m, req.Length) }},
		{"CreationStepColour", req.Swatch != "", func() error { sw, _ := swatchOf(req.Swatch); return recolour(ctx, img, m, sw) }},
		{"CreationStepPattern", req.Pattern != "", func() error { return pattern(ctx, img, m, req.Pattern) }},
	}
	for i, s := range steps {
		if !s.on {
			continue
		}
		progress(s.key, 25+i*25)
		if err := s.work(); err != nil {
			return nil, err
		}
	}
	return img, ctx.Err()
}

// fit copies src into an RGBA whose longest side is at most side.
func fit(src image.Image, side int) *image.RGBA {
	b := src.Bounds()
	w, h := b.Dx(), b.Dy()
	if w > side || h > side {
		if w >= h {
			w, h = side, max(1, h*side/w)
		} else {
			w, h = max(1, w*side/h), side
		}
	}
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.CatmullRom.Scale(dst, dst.Bounds(), src, b, draw.Src, nil)
	return dst
}

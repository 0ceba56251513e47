package visual

import (
	"bytes"
	"image"
	"image/jpeg"
	"math"

	"golang.org/x/image/draw"
)

// Transform is a named edit of a picture, of the kind a copy of a product
// photo found elsewhere has been through.
type Transform struct {
	Name string
	// Apply returns the edited picture. It does not modify its argument
	// but may share its pixels (the crop is a sub-image).
	Apply func(image.Image) image.Image
	// Cutout, when set, puts the product, cut out of its backdrop
	// (transparent where the backdrop was), into a new picture.
	Cutout func(*image.RGBA) image.Image
}

// Transforms returns the edits search by image must see through, for
// evaluations that report top-1/top-5 accuracy per edit: the original
// itself, resizing to 70% and 150%, JPEG at quality 60, a 10% crop on each
// side, a +8° hue rotation, 10% brightening, and a mix (crop 5%, resize to
// 60%, JPEG 75).
func Transforms() []Transform {
	return []Transform{
		{Name: "original", Apply: func(m image.Image) image.Image { return m }},
		{Name: "resize70", Apply: func(m image.Image) image.Image { return resize(m, 0.7) }},
		{Name: "resize150", Apply: func(m image.Image) image.Image { return resize(m, 1.5) }},
		{Name: "jpeg60", Apply: func(m image.Image) image.Image { return recompress(m, 60) }},
		{Name: "crop10", Apply: func(m image.Image) image.Image { return crop(m, 0.1) }},
		{Name: "hue+8", Apply: func(m image.Image) image.Image { return hueRotate(m, 8) }},
		{Name: "bright+10", Apply: func(m image.Image) image.Image { return brighten(m, 1.1) }},
		{Name: "mixed", Apply: func(m image.Image) image.Image { return recompress(resize(crop(m, 0.05), 0.6), 75) }},
	}
}

// resize scales m by f with Catmull-Rom resampling.
func resize(m image.Image, f float64) image.Image {
	b := m.Bounds()
	w, h := max(1, int(math.Round(float64(b.Dx())*f))), max(1, int(math.Round(float64(b.Dy())*f)))
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.CatmullRom.Scale(dst, dst.Bounds(), m, b, draw.Src, nil)
	return dst
}

// recompress encodes m at the given quality and decodes it again.
func recompress(m image.Image, quality int) image.Image {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, m, &jpeg.Options{Quality: quality}); err != nil {
		return m
	}
	out, err := jpeg.Decode(&buf)
	if err != nil {
		return m
	}
	return out
}

// crop removes the fraction f of the width and height from each side. The
// result keeps the source coordinates (its bounds do not start at 0,0).
func crop(m image.Image, f float64) image.Image {
	b := m.Bounds()
	dx, dy := int(math.Round(float64(b.Dx())*f)), int(math.Round(float64(b.Dy())*f))
	r := image.Rect(b.Min.X+dx, b.Min.Y+dy, b.Max.X-dx, b.Max.Y-dy)
	if r.Empty() {
		return m
	}
	if s, ok := m.(interface {
		SubImage(image.Rectangle) image.Image
	}); ok {
		return s.SubImage(r)
	}
	dst := image.NewRGBA(r)
	draw.Draw(dst, r, m, r.Min, draw.Src)
	return dst
}

// hueRotate turns the hue of every pixel by deg degrees with the standard
// luminance-preserving colour matrix (CSS and SVG hue-rotate).
func hueRotate(m image.Image, deg float64) image.Image {
	c, s := math.Cos(deg*math.Pi/180), math.Sin(deg*math.Pi/180)
	k := [9]float64{
		0.213 + c*0.787 - s*0.213, 0.715 - c*0.715 - s*0.715, 0.072 - c*0.072 + s*0.928,
		0.213 - c*0.213 + s*0.143, 0.715 + c*0.285 + s*0.140, 0.072 - c*0.072 - s*0.283,
		0.213 - c*0.213 - s*0.787, 0.715 - c*0.715 + s*0.715, 0.072 + c*0.928 + s*0.072,
	}
	return mapRGB(m, func(r, g, b float64) (float64, float64, float64) {
		return k[0]*r + k[1]*g + k[2]*b, k[3]*r + k[4]*g + k[5]*b, k[6]*r + k[7]*g + k[8]*b
	})
}

// brighten multiplies every channel by f (1.1 brightens by 10%), clipping.
func brighten(m image.Image, f float64) image.Image {
	return mapRGB(m, func(r, g, b float64) (float64, float64, float64) { return r * f, g * f, b * f })
}

// mapRGB applies fn to the sRGB values (0..255) of an opaque copy of m.
func mapRGB(m image.Image, fn func(r, g, b float64) (float64, float64, float64)) image.Image {
	b := m.Bounds()
	dst := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(dst, dst.Bounds(), m, b.Min, draw.Src)
	for i := 0; i+3 < len(dst.Pix); i += 4 {
		p := dst.Pix[i : i+4 : i+4]
		r, g, bb := fn(float64(p[0]), float64(p[1]), float64(p[2]))
		p[0], p[1], p[2] = to8(r), to8(g), to8(bb)
	}
	return dst
}

func to8(v float64) uint8 { return uint8(clamp(math.Round(v), 0, 255)) }

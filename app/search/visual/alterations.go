package visual

import (
	"image"
	"math"

	"golang.org/x/image/draw"
	"golang.org/x/image/math/f64"
)

// Alterations returns what shoppers' own photos do to a product, for the
// image evaluations (issue 16): the product on another backdrop, small
// rotations whose added corners are white, darker and brighter light, a
// mirror image, crops and heavy JPEG compression. Pictures where
// Transform.Cutout is set need the product cut out of its backdrop (see
// Matte); Apply is then the identity.
func Alterations() []Transform {
	return []Transform{
		{Name: "original", Apply: func(m image.Image) image.Image { return m }},
		{Name: "backdrop-wood", Apply: same, Cutout: func(fg *image.RGBA) image.Image { return OnBackdrop(fg, 0) }},
		{Name: "backdrop-cloth", Apply: same, Cutout: func(fg *image.RGBA) image.Image { return OnBackdrop(fg, 1) }},
		{Name: "backdrop-dark", Apply: same, Cutout: func(fg *image.RGBA) image.Image { return OnBackdrop(fg, 2) }},
		{Name: "rotate5", Apply: func(m image.Image) image.Image { return rotate(m, 5) }},
		{Name: "rotate10", Apply: func(m image.Image) image.Image { return rotate(m, -10) }},
		{Name: "darker30", Apply: func(m image.Image) image.Image { return brighten(m, 0.7) }},
		{Name: "brighter30", Apply: func(m image.Image) image.Image { return brighten(m, 1.3) }},
		{Name: "flip", Apply: flipX},
		{Name: "crop10", Apply: func(m image.Image) image.Image { return crop(m, 0.1) }},
		{Name: "crop-corner", Apply: cropCorner},
		{Name: "jpeg30", Apply: func(m image.Image) image.Image { return recompress(m, 30) }},
		{Name: "phone", Apply: func(m image.Image) image.Image { return recompress(brighten(rotate(m, 4), 0.8), 50) }},
	}
}

func same(m image.Image) image.Image { return m }

// rotate turns m by deg degrees about its centre on a canvas of the same
// size, filling the corners the turn uncovers with white, as phone editors
// do.
func rotate(m image.Image, deg float64) image.Image {
	b := m.Bounds()
	dst := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(dst, dst.Bounds(), image.White, image.Point{}, draw.Src)
	s, c := math.Sincos(deg * math.Pi / 180)
	cx, cy := float64(b.Dx())/2, float64(b.Dy())/2
	// dst point = R·(src - srcCentre) + dstCentre
	sx, sy := float64(b.Min.X)+cx, float64(b.Min.Y)+cy
	aff := f64.Aff3{c, -s, cx - c*sx + s*sy, s, c, cy - s*sx - c*sy}
	draw.BiLinear.Transform(dst, aff, m, b, draw.Over, nil)
	return dst
}

// flipX mirrors m left to right.
func flipX(m image.Image) image.Image {
	b := m.Bounds()
	src := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(src, src.Bounds(), m, b.Min, draw.Src)
	dst := image.NewRGBA(src.Rect)
	w := b.Dx()
	for y := range b.Dy() {
		s, d := src.Pix[y*src.Stride:][:4*w], dst.Pix[y*dst.Stride:][:4*w]
		for x := range w {
			copy(d[4*(w-1-x):4*(w-x)], s[4*x:4*x+4])
		}
	}
	return dst
}

// cropCorner keeps the top-left 85% of m: an off-centre framing.
func cropCorner(m image.Image) image.Image {
	b := m.Bounds()
	r := image.Rect(b.Min.X, b.Min.Y, b.Min.X+b.Dx()*85/100, b.Min.Y+b.Dy()*85/100)
	dst := image.NewRGBA(image.Rect(0, 0, r.Dx(), r.Dy()))
	draw.Draw(dst, dst.Bounds(), m, r.Min, draw.Src)
	return dst
}

// Matte cuts a product out of its backdrop by difference matting: onBlack
// and onGrey are the same picture drawn on a black backdrop and on a grey
// one of level grey. What differs is backdrop (its share, lit and shaded as
// the studio lit it, becomes transparency); what stays is the product. The
// result is premultiplied, as image.RGBA is: shadows are translucent black.
func Matte(onBlack, onGrey *image.RGBA, grey uint8) *image.RGBA {
	out := image.NewRGBA(onBlack.Rect)
	for i := 0; i+3 < len(onBlack.Pix) && i+3 < len(onGrey.Pix); i += 4 {
		var diff float64
		for c := range 3 {
			diff += float64(onGrey.Pix[i+c]) - float64(onBlack.Pix[i+c])
		}
		beta := clamp(diff/3/float64(grey), 0, 1) // backdrop share
		o := out.Pix[i : i+4 : i+4]
		copy(o, onBlack.Pix[i:i+3])
		o[3] = max(o[0], o[1], o[2], to8(255*(1-beta)))
	}
	return out
}

// OnBackdrop composites fg over a backdrop that is not a studio sweep:
// 0 wood planks, 1 a woven cloth, 2 a dark slate with noise.
func OnBackdrop(fg *image.RGBA, kind int) *image.RGBA {
	r := fg.Bounds()
	dst := image.NewRGBA(image.Rect(0, 0, r.Dx(), r.Dy()))
	w, h := float64(r.Dx()), float64(r.Dy())
	for y := range r.Dy() {
		for x := range r.Dx() {
			u, v := float64(x)/w, float64(y)/h
			n := hashNoise(x, y)
			var c [3]float64
			switch kind {
			case 0: // warm wood: planks, grain
				plank := math.Floor(v * 5)
				g := 0.5 + 0.5*math.Sin(u*60+plank*7+6*math.Sin(v*9+plank))
				base := [3]float64{150, 103, 62}
				k := 0.8 + 0.25*g + 0.06*n - 0.15*b2f(math.Mod(v*5, 1) < 0.015)
				c = [3]float64{base[0] * k, base[1] * k, base[2] * k}
			case 1: // blue-grey cloth: a fine weave
				g := 0.5 + 0.25*math.Sin(float64(x)*0.9) + 0.25*math.Sin(float64(y)*0.9)
				k := 0.85 + 0.2*g + 0.05*n
				c = [3]float64{120 * k, 140 * k, 165 * k}
			default: // dark slate with a light gradient
				k := 0.75 + 0.35*(1-v) + 0.1*n
				c = [3]float64{60 * k, 64 * k, 70 * k}
			}
			s := fg.RGBAAt(r.Min.X+x, r.Min.Y+y)
			t := 1 - float64(s.A)/255
			p := dst.Pix[y*dst.Stride+4*x : y*dst.Stride+4*x+4 : y*dst.Stride+4*x+4]
			p[0] = to8(float64(s.R) + t*c[0])
			p[1] = to8(float64(s.G) + t*c[1])
			p[2] = to8(float64(s.B) + t*c[2])
			p[3] = 255
		}
	}
	return dst
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// hashNoise is a deterministic value noise in -1..1 per pixel.
func hashNoise(x, y int) float64 {
	h := uint32(x)*374761393 + uint32(y)*668265263
	h = (h ^ h>>13) * 1274126177
	return float64(h>>8&0xffff)/32768 - 1
}

package visual

import (
	"encoding/binary"
	"image"
	"image/color"
	"math"

	"golang.org/x/image/draw"
)

// reduceTarget is the side below which box reduction stops: the reduced copy
// keeps its longer side in [reduceTarget, 2·reduceTarget), enough for the
// 96×96 object crop to be sampled down, never up, from typical photos.
const reduceTarget = 128

// reduce returns an opaque copy of img (transparency flattened onto white)
// shrunk by an integer box factor so that its longer side is below
// 2·target. Averaging whole k×k blocks is the cheap, alias-free first
// step of every downscale; draw.BiLinear does the fractional remainder from
// this much smaller copy. *image.RGBA, *image.NRGBA, *image.YCbCr,
// *image.Gray and *image.Paletted are read directly; other types go through
// At.
func reduce(img image.Image, target int) *image.RGBA {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if w <= 0 || h <= 0 {
		dst := image.NewRGBA(image.Rect(0, 0, 1, 1)) // no pixels: plain white
		copy(dst.Pix, []uint8{255, 255, 255, 255})
		return dst
	}
	if !wellFormed(img) {
		return reduce(image.Rect(0, 0, 0, 0), target) // pixels missing: as empty
	}
	if int64(w)*int64(h) > maxPixels {
		// Absurd sizes (image.Uniform's are ±1e9): read a grid of samples.
		return reduce(sampleGrid(img, min(w, 1024), min(h, 1024)), target)
	}
	k := max(max(w, h)/target, 1)
	r := &boxer{w: w, h: h, k: k, dw: (w + k - 1) / k, dh: (h + k - 1) / k}
	r.sum = make([]uint32, 4*r.dw)
	r.dst = image.NewRGBA(image.Rect(0, 0, r.dw, r.dh))
	var addRow func(y int, s []uint32)
	ycc := false
	switch m := img.(type) {
	case *image.RGBA:
		addRow = func(y int, s []uint32) {
			row := m.Pix[m.PixOffset(b.Min.X, b.Min.Y+y):][:4*w]
			for bx := range r.dw {
				px := row[4*bx*k : 4*min((bx+1)*k, w)]
				c := s[4*bx : 4*bx+4 : 4*bx+4]
				if len(px) > 2048 { // lanes could overflow
					sumRGBA(px, c)
					continue
				}
				// Two pixels per 64-bit word, summed in 16-bit lanes.
				const lanes = 0x00ff00ff00ff00ff
				var even, odd uint64
				i := 0
				for ; i+8 <= len(px); i += 8 {
					v := binary.LittleEndian.Uint64(px[i:])
					even += v & lanes       // R0 B0 R1 B1
					odd += (v >> 8) & lanes // G0 A0 G1 A1
				}
				if i < len(px) { // odd pixel count
					v := uint64(binary.LittleEndian.Uint32(px[i:]))
					even += v & lanes
					odd += (v >> 8) & lanes
				}
				c[0] += uint32(even&0xffff + even>>32&0xffff)
				c[2] += uint32(even>>16&0xffff + even>>48)
				c[1] += uint32(odd&0xffff + odd>>32&0xffff)
				c[3] += uint32(odd>>16&0xffff + odd>>48)
			}
		}
	case *image.NRGBA:
		addRow = func(y int, s []uint32) {
			row := m.Pix[m.PixOffset(b.Min.X, b.Min.Y+y):][:4*w]
			for x := range w {
				p := row[4*x : 4*x+4 : 4*x+4]
				c := s[4*(x/k) : 4*(x/k)+4 : 4*(x/k)+4]
				a := uint32(p[3])
				c[0] += (uint32(p[0])*a + 127) / 255
				c[1] += (uint32(p[1])*a + 127) / 255
				c[2] += (uint32(p[2])*a + 127) / 255
				c[3] += a
			}
		}
	case *image.Gray:
		addRow = func(y int, s []uint32) {
			row := m.Pix[m.PixOffset(b.Min.X, b.Min.Y+y):][:w]
			for x, v := range row {
				c := s[4*(x/k) : 4*(x/k)+4 : 4*(x/k)+4]
				c[0] += uint32(v)
				c[1] += uint32(v)
				c[2] += uint32(v)
				c[3] += 255
			}
		}
	case *image.Paletted:
		var lut [256][4]uint32 // premultiplied; past the palette: opaque black
		for i := range lut {
			lut[i] = [4]uint32{0, 0, 0, 255}
			if i < len(m.Palette) && m.Palette[i] != nil {
				cr, cg, cb, ca := m.Palette[i].RGBA()
				lut[i] = [4]uint32{min(cr, ca) >> 8, min(cg, ca) >> 8, min(cb, ca) >> 8, ca >> 8}
			}
		}
		addRow = func(y int, s []uint32) {
			row := m.Pix[m.PixOffset(b.Min.X, b.Min.Y+y):][:w]
			for x, v := range row {
				c := s[4*(x/k) : 4*(x/k)+4 : 4*(x/k)+4]
				p := &lut[v]
				c[0] += p[0]
				c[1] += p[1]
				c[2] += p[2]
				c[3] += p[3]
			}
		}
	case *image.YCbCr:
		// YCbCr→RGB is affine, so averaging Y, Cb and Cr and converting once
		// per output pixel equals averaging the converted pixels.
		ycc = true
		sx, sy := chromaShift(m.SubsampleRatio)
		// Shifts match COffset's divisions for non-negative coordinates.
		fast := m.Rect.Min.X >= 0 && m.Rect.Min.Y >= 0
		addRow = func(y int, s []uint32) {
			yy := b.Min.Y + y
			row := m.Y[m.YOffset(b.Min.X, yy):][:w]
			crow := (yy>>sy - m.Rect.Min.Y>>sy) * m.CStride
			for x, v := range row {
				var ci int
				if fast {
					ci = crow + (b.Min.X+x)>>sx - m.Rect.Min.X>>sx
				} else {
					ci = m.COffset(b.Min.X+x, yy)
				}
				c := s[4*(x/k) : 4*(x/k)+4 : 4*(x/k)+4]
				c[0] += uint32(v)
				c[1] += uint32(m.Cb[ci])
				c[2] += uint32(m.Cr[ci])
				c[3] += 255
			}
		}
	default:
		addRow = func(y int, s []uint32) {
			for x := range w {
				px := img.At(b.Min.X+x, b.Min.Y+y)
				if px == nil {
					continue // as transparent
				}
				cr, cg, cb, ca := px.RGBA()
				c := s[4*(x/k) : 4*(x/k)+4 : 4*(x/k)+4]
				c[0] += min(cr, ca) >> 8 // clamp: some types are not premultiplied
				c[1] += min(cg, ca) >> 8
				c[2] += min(cb, ca) >> 8
				c[3] += ca >> 8
			}
		}
	}
	// Blocks of 4+ rows read every other row: half the memory traffic, and
	// still 8+ samples per block column.
	step := 1
	if k >= 4 {
		step = 2
	}
	for by := range r.dh {
		clear(r.sum)
		rows := 0
		for y := by * k; y < min((by+1)*k, h); y += step {
			addRow(y, r.sum)
			rows++
		}
		r.emit(by, rows, ycc)
	}
	return r.dst
}

// sumRGBA adds the channel sums of pixels px to c. Two pixels are summed
// per 64-bit word, in 16-bit lanes, flushed before they could overflow.
func sumRGBA(px []uint8, c []uint32) {
	const lanes = 0x00ff00ff00ff00ff
	for len(px) >= 8 {
		n := min(len(px)/8, 256) * 8 // ≤ 256 words per lane: no overflow
		var even, odd uint64
		for i := 0; i < n; i += 8 {
			v := binary.LittleEndian.Uint64(px[i:])
			even += v & lanes       // R0 B0 R1 B1
			odd += (v >> 8) & lanes // G0 A0 G1 A1
		}
		c[0] += uint32(even&0xffff + even>>32&0xffff)
		c[2] += uint32(even>>16&0xffff + even>>48)
		c[1] += uint32(odd&0xffff + odd>>32&0xffff)
		c[3] += uint32(odd>>16&0xffff + odd>>48)
		px = px[n:]
	}
	if len(px) >= 4 {
		c[0] += uint32(px[0])
		c[1] += uint32(px[1])
		c[2] += uint32(px[2])
		c[3] += uint32(px[3])
	}
}

// wellFormed reports whether the pixel slices of the directly read image
// types cover their bounds (they need not: image.NewYCbCr itself makes
// chroma-less images for some negative rectangles), so that reading them
// cannot panic.
func wellFormed(img image.Image) bool {
	b := img.Bounds()
	if b.Empty() {
		return true
	}
	lo, hi := b.Min, b.Max.Sub(image.Pt(1, 1))
	in := func(i, n, size int) bool { return i >= 0 && i+size <= n }
	switch m := img.(type) {
	case *image.RGBA:
		return in(m.PixOffset(lo.X, lo.Y), len(m.Pix), 4) && in(m.PixOffset(hi.X, hi.Y), len(m.Pix), 4)
	case *image.NRGBA:
		return in(m.PixOffset(lo.X, lo.Y), len(m.Pix), 4) && in(m.PixOffset(hi.X, hi.Y), len(m.Pix), 4)
	case *image.Gray:
		return in(m.PixOffset(lo.X, lo.Y), len(m.Pix), 1) && in(m.PixOffset(hi.X, hi.Y), len(m.Pix), 1)
	case *image.Paletted:
		return in(m.PixOffset(lo.X, lo.Y), len(m.Pix), 1) && in(m.PixOffset(hi.X, hi.Y), len(m.Pix), 1)
	case *image.YCbCr:
		for _, p := range []image.Point{lo, hi, {lo.X, hi.Y}, {hi.X, lo.Y}} {
			c := m.COffset(p.X, p.Y)
			if !in(m.YOffset(p.X, p.Y), len(m.Y), 1) || !in(c, len(m.Cb), 1) || !in(c, len(m.Cr), 1) {
				return false
			}
		}
	}
	return true
}

// maxPixels bounds the pixels reduce reads one by one.
const maxPixels = 1 << 27

// sampleGrid point-samples img at the centres of a w×h grid over its bounds.
func sampleGrid(img image.Image, w, h int) *image.RGBA {
	b := img.Bounds()
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		sy := b.Min.Y + int((int64(y)*2+1)*int64(b.Dy())/int64(2*h))
		for x := range w {
			sx := b.Min.X + int((int64(x)*2+1)*int64(b.Dx())/int64(2*w))
			if c := img.At(sx, sy); c != nil {
				dst.Set(x, y, c)
			}
		}
	}
	return dst
}

// boxer accumulates one row of k×k blocks at a time; edge blocks may be
// partial and are divided by their own pixel counts.
type boxer struct {
	w, h, k, dw, dh int
	sum             []uint32 // 4 per block: premultiplied R, G, B, A (or Y, Cb, Cr, 255·n)
	dst             *image.RGBA
}

// emit divides the sums of block row by (nrows rows read) into dst, flattening any
// transparency onto white (or converting from YCbCr).
func (r *boxer) emit(by, nrows int, ycc bool) {
	rows := uint32(nrows)
	out := r.dst.Pix[by*r.dst.Stride:][:4*r.dw]
	for bx := range r.dw {
		n := rows * uint32(min(r.k, r.w-bx*r.k))
		s := r.sum[4*bx : 4*bx+4 : 4*bx+4]
		p := out[4*bx : 4*bx+4 : 4*bx+4]
		if ycc {
			p[0], p[1], p[2] = color.YCbCrToRGB(uint8((s[0]+n/2)/n), uint8((s[1]+n/2)/n), uint8((s[2]+n/2)/n))
		} else {
			white := 255*n - min(s[3], 255*n)
			p[0] = uint8(min((s[0]+white+n/2)/n, 255))
			p[1] = uint8(min((s[1]+white+n/2)/n, 255))
			p[2] = uint8(min((s[2]+white+n/2)/n, 255))
		}
		p[3] = 255
	}
}

// chromaShift returns log2 of the luma columns and rows per chroma sample.
func chromaShift(r image.YCbCrSubsampleRatio) (sx, sy uint) {
	switch r {
	case image.YCbCrSubsampleRatio422:
		return 1, 0
	case image.YCbCrSubsampleRatio420:
		return 1, 1
	case image.YCbCrSubsampleRatio440:
		return 0, 1
	case image.YCbCrSubsampleRatio411:
		return 2, 0
	case image.YCbCrSubsampleRatio410:
		return 2, 1
	}
	return 0, 0
}

// scaleTo resamples the rectangle sr of src to a new w×h image with an
// anti-aliased bilinear filter.
func scaleTo(src *image.RGBA, sr image.Rectangle, w, h int) *image.RGBA {
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.BiLinear.Scale(dst, dst.Bounds(), src, sr, draw.Src, nil)
	return dst
}

// labImage is an image in OKLab, one float32 plane per channel.
type labImage struct {
	w, h    int
	l, a, b []float32
}

func toLab(m *image.RGBA) *labImage {
	w, h := m.Rect.Dx(), m.Rect.Dy()
	li := &labImage{w: w, h: h, l: make([]float32, w*h), a: make([]float32, w*h), b: make([]float32, w*h)}
	for y := range h {
		row := m.Pix[y*m.Stride:][:4*w]
		for x := range w {
			i := y*w + x
			li.l[i], li.a[i], li.b[i] = oklab(row[4*x], row[4*x+1], row[4*x+2])
		}
	}
	return li
}

// srgbLinear maps an 8-bit sRGB value to linear light.
var srgbLinear = func() (t [256]float32) {
	for i := range t {
		v := float64(i) / 255
		if v <= 0.04045 {
			t[i] = float32(v / 12.92)
		} else {
			t[i] = float32(math.Pow((v+0.055)/1.055, 2.4))
		}
	}
	return
}()

// oklab converts 8-bit sRGB to OKLab (L in 0..1, a and b roughly ±0.3).
func oklab(r8, g8, b8 uint8) (L, A, B float32) {
	r, g, b := srgbLinear[r8], srgbLinear[g8], srgbLinear[b8]
	l := cbrt(0.4122214708*r + 0.5363325363*g + 0.0514459929*b)
	m := cbrt(0.2119034982*r + 0.6806995451*g + 0.1073969566*b)
	s := cbrt(0.0883024619*r + 0.2817188376*g + 0.6299787005*b)
	return 0.2104542553*l + 0.7936177850*m - 0.0040720468*s,
		1.9779984951*l - 2.4285922050*m + 0.4505937099*s,
		0.0259040371*l + 0.7827717662*m - 0.8086757660*s
}

// linearSRGB is the inverse of srgbLinear, rounded to 8 bits.
func linearSRGB(v float64) uint8 {
	if v <= 0 {
		return 0
	}
	if v >= 1 {
		return 255
	}
	if v <= 0.0031308 {
		v *= 12.92
	} else {
		v = 1.055*math.Pow(v, 1/2.4) - 0.055
	}
	return uint8(v*255 + 0.5)
}

// oklabToSRGB converts back, clipping out-of-gamut colours.
func oklabToSRGB(L, A, B float64) (uint8, uint8, uint8) {
	l := L + 0.3963377774*A + 0.2158037573*B
	m := L - 0.1055613458*A - 0.0638541728*B
	s := L - 0.0894841775*A - 1.2914855480*B
	l, m, s = l*l*l, m*m*m, s*s*s
	return linearSRGB(4.0767416621*l - 3.3077115913*m + 0.2309699292*s),
		linearSRGB(-1.2684380046*l + 2.6097574011*m - 0.3413193965*s),
		linearSRGB(-0.0041960863*l - 0.7034186147*m + 1.7076147010*s)
}

// cbrt is a float32 cube root for 0 ≤ x ≤ ~1: a bit-level first guess
// (within about 4%) refined by two Newton steps (relative error about 1e-5),
// several times faster than math.Cbrt.
func cbrt(x float32) float32 {
	if x <= 1e-12 {
		return 0
	}
	y := math.Float32frombits(math.Float32bits(x)/3 + 709921077)
	y = (2*y + x/(y*y)) * (1.0 / 3)
	return (2*y + x/(y*y)) * (1.0 / 3)
}

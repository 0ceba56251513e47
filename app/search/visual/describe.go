// Package visual computes compact descriptors of product pictures and a
// distance between them, for search by image: a copy of a catalogue photo
// (resized, cropped, recompressed, slightly recoloured) finds its product,
// and a photo of a red dress ranks red dresses before blue ones.
//
// Describe separates the product from a plain studio backdrop (estimated
// from the border of the picture), frames the product's bounding box, and
// summarises that frame by its colours, a coarse colour layout, edge
// orientations and a difference hash. Framing the object rather than the
// picture is what makes crops and re-framings cheap to match.
package visual

import (
	"image"
	"math"
)

// Sizes of the descriptor parts.
const (
	hueBins   = 12 // 30° sectors of OKLab hue
	lightBins = 3  // lightness levels of chromatic colours
	greyBins  = 4  // lightness levels of neutral colours
	// NumColorBins is the length of Descriptor.Colors.
	NumColorBins = hueBins*lightBins + greyBins
	// GridSize is the side of the layout grid laid over the object's box.
	GridSize = 6
	edgeBins = 8 // orientations over 180°
	// NumEdgeBins is the length of Descriptor.Edges: orientations at a fine
	// and at a coarse scale.
	NumEdgeBins = 2 * edgeBins
	// PaletteSize is the number of dominant colours kept.
	PaletteSize = 6

	workSide = 64 // the copy used to find the backdrop and the object has a longer side of 64..127
	normSide = 96 // side of the square resample of the object's box
	labScale = 400
)

// Cell is one square of the layout grid laid over the object's box.
type Cell struct {
	Cover uint8 // share of the cell covered by the object, /255
	L     uint8 // mean OKLab lightness of the object part, ·255
	A, B  int8  // mean OKLab a and b, ·400
}

// Lab is a quantised OKLab colour.
type Lab struct {
	L    uint8 // lightness ·255
	A, B int8  // ·400
}

// Swatch is one dominant colour: sRGB and its share of the object, /255.
type Swatch struct{ R, G, B, Share uint8 }

// Descriptor is what is stored per picture (EncodedSize bytes encoded). All
// parts are quantised, so a decoded descriptor is identical to the one
// encoded. The object's colours are corrected for exposure: scaled (by at
// most 10%) as if the backdrop had a standard lightness.
type Descriptor struct {
	Hash       uint64                    // difference hash (9×8) of the object's lightness
	Aspect     int8                      // 16·log2(width/height) of the object's box
	Fill       uint8                     // share of the box covered by the object, /255
	Background [3]uint8                  // backdrop colour at the centre, sRGB
	Average    Lab                       // mean colour of the object (of the backdrop if none)
	Dominant   Lab                       // colour of the object's largest evenly coloured part
	Colors     [NumColorBins]uint8       // colour histogram of the object, 255·sqrt(share)
	Layout     [GridSize * GridSize]Cell // row-major
	Edges      [NumEdgeBins]uint8        // 255·sqrt(edge density) per orientation
	Palette    [PaletteSize]Swatch       // dominant colours, largest share first
}

// Describe computes the descriptor of an image of any size and type.
// Transparent pixels are taken as white. It takes about 2 ms for an 800×800
// photo: one pass over the pixels to shrink it, then the work is done on a
// 64..127 pixel copy (backdrop and object box) and a 96×96 resample of the
// object's box (everything else).
func Describe(img image.Image) Descriptor { return describe(img, false)[0].Descriptor }

// Variant is one reading of a query picture, and what taking it costs in
// distance (a reading that assumes more than the picture shows costs more).
type Variant struct {
	Descriptor
	Cost float32
}

// DescribeQuery returns the readings of a shopper's picture that search
// matches, the best counting: the picture as Describe reads it, when its
// backdrop is clipped to white (a photo taken in brighter light than the
// studio's, by an unknown amount) the object at lower exposures, when it
// is no studio sweep (a table, a cloth) the object at a grey sweep's
// exposure, and the mirror image.
func DescribeQuery(img image.Image) []Variant { return describe(img, true) }

func describe(img image.Image, query bool) []Variant {
	r := straightened(reduce(img, reduceTarget))
	rw, rh := r.Rect.Dx(), r.Rect.Dy()
	work := toLab(reduce(r, workSide))
	ww, wh := work.w, work.h
	fgw, fill, bg, lo, hi := segment(work)
	// The box from the mask cut at one half: the blur spreads the mask
	// past the object by a few pixels, more of the object the smaller it
	// is in the frame, which would frame a crop differently.
	bin := make([]float32, len(fgw))
	for i, m := range fgw {
		if m >= 0.5 {
			bin[i] = 1
		}
	}
	x0, x1 := objectSpan(bin, ww, wh, true)
	y0, y1 := objectSpan(bin, ww, wh, false)
	// The box in reduced-image pixels, at least two pixels wide.
	sx, sy := float64(rw)/float64(ww), float64(rh)/float64(wh)
	box := image.Rect(int(math.Floor(x0*sx)), int(math.Floor(y0*sy)), int(math.Ceil(x1*sx)), int(math.Ceil(y1*sy)))
	box = box.Intersect(r.Rect)
	if box.Dx() < 2 || box.Dy() < 2 {
		box = r.Rect
	}
	n := toLab(scaleTo(r, box, normSide, normSide))
	ns := blurred(n, 2)
	fg := make([]float32, normSide*normSide)
	shadow := make([]float32, normSide*normSide)
	for y := range normSide {
		fy := (float64(box.Min.Y) + (float64(y)+0.5)*float64(box.Dy())/normSide) / float64(rh)
		q := bg.row(fy*2 - 1)
		wy := min(int(fy*float64(wh)), wh-1)
		for x := range normSide {
			fx := (float64(box.Min.X) + (float64(x)+0.5)*float64(box.Dx())/normSide) / float64(rw)
			if fill[wy*ww+min(int(fx*float64(ww)), ww-1)] {
				continue
			}
			u := float32(fx*2 - 1)
			i := y*normSide + x
			fg[i], _ = foregroundShadow(&q, u, ns.l[i], ns.a[i], ns.b[i], lo, hi)
			// The blurred mask reaches a few pixels past the object; the
			// sharp one keeps what is there backdrop out of it, which on a
			// dark table would draw a dark rim round the object.
			var sharp float32
			sharp, shadow[i] = foregroundShadow(&q, u, n.l[i], n.a[i], n.b[i], lo, hi)
			fg[i] *= sharp
		}
	}

	type reading struct{ f, cost float32 }
	rs := []reading{{exposure(bg), 0}}
	if query && clippedWhite(bg) {
		for k, g := range brighterLight {
			rs = append(rs, reading{g, float32(k+1) * exposureCost})
		}
	}
	if query && rs[0].f == 1 && !clippedWhite(bg) { // a table, a cloth: no studio sweep to go by
		rs = append(rs, reading{greySweepExposure, exposureCost})
	}
	var out []Variant
	for _, r := range rs {
		out = append(out, Variant{finish(n, fg, shadow, bg, box, r.f, rs[0].f), r.cost})
	}
	if query { // mirrored as the backdrop suggests (both at once are rare)
		mn, mfg, msh := mirror(n), mirrorPlane(fg), mirrorPlane(shadow)
		out = append(out, Variant{finish(mn, mfg, msh, bg, box, rs[0].f, rs[0].f), mirrorCost})
	}
	return out
}

// brighterLight are the exposures tried for a picture whose backdrop is
// clipped white: scales of OKLab coordinates (the backdrop-based one is
// 0.95) for light about 10% to 45% brighter than the studio's (sRGB).
var brighterLight = [...]float32{0.89, 0.83, 0.78, 0.73}

// greySweepExposure is the exposure a studio photo of near-white goods
// gets: they are shot on a greyer sweep, so that they stand out, and
// bringing that sweep to refLight brightens them by about a tenth. A
// photo on a table or a cloth, whose backdrop says nothing of the light,
// is also read so.
const greySweepExposure = 1.11

// exposureCost is what each step away from the exposure the backdrop
// suggests adds to a distance: a clipped backdrop allows a brighter light
// but does not prove it.
const exposureCost = 0.05

// mirrorCost is what reading a picture mirrored adds to a distance: the
// catalogue shows some goods facing left and others right, so a mirror
// image is allowed but the picture as it is comes first.
const mirrorCost = 0.08

// clippedWhite tells a backdrop clipped to pure white at the centre.
func clippedWhite(bg *bgModel) bool {
	L, A, B := bg.at(0, 0)
	return L > 0.985 && A*A+B*B < 0.01*0.01
}

// finish describes the object of the box's resample n (mask fg, shadow
// likeness shadow) with colours scaled by the exposure f, the backdrop's
// by bf (the one the backdrop suggests: what a clipped one was is unknown).
func finish(n0 *labImage, fg, shadow []float32, bg *bgModel, box image.Rectangle, f, bf float32) Descriptor {
	n := n0
	if f != 1 {
		n = &labImage{w: n0.w, h: n0.h, l: make([]float32, len(n0.l)), a: make([]float32, len(n0.a)), b: make([]float32, len(n0.b))}
		for i := range n0.l {
			n.l[i] = n0.l[i] * f
			n.a[i] = n0.a[i] * f
			n.b[i] = n0.b[i] * f
		}
	}
	shadow = append([]float32(nil), shadow...) // shadowBand clears part of it
	var d Descriptor
	d.Aspect = int8(clamp(math.Round(16*math.Log2(float64(box.Dx())/float64(box.Dy()))), -127, 127))
	var covered float64
	for _, m := range fg {
		covered += float64(m)
	}
	d.Fill = q8(covered / float64(len(fg)))
	// The backdrop as the exposure corrects it: a darker copy of a studio
	// photo keeps its backdrop's tint, which tells catalogue siblings apart.
	L, A, B := bg.at(0, 0)
	ff := float64(bf)
	d.Background[0], d.Background[1], d.Background[2] = oklabToSRGB(ff*float64(L), ff*float64(A), ff*float64(B))
	// Without an object, the picture is its backdrop.
	d.Average = toLab8(ff*float64(L), ff*float64(A), ff*float64(B))
	d.Dominant = d.Average
	shadowBand(fg, shadow)
	cm := interior(fg)
	colours(&d, n, cm, shadow)
	layout(&d, n, fg, cm)
	// Edges of the object over white, as the catalogue's light studio
	// backdrops show it: a wooden table's grain is not the product's.
	nc := overWhite(n, fg)
	edges(d.Edges[:edgeBins], nc.w, nc.h, nc.l, nc.a, nc.b)
	cl, ca, cb, cw, ch := half(nc)
	edges(d.Edges[edgeBins:], cw, ch, cl, ca, cb)
	d.Hash = dhash(n, fg)
	return d
}

// mirror returns n mirrored left to right.
func mirror(n *labImage) *labImage {
	return &labImage{w: n.w, h: n.h, l: mirrorRows(n.l, n.w), a: mirrorRows(n.a, n.w), b: mirrorRows(n.b, n.w)}
}

func mirrorPlane(p []float32) []float32 { return mirrorRows(p, normSide) }

func mirrorRows(p []float32, w int) []float32 {
	out := make([]float32, len(p))
	for y := 0; y+w <= len(p); y += w {
		for x := range w {
			out[y+x] = p[y+w-1-x]
		}
	}
	return out
}

// segment separates the object from its backdrop on the working copy: it
// returns the soft object mask, the corners a rotation filled, the backdrop
// model and the mask limits.
func segment(work *labImage) (fgw []float32, fill []bool, bg *bgModel, lo, hi float32) {
	ww, wh := work.w, work.h
	// Corners a rotation filled, dilated over their anti-aliased edge.
	fill = dilate(cornerFill(work), ww, wh)
	smooth := blurred(work, 2)
	bg = fitBackground(smooth, fill)
	lo, hi = maskLimits(smooth, bg, fill)

	fgw = make([]float32, ww*wh)
	for y := range wh {
		q := bg.row((float64(y)+0.5)/float64(wh)*2 - 1)
		for x := range ww {
			u := (float32(x)+0.5)/float32(ww)*2 - 1
			i := y*ww + x
			if !fill[i] {
				fgw[i], _ = foregroundShadow(&q, u, smooth.l[i], smooth.a[i], smooth.b[i], lo, hi)
			}
		}
	}
	return fgw, fill, bg, lo, hi
}

// exposure returns the factor that brings the backdrop's lightness at the
// centre to refLight (scaling linear RGB scales all OKLab coordinates
// alike): a photo taken in darker or brighter light describes as the
// studio photo. Only light backdrops are taken for a reference: a dark one
// is more likely a table or a wall than a dimly lit studio sweep.
func exposure(bg *bgModel) float32 {
	L, A, B := bg.at(0, 0)
	if L < minRefLight || A*A+B*B > maxRefChroma*maxRefChroma {
		return 1
	}
	return float32(clamp(refLight/float64(L), 0.75, 1.4))
}

// minRefLight is the least backdrop lightness taken as a studio backdrop
// in dim light (30% darker sRGB white is about 0.74).
const minRefLight = 0.62

// maxRefChroma is the most colourful backdrop taken as a studio backdrop
// (the catalogue's are tinted by under 0.03): a blue-grey cloth or a wooden
// table says nothing of the light.
const maxRefChroma = 0.035

// refLight is the standard backdrop lightness (an sRGB grey of about 237).
const refLight = 0.95

// Mask thresholds: colour distance (OKLab ΔE) to the backdrop at which a
// pixel starts to count as object, and fully counts. They are low (raised
// on textured backdrops, see maskLimits) so that the light parts of goods
// on a light studio sweep, a cream sole or trim, count as the object, as
// they do when the same goods lie on a table.
const fgLow, fgHigh = 0.015, 0.05

// foregroundShadow also returns how much the pixel looks like a shadow: the
// backdrop darkened (all OKLab coordinates scaled by one factor) without a
// change of hue. Neutral grey or metal parts look the same, so this only
// counts at the bottom of the object (shadowBand), and only for its colours
// (palette, average, dominant), never for the mask.
func foregroundShadow(q *[3][3]float32, u float32, l, a, b, lo, hi float32) (m, shadow float32) {
	bl := q[0][0] + u*(q[0][1]+u*q[0][2])
	ba := q[1][0] + u*(q[1][1]+u*q[1][2])
	bb := q[2][0] + u*(q[2][1]+u*q[2][2])
	dl, da, db := l-bl, a-ba, b-bb
	d := float32(math.Sqrt(float64(dl*dl + da*da + db*db)))
	m = smoothstep(lo, hi, d)
	if m == 0 || bl <= 0 {
		return m, 0
	}
	s := l / bl
	if s < 0.4 || s > 0.98 {
		return m, 0
	}
	ra, rb := a-s*ba, b-s*bb
	r := float32(math.Sqrt(float64(ra*ra + rb*rb)))
	return m, 1 - smoothstep(0.008, 0.018, r)
}

// shadowBand keeps the shadow likeness of pixels only in the band of rows
// at the bottom of the object's box where shadow-like pixels are most of the
// object: where a product stands on its shadow. Elsewhere shadow-like pixels
// are grey or metal parts of the product.
func shadowBand(fg, shadow []float32) {
	top := normSide
	for y := normSide - 1; y >= 0; y-- {
		var m, sh float32
		for x := range normSide {
			i := y*normSide + x
			m += fg[i]
			sh += fg[i] * shadow[i]
		}
		if m > 0.5 && sh < 0.6*m {
			break
		}
		top = y
	}
	clear(shadow[:top*normSide])
}

// objectSpan returns the extent of the object along x (or y) in pixels of
// the mask, ignoring the outer 0.5% of its mass on each side and adding a
// small margin. An empty mask spans the whole picture.
func objectSpan(fg []float32, w, h int, alongX bool) (float64, float64) {
	n, other := w, h
	if !alongX {
		n, other = h, w
	}
	marg := make([]float64, n)
	total := 0.0
	for y := range h {
		for x := range w {
			m := float64(fg[y*w+x])
			if alongX {
				marg[x] += m
			} else {
				marg[y] += m
			}
			total += m
		}
	}
	if total < 0.002*float64(n*other) || total < 1 {
		return 0, float64(n)
	}
	lo, hi := quantile(marg, total*0.005), quantile(marg, total*0.995)
	pad := 0.03*(hi-lo) + 0.5
	return math.Max(0, lo-pad), math.Min(float64(n), hi+pad)
}

// quantile returns the position (in pixels, continuous) where the running
// sum of marg reaches mass, interpolating within the pixel.
func quantile(marg []float64, mass float64) float64 {
	acc := 0.0
	for i, m := range marg {
		if acc+m >= mass && m > 0 {
			return float64(i) + (mass-acc)/m
		}
		acc += m
	}
	return float64(len(marg))
}

// colours fills the soft colour histogram, the palette and the average and
// dominant colours. For the histogram each object pixel is spread over the
// two nearest hue sectors and lightness levels (or over the neutral levels
// when its chroma is low), so that slight recolouring moves mass gradually
// instead of flipping bins. The other parts leave out shadows, unless that
// would leave out most of the object.
func colours(d *Descriptor, n *labImage, fg, shadow []float32) {
	var hist, histLit [NumColorBins]float64
	var pal, palLit [NumColorBins]struct{ w, l, a, b float64 }
	total, lit := 0.0, 0.0
	for i, m := range fg {
		if m <= 0 {
			continue
		}
		l, a, b := float64(n.l[i]), float64(n.a[i]), float64(n.b[i])
		w := float64(m)
		total += w
		c := math.Sqrt(a*a + b*b)
		wc := float64(smoothstep(0.025, 0.06, float32(c)))
		h := float64(atan2(n.b[i], n.a[i])) / (2 * math.Pi) * hueBins
		if h < 0 {
			h += hueBins
		}
		wl := w * float64(1-shadow[i])
		if wc > 0 {
			h0, ht := split(h-0.5, hueBins, true)
			l0, lt := split((l-0.3)/0.25, lightBins, false)
			l1 := min(l0+1, lightBins-1)
			h1 := (h0 + 1) % hueBins
			for _, v := range [4]struct {
				bin int
				f   float64
			}{{h0*lightBins + l0, (1 - ht) * (1 - lt)}, {h0*lightBins + l1, (1 - ht) * lt}, {h1*lightBins + l0, ht * (1 - lt)}, {h1*lightBins + l1, ht * lt}} {
				hist[v.bin] += w * wc * v.f
				histLit[v.bin] += wl * wc * v.f
			}
		}
		if wc < 1 {
			g0, gt := split((l-0.2)/0.25, greyBins, false)
			g1 := min(g0+1, greyBins-1)
			hist[hueBins*lightBins+g0] += w * (1 - wc) * (1 - gt)
			hist[hueBins*lightBins+g1] += w * (1 - wc) * gt
			histLit[hueBins*lightBins+g0] += wl * (1 - wc) * (1 - gt)
			histLit[hueBins*lightBins+g1] += wl * (1 - wc) * gt
		}
		// Palette: hard assignment to the nearest bin, then merged below.
		var bin int
		if wc >= 0.5 {
			bin = min(int(h), hueBins-1)*lightBins + int(clamp(math.Round((l-0.3)/0.25), 0, lightBins-1))
		} else {
			bin = hueBins*lightBins + int(clamp(math.Round((l-0.2)/0.25), 0, greyBins-1))
		}
		p := &pal[bin]
		p.w += w
		p.l += w * l
		p.a += w * a
		p.b += w * b
		w *= float64(1 - shadow[i])
		lit += w
		p = &palLit[bin]
		p.w += w
		p.l += w * l
		p.a += w * a
		p.b += w * b
	}
	if total <= 0 {
		return
	}
	useLit := lit >= 0.5*total // else mostly neutral grey: the object itself looks like a shadow
	// The histogram leaves shadows out too: a shadow on the studio sweep is
	// grey, on a wooden table brown; neither is the product's colour.
	for i, v := range hist {
		if useLit {
			v = histLit[i] * total / lit
		}
		d.Colors[i] = q8(math.Sqrt(v / total))
	}
	if useLit {
		palette(d, palLit[:], lit)
	} else {
		palette(d, pal[:], total)
	}
	// Average and dominant colour, from the same (lit or all) pixels.
	wt := make([]float32, 0, len(fg))
	idx := make([]int32, 0, len(fg))
	var sw, sl, sa, sb float64
	for i, m := range fg {
		if useLit {
			m *= 1 - shadow[i]
		}
		if m <= 0 {
			continue
		}
		wt = append(wt, m)
		idx = append(idx, int32(i))
		w := float64(m)
		sw += w
		sl += w * float64(n.l[i])
		sa += w * float64(n.a[i])
		sb += w * float64(n.b[i])
	}
	d.Average = toLab8(sl/sw, sa/sw, sb/sw)
	// Mean shift from the heaviest colour bin: the mean of the pixels within
	// reach of the current estimate (lightness counting half), repeated.
	src := &pal
	if useLit {
		src = &palLit
	}
	top := 0
	for i := range src {
		if src[i].w > src[top].w {
			top = i
		}
	}
	p := src[top]
	cl, ca, cb := float32(p.l/p.w), float32(p.a/p.w), float32(p.b/p.w)
	const reach2 = 0.12 * 0.12
	for range 4 {
		var sw, sl, sa, sb float32
		for j, i := range idx {
			l, a, b := n.l[i], n.a[i], n.b[i]
			dd := ((l-cl)*(l-cl)/4 + (a-ca)*(a-ca) + (b-cb)*(b-cb)) / reach2
			if dd >= 1 {
				continue
			}
			w := wt[j] * (1 - dd)
			sw += w
			sl += w * l
			sa += w * a
			sb += w * b
		}
		if sw <= 0 {
			break
		}
		cl, ca, cb = sl/sw, sa/sw, sb/sw
	}
	d.Dominant = toLab8(float64(cl), float64(ca), float64(cb))
}

// toLab8 quantises an OKLab colour.
func toLab8(l, a, b float64) Lab {
	return Lab{L: q8(l), A: int8(clamp(math.Round(a*labScale), -127, 127)), B: int8(clamp(math.Round(b*labScale), -127, 127))}
}

// split maps a continuous bin coordinate to the lower bin and the weight of
// the upper one; circular coordinates wrap, others clamp at the ends.
func split(f float64, n int, circular bool) (int, float64) {
	if circular {
		fl := math.Floor(f)
		i := int(fl) % n
		if i < 0 {
			i += n
		}
		return i, f - fl
	}
	if f <= 0 {
		return 0, 0
	}
	if f >= float64(n-1) {
		return n - 1, 0
	}
	i := int(f)
	return i, f - float64(i)
}

// palette merges the hard colour bins into clusters of similar colour
// (lightness counts half, so shading of one material stays one colour) and
// keeps the largest.
func palette(d *Descriptor, pal []struct{ w, l, a, b float64 }, total float64) {
	type cl struct{ w, l, a, b float64 }
	order := make([]int, 0, len(pal))
	for i := range pal {
		if pal[i].w > 0 {
			order = append(order, i)
		}
	}
	sortBy(order, func(i int) float64 { return -pal[i].w })
	var cs []cl
	for _, i := range order {
		p := pal[i]
		l, a, b := p.l/p.w, p.a/p.w, p.b/p.w
		best, bd := -1, 0.08
		for j, c := range cs {
			if dd := dist3((l-c.l)/2, a-c.a, b-c.b); dd < bd {
				best, bd = j, dd
			}
		}
		if best < 0 {
			cs = append(cs, cl{p.w, l, a, b})
			continue
		}
		c := &cs[best]
		nw := c.w + p.w
		c.l, c.a, c.b = (c.l*c.w+l*p.w)/nw, (c.a*c.w+a*p.w)/nw, (c.b*c.w+b*p.w)/nw
		c.w = nw
	}
	idx := make([]int, len(cs))
	for i := range idx {
		idx[i] = i
	}
	sortBy(idx, func(i int) float64 { return -cs[i].w })
	for k, i := range idx {
		if k == PaletteSize {
			break
		}
		c := cs[i]
		s := &d.Palette[k]
		s.R, s.G, s.B = oklabToSRGB(c.l, c.a, c.b)
		s.Share = q8(c.w / total)
	}
}

// interior returns the object mask eroded by two pixels (a minimum over
// 5×5 neighbours), for the object's colours: the mask, cut on a blurred
// copy, reaches a little past the object, and what it takes there is
// backdrop, light in the studio, dark on a shopper's table. Objects too
// thin to keep a tenth of their mass keep the mask as it is.
func interior(fg []float32) []float32 {
	const r = 2
	tmp := make([]float32, len(fg))
	out := make([]float32, len(fg))
	for y := range normSide {
		for x := range normSide {
			m := float32(1)
			for k := max(0, x-r); k <= min(normSide-1, x+r); k++ {
				m = min(m, fg[y*normSide+k])
			}
			tmp[y*normSide+x] = m
		}
	}
	var all, kept float32
	for y := range normSide {
		for x := range normSide {
			m := float32(1)
			for k := max(0, y-r); k <= min(normSide-1, y+r); k++ {
				m = min(m, tmp[k*normSide+x])
			}
			out[y*normSide+x] = m
			kept += m
			all += fg[y*normSide+x]
		}
	}
	if kept < 0.1*all {
		return fg
	}
	return out
}

// layout fills the grid: per cell, object coverage and the object's mean
// colour, with pixels shared between the nearest cell centres (bilinear) so
// that a slightly different box moves values smoothly.
func layout(d *Descriptor, n *labImage, fg, cm []float32) {
	const cells = GridSize
	var acc [cells * cells][9]float64
	cellOf := func(p int) (int, float64) {
		f := (float64(p)+0.5)*cells/normSide - 0.5
		if f <= 0 {
			return 0, 0
		}
		if f >= cells-1 {
			return cells - 1, 0
		}
		i := int(f)
		return i, f - float64(i)
	}
	for y := range normSide {
		cy, ty := cellOf(y)
		for x := range normSide {
			cx, tx := cellOf(x)
			i := y*normSide + x
			m, mi := float64(fg[i]), float64(cm[i])
			l, a, b := float64(n.l[i]), float64(n.a[i]), float64(n.b[i])
			for _, c := range [4]struct {
				x, y int
				w    float64
			}{{cx, cy, (1 - tx) * (1 - ty)}, {cx + 1, cy, tx * (1 - ty)}, {cx, cy + 1, (1 - tx) * ty}, {cx + 1, cy + 1, tx * ty}} {
				if c.w == 0 {
					continue
				}
				s := &acc[min(c.y, cells-1)*cells+min(c.x, cells-1)]
				s[0] += c.w
				s[1] += c.w * m
				s[2] += c.w * m * l
				s[3] += c.w * m * a
				s[4] += c.w * m * b
				s[5] += c.w * mi
				s[6] += c.w * mi * l
				s[7] += c.w * mi * a
				s[8] += c.w * mi * b
			}
		}
	}
	for i, s := range acc {
		c := &d.Layout[i]
		if s[0] <= 0 {
			continue
		}
		c.Cover = q8(s[1] / s[0])
		if s[5] > 0.25*s[1] { // the cell's colour from the object's interior
			s[1], s[2], s[3], s[4] = s[5], s[6], s[7], s[8]
		}
		if s[1] > 1e-6 {
			c.L = q8(s[2] / s[1])
			c.A = int8(clamp(math.Round(s[3]/s[1]*labScale), -127, 127))
			c.B = int8(clamp(math.Round(s[4]/s[1]*labScale), -127, 127))
		}
	}
}

// edgeNorm scales edge densities (mean gradient magnitude per pixel and
// orientation) into the 0..1 range before the square root.
const edgeNorm = 40

// edges fills an orientation histogram of colour edges: the gradient of the
// OKLab image is taken as a structure tensor summed over the channels, its
// main direction binned (softly) over 180°, weighted by its strength.
func edges(out []uint8, w, h int, L, A, B []float32) {
	var hist [edgeBins]float64
	for y := 1; y < h-1; y++ {
		for x := 1; x < w-1; x++ {
			i := y*w + x
			var jxx, jyy, jxy float32
			for _, c := range [3][]float32{L, A, B} {
				gx := (c[i+1] - c[i-1]) / 2
				gy := (c[i+w] - c[i-w]) / 2
				jxx += gx * gx
				jyy += gy * gy
				jxy += gx * gy
			}
			tr := (jxx + jyy) / 2
			df := (jxx - jyy) / 2
			mag := math.Sqrt(float64(tr) + math.Sqrt(float64(df*df+jxy*jxy)))
			if mag < 0.01 {
				continue
			}
			mag = math.Min(mag, 0.25)
			th := float64(atan2(2*jxy, jxx-jyy)) / 2 // -π/2..π/2
			f := th/math.Pi*edgeBins + edgeBins
			b0, t := split(f-0.5, edgeBins, true)
			hist[b0] += mag * (1 - t)
			hist[(b0+1)%edgeBins] += mag * t
		}
	}
	area := float64(max(w*h, 1))
	for i, v := range hist {
		out[i] = q8(math.Sqrt(v / area * edgeNorm))
	}
}

// half averages 2×2 blocks of n.
func half(n *labImage) (l, a, b []float32, w, h int) {
	w, h = max(n.w/2, 1), max(n.h/2, 1)
	l, a, b = make([]float32, w*h), make([]float32, w*h), make([]float32, w*h)
	for y := range h {
		for x := range w {
			i := y*w + x
			for _, o := range [4]int{2*y*n.w + 2*x, 2*y*n.w + 2*x + 1, (2*y+1)*n.w + 2*x, (2*y+1)*n.w + 2*x + 1} {
				l[i] += n.l[o] / 4
				a[i] += n.a[o] / 4
				b[i] += n.b[o] / 4
			}
		}
	}
	return
}

// dhash is a 64-bit difference hash of the object's lightness composited
// over white (so the backdrop, whatever its shade, reads as flat): 8 rows of
// 9 cells, one bit per horizontal neighbour pair that gets clearly brighter.
func dhash(n *labImage, fg []float32) uint64 {
	var cell [8][9]float64
	var cnt [8][9]float64
	for y := range normSide {
		r := y * 8 / normSide
		for x := range normSide {
			c := x * 9 / normSide
			i := y*normSide + x
			m := float64(fg[i])
			cell[r][c] += m*float64(n.l[i]) + (1 - m)
			cnt[r][c]++
		}
	}
	var h uint64
	for r := range 8 {
		for c := range 8 {
			if cell[r][c+1]/cnt[r][c+1]-cell[r][c]/cnt[r][c] > 0.004 {
				h |= 1 << (r*8 + c)
			}
		}
	}
	return h
}

// atan2 approximates math.Atan2 within 0.002 radians, plenty for binning.
func atan2(y, x float32) float32 {
	ax, ay := abs32(x), abs32(y)
	if ax == 0 && ay == 0 {
		return 0
	}
	a := min(ax, ay) / max(ax, ay)
	s := a * a
	r := ((-0.0464964749*s+0.15931422)*s-0.327622764)*s*a + a
	if ay > ax {
		r = math.Pi/2 - r
	}
	if x < 0 {
		r = math.Pi - r
	}
	if y < 0 {
		r = -r
	}
	return r
}

func smoothstep(lo, hi, x float32) float32 {
	if x <= lo {
		return 0
	}
	if x >= hi {
		return 1
	}
	t := (x - lo) / (hi - lo)
	return t * t * (3 - 2*t)
}

func clamp(v, lo, hi float64) float64 { return math.Min(math.Max(v, lo), hi) }

// q8 quantises 0..1 to a byte.
func q8(v float64) uint8 { return uint8(clamp(math.Round(v*255), 0, 255)) }

// sortBy sorts idx by key ascending (insertion sort: the slices are tiny).
func sortBy(idx []int, key func(int) float64) {
	for i := 1; i < len(idx); i++ {
		for j := i; j > 0 && key(idx[j]) < key(idx[j-1]); j-- {
			idx[j], idx[j-1] = idx[j-1], idx[j]
		}
	}
}

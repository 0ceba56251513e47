package visual

import (
	"math"
	"math/bits"
)

// weights of the descriptor parts in Distance. Each part is an L1 distance
// over values normalised to about 0..1 (OKLab a and b to ±0.3); the weight
// scales it. Tuned on the demo catalogue (see tune_test.go) for two goals:
// copies of a photo find it, and another photo of a product of a kind and
// colour finds that kind in that colour; the dominant colour carries (b).
type weights struct {
	domL   float32 // dominant colour: lightness
	domAB  float32 // dominant colour: a, b
	domCap float32 // most the dominant colour adds: past it, colours are just different
	avgL   float32 // mean colour of the object: lightness
	avgAB  float32 // mean colour of the object: a, b
	color  float32 // colour histogram (square-root shares, 40 bins)
	shape  float32 // log2 aspect ratio of the object box
	fill   float32 // object share of its box
	bg     float32 // backdrop colour
	bgCap  float32 // most the backdrop adds: a shopper's table is no catalogue backdrop, but among catalogue copies it tells goods apart
	edge   float32 // edge orientation histograms
	cover  float32 // layout: object coverage per cell
	cellLL float32 // layout: object lightness per cell, times coverage
	cellAB float32 // layout: object a, b per cell, times coverage
	hash   float32 // difference hash, per differing bit out of 64
}

var w = weights{
	domL:   1.4,
	domAB:  30,
	domCap: 1.5,
	avgL:   0.5,
	avgAB:  4,
	color:  0.25,
	shape:  2,
	fill:   0.7,
	bg:     3,
	bgCap:  0.45,
	edge:   0.175,
	cover:  2.8 / (GridSize * GridSize),
	cellLL: 0.96 / (GridSize * GridSize),
	cellAB: 5.8 / (GridSize * GridSize),
	hash:   0.48,
}

// A descriptor is compared in a packed form: one byte per value, signed
// values offset by 128, each part contiguous so that it is summed as bytes
// and weighted once.
const (
	offDom    = 0 // L, A, B
	offAvg    = 3 // L, A, B
	offColors = 6 // NumColorBins
	offAspect = offColors + NumColorBins
	offFill   = offAspect + 1
	offBg     = offFill + 1 // OKLab L, A, B
	offEdges  = offBg + 3   // NumEdgeBins
	offCover  = offEdges + NumEdgeBins
	offCellL  = offCover + GridSize*GridSize    // Cover·L/255 per cell
	offCellAB = offCellL + GridSize*GridSize    // Cover·A/255, Cover·B/255 per cell
	packedLen = offCellAB + 2*GridSize*GridSize // 211
)

// pack writes the packed form of d to p.
func pack(d *Descriptor, p []byte) {
	p = p[:packedLen]
	lab := func(p []byte, c Lab) { p[0], p[1], p[2] = c.L, uint8(int(c.A)+128), uint8(int(c.B)+128) }
	lab(p[offDom:], d.Dominant)
	lab(p[offAvg:], d.Average)
	copy(p[offColors:], d.Colors[:])
	p[offAspect] = uint8(int(d.Aspect) + 128)
	p[offFill] = d.Fill
	L, A, B := oklab(d.Background[0], d.Background[1], d.Background[2])
	lab(p[offBg:], toLab8(float64(L), float64(A), float64(B)))
	copy(p[offEdges:], d.Edges[:])
	for i, c := range d.Layout {
		p[offCover+i] = c.Cover
		p[offCellL+i] = uint8((int(c.Cover)*int(c.L) + 127) / 255)
		p[offCellAB+2*i] = uint8(mulDiv255(int(c.Cover), int(c.A)) + 128)
		p[offCellAB+2*i+1] = uint8(mulDiv255(int(c.Cover), int(c.B)) + 128)
	}
}

// mulDiv255 returns round(c·v/255) for 0 ≤ c ≤ 255 and signed v.
func mulDiv255(c, v int) int {
	if v < 0 {
		return -((c*-v + 127) / 255)
	}
	return (c*v + 127) / 255
}

// Distance is 0 for identical descriptors, symmetric, and grows with visual
// difference; values are comparable across pairs. On the demo catalogue,
// copies of a photo (resized, recompressed, cropped 10%, slightly
// recoloured) score below about 1.3, unrelated pictures mostly above 3; a
// clearly different dominant colour alone adds 1.5.
func Distance(a, b *Descriptor) float64 {
	var pa, pb [packedLen]byte
	pack(a, pa[:])
	pack(b, pb[:])
	return float64(dist(pa[:], pb[:], a.Hash^b.Hash, maxDist))
}

// maxDist disables dist's early exit.
const maxDist = math.MaxFloat32

// Scales from packed byte differences to the normalised values.
const (
	per255 = 1.0 / 255
	perLab = 1.0 / labScale
)

// dist is the distance of two packed descriptors whose hashes differ in
// the bits of hx. Parts are added cheapest and most telling first; once
// the sum exceeds bound, dist returns it without adding the rest.
func dist(a, b []byte, hx uint64, bound float32) float32 {
	a, b = a[:packedLen], b[:packedLen]
	acc := w.hash * float32(bits.OnesCount64(hx)) / 64
	acc += min(w.domL*per255*absDiff(a[offDom], b[offDom])+
		w.domAB*perLab*(absDiff(a[offDom+1], b[offDom+1])+absDiff(a[offDom+2], b[offDom+2])), w.domCap)
	acc += w.avgL*per255*absDiff(a[offAvg], b[offAvg]) +
		w.avgAB*perLab*(absDiff(a[offAvg+1], b[offAvg+1])+absDiff(a[offAvg+2], b[offAvg+2]))
	acc += w.shape/16*absDiff(a[offAspect], b[offAspect]) + w.fill*per255*absDiff(a[offFill], b[offFill])
	acc += min(w.bg*(per255*absDiff(a[offBg], b[offBg])+perLab*(absDiff(a[offBg+1], b[offBg+1])+absDiff(a[offBg+2], b[offBg+2]))), w.bgCap)
	if acc > bound {
		return acc
	}
	acc += w.color * per255 * sad(a[offColors:offAspect], b[offColors:offAspect])
	if acc > bound {
		return acc
	}
	acc += w.edge * per255 * sad(a[offEdges:offCover], b[offEdges:offCover])
	acc += w.cover * per255 * sad(a[offCover:offCellL], b[offCover:offCellL])
	if acc > bound {
		return acc
	}
	acc += w.cellLL * per255 * sad(a[offCellL:offCellAB], b[offCellL:offCellAB])
	acc += w.cellAB * perLab * sad(a[offCellAB:], b[offCellAB:])
	return acc
}

func absDiff(a, b uint8) float32 {
	if a > b {
		return float32(a - b)
	}
	return float32(b - a)
}

// sad is the sum of absolute differences of two byte slices of one length.
func sad(a, b []byte) float32 {
	b = b[:len(a)]
	var s0, s1, s2, s3 int
	i := 0
	for ; i+4 <= len(a); i += 4 {
		s0 += iabs(int(a[i]) - int(b[i]))
		s1 += iabs(int(a[i+1]) - int(b[i+1]))
		s2 += iabs(int(a[i+2]) - int(b[i+2]))
		s3 += iabs(int(a[i+3]) - int(b[i+3]))
	}
	for ; i < len(a); i++ {
		s0 += iabs(int(a[i]) - int(b[i]))
	}
	return float32(s0 + s1 + s2 + s3)
}

// iabs is a branch-free absolute value.
func iabs(x int) int {
	m := x >> (bits.UintSize - 1)
	return (x ^ m) - m
}

func abs32(x float32) float32 { return math.Float32frombits(math.Float32bits(x) &^ (1 << 31)) }

// RejectDistance is the distance past which a picture is not taken for a
// catalogue picture: a query whose nearest picture is farther than this
// is of something the store does not sell. Calibrated on the evaluations
// (TestEvaluateAlterations, make searcheval): above the right picture's
// distance under the shopper-photo alterations (95th percentile up to 2.7
// with descriptor format 4 on the tuning and a fresh catalogue, but for
// white goods in 30% brighter light, which clips them into their backdrop),
// below eleven of twelve synthesised scenes on both. A white page (2.9 on
// the fresh catalogue) still comes closer to white goods than that.
const RejectDistance = 2.9

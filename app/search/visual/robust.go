package visual

import "sort"

// Parts of Describe that make it robust to shoppers' own photos (issue 16):
// the white (or black) corners a rotation adds are ignored, and the object
// mask is taken on a blurred copy with a threshold that follows the
// backdrop's own texture, so a product on a wooden table or a cloth is cut
// out as cleanly as one on a studio sweep.

// cornerFill marks the pixels of w that belong to a uniform fill reaching
// a corner: pure white or black, as an editor fills what a rotation
// uncovers. Studio backdrops are lit unevenly (darker corners), so their
// corners are never pure; a product touching a corner is rarely pure white
// over a whole region. Marked pixels are neither backdrop nor object.
func cornerFill(w *labImage) []bool {
	fill := make([]bool, w.w*w.h)
	stack := make([]int, 0, 64)
	for _, c := range [4]int{0, w.w - 1, (w.h - 1) * w.w, w.h*w.w - 1} {
		l, a, b := w.l[c], w.a[c], w.b[c]
		if fill[c] || !isFillColour(l, a, b) {
			continue
		}
		stack = append(stack[:0], c)
		fill[c] = true
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			x, y := i%w.w, i/w.w
			for _, n := range [4][2]int{{x - 1, y}, {x + 1, y}, {x, y - 1}, {x, y + 1}} {
				if n[0] < 0 || n[1] < 0 || n[0] >= w.w || n[1] >= w.h {
					continue
				}
				j := n[1]*w.w + n[0]
				if !fill[j] && dist3(float64(w.l[j]-l), float64(w.a[j]-a), float64(w.b[j]-b)) < 0.015 {
					fill[j] = true
					stack = append(stack, j)
				}
			}
		}
	}
	return fill
}

// isFillColour tells pure white or black (OKLab, JPEG noise allowed).
func isFillColour(l, a, b float32) bool {
	c := a*a + b*b
	return c < 0.01*0.01 && (l > 0.985 || l < 0.03)
}

// dilate grows a mask by one pixel (4-neighbours).
func dilate(m []bool, w, h int) []bool {
	out := make([]bool, len(m))
	for i, v := range m {
		if !v {
			continue
		}
		x, y := i%w, i/w
		out[i] = true
		if x > 0 {
			out[i-1] = true
		}
		if x < w-1 {
			out[i+1] = true
		}
		if y > 0 {
			out[i-w] = true
		}
		if y < h-1 {
			out[i+w] = true
		}
	}
	return out
}

// blurred returns a copy of m smoothed by two passes of a (2r+1)² box blur:
// fine backdrop textures (wood grain, weave, noise) average out, while the
// silhouette of the product, much larger, stays.
func blurred(m *labImage, r int) *labImage {
	out := &labImage{w: m.w, h: m.h}
	tmp := make([]float32, m.w*m.h)
	for _, ch := range [3]*[]float32{&out.l, &out.a, &out.b} {
		*ch = make([]float32, m.w*m.h)
	}
	for k, src := range [3][]float32{m.l, m.a, m.b} {
		dst := [3][]float32{out.l, out.a, out.b}[k]
		copy(dst, src)
		for range 2 {
			boxPass(dst, tmp, m.w, m.h, r, 1, m.w)
			boxPass(tmp, dst, m.h, m.w, r, m.w, 1)
		}
	}
	return out
}

// boxPass averages runs of 2r+1 values along lines of src into dst: n values
// per line at stride step, lines at stride next, clamping at the ends. It
// is called as rows then columns.
func boxPass(src, dst []float32, n, lines, r, step, next int) {
	for ln := range lines {
		base := ln * next
		for i := range n {
			var s float32
			for k := i - r; k <= i+r; k++ {
				s += src[base+min(max(k, 0), n-1)*step]
			}
			dst[base+i*step] = s / float32(2*r+1)
		}
	}
}

// maskLimits returns the colour distances to the backdrop model at which a
// pixel starts to count as object and fully counts: the standard ones on a
// plain backdrop, raised on a textured one to stay above its own spread
// (from a low percentile of the border's distances to the model).
func maskLimits(w *labImage, bg *bgModel, skip []bool) (lo, hi float32) {
	var res []float64
	ring := max(1, min(w.w, w.h)/32)
	for y := range w.h {
		for x := range w.w {
			i := y*w.w + x
			if x >= ring && x < w.w-ring && y >= ring && y < w.h-ring || skip[i] {
				continue
			}
			L, A, B := bg.at((float64(x)+0.5)/float64(w.w)*2-1, (float64(y)+0.5)/float64(w.h)*2-1)
			res = append(res, dist3(float64(w.l[i]-L), float64(w.a[i]-A), float64(w.b[i]-B)))
		}
	}
	if len(res) == 0 {
		return fgLow, fgHigh
	}
	// Border pixels of the object itself are outliers: the 30th
	// percentile is backdrop as long as the object holds under 70% of it
	// (a close crop).
	sort.Float64s(res)
	spread := float32(res[len(res)*3/10])
	lo = min(max(fgLow, 2.5*spread), 0.15)
	return lo, lo + (fgHigh - fgLow)
}

// overWhite composites the object (mask fg) over white.
func overWhite(n *labImage, fg []float32) *labImage {
	out := &labImage{w: n.w, h: n.h, l: make([]float32, len(n.l)), a: make([]float32, len(n.a)), b: make([]float32, len(n.b))}
	for i, m := range fg {
		out.l[i] = m*n.l[i] + (1 - m)
		out.a[i] = m * n.a[i]
		out.b[i] = m * n.b[i]
	}
	return out
}

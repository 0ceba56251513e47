package visual

import (
	"image"
	"math"
)

// A shopper who straightens a photo in a phone editor turns it by a few
// degrees and the editor fills the corners the turn uncovers with one flat
// colour (white, or whatever the light made of it). Those corners say
// exactly how far the picture was turned: straightRotation finds the turn
// whose uncovered corners match them, and Describe turns the picture back,
// so the object is framed and laid out as in the catalogue.

// Search range and steps of the rotation estimate, in degrees.
const (
	maxTurn    = 15
	coarseStep = 1
	fineStep   = 0.25
	// minTurnFit is the least overlap (intersection over union) of the
	// flat corners with the corners a turn uncovers for it to be taken:
	// a backdrop that is merely even (a clipped white sweep) covers far
	// more of the picture than a turn's corners.
	minTurnFit = 0.55
)

// straightened undoes an editor's turn of r, if its corners show one.
func straightened(r *image.RGBA) *image.RGBA {
	if deg := straightRotation(reduce(r, workSide)); deg != 0 {
		return turnBack(r, deg)
	}
	return r
}

// straightRotation returns the turn (degrees, as rotate applies it) that
// explains the flat-coloured corners of m, or 0 when none does.
func straightRotation(m *image.RGBA) float64 {
	w, h := m.Rect.Dx(), m.Rect.Dy()
	if w < 16 || h < 16 {
		return 0
	}
	flat := flatCorners(m)
	n := 0
	for _, f := range flat {
		if f {
			n++
		}
	}
	if n < w*h/200 || n > w*h/4 {
		return 0
	}
	best, bestFit := 0.0, 0.0
	try := func(deg float64) {
		if deg == 0 {
			return
		}
		if f := turnFit(flat, w, h, deg); f > bestFit {
			best, bestFit = deg, f
		}
	}
	for deg := -maxTurn; deg <= maxTurn; deg += coarseStep {
		try(float64(deg))
	}
	c := best
	for deg := c - coarseStep; deg <= c+coarseStep; deg += fineStep {
		try(deg)
	}
	if bestFit < minTurnFit || math.Abs(best) < 1 {
		return 0
	}
	return best
}

// flatCorners marks the pixels reachable from a corner through pixels of
// that corner's colour (within JPEG noise): what an editor's fill would be.
func flatCorners(m *image.RGBA) []bool {
	w, h := m.Rect.Dx(), m.Rect.Dy()
	at := func(i int) []uint8 { x, y := i%w, i/w; return m.Pix[y*m.Stride+4*x : y*m.Stride+4*x+3] }
	near := func(p, q []uint8) bool {
		return iabs(int(p[0])-int(q[0])) <= 10 && iabs(int(p[1])-int(q[1])) <= 10 && iabs(int(p[2])-int(q[2])) <= 10
	}
	flat := make([]bool, w*h)
	stack := make([]int, 0, 64)
	for _, c := range [4]int{0, w - 1, (h - 1) * w, h*w - 1} {
		if flat[c] {
			continue
		}
		seed := at(c)
		flat[c] = true
		stack = append(stack[:0], c)
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			x, y := i%w, i/w
			for _, nb := range [4][2]int{{x - 1, y}, {x + 1, y}, {x, y - 1}, {x, y + 1}} {
				if nb[0] < 0 || nb[1] < 0 || nb[0] >= w || nb[1] >= h {
					continue
				}
				j := nb[1]*w + nb[0]
				if !flat[j] && near(at(j), seed) {
					flat[j] = true
					stack = append(stack, j)
				}
			}
		}
	}
	return flat
}

// turnFit is the intersection over union of flat with the pixels a turn by
// deg uncovers (whose centre turned back falls outside the picture).
func turnFit(flat []bool, w, h int, deg float64) float64 {
	s, c := math.Sincos(-deg * math.Pi / 180)
	cx, cy := float64(w)/2, float64(h)/2
	inter, union := 0, 0
	for y := range h {
		dy := float64(y) + 0.5 - cy
		for x := range w {
			dx := float64(x) + 0.5 - cx
			sx, sy := c*dx-s*dy+cx, s*dx+c*dy+cy
			out := sx < 0 || sy < 0 || sx > float64(w) || sy > float64(h)
			f := flat[y*w+x]
			if out && f {
				inter++
			}
			if out || f {
				union++
			}
		}
	}
	if union == 0 {
		return 0
	}
	return float64(inter) / float64(union)
}

// turnBack undoes rotate(·, deg) on m: each pixel is read (bilinearly)
// where the turn put it. Pixels the turn did not keep, and those read near
// the editor's fill (JPEG smears its edge over a few pixels), continue
// their nearest kept neighbours (inpaint): the backdrop goes on to the
// corners, as it did before the turn.
func turnBack(m *image.RGBA, deg float64) *image.RGBA {
	w, h := m.Rect.Dx(), m.Rect.Dy()
	fill := flatCorners(m)
	for range 2 {
		fill = dilate(fill, w, h)
	}
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	lost := make([]bool, w*h)
	s, c := math.Sincos(deg * math.Pi / 180)
	cx, cy := float64(w)/2, float64(h)/2
	for y := range h {
		dy := float64(y) + 0.5 - cy
		for x := range w {
			dx := float64(x) + 0.5 - cx
			// Where rotate put this pixel, in pixel-centre coordinates.
			sx, sy := c*dx-s*dy+cx-0.5, s*dx+c*dy+cy-0.5
			o := dst.Pix[y*dst.Stride+4*x : y*dst.Stride+4*x+4 : y*dst.Stride+4*x+4]
			x0, y0 := int(math.Floor(sx)), int(math.Floor(sy))
			if x0 < 0 || y0 < 0 || x0+1 >= w || y0+1 >= h ||
				fill[y0*w+x0] || fill[y0*w+x0+1] || fill[(y0+1)*w+x0] || fill[(y0+1)*w+x0+1] {
				lost[y*w+x] = true
				continue
			}
			tx, ty := sx-float64(x0), sy-float64(y0)
			p00 := m.Pix[y0*m.Stride+4*x0:]
			p10 := p00[4:]
			p01 := m.Pix[(y0+1)*m.Stride+4*x0:]
			p11 := p01[4:]
			for k := range 3 {
				v := (1-ty)*((1-tx)*float64(p00[k])+tx*float64(p10[k])) + ty*((1-tx)*float64(p01[k])+tx*float64(p11[k]))
				o[k] = to8(v)
			}
			o[3] = 255
		}
	}
	inpaint(dst, lost)
	return dst
}

// inpaint gives each lost pixel of m the mean of its kept or already
// inpainted 4-neighbours, nearest the kept ones first (breadth first).
func inpaint(m *image.RGBA, lost []bool) {
	w, h := m.Rect.Dx(), m.Rect.Dy()
	var queue []int
	queued := make([]bool, len(lost))
	nbrs := func(i int, fn func(j int)) {
		x, y := i%w, i/w
		if x > 0 {
			fn(i - 1)
		}
		if x < w-1 {
			fn(i + 1)
		}
		if y > 0 {
			fn(i - w)
		}
		if y < h-1 {
			fn(i + w)
		}
	}
	for i, l := range lost {
		if !l {
			nbrs(i, func(j int) {
				if lost[j] && !queued[j] {
					queued[j] = true
					queue = append(queue, j)
				}
			})
		}
	}
	for q := 0; q < len(queue); q++ {
		i := queue[q]
		var sum [3]int
		n := 0
		nbrs(i, func(j int) {
			if !lost[j] {
				p := m.Pix[j/w*m.Stride+4*(j%w):]
				sum[0], sum[1], sum[2] = sum[0]+int(p[0]), sum[1]+int(p[1]), sum[2]+int(p[2])
				n++
			} else if !queued[j] {
				queued[j] = true
				queue = append(queue, j)
			}
		})
		p := m.Pix[i/w*m.Stride+4*(i%w):]
		if n > 0 {
			p[0], p[1], p[2] = uint8(sum[0]/n), uint8(sum[1]/n), uint8(sum[2]/n)
		}
		p[3] = 255
		lost[i] = false
	}
}

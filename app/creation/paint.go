package creation

import (
	"context"
	"image"
	"math"
)

// mask marks the garment's pixels (true) against the background; bg is the
// background's mean colour, box the garment's bounds.
type mask struct {
	w, h int
	on   []bool
	bg   [3]float64
	box  image.Rectangle
}

func (m *mask) at(x, y int) bool { return m.on[y*m.w+x] }

// rowCheck is how often (in rows) long loops look at ctx.
const rowCheck = 32

// findGarment floods the background from the border: a pixel joins it when
// it is close to the neighbour it is reached from (soft gradients and
// shadows pass) and not far from the border's mean colour. What the flood
// does not reach is the garment.
func findGarment(ctx context.Context, img *image.RGBA) (*mask, error) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	m := &mask{w: w, h: h, on: make([]bool, w*h)}
	bgSeen := make([]bool, w*h)
	m.bg = borderMean(img)
	queue := make([]int32, 0, 4*(w+h))
	for x := 0; x < w; x++ {
		queue = append(queue, int32(x), int32((h-1)*w+x))
	}
	for y := 0; y < h; y++ {
		queue = append(queue, int32(y*w), int32(y*w+w-1))
	}
	for _, i := range queue {
		bgSeen[i] = true
	}
	for n := 0; len(queue) > 0; n++ {
		if n%(rowCheck*w) == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		i := int(queue[len(queue)-1])
		queue = queue[:len(queue)-1]
		x, y := i%w, i/w
		for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			nx, ny := x+d[0], y+d[1]
			if nx < 0 || ny < 0 || nx >= w || ny >= h || bgSeen[ny*w+nx] {
				continue
			}
			if dist(img, i, ny*w+nx) < 6 && distTo(img, ny*w+nx, m.bg) < 130 {
				bgSeen[ny*w+nx] = true
				queue = append(queue, int32(ny*w+nx))
			}
		}
	}
	for i, seen := range bgSeen {
		m.on[i] = !seen
	}
	m.dropSpecks()
	m.box = image.Rectangle{Min: image.Pt(w, h)}
	for i, on := range m.on {
		if on {
			m.box = m.box.Union(image.Rect(i%w, i/w, i%w+1, i/w+1))
		}
	}
	return m, nil
}

// dropSpecks unmarks small islands (JPEG noise of a refined version's
// backdrop): parts under 2% of the largest part are not the garment.
func (m *mask) dropSpecks() {
	comp := make([]int32, len(m.on)) // 0: not yet seen; else part number
	sizes := []int{0}
	for start, on := range m.on {
		if !on || comp[start] != 0 {
			continue
		}
		id := int32(len(sizes))
		stack, n := []int{start}, 0
		comp[start] = id
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			n++
			x := i % m.w
			for _, j := range [4]int{i - 1, i + 1, i - m.w, i + m.w} {
				if j < 0 || j >= len(m.on) || (j == i-1 && x == 0) || (j == i+1 && x == m.w-1) || !m.on[j] || comp[j] != 0 {
					continue
				}
				comp[j] = id
				stack = append(stack, j)
			}
		}
		sizes = append(sizes, n)
	}
	largest := 0
	for _, n := range sizes {
		largest = max(largest, n)
	}
	for i, c := range comp {
		if c != 0 && sizes[c]*50 < largest {
			m.on[i] = false
		}
	}
}

func borderMean(img *image.RGBA) [3]float64 {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	var s [3]float64
	n := 0
	add := func(x, y int) {
		p := img.Pix[y*img.Stride+x*4:]
		s[0], s[1], s[2] = s[0]+float64(p[0]), s[1]+float64(p[1]), s[2]+float64(p[2])
		n++
	}
	for x := 0; x < w; x++ {
		add(x, 0)
		add(x, h-1)
	}
	return [3]float64{s[0] / float64(n), s[1] / float64(n), s[2] / float64(n)}
}

func dist(img *image.RGBA, a, b int) float64 {
	p, q := img.Pix[a*4:], img.Pix[b*4:]
	return math.Abs(float64(p[0])-float64(q[0])) + math.Abs(float64(p[1])-float64(q[1])) + math.Abs(float64(p[2])-float64(q[2]))
}

func distTo(img *image.RGBA, a int, c [3]float64) float64 {
	p := img.Pix[a*4:]
	return math.Abs(float64(p[0])-c[0]) + math.Abs(float64(p[1])-c[1]) + math.Abs(float64(p[2])-c[2])
}

func lum(p []uint8) float64 {
	return (0.2126*float64(p[0]) + 0.7152*float64(p[1]) + 0.0722*float64(p[2])) / 255
}

// recolour gives the garment the swatch's colour: each pixel keeps its
// lightness relative to the garment's mean, so folds and shading stay.
func recolour(ctx context.Context, img *image.RGBA, m *mask, sw Swatch) error {
	var sum float64
	n := 0
	for i, on := range m.on {
		if on {
			sum += lum(img.Pix[i*4:])
			n++
		}
	}
	if n == 0 {
		return nil
	}
	mean := sum / float64(n)
	target := [3]float64{float64(sw.R), float64(sw.G), float64(sw.B)}
	tl := lum([]uint8{sw.R, sw.G, sw.B})
	return eachGarment(ctx, img, m, func(_, _ int, p []uint8) {
		k := 1 + (lum(p)-mean)*1.6 // a fold darker than the mean stays darker
		lift := 0.0
		if tl < 0.2 { // near-black: shading shows as a lift, not a scale
			lift = (lum(p) - mean) * 120
		}
		for c := 0; c < 3; c++ {
			p[c] = clamp8(target[c]*k + lift)
		}
	})
}

// pattern blends stripes, dots or checks over the garment: lighter on a
// dark pixel, darker on a light one, so it shows on every colour.
func pattern(ctx context.Context, img *image.RGBA, m *mask, kind string) error {
	const cell = 22
	return eachGarment(ctx, img, m, func(x, y int, p []uint8) {
		var on bool
		switch kind {
		case "stripes":
			on = (x+y)%cell < cell/3
		case "dots":
			dx, dy := x%cell-cell/2, y%cell-cell/2
			on = dx*dx+dy*dy <= 25
		case "checks":
			on = (x/cell+y/cell)%2 == 0
		}
		if !on {
			return
		}
		to, a := 255.0, 0.35
		if lum(p) > 0.55 {
			to, a = 0, 0.3
		}
		for c := 0; c < 3; c++ {
			p[c] = clamp8(float64(p[c])*(1-a) + to*a)
		}
	})
}

// eachGarment calls f on every garment pixel, looking at ctx every few rows.
func eachGarment(ctx context.Context, img *image.RGBA, m *mask, f func(x, y int, p []uint8)) error {
	for y := m.box.Min.Y; y < m.box.Max.Y; y++ {
		if y%rowCheck == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		for x := m.box.Min.X; x < m.box.Max.X; x++ {
			if m.at(x, y) {
				f(x, y, img.Pix[y*img.Stride+x*4:])
			}
		}
	}
	return nil
}

// reshape shortens the garment (its lower part becomes background, with a
// studio colour) or lengthens it (its lower fifth is stretched down).
func reshape(ctx context.Context, img *image.RGBA, m *mask, length string) error {
	top, bottom := m.box.Min.Y, m.box.Max.Y
	if bottom-top < 10 {
		return nil
	}
	src := image.NewRGBA(img.Rect)
	copy(src.Pix, img.Pix)
	old := append([]bool(nil), m.on...)
	cut := top + (bottom-top)*62/100
	end := min(m.h, bottom+(bottom-top)/40) // just past the hem
	if length == "long" {
		cut = top + (bottom-top)*80/100
		end = max(bottom, min(m.h-m.h/25, bottom+(bottom-top)*18/100))
	}
	for y := cut; y < max(bottom, end); y++ {
		if y%rowCheck == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		sy := -1 // the source row drawn at y; -1 means background
		if length == "long" && y < end {
			sy = cut + (y-cut)*(bottom-1-cut)/max(1, end-1-cut)
		}
		for x := 0; x < m.w; x++ {
			i := y*m.w + x
			p := img.Pix[y*img.Stride+x*4:]
			if sy >= 0 && old[sy*m.w+x] {
				copy(p[:4], src.Pix[sy*src.Stride+x*4:sy*src.Stride+x*4+4])
				m.on[i] = true
				continue
			}
			// Shortening clears the garment's columns below the cut, trims
			// the mask missed included.
			inBand := length != "long" && x >= m.box.Min.X && x < m.box.Max.X
			if old[i] || m.on[i] || inBand {
				studio(src, m.box, x, y, p)
				m.on[i] = false
			}
		}
	}
	m.box.Max.Y = end
	if length != "long" {
		m.box.Max.Y = cut
	}
	return nil
}

func clamp8(v float64) uint8 {
	switch {
	case v <= 0:
		return 0
	case v >= 255:
		return 255
	}
	return uint8(v + 0.5)
}

// studio paints at (x, y) the backdrop the garment hid: the row's colours
// just left and right of the garment, blended across (the studio sweep
// changes little along a row).
func studio(src *image.RGBA, box image.Rectangle, x, y int, p []uint8) {
	l, r := max(0, box.Min.X-2), min(src.Rect.Dx()-1, box.Max.X+1)
	t := float64(x-l) / float64(max(1, r-l))
	a, b := src.Pix[y*src.Stride+l*4:], src.Pix[y*src.Stride+r*4:]
	for c := 0; c < 3; c++ {
		p[c] = clamp8(float64(a[c])*(1-t) + float64(b[c])*t)
	}
	p[3] = 255
}

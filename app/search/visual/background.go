package visual

import (
	"math"
	"sort"
)

// bgModel is the backdrop estimated from the border of the picture: a
// quadratic surface per OKLab channel over frame coordinates u, v ∈ [-1, 1],
// which follows the light gradients and vignettes of studio sweeps.
type bgModel struct {
	c [3][6]float64 // per channel: 1, u, v, u², v², uv
}

func basis(u, v float64) [6]float64 { return [6]float64{1, u, v, u * u, v * v, u * v} }

// at returns the backdrop colour at frame coordinates (u, v).
func (m *bgModel) at(u, v float64) (L, A, B float32) {
	p := basis(u, v)
	var out [3]float64
	for ch := range out {
		for i, x := range p {
			out[ch] += m.c[ch][i] * x
		}
	}
	return float32(out[0]), float32(out[1]), float32(out[2])
}

// row returns, for one v, the quadratic in u of each channel: the backdrop
// at (u, v) is q[ch][0] + q[ch][1]·u + q[ch][2]·u².
func (m *bgModel) row(v float64) (q [3][3]float32) {
	for ch, c := range m.c {
		q[ch] = [3]float32{float32(c[0] + c[2]*v + c[4]*v*v), float32(c[1] + c[5]*v), float32(c[3])}
	}
	return q
}

type bgSample struct{ u, v, l, a, b float64 }

// fitBackground fits the backdrop to the outer ring of w (a frame-sized
// working copy). Border pixels of the product itself, when it touches the
// edge, are rejected as outliers: first against the median border colour,
// then twice against the fitted surface.
func fitBackground(w *labImage, skip []bool) *bgModel {
	ring := max(1, min(w.w, w.h)/32)
	var ss []bgSample
	for y := range w.h {
		for x := range w.w {
			i := y*w.w + x
			if x >= ring && x < w.w-ring && y >= ring && y < w.h-ring || skip[i] {
				continue
			}
			ss = append(ss, bgSample{
				u: (float64(x)+0.5)/float64(w.w)*2 - 1, v: (float64(y)+0.5)/float64(w.h)*2 - 1,
				l: float64(w.l[i]), a: float64(w.a[i]), b: float64(w.b[i]),
			})
		}
	}
	med := [3]float64{median(ss, func(s bgSample) float64 { return s.l }),
		median(ss, func(s bgSample) float64 { return s.a }), median(ss, func(s bgSample) float64 { return s.b })}
	in := make([]bool, len(ss))
	res := make([]float64, len(ss))
	n := 0
	for i, s := range ss {
		res[i] = dist3(s.l-med[0], s.a-med[1], s.b-med[2])
	}
	limit := max(0.06, 2*medianOf(res))
	for i := range ss {
		in[i] = res[i] < limit
		if in[i] {
			n++
		}
	}
	if n < len(ss)/8 { // no consistent border: trust all of it
		for i := range in {
			in[i] = true
		}
	}
	m := &bgModel{}
	for iter := range 3 {
		m.solve(ss, in)
		if iter == 2 {
			break
		}
		for i, s := range ss {
			L, A, B := m.at(s.u, s.v)
			res[i] = dist3(s.l-float64(L), s.a-float64(A), s.b-float64(B))
		}
		limit := max(0.025, 3*medianOf(res))
		cnt := 0
		for i := range ss {
			if res[i] < limit {
				cnt++
			}
		}
		if cnt < len(ss)/8 {
			break
		}
		for i := range ss {
			in[i] = res[i] < limit
		}
	}
	return m
}

// solve is a weighted least-squares fit with a light ridge on the non-constant
// terms, which keeps degenerate borders (one-pixel-wide pictures) solvable.
func (m *bgModel) solve(ss []bgSample, in []bool) {
	var ata [6][6]float64
	var atb [3][6]float64
	n := 0.0
	for i, s := range ss {
		if !in[i] {
			continue
		}
		n++
		p := basis(s.u, s.v)
		for r := range 6 {
			for c := range 6 {
				ata[r][c] += p[r] * p[c]
			}
			atb[0][r] += p[r] * s.l
			atb[1][r] += p[r] * s.a
			atb[2][r] += p[r] * s.b
		}
	}
	if n == 0 {
		m.c = [3][6]float64{{1}} // white
		return
	}
	for r := 1; r < 6; r++ {
		ata[r][r] += 0.02 * n
	}
	for ch := range 3 {
		m.c[ch] = solve6(ata, atb[ch])
	}
}

// solve6 solves a symmetric positive definite 6×6 system by Gaussian
// elimination with partial pivoting.
func solve6(a [6][6]float64, b [6]float64) [6]float64 {
	for col := range 6 {
		p := col
		for r := col + 1; r < 6; r++ {
			if math.Abs(a[r][col]) > math.Abs(a[p][col]) {
				p = r
			}
		}
		a[col], a[p] = a[p], a[col]
		b[col], b[p] = b[p], b[col]
		if math.Abs(a[col][col]) < 1e-12 {
			continue
		}
		for r := col + 1; r < 6; r++ {
			f := a[r][col] / a[col][col]
			for c := col; c < 6; c++ {
				a[r][c] -= f * a[col][c]
			}
			b[r] -= f * b[col]
		}
	}
	var x [6]float64
	for r := 5; r >= 0; r-- {
		if math.Abs(a[r][r]) < 1e-12 {
			continue
		}
		s := b[r]
		for c := r + 1; c < 6; c++ {
			s -= a[r][c] * x[c]
		}
		x[r] = s / a[r][r]
	}
	return x
}

func dist3(a, b, c float64) float64 { return math.Sqrt(a*a + b*b + c*c) }

func median(ss []bgSample, f func(bgSample) float64) float64 {
	v := make([]float64, len(ss))
	for i, s := range ss {
		v[i] = f(s)
	}
	return medianOf(v)
}

func medianOf(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	c := append([]float64(nil), v...)
	sort.Float64s(c)
	return c[len(c)/2]
}

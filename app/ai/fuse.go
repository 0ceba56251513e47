package ai

import (
	"math"
	"sort"
	"sync"
)

// Vectors holds goods embeddings for nearest-neighbour candidates.
type Vectors struct {
	mu   sync.RWMutex
	ids  []string
	vecs [][]float32
	pos  map[string]int
}

// NewVectors makes an empty set.
func NewVectors() *Vectors { return &Vectors{pos: map[string]int{}} }

// Put stores (or replaces) a goods' vector, normalised.
func (v *Vectors) Put(id string, vec []float32) {
	n := normalise(vec)
	v.mu.Lock()
	defer v.mu.Unlock()
	if i, ok := v.pos[id]; ok {
		v.vecs[i] = n
		return
	}
	v.pos[id] = len(v.ids)
	v.ids = append(v.ids, id)
	v.vecs = append(v.vecs, n)
}

// Len is how many vectors are held.
func (v *Vectors) Len() int {
	v.mu.RLock()
	defer v.mu.RUnlock()
	return len(v.ids)
}

// Nearest returns the ids of the k vectors most similar (cosine) to q.
func (v *Vectors) Nearest(q []float32, k int) []string {
	qn := normalise(q)
	v.mu.RLock()
	defer v.mu.RUnlock()
	type hit struct {
		id  string
		sim float32
	}
	hits := make([]hit, 0, len(v.ids))
	for i, vec := range v.vecs {
		if len(vec) == len(qn) {
			var s float32
			for j := range vec {
				s += vec[j] * qn[j]
			}
			hits = append(hits, hit{v.ids[i], s})
		}
	}
	sort.Slice(hits, func(i, j int) bool { return hits[i].sim > hits[j].sim })
	out := make([]string, 0, k)
	for _, h := range hits[:min(k, len(hits))] {
		out = append(out, h.id)
	}
	return out
}

func normalise(v []float32) []float32 {
	var s float64
	for _, x := range v {
		s += float64(x) * float64(x)
	}
	n := float32(math.Sqrt(s))
	out := make([]float32, len(v))
	if n == 0 {
		return out
	}
	for i, x := range v {
		out[i] = x / n
	}
	return out
}

// RRF merges rankings by reciprocal rank fusion (k = 60): a goods item
// high in any list rises, one high in several rises most.
func RRF(lists ...[]string) []string {
	const k = 60.0
	score := map[string]float64{}
	first := map[string]int{}
	n := 0
	for _, l := range lists {
		for rank, id := range l {
			score[id] += 1 / (k + float64(rank+1))
			if _, ok := first[id]; !ok {
				first[id] = n
				n++
			}
		}
	}
	out := make([]string, 0, len(score))
	for id := range score {
		out = append(out, id)
	}
	sort.Slice(out, func(i, j int) bool {
		if score[out[i]] != score[out[j]] {
			return score[out[i]] > score[out[j]]
		}
		return first[out[i]] < first[out[j]]
	})
	return out
}

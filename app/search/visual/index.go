package visual

import (
	"container/heap"
	"math"
	"sync"
)

// Hit is one search result.
type Hit struct {
	ID       string
	Distance float64
}

// Index is an in-memory nearest-neighbour index over descriptors: an exact
// scan over their packed forms (211 bytes each, stored contiguously) that
// stops adding up a candidate's distance as soon as it exceeds the k-th
// best so far, which the dominant colour, added first, usually does. An
// entry takes about 250 bytes plus its id. It is safe for concurrent use;
// searches run in parallel with each other and wait for writes.
type Index struct {
	mu     sync.RWMutex
	ids    []string
	hashes []uint64
	packed []byte // packedLen per entry
	pos    map[string]int
}

// NewIndex returns an empty index.
func NewIndex() *Index { return &Index{pos: map[string]int{}} }

// Add stores d under id, replacing any descriptor stored under it.
func (x *Index) Add(id string, d Descriptor) {
	var p [packedLen]byte
	pack(&d, p[:])
	x.mu.Lock()
	defer x.mu.Unlock()
	if i, ok := x.pos[id]; ok {
		x.hashes[i] = d.Hash
		copy(x.packed[i*packedLen:(i+1)*packedLen], p[:])
		return
	}
	x.pos[id] = len(x.ids)
	x.ids = append(x.ids, id)
	x.hashes = append(x.hashes, d.Hash)
	x.packed = append(x.packed, p[:]...)
}

// Remove deletes id; unknown ids are ignored.
func (x *Index) Remove(id string) {
	x.mu.Lock()
	defer x.mu.Unlock()
	i, ok := x.pos[id]
	if !ok {
		return
	}
	last := len(x.ids) - 1
	if i != last { // move the last entry into the hole
		x.ids[i] = x.ids[last]
		x.hashes[i] = x.hashes[last]
		copy(x.packed[i*packedLen:(i+1)*packedLen], x.packed[last*packedLen:])
		x.pos[x.ids[i]] = i
	}
	x.ids[last] = ""
	x.ids = x.ids[:last]
	x.hashes = x.hashes[:last]
	x.packed = x.packed[:last*packedLen]
	delete(x.pos, id)
}

// Len returns the number of descriptors stored.
func (x *Index) Len() int {
	x.mu.RLock()
	defer x.mu.RUnlock()
	return len(x.ids)
}

// Nearest returns the k stored descriptors closest to q by Distance, closest
// first (ties by id).
func (x *Index) Nearest(q *Descriptor, k int) []Hit {
	return x.NearestAny([]Variant{{Descriptor: *q}}, k)
}

// NearestAny is Nearest for a query read several ways (DescribeQuery): a
// stored descriptor's distance is that of the closest reading, plus what
// that reading costs.
func (x *Index) NearestAny(vs []Variant, k int) []Hit {
	if k <= 0 || len(vs) == 0 {
		return nil
	}
	qp := make([]byte, len(vs)*packedLen)
	for j := range vs {
		pack(&vs[j].Descriptor, qp[j*packedLen:])
	}
	x.mu.RLock()
	defer x.mu.RUnlock()
	h := &hitHeap{ids: x.ids, c: make([]cand, 0, min(k, len(x.ids)))}
	bound := float32(maxDist)
	for i := range x.ids {
		p := x.packed[i*packedLen : (i+1)*packedLen]
		d := float32(maxDist)
		for j := range vs {
			lim := min(bound, d) - vs[j].Cost
			if lim < 0 {
				continue
			}
			if dj := dist(qp[j*packedLen:(j+1)*packedLen], p, vs[j].Hash^x.hashes[i], lim) + vs[j].Cost; dj < d {
				d = dj
			}
		}
		if d > bound {
			continue
		}
		c := cand{d, i}
		if len(h.c) < k {
			heap.Push(h, c)
		} else if h.worse(h.c[0], c) {
			h.c[0] = c
			heap.Fix(h, 0)
		} else {
			continue
		}
		if len(h.c) == k {
			bound = h.c[0].d
		}
	}
	out := make([]Hit, len(h.c))
	for j := len(out) - 1; j >= 0; j-- {
		c := heap.Pop(h).(cand)
		out[j] = Hit{ID: x.ids[c.i], Distance: float64(c.d)}
	}
	return out
}

// DistanceAny is Distance from the closest reading of a query, with its cost.
func DistanceAny(vs []Variant, b *Descriptor) float64 {
	best := math.Inf(1)
	for j := range vs {
		best = math.Min(best, Distance(&vs[j].Descriptor, b)+float64(vs[j].Cost))
	}
	return best
}

type cand struct {
	d float32
	i int
}

// hitHeap is a max-heap of candidates, by distance then id: its root is
// the worst of the best k.
type hitHeap struct {
	ids []string
	c   []cand
}

// worse orders candidates: farther, or as far with a greater id.
func (h *hitHeap) worse(a, b cand) bool {
	return a.d > b.d || a.d == b.d && h.ids[a.i] > h.ids[b.i]
}

func (h *hitHeap) Len() int           { return len(h.c) }
func (h *hitHeap) Less(i, j int) bool { return h.worse(h.c[i], h.c[j]) }
func (h *hitHeap) Swap(i, j int)      { h.c[i], h.c[j] = h.c[j], h.c[i] }
func (h *hitHeap) Push(v any)         { h.c = append(h.c, v.(cand)) }
func (h *hitHeap) Pop() any {
	c := h.c[len(h.c)-1]
	h.c = h.c[:len(h.c)-1]
	return c
}

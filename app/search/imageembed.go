package search

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/jpeg"
	"math"
	"sort"
	"sync"

	"golang.org/x/image/draw"

	"souk/app/search/visual"
)

// ImageEmbedder turns encoded pictures into vectors, one per picture, in
// order: a multimodal model's embeddings endpoint (ai.Client.EmbedImages
// with the configured model).
type ImageEmbedder func(ctx context.Context, pics [][]byte) ([][]float32, error)

// pictureMatcher ranks indexed pictures by likeness to a query picture. The
// embedded descriptors (visual.Index) are the default; embedMatcher is the
// production engine, a remote image-embedding model.
type pictureMatcher interface {
	Add(ctx context.Context, imageUID string, pic image.Image) error
	// Nearest returns at most k pictures, closest first, none farther than
	// the engine's rejection threshold.
	Nearest(ctx context.Context, pic image.Image, k int) ([]visual.Hit, error)
	Len() int
}

// embedMatcher keeps one vector per picture, normalised and quantised to
// a byte per dimension (512 dimensions: 0.5 KB a picture), and ranks by
// cosine similarity; Distance is 1 − cosine.
type embedMatcher struct {
	embed  ImageEmbedder
	minSim float64 // below it, a picture is not like the query
	mu     sync.RWMutex
	dim    int
	ids    []string
	vecs   []int8
	pos    map[string]int
}

func newEmbedMatcher(embed ImageEmbedder, minSim float64) *embedMatcher {
	return &embedMatcher{embed: embed, minSim: minSim, pos: map[string]int{}}
}

func (m *embedMatcher) Len() int {
	m.mu.RLock()
	defer m.mu.RUnlock()
	return len(m.ids)
}

// vector embeds one picture, sent as a JPEG of at most embedSide pixels a
// side (what image models look at is smaller still).
func (m *embedMatcher) vector(ctx context.Context, pic image.Image) ([]int8, error) {
	data, err := encodeForEmbedding(pic)
	if err != nil {
		return nil, err
	}
	vecs, err := m.embed(ctx, [][]byte{data})
	if err != nil {
		return nil, err
	}
	return quantise(vecs[0]), nil
}

func (m *embedMatcher) Add(ctx context.Context, id string, pic image.Image) error {
	q, err := m.vector(ctx, pic)
	if err != nil {
		return fmt.Errorf("search: embed picture %s: %w", id, err)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.dim == 0 {
		m.dim = len(q)
	}
	if len(q) != m.dim {
		return fmt.Errorf("search: embed picture %s: %d dimensions, want %d", id, len(q), m.dim)
	}
	if i, ok := m.pos[id]; ok {
		copy(m.vecs[i*m.dim:], q)
		return nil
	}
	m.pos[id] = len(m.ids)
	m.ids = append(m.ids, id)
	m.vecs = append(m.vecs, q...)
	return nil
}

func (m *embedMatcher) Nearest(ctx context.Context, pic image.Image, k int) ([]visual.Hit, error) {
	q, err := m.vector(ctx, pic)
	if err != nil {
		return nil, err
	}
	m.mu.RLock()
	defer m.mu.RUnlock()
	if len(q) != m.dim {
		return nil, nil
	}
	var hits []visual.Hit
	for i, id := range m.ids {
		var dot int32
		for j, v := range m.vecs[i*m.dim : (i+1)*m.dim] {
			dot += int32(v) * int32(q[j])
		}
		if sim := float64(dot) / (127 * 127); sim >= m.minSim {
			hits = append(hits, visual.Hit{ID: id, Distance: 1 - sim})
		}
	}
	sort.Slice(hits, func(a, b int) bool {
		return hits[a].Distance < hits[b].Distance || hits[a].Distance == hits[b].Distance && hits[a].ID < hits[b].ID
	})
	return hits[:min(k, len(hits))], nil
}

// quantise normalises v and maps it to bytes (±127 per unit).
func quantise(v []float32) []int8 {
	var n float64
	for _, x := range v {
		n += float64(x) * float64(x)
	}
	n = math.Sqrt(n)
	out := make([]int8, len(v))
	if n == 0 {
		return out
	}
	for i, x := range v {
		out[i] = int8(math.Round(float64(x) / n * 127))
	}
	return out
}

const embedSide = 448

func encodeForEmbedding(pic image.Image) ([]byte, error) {
	b := pic.Bounds()
	if s := max(b.Dx(), b.Dy()); s > embedSide {
		w, h := max(1, b.Dx()*embedSide/s), max(1, b.Dy()*embedSide/s)
		dst := image.NewRGBA(image.Rect(0, 0, w, h))
		draw.ApproxBiLinear.Scale(dst, dst.Bounds(), pic, b, draw.Src, nil)
		pic = dst
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, pic, &jpeg.Options{Quality: 90}); err != nil {
		return nil, fmt.Errorf("search: encode picture: %w", err)
	}
	return buf.Bytes(), nil
}

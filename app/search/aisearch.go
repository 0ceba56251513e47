package search

import (
	"context"
	"strings"
	"sync"
	"time"

	"souk/app/ai"
)

// aiAssist adds, when an OpenAI-compatible endpoint is configured, the
// results of the model's rewrite of the query and the goods nearest to the
// query's embedding, merged with the text results by reciprocal rank
// fusion. Any failure or slowness of the endpoint falls back to the text
// results alone: search never depends on it.
type aiAssist struct {
	client  *ai.Client
	vectors *ai.Vectors
	mu      sync.RWMutex
	groupOf map[string]int // goods uid → big type, for filtering neighbours
}

// EnableAI turns the assistance on (a nil client leaves it off).
func (s *Service) EnableAI(c *ai.Client) {
	if c != nil {
		s.ai = &aiAssist{client: c, vectors: ai.NewVectors(), groupOf: map[string]int{}}
	}
}

// embedDocs stores vectors of goods names and briefs (English first).
func (a *aiAssist) embedDocs(ctx context.Context, docs []Doc) error {
	const batch = 64
	for i := 0; i < len(docs); i += batch {
		part := docs[i:min(i+batch, len(docs))]
		texts := make([]string, len(part))
		for j, d := range part {
			texts[j] = firstOf(d.Names, "en") + ". " + firstOf(d.Briefs, "en")
		}
		vecs, err := a.client.Embed(ctx, texts)
		if err != nil {
			return err
		}
		a.mu.Lock()
		for j, d := range part {
			a.vectors.Put(d.UID, vecs[j])
			a.groupOf[d.UID] = d.BigType
		}
		a.mu.Unlock()
	}
	return nil
}

func firstOf(m map[string]string, lang string) string {
	if v := m[lang]; v != "" {
		return v
	}
	for _, v := range m {
		return v
	}
	return ""
}

// fuse merges the text ranking with the AI's candidates for one group.
func (s *Service) fuse(ctx context.Context, q Query, text []string) []string {
	a := s.ai
	ctx, cancel := context.WithTimeout(ctx, 1500*time.Millisecond)
	defer cancel()
	lists := [][]string{text}
	if rw, err := a.client.Rewrite(ctx, q.U.Raw, q.U.Lang); err == nil && rw != "" && !strings.EqualFold(rw, q.U.Raw) {
		rq := q
		rq.U = Understand(rw, "en", s.lex)
		rq.From, rq.Size = 0, Candidates
		if res, err := s.eng.Search(ctx, rq); err == nil {
			lists = append(lists, uidsOfHits(res.Hits))
		}
	}
	if a.vectors.Len() > 0 {
		if vecs, err := a.client.Embed(ctx, []string{q.U.Raw}); err == nil {
			var near []string
			a.mu.RLock()
			for _, id := range a.vectors.Nearest(vecs[0], 100) {
				if a.groupOf[id] == q.BigType {
					near = append(near, id)
				}
			}
			a.mu.RUnlock()
			lists = append(lists, near)
		}
	}
	return ai.RRF(lists...)
}

func uidsOfHits(hits []Hit) []string {
	out := make([]string, len(hits))
	for i, h := range hits {
		out[i] = h.UID
	}
	return out
}

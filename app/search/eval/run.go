package eval

import (
	"context"
	"fmt"
	"io"
	"math"
	"sort"

	"souk/app/search"
)

// Catalogue is what the evaluation needs of the demo goods: relevance
// facts by goods uid.
type Catalogue map[string]Goods

// Metrics of one slice of the query set.
type Metrics struct {
	Queries  int
	NDCG10   float64
	Recall50 float64
	Zero     float64 // share of queries with no result at all
}

// Ranker is the search under evaluation: the merged ranking of a query.
type Ranker func(ctx context.Context, q Query) ([]string, error)

// Miss is a query that ranked its relevant goods badly, for tuning.
type Miss struct {
	Query Query
	NDCG  float64
	Top   []Goods // what came first instead
}

// Text evaluates the judged queries and returns metrics overall ("all"),
// per language and per kind; misses (nDCG@10 under 0.6) go to onMiss.
func Text(ctx context.Context, qs []Query, cat Catalogue, rank Ranker, onMiss ...func(Miss)) (map[string]*Metrics, error) {
	out := map[string]*Metrics{}
	add := func(key string, ndcg, recall float64, zero bool) {
		m := out[key]
		if m == nil {
			m = &Metrics{}
			out[key] = m
		}
		m.Queries++
		m.NDCG10 += ndcg
		m.Recall50 += recall
		if zero {
			m.Zero++
		}
	}
	for _, q := range qs {
		uids, err := rank(ctx, q)
		if err != nil {
			return nil, fmt.Errorf("eval: %s: %w", q.ID, err)
		}
		relevant := map[string]bool{}
		for uid, g := range cat {
			if q.Relevant.Matches(g) {
				relevant[uid] = true
			}
		}
		ndcg, recall := score(uids, relevant)
		if ndcg < 0.6 && len(onMiss) > 0 {
			m := Miss{Query: q, NDCG: ndcg}
			for _, u := range uids[:min(3, len(uids))] {
				m.Top = append(m.Top, cat[u])
			}
			onMiss[0](m)
		}
		for _, key := range []string{"all", "lang:" + q.Lang, "kind:" + q.Kind} {
			add(key, ndcg, recall, len(uids) == 0)
		}
	}
	for _, m := range out {
		n := float64(m.Queries)
		m.NDCG10, m.Recall50, m.Zero = m.NDCG10/n, m.Recall50/n, m.Zero/n
	}
	return out, nil
}

// score is binary-relevance nDCG@10 and recall@50 of a ranking.
func score(uids []string, relevant map[string]bool) (ndcg, recall float64) {
	if len(relevant) == 0 {
		return 0, 0
	}
	dcg, found := 0.0, 0
	for i, u := range uids {
		if !relevant[u] {
			continue
		}
		if i < 10 {
			dcg += 1 / math.Log2(float64(i+2))
		}
		if i < 50 {
			found++
		}
	}
	ideal := 0.0
	for i := 0; i < min(10, len(relevant)); i++ {
		ideal += 1 / math.Log2(float64(i+2))
	}
	return dcg / ideal, float64(found) / float64(min(50, len(relevant)))
}

// MergedRanker ranks both groups of the real search and merges them by
// score, as a shopper scanning both lists would meet them.
func MergedRanker(svc *search.Service, lex search.Lexicon) Ranker {
	return func(ctx context.Context, q Query) ([]string, error) {
		u := search.Understand(q.Q, q.Lang, lex)
		var hits []search.Hit
		for _, g := range []int{search.Consumer, search.Wholesale} {
			h, err := svc.Ranked(ctx, u, g, 50, "USD")
			if err != nil {
				return nil, err
			}
			hits = append(hits, h...)
		}
		sort.SliceStable(hits, func(i, j int) bool { return hits[i].Score > hits[j].Score })
		uids := make([]string, 0, len(hits))
		for _, h := range hits {
			uids = append(uids, h.UID)
		}
		return uids, nil
	}
}

// Print writes the metrics as a table: overall, per language, per kind.
func Print(w io.Writer, ms map[string]*Metrics) {
	keys := make([]string, 0, len(ms))
	for k := range ms {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if (keys[i] == "all") != (keys[j] == "all") {
			return keys[i] == "all"
		}
		return keys[i] < keys[j]
	})
	fmt.Fprintf(w, "%-22s %7s %8s %9s %9s\n", "slice", "queries", "nDCG@10", "recall@50", "zero-rate")
	for _, k := range keys {
		m := ms[k]
		fmt.Fprintf(w, "%-22s %7d %8.3f %9.3f %9.3f\n", k, m.Queries, m.NDCG10, m.Recall50, m.Zero)
	}
}

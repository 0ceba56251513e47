package eval

import (
	"context"
	"fmt"
	"io"
	"math"
	"sort"
	"strings"

	"souk/app/search"
)

// Catalogue is what the evaluation needs of the demo goods: relevance
// facts by goods uid.
type Catalogue map[string]Goods

// Group is one result group as the page shows it.
type Group struct {
	BigType int      // 1 consumer, 2 wholesale, 0 a merged list of both
	Cap     int      // how many goods the group's first page can hold
	UIDs    []string // in the order sent
}

// Shown is what one search puts on the page: its groups in display order.
type Shown []Group

// Collapsed is how many cards a group shows before the shopper expands it
// (COLLAPSED in views/pages/home/Results.tsx).
const Collapsed = 8

// Order is the order a shopper meets the goods in: the cards each group
// shows collapsed, group after group, then the rest of each group as it is
// expanded. A group with nothing relevant that still shows goods pushes
// the next group's cards down.
func (s Shown) Order() []string {
	var out []string
	for _, g := range s {
		out = append(out, g.UIDs[:min(Collapsed, len(g.UIDs))]...)
	}
	for _, g := range s {
		if len(g.UIDs) > Collapsed {
			out = append(out, g.UIDs[Collapsed:]...)
		}
	}
	return out
}

// Searcher runs a query as a shopper would and returns what is shown.
type Searcher func(ctx context.Context, q Query) (Shown, error)

// Metrics of one slice of one part of the query set.
type Metrics struct {
	Queries  int     // judged queries: those some goods answer
	NDCG10   float64 // mean binary nDCG@10 over Shown.Order
	Recall   float64 // mean share of the relevant goods the first pages could hold that they hold
	Zero     float64 // share of judged queries with no result at all
	None     int     // nothing-relevant queries (KindNone)
	Answered int     // of those, the ones answered with results
}

// Parts of the report: the part tuned on, the held-out part, both.
const (
	PartTune    = "tune"
	PartHeldOut = "held-out"
	PartAll     = "all"
)

// Report holds metrics by part, then by slice: "all", "kind:…", "lang:…".
type Report map[string]map[string]*Metrics

// Miss is a query answered badly, for looking into: a judged one with
// nDCG@10 under 0.6, or a nothing-relevant one answered with results.
type Miss struct {
	Query Query
	NDCG  float64
	Top   []Goods // what came first instead
}

// Text runs the judged queries and scores what the page shows; misses go
// to onMiss.
func Text(ctx context.Context, qs []Query, cat Catalogue, run Searcher, onMiss ...func(Miss)) (Report, error) {
	rep := Report{}
	for _, q := range qs {
		shown, err := run(ctx, q)
		if err != nil {
			return nil, fmt.Errorf("eval: %s: %w", q.ID, err)
		}
		order := shown.Order()
		relevant := map[string]bool{}
		for uid, g := range cat {
			if q.Answers(g) {
				relevant[uid] = true
			}
		}
		ndcg := ndcg10(order, relevant)
		recall := recallOf(shown, cat, relevant)
		if len(onMiss) > 0 && ((q.Kind == KindNone && len(order) > 0) || (q.Kind != KindNone && ndcg < 0.6)) {
			m := Miss{Query: q, NDCG: ndcg}
			for _, u := range order[:min(3, len(order))] {
				m.Top = append(m.Top, cat[u])
			}
			onMiss[0](m)
		}
		part := PartTune
		if q.HeldOut {
			part = PartHeldOut
		}
		for _, p := range []string{part, PartAll} {
			for _, key := range []string{"all", "kind:" + q.Kind, "lang:" + q.Lang} {
				rep.add(p, key, q.Kind == KindNone, ndcg, recall, len(order))
			}
		}
	}
	for _, slices := range rep {
		for _, m := range slices {
			if n := float64(m.Queries); n > 0 {
				m.NDCG10, m.Recall, m.Zero = m.NDCG10/n, m.Recall/n, m.Zero/n
			}
		}
	}
	return rep, nil
}

func (r Report) add(part, key string, none bool, ndcg, recall float64, shown int) {
	if r[part] == nil {
		r[part] = map[string]*Metrics{}
	}
	m := r[part][key]
	if m == nil {
		m = &Metrics{}
		r[part][key] = m
	}
	if none {
		m.None++
		if shown > 0 {
			m.Answered++
		}
		return
	}
	m.Queries++
	m.NDCG10 += ndcg
	m.Recall += recall
	if shown == 0 {
		m.Zero++
	}
}

// ndcg10 is binary-relevance nDCG@10 of an order.
func ndcg10(order []string, relevant map[string]bool) float64 {
	if len(relevant) == 0 {
		return 0
	}
	dcg := 0.0
	for i, u := range order[:min(10, len(order))] {
		if relevant[u] {
			dcg += 1 / math.Log2(float64(i+2))
		}
	}
	ideal := 0.0
	for i := 0; i < min(10, len(relevant)); i++ {
		ideal += 1 / math.Log2(float64(i+2))
	}
	return dcg / ideal
}

// recallOf is the share of the relevant goods the shown groups could hold
// (each up to its Cap, of its own bigType) that they do hold.
func recallOf(s Shown, cat Catalogue, relevant map[string]bool) float64 {
	reachable, found := 0, 0
	for _, g := range s {
		n := 0
		for uid := range relevant {
			if g.BigType == 0 || cat[uid].BigType == g.BigType {
				n++
			}
		}
		reachable += min(n, g.Cap)
		for _, u := range g.UIDs {
			if relevant[u] {
				found++
			}
		}
	}
	if reachable == 0 {
		return 0
	}
	return math.Min(1, float64(found)/float64(reachable))
}

// MergedRanker ranks both groups of the search by the engine's scores and
// merges them into one list of 50. No page shows this list: it is kept
// only to compare with figures taken before the evaluation scored what the
// stream sends.
func MergedRanker(svc *search.Service, lex search.Lexicon) Searcher {
	return func(ctx context.Context, q Query) (Shown, error) {
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
		uids := make([]string, 0, min(50, len(hits)))
		for _, h := range hits[:min(50, len(hits))] {
			uids = append(uids, h.UID)
		}
		return Shown{{Cap: 50, UIDs: uids}}, nil
	}
}

// Print writes the report as a table: a row per slice (overall, per kind,
// per language), the tuned and held-out parts side by side, then both.
func Print(w io.Writer, rep Report) {
	parts := []string{PartTune, PartHeldOut, PartAll}
	keys := sliceKeys(rep[PartAll])
	fmt.Fprintf(w, "%-20s", "")
	for _, p := range parts {
		fmt.Fprintf(w, " | %-34s", p)
	}
	fmt.Fprintf(w, "\n%-20s", "slice")
	for range parts {
		fmt.Fprintf(w, " | %3s %7s %6s %5s %8s", "n", "nDCG@10", "recall", "zero", "none ans")
	}
	fmt.Fprintln(w)
	for _, k := range keys {
		fmt.Fprintf(w, "%-20s", k)
		for _, p := range parts {
			fmt.Fprintf(w, " | %s", cells(rep[p][k]))
		}
		fmt.Fprintln(w)
	}
	fmt.Fprint(w, "Nothing-relevant queries answered with results:")
	for _, p := range parts {
		if m := rep[p]["all"]; m != nil {
			fmt.Fprintf(w, " %s %d of %d;", p, m.Answered, m.None)
		}
	}
	fmt.Fprintln(w)
}

// sliceKeys orders slices: overall, then kinds in Kinds' order, then
// languages alphabetically.
func sliceKeys(ms map[string]*Metrics) []string {
	rank := func(k string) (int, string) {
		switch {
		case k == "all":
			return 0, ""
		case strings.HasPrefix(k, "kind:"):
			for i, kind := range Kinds {
				if k == "kind:"+kind {
					return 1, fmt.Sprintf("%03d", i)
				}
			}
			return 1, k
		}
		return 2, k
	}
	keys := make([]string, 0, len(ms))
	for k := range ms {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		ri, si := rank(keys[i])
		rj, sj := rank(keys[j])
		if ri != rj {
			return ri < rj
		}
		return si < sj
	})
	return keys
}

// cells formats one slice of one part; "-" where it has no such queries.
func cells(m *Metrics) string {
	if m == nil {
		m = &Metrics{}
	}
	none := "-"
	if m.None > 0 {
		none = fmt.Sprintf("%d/%d", m.Answered, m.None)
	}
	if m.Queries == 0 {
		return fmt.Sprintf("%3d %7s %6s %5s %8s", 0, "-", "-", "-", none)
	}
	return fmt.Sprintf("%3d %7.3f %6.3f %5.3f %8s", m.Queries, m.NDCG10, m.Recall, m.Zero, none)
}

package trend

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strings"

	"souk/app/catalog"
	"souk/ent/goods"
	"souk/ent/goodsactivity"
)

// MaxRanked is how many goods a ranking keeps, overall and per category:
// the most a trending collection shows.
const MaxRanked = 48

// Scored is one goods item's place in a ranking.
type Scored struct {
	UID      string
	Category string
	Score    float64
}

// CategoryRank is a category's trending goods; Score is their sum.
type CategoryRank struct {
	Code  string
	Score float64
	Goods []Scored
}

// Ranking is the goods on sale ranked by their signals over the window:
// all together, and within each category (categories by their score,
// highest first). Goods without any signal in the window are not in it.
type Ranking struct {
	Overall    []Scored
	Categories []CategoryRank
}

// Category is the ranking of one category (nil when nothing in it trends).
func (r *Ranking) Category(code string) *CategoryRank {
	for i := range r.Categories {
		if r.Categories[i].Code == code {
			return &r.Categories[i]
		}
	}
	return nil
}

// signature names what pages show of a ranking: its order of goods.
func (r *Ranking) signature() string {
	var b strings.Builder
	for _, g := range r.Overall {
		b.WriteString(g.UID + " ")
	}
	for _, c := range r.Categories {
		b.WriteString("|" + c.Code + ":")
		for _, g := range c.Goods {
			b.WriteString(g.UID + " ")
		}
	}
	return b.String()
}

// Ranking answers the current ranking: the one computed last when it is
// younger than Every, else a new one.
func (s *Service) Ranking(ctx context.Context) (*Ranking, error) {
	s.mu.Lock()
	r, at := s.ranking, s.computed
	s.mu.Unlock()
	if r != nil && s.o.Now().Sub(at) < s.o.Every {
		return r, nil
	}
	return s.recompute(ctx, false)
}

// recompute ranks again (one computation at a time; one that waited for
// another uses its result unless forced) and keeps the result.
func (s *Service) recompute(ctx context.Context, force bool) (*Ranking, error) {
	s.compute.Lock()
	defer s.compute.Unlock()
	now := s.o.Now()
	if !force {
		s.mu.Lock()
		r, at := s.ranking, s.computed
		s.mu.Unlock()
		if r != nil && now.Sub(at) < s.o.Every {
			return r, nil
		}
	}
	r, err := s.rank(ctx, dayOf(now))
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	s.ranking, s.computed = r, now
	s.mu.Unlock()
	return r, nil
}

// decay is the weight of a signal age days old.
func decay(age int) float64 { return math.Pow(0.5, float64(age)/HalfLife) }

// rank scores every item with signals in the window ending today: the sum
// over its days of the weighted signals, each day's decayed by its age.
func (s *Service) rank(ctx context.Context, today int) (*Ranking, error) {
	rows, err := s.db.GoodsActivity.Query().
		Where(goodsactivity.DayGTE(today-(Days-1)), goodsactivity.DayLTE(today)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("trend: load counters: %w", err)
	}
	score := map[int]float64{}
	for _, r := range rows {
		w := WeightView*r.Views + WeightCart*r.Carts + WeightOrder*r.Orders
		if w > 0 {
			score[r.GoodsID] += decay(today-r.Day) * float64(w)
		}
	}
	all, err := s.scored(ctx, score)
	if err != nil {
		return nil, err
	}
	up, err := s.ancestors(ctx)
	if err != nil {
		return nil, err
	}
	sort.Slice(all, func(i, j int) bool {
		if all[i].Score != all[j].Score {
			return all[i].Score > all[j].Score
		}
		return all[i].UID < all[j].UID
	})
	return group(all, up), nil
}

// ancestors maps each category code to the codes of the categories above
// it, nearest first.
func (s *Service) ancestors(ctx context.Context) (map[string][]string, error) {
	if s.o.Categories == nil {
		return nil, nil
	}
	tree, err := s.o.Categories(ctx)
	if err != nil {
		return nil, fmt.Errorf("trend: categories: %w", err)
	}
	up := map[string][]string{}
	var walk func(nodes []catalog.CategoryNode, above []string)
	walk = func(nodes []catalog.CategoryNode, above []string) {
		for _, n := range nodes {
			up[n.Code] = above
			walk(n.Children, append([]string{n.Code}, above...))
		}
	}
	walk(tree, nil)
	return up, nil
}

// scored names the scored goods that are listed and on sale.
func (s *Service) scored(ctx context.Context, score map[int]float64) ([]Scored, error) {
	ids := make([]int, 0, len(score))
	for id := range score {
		ids = append(ids, id)
	}
	sort.Ints(ids)
	out := make([]Scored, 0, len(ids))
	const chunk = 500 // SQLite bounds a statement's parameters
	for i := 0; i < len(ids); i += chunk {
		rows, err := s.db.Goods.Query().
			Where(goods.IDIn(ids[i:min(i+chunk, len(ids))]...), catalog.Listed(), goods.SaleableEQ(1)).
			Select(goods.FieldID, goods.FieldUID, goods.FieldCategory).All(ctx)
		if err != nil {
			return nil, fmt.Errorf("trend: load goods: %w", err)
		}
		for _, g := range rows {
			out = append(out, Scored{UID: g.UID, Category: g.Category, Score: score[g.ID]})
		}
	}
	return out, nil
}

// group cuts a sorted list into the overall ranking and one per category:
// each goods item counts in its own category and in every one above it
// (up), so a category's ranking holds its sub-categories' goods.
func group(all []Scored, up map[string][]string) *Ranking {
	r := &Ranking{Overall: all[:min(len(all), MaxRanked)]}
	at := map[string]int{}
	for _, g := range all {
		if g.Category == "" {
			continue
		}
		for _, code := range append([]string{g.Category}, up[g.Category]...) {
			i, ok := at[code]
			if !ok {
				i = len(r.Categories)
				at[code] = i
				r.Categories = append(r.Categories, CategoryRank{Code: code})
			}
			c := &r.Categories[i]
			c.Score += g.Score
			if len(c.Goods) < MaxRanked {
				c.Goods = append(c.Goods, g)
			}
		}
	}
	sort.SliceStable(r.Categories, func(i, j int) bool {
		if r.Categories[i].Score != r.Categories[j].Score {
			return r.Categories[i].Score > r.Categories[j].Score
		}
		return r.Categories[i].Code < r.Categories[j].Code
	})
	return r
}

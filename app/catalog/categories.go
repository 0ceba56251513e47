package catalog

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"sync"

	"souk/app/apperr"
	"souk/ent"
	"souk/ent/goods"
	"souk/ent/predicate"
)

// The catalogue's categories are the categories of classification label 1
// (SPEC §7, basics/getAllClassificationLabelAndCats/{id}); goods name
// theirs by code. A category lists its own goods and those of every
// category below it.

// CategoryLabel is the classification label whose categories the catalogue
// is browsed by.
const CategoryLabel = 1

// CategoryTree is the catalogue's categories with their names in lang.
// It is read once per language and kept until the reference data is
// reloaded (ReloadRates bumps "enums"): every page and listing asks for
// it. Callers share it and must not change it.
func (s *Service) CategoryTree(ctx context.Context, lang string) ([]CategoryNode, error) {
	v := s.versions.Get("enums") // before the read: a reload during it makes the next call read again
	if t, ok := s.trees.get(v, lang); ok {
		return t, nil
	}
	t, err := s.categoriesOf(ctx, CategoryLabel, lang)
	if err != nil {
		return nil, err
	}
	s.trees.put(v, lang, t)
	return t, nil
}

// treeCache is the category tree per language, as of one "enums" version
// (callers pass a normalised language, one of the catalogue's: the cache
// is bounded).
type treeCache struct {
	mu     sync.Mutex
	at     int64
	byLang map[string][]CategoryNode
}

func (c *treeCache) get(v int64, lang string) ([]CategoryNode, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	t, ok := c.byLang[lang]
	return t, ok && c.at == v
}

func (c *treeCache) put(v int64, lang string, t []CategoryNode) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if v < c.at {
		return // read before a reload that another read has seen
	}
	if c.byLang == nil || c.at != v {
		c.byLang, c.at = map[string][]CategoryNode{}, v
	}
	c.byLang[lang] = t
}

// FindCategory is the path from the top of tree down to the category
// code, itself last.
func FindCategory(tree []CategoryNode, code string) ([]CategoryNode, bool) {
	for _, n := range tree {
		if n.Code == code {
			return []CategoryNode{n}, true
		}
		if below, ok := FindCategory(n.Children, code); ok {
			return append([]CategoryNode{n}, below...), true
		}
	}
	return nil, false
}

// Codes are n's code and the codes of every category below it.
func (n CategoryNode) Codes() []string {
	out := []string{n.Code}
	for _, c := range n.Children {
		out = append(out, c.Codes()...)
	}
	return out
}

// CategoryQuery is one page of a category with its filters; zero values
// are no filter. Check refuses unknown values; Normalize drops them.
type CategoryQuery struct {
	Category string `json:"category"`
	Price    string `json:"price"` // a band of CategoryPriceBands
	MOQ      int    `json:"moq"`   // a step of MOQSteps: minimum order quantity at most this
	Type     string `json:"type"`  // consumer or wholesale goods (GoodsTypes)
	Sort     string `json:"sort"`  // CategorySorts; "" is relevance
	Page     int    `json:"page"`
	PageSize int    `json:"pageSize"`
}

// CategoryPageSize is a category page's size.
const CategoryPageSize = 24

// Filter values a category listing accepts.
var (
	CategoryPriceBands = Bands{{"u25", 0, 2500}, {"25-50", 2500, 5000}, {"50-100", 5000, 10000},
		{"100-250", 10000, 25000}, {"250-500", 25000, 50000}, {"o500", 50000, 0}}
	CategorySorts = []string{SortRelevance, SortNew, SortPriceAsc, SortPriceDesc}
	// MOQSteps are "minimum order quantity up to N" filters: what a buyer
	// who wants at most N pieces can order.
	MOQSteps = []int{1, 10, 20, 50, 100, 500}
	// GoodsTypes are the two groups of SPEC §1 by bigType.
	GoodsTypes = map[string]int{"consumer": 1, "wholesale": 2}
)

// Normalize drops unknown filter values and the default sort, and bounds
// the page: what is left is the page's one URL.
func (q *CategoryQuery) Normalize() {
	if _, ok := CategoryPriceBands.Of(q.Price); !ok {
		q.Price = ""
	}
	if !slices.Contains(MOQSteps, q.MOQ) {
		q.MOQ = 0
	}
	if _, ok := GoodsTypes[q.Type]; !ok {
		q.Type = ""
	}
	if q.Sort == SortRelevance || !slices.Contains(CategorySorts, q.Sort) {
		q.Sort = ""
	}
	q.Page = min(max(q.Page, 1), maxPage)
}

// Check refuses unknown values, naming the field; page 0 and page size 0
// mean the first page and the default size.
func (q *CategoryQuery) Check() error {
	_, band := CategoryPriceBands.Of(q.Price)
	for _, f := range []struct {
		name string
		ok   bool
	}{{"price", q.Price == "" || band}, {"moq", q.MOQ == 0 || slices.Contains(MOQSteps, q.MOQ)},
		{"type", q.Type == "" || GoodsTypes[q.Type] > 0}, {"sort", q.Sort == "" || slices.Contains(CategorySorts, q.Sort)}} {
		if !f.ok {
			return apperr.Invalid(f.name, "FilterUnknown", "FilterUnknown")
		}
	}
	return checkPage(&q.Page, &q.PageSize, CategoryPageSize, apperr.Invalid("page", "PageInvalid", "PageInvalid", "max", strconv.Itoa(maxPage)),
		apperr.Invalid("pageSize", "PageSizeInvalid", "PageSizeInvalid", "max", strconv.Itoa(MaxPageSize)))
}

// CategoryGoods lists a page of the goods in q's category (and the ones
// below it) matching q. Prices filter and sort by each goods' listed price
// (Service.list).
func (s *Service) CategoryGoods(ctx context.Context, q CategoryQuery, lang, cur string) (*CardPage, error) {
	if err := q.Check(); err != nil {
		return nil, err
	}
	tree, err := s.CategoryTree(ctx, lang)
	if err != nil {
		return nil, err
	}
	path, ok := FindCategory(tree, q.Category)
	if !ok {
		return nil, apperr.Invalid("category", "CategoryUnknown", "CategoryUnknown")
	}
	l := listing{where: categoryWhere(path[len(path)-1], q), sort: q.Sort, page: q.Page, size: q.PageSize, lang: lang, cur: cur}
	if l.sort == "" {
		l.sort = SortRelevance
	}
	if b, ok := CategoryPriceBands.Of(q.Price); ok {
		l.band = &b
	}
	return s.list(ctx, l)
}

func categoryWhere(n CategoryNode, q CategoryQuery) []predicate.Goods {
	where := []predicate.Goods{Listed(), goods.CategoryIn(n.Codes()...)}
	if q.MOQ > 0 {
		where = append(where, goods.MinQtyLTE(q.MOQ))
	}
	if t := GoodsTypes[q.Type]; t > 0 {
		where = append(where, goods.BigTypeEQ(t))
	}
	return where
}

// CategoryFacets says which filters narrow a category: the largest minimum
// order quantity and the goods types in it.
type CategoryFacets struct {
	Goods     int   `json:"goods"` // how many goods it lists unfiltered
	MaxMinQty int   `json:"maxMinQty"`
	Types     []int `json:"types"` // bigTypes present, ascending
}

// FacetsOf reads the facets of category n in one query: per goods type,
// how many goods and their largest minimum order quantity.
func (s *Service) FacetsOf(ctx context.Context, n CategoryNode) (*CategoryFacets, error) {
	var rows []struct {
		BigType int `json:"big_type"`
		Count   int `json:"count"`
		Max     int `json:"max"`
	}
	err := s.db.Goods.Query().Where(categoryWhere(n, CategoryQuery{})...).GroupBy(goods.FieldBigType).
		Aggregate(ent.Count(), ent.Max(goods.FieldMinQty)).Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("catalog: category facets: %w", err)
	}
	f := &CategoryFacets{Types: make([]int, 0, len(rows))}
	for _, r := range rows {
		f.Goods += r.Count
		f.MaxMinQty = max(f.MaxMinQty, r.Max)
		f.Types = append(f.Types, r.BigType)
	}
	slices.Sort(f.Types)
	return f, nil
}

// CategoryCounts counts the listed goods of every category code (its own,
// not those below it), for the sitemaps: a category without goods is no
// page to offer searchers.
func (s *Service) CategoryCounts(ctx context.Context) (map[string]int, error) {
	var rows []struct {
		Category string `json:"category"`
		Count    int    `json:"count"`
	}
	if err := s.db.Goods.Query().Where(Listed()).GroupBy(goods.FieldCategory).Aggregate(ent.Count()).Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("catalog: count goods by category: %w", err)
	}
	out := make(map[string]int, len(rows))
	for _, r := range rows {
		out[r.Category] = r.Count
	}
	return out, nil
}

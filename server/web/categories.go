package web

import (
	"context"
	"net/url"
	"strconv"

	"souk/app/catalog"
)

// The catalogue's categories (not in SPEC §2; README, Decisions): a
// category's goods at /category/{code}, filtered, sorted and paged by the
// query like a dress category. /category/{code}/{anything} is another
// spelling of it. Unknown or default filter values redirect to the URL
// without them, so made-up queries neither render nor fill the cache.

// categoryQueryKeys are the query parameters of a category page.
var categoryQueryKeys = []string{"moq", "page", "price", "sort", "type"}

// dressesCategory is the category whose page is the dresses line.
const dressesCategory = "dresses"

// CategoryLink is a category as a link: its name and its page's path
// (without language prefix).
type CategoryLink struct {
	Code string      `json:"code"`
	Name catalog.Txt `json:"name"`
	Path string      `json:"path"`
}

// CategoryData is a category page's data.
type CategoryData struct {
	Path     []CategoryLink          `json:"path"`     // from the top down to the category itself
	Children []CategoryLink          `json:"children"` // the sub-categories
	Filter   catalog.CategoryQuery   `json:"filter"`
	Facets   *catalog.CategoryFacets `json:"facets"`
	Bands    []catalog.BandPrice     `json:"bands"`
	MOQSteps []int                   `json:"moqSteps"` // the steps that narrow this category
}

// categoryPath is the page of a category: the dresses line for dresses.
func categoryPath(code string) string {
	if code == dressesCategory {
		return "/dresses"
	}
	return "/category/" + url.PathEscape(code)
}

func categoryLinks(nodes []catalog.CategoryNode) []CategoryLink {
	out := make([]CategoryLink, len(nodes))
	for i, n := range nodes {
		out[i] = CategoryLink{Code: n.Code, Name: n.Name, Path: categoryPath(n.Code)}
	}
	return out
}

// categoryQuery is q as its page's query string (keys in order, defaults
// left out): the page cache's key and the canonical URL's query.
func categoryQuery(q catalog.CategoryQuery) string {
	v := url.Values{}
	for k, val := range map[string]string{"price": q.Price, "type": q.Type, "sort": q.Sort} {
		if val != "" {
			v.Set(k, val)
		}
	}
	if q.MOQ > 0 {
		v.Set("moq", strconv.Itoa(q.MOQ))
	}
	if q.Page > 1 {
		v.Set("page", strconv.Itoa(q.Page))
	}
	if len(v) == 0 {
		return ""
	}
	return "?" + v.Encode()
}

// askedQuery reads a category page's query (readQuery's), unknown values
// dropped.
func askedQuery(code string, v url.Values, page int) catalog.CategoryQuery {
	q := catalog.CategoryQuery{Category: code, Price: v.Get("price"), Type: v.Get("type"), Sort: v.Get("sort"), Page: page}
	q.MOQ, _ = strconv.Atoi(v.Get("moq"))
	q.Normalize()
	return q
}

// loadCategory is a category's goods. Another spelling of its URL, an
// unknown filter value (dropped) and a page past the last (the last) are
// redirects; an unknown category is not found. The query is read and
// checked before anything is looked up: a made-up one costs no query.
func loadCategory(ctx context.Context, s *Site, r Request) (*Loaded, error) {
	code := r.Params["uid"]
	if code == dressesCategory {
		return &Loaded{Redirect: categoryPath(code)}, nil
	}
	v, page := readQuery("category/{uid}", r.Query)
	asked := encodeQuery(v)
	q := askedQuery(code, v, page)
	self := categoryPath(code)
	if canon := categoryQuery(q); canon != asked {
		return &Loaded{Redirect: self + canon}, nil
	}
	tree, err := s.Catalog.CategoryTree(ctx, r.Lang)
	if err != nil {
		return nil, err
	}
	path, ok := catalog.FindCategory(tree, code)
	if !ok {
		return &Loaded{Page: "notfound", Status: 404}, nil
	}
	node := path[len(path)-1]
	cards, err := s.Catalog.CategoryGoods(ctx, q, r.Lang, r.Currency)
	if err != nil {
		return notFoundOr(err)
	}
	if q.Page > 1 && len(cards.Cards) == 0 { // past the last page: the last one
		q.Page = max(1, (cards.Total+cards.PageSize-1)/cards.PageSize)
		return &Loaded{Redirect: self + categoryQuery(q)}, nil
	}
	facets, err := s.Catalog.FacetsOf(ctx, node)
	if err != nil {
		return nil, err
	}
	q.PageSize = cards.PageSize
	cd := &CategoryData{Path: categoryLinks(path), Children: categoryLinks(node.Children), Filter: q, Facets: facets,
		Bands: s.Catalog.Bands(catalog.CategoryPriceBands, r.Currency), MOQSteps: moqSteps(facets.MaxMinQty, q.MOQ)}
	return &Loaded{Page: "category", Status: 200, Canonical: self, Query: asked,
		Data: PageData{Category: cd, Cards: &pageCardPage{CardPage: cards, Cards: cards.Cards}},
		Deps: append([]string{"catalog", "enums"}, goodsDeps(cards.Cards)...)}, nil
}

// moqSteps are the minimum-quantity filters that narrow a category whose
// largest minimum is most, and the chosen one.
func moqSteps(most, chosen int) []int {
	out := []int{}
	for _, n := range catalog.MOQSteps {
		if n < most || n == chosen {
			out = append(out, n)
		}
	}
	return out
}

// CategoryPaths are the category pages for the sitemaps: each category
// that lists goods (its own or a sub-category's), but the dresses, whose
// page is the dresses line's.
func (s *Site) CategoryPaths(ctx context.Context) ([]string, error) {
	tree, err := s.Catalog.CategoryTree(ctx, "en")
	if err != nil {
		return nil, err
	}
	counts, err := s.Catalog.CategoryCounts(ctx)
	if err != nil {
		return nil, err
	}
	var out []string
	var walk func([]catalog.CategoryNode)
	walk = func(nodes []catalog.CategoryNode) {
		for _, n := range nodes {
			listed := 0
			for _, c := range n.Codes() {
				listed += counts[c]
			}
			if listed > 0 && n.Code != dressesCategory {
				out = append(out, categoryPath(n.Code))
			}
			walk(n.Children)
		}
	}
	walk(tree)
	return out, nil
}

// goodsCrumbs are the categories above a goods item, from the top down:
// its breadcrumbs.
func (s *Site) goodsCrumbs(ctx context.Context, code, lang string) ([]CategoryLink, error) {
	if code == "" {
		return nil, nil
	}
	tree, err := s.Catalog.CategoryTree(ctx, lang)
	if err != nil {
		return nil, err
	}
	path, _ := catalog.FindCategory(tree, code)
	return categoryLinks(path), nil
}

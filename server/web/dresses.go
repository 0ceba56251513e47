package web

import (
	"context"
	"strconv"

	"souk/app/catalog"
	"souk/app/content"
)

// The dresses line (SPEC §2): the storefront (dresses; dressesindex is
// another name for it), a category's dresses (dresses/c/{uid}/{suri};
// dressescat/… is another name) and the FAQ (dresses/faq/{faqId};
// dressesfaq/… is another name). The other names redirect, with the
// filters, so every page has one URL.

// dressQueryKeys are the filters of a category page, in URL order.
var dressQueryKeys = []string{"colour", "silhouette", "length", "price", "size", "sort", "page"}

// DressesData is the dresses line's page data; a dress's own page has only
// the FAQ's questions.
type DressesData struct {
	Categories []catalog.DressCategory `json:"categories,omitempty"`
	Category   string                  `json:"category,omitempty"` // the category page's uid
	Filter     *catalog.DressQuery     `json:"filter,omitempty"`
	Colours    []string                `json:"colours,omitempty"` // the colours the category comes in
	Bands      []catalog.BandPrice     `json:"bands,omitempty"`
	Delivery   *catalog.Delivery       `json:"delivery,omitempty"`
	Questions  []string                `json:"questions,omitempty"` // the FAQ's questions; faqId is the position from 1
	QLan       string                  `json:"qlan,omitempty"`      // their language
}

func redirectTo(path string) loader {
	return func(context.Context, *Site, Request) (*Loaded, error) { return &Loaded{Redirect: path}, nil }
}

// loadDresses is the storefront: categories, the most ordered dresses (two
// rows of a desktop grid), the delivery promise and the FAQ.
func loadDresses(ctx context.Context, s *Site, r Request) (*Loaded, error) {
	cards, err := s.Catalog.Dresses(ctx, catalog.DressQuery{Category: "all", Sort: "popular", PageSize: 10}, r.Lang, r.Currency)
	if err != nil {
		return nil, err
	}
	d := catalog.DressDelivery(r.Now)
	dd := &DressesData{Categories: catalog.DressCategories, Delivery: &d}
	if err := s.faqQuestions(ctx, r.Lang, dd); err != nil {
		return nil, err
	}
	deps := append([]string{"catalog", "content:" + content.FAQName, dayStamp(r.Now), "enums"}, goodsDeps(cards.Cards)...)
	return &Loaded{Page: "dresses", Status: 200, Data: PageData{Dresses: dd, Cards: &pageCardPage{CardPage: cards, Cards: cards.Cards}}, Deps: deps}, nil
}

func (s *Site) faqQuestions(ctx context.Context, lang string, dd *DressesData) error {
	if s.Content == nil {
		return nil
	}
	f, err := s.Content.DressesFAQ(ctx, lang)
	if err != nil {
		if _, e := notFoundOr(err); e == nil {
			return nil // no FAQ written: the page goes without
		}
		return err
	}
	for _, e := range f.Entries {
		dd.Questions = append(dd.Questions, e.Q)
	}
	dd.QLan = f.Lan
	return nil
}

// loadDressCat is a category's dresses, filtered, sorted and paged by the
// query (already reduced to dressQueryKeys by pageQuery). An unknown
// category, an unknown filter value or a page past the last is not found.
func loadDressCat(ctx context.Context, s *Site, r Request) (*Loaded, error) {
	cat, ok := catalog.DressCategoryOf(r.Params["uid"])
	if !ok {
		return &Loaded{Page: "notfound", Status: 404}, nil
	}
	v, page := readQuery("dresses/c/{uid}", r.Query)
	norm := encodeQuery(v)
	q := catalog.DressQuery{Category: cat.UID, Colour: v.Get("colour"), Silhouette: v.Get("silhouette"), Length: v.Get("length"),
		Price: v.Get("price"), Size: v.Get("size"), Sort: v.Get("sort"), Page: page}
	if q.Check() != nil {
		return &Loaded{Page: "notfound", Status: 404}, nil
	}
	cards, err := s.Catalog.Dresses(ctx, q, r.Lang, r.Currency)
	if err != nil {
		return notFoundOr(err)
	}
	if q.Page > 1 && len(cards.Cards) == 0 {
		return &Loaded{Page: "notfound", Status: 404}, nil // past the last page
	}
	colours, err := s.Catalog.DressColoursIn(ctx, cat.UID)
	if err != nil {
		return nil, err
	}
	dd := &DressesData{Categories: catalog.DressCategories, Category: cat.UID, Filter: &q, Colours: colours, Bands: s.Catalog.Bands(catalog.DressPriceBands, r.Currency)}
	return &Loaded{Page: "dressesCat", Status: 200, Canonical: "/dresses/c/" + cat.UID + "/" + cat.Slug, Query: norm,
		Data: PageData{Dresses: dd, Cards: &pageCardPage{CardPage: cards, Cards: cards.Cards}},
		Deps: append([]string{"catalog", "enums"}, goodsDeps(cards.Cards)...)}, nil
}

// loadFAQ is one question of the dresses FAQ with the others linked; the
// size chart of the dress pages goes with it (the measuring answer names it).
func loadFAQ(ctx context.Context, s *Site, r Request) (*Loaded, error) {
	if s.Content == nil {
		return loadNotFound(ctx, s, r)
	}
	f, err := s.Content.DressesFAQ(ctx, r.Lang)
	if err != nil {
		return notFoundOr(err)
	}
	id := r.Params["faqId"]
	n, err := strconv.Atoi(id)
	if err != nil || n < 1 || n > len(f.Entries) || strconv.Itoa(n) != id {
		return &Loaded{Page: "notfound", Status: 404}, nil
	}
	return &Loaded{Page: "dressesFaq", Status: 200, Canonical: "/dresses/faq/" + id,
		Data: PageData{FAQ: f, Param: id, SizeChart: catalog.SizeChart()},
		Deps: []string{"content:" + content.FAQName, "enums"}}, nil
}

// DressesPaths are the dresses line's public pages in lang, for the
// sitemaps: the storefront, each category and each FAQ question.
func (s *Site) DressesPaths(ctx context.Context, lang string) ([]string, error) {
	out := []string{"/dresses"}
	for _, c := range catalog.DressCategories {
		out = append(out, "/dresses/c/"+c.UID+"/"+c.Slug)
	}
	var dd DressesData
	if err := s.faqQuestions(ctx, lang, &dd); err != nil {
		return nil, err
	}
	for i := range dd.Questions {
		out = append(out, "/dresses/faq/"+strconv.Itoa(i+1))
	}
	return out, nil
}

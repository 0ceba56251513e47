package catalog

import (
	"context"
	"fmt"
	"slices"

	"souk/app/apperr"
	"souk/ent/goods"
	"souk/ent/predicate"
	"souk/ent/scenariolabel"
	"souk/ent/scenariooption"
)

// DressQuery is one page of a dress category with its filters; "" is no
// filter. Values are checked by Check: the list, its page and its cache
// entry exist only for values the line knows.
type DressQuery struct {
	Category   string `json:"category"`
	Colour     string `json:"colour"`
	Silhouette string `json:"silhouette"`
	Length     string `json:"length"`
	Price      string `json:"price"`
	Size       string `json:"size"`
	Sort       string `json:"sort"`
	Page       int    `json:"page"`
	PageSize   int    `json:"pageSize"`
}

// DressPageSize is a category page's size.
const DressPageSize = 24

// Check refuses unknown values, naming the field; page 0 and page size 0
// mean the first page and the default size.
func (q *DressQuery) Check() error {
	if _, ok := DressCategoryOf(q.Category); !ok {
		return apperr.Invalid("category", "DressFilterUnknown", "DressCategoryUnknown")
	}
	for _, f := range []struct {
		name, v string
		ok      []string
	}{{"colour", q.Colour, DressColours}, {"silhouette", q.Silhouette, DressSilhouettes}, {"length", q.Length, DressLengths},
		{"size", q.Size, DressSizes}, {"sort", q.Sort, DressSorts}} {
		if f.v != "" && !slices.Contains(f.ok, f.v) {
			return apperr.Invalid(f.name, "DressFilterUnknown", "DressFilterUnknown")
		}
	}
	if _, ok := DressPriceBands.Of(q.Price); q.Price != "" && !ok {
		return apperr.Invalid("price", "DressFilterUnknown", "DressFilterUnknown")
	}
	return checkPage(&q.Page, &q.PageSize, DressPageSize, apperr.Invalid("page", "DressPageInvalid", "DressPageInvalid"),
		apperr.Invalid("pageSize", "DressPageSizeInvalid", "DressPageSizeInvalid", "max", fmt.Sprint(MaxPageSize)))
}

// Dresses lists a page of dresses (spe 1) matching q. Prices filter and
// sort by each dress's listed price (Service.list).
func (s *Service) Dresses(ctx context.Context, q DressQuery, lang, cur string) (*CardPage, error) {
	if err := q.Check(); err != nil {
		return nil, err
	}
	l := listing{where: dressWhere(q), sort: q.Sort, page: q.Page, size: q.PageSize, lang: lang, cur: cur}
	if b, ok := DressPriceBands.Of(q.Price); ok {
		l.band = &b
	}
	return s.list(ctx, l)
}

func dressWhere(q DressQuery) []predicate.Goods {
	cat, _ := DressCategoryOf(q.Category)
	where := []predicate.Goods{Listed(), goods.SpeEQ(1)}
	if ts := designsWhere(cat, q.Silhouette, q.Length); ts != nil {
		where = append(where, goods.TemplateIn(ts...))
	}
	if q.Colour != "" {
		where = append(where, goods.ColorEQ(q.Colour))
	}
	if q.Size != "" {
		where = append(where, goods.HasLabelsWith(scenariolabel.LabelIDEQ(LabelSize),
			scenariolabel.HasOptionsWith(scenariooption.OptionIDIn(sizeOptions(q.Size)...))))
	}
	return where
}

// DressColoursIn are the colours the listed dresses of cat come in, in
// DressColours order: the colour filter offers only those.
func (s *Service) DressColoursIn(ctx context.Context, cat string) ([]string, error) {
	c, _ := DressCategoryOf(cat)
	where := []predicate.Goods{Listed(), goods.SpeEQ(1)}
	if ts := designsWhere(c, "", ""); ts != nil {
		where = append(where, goods.TemplateIn(ts...))
	}
	got, err := s.db.Goods.Query().Where(where...).Unique(true).Select(goods.FieldColor).Strings(ctx)
	if err != nil {
		return nil, fmt.Errorf("catalog: dress colours: %w", err)
	}
	out := []string{}
	for _, k := range DressColours {
		if slices.Contains(got, k) {
			out = append(out, k)
		}
	}
	return out, nil
}

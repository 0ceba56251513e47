package catalog

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"souk/app/apperr"
	"souk/ent"
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
	if _, ok := PriceBandOf(q.Price); q.Price != "" && !ok {
		return apperr.Invalid("price", "DressFilterUnknown", "DressFilterUnknown")
	}
	if q.Page < 0 || q.Page > 100000 {
		return apperr.Invalid("page", "DressPageInvalid", "DressPageInvalid")
	}
	if q.PageSize < 0 || q.PageSize > MaxPageSize {
		return apperr.Invalid("pageSize", "DressPageSizeInvalid", "DressPageSizeInvalid", "max", fmt.Sprint(MaxPageSize))
	}
	q.Page, q.PageSize = max(q.Page, 1), cmp.Or(q.PageSize, DressPageSize)
	return nil
}

// Dresses lists a page of dresses (spe 1) matching q, which Check passed.
func (s *Service) Dresses(ctx context.Context, q DressQuery, lang, cur string) (*CardPage, error) {
	if err := q.Check(); err != nil {
		return nil, err
	}
	where, err := s.dressWhere(ctx, q)
	if err != nil {
		return nil, err
	}
	total, err := s.db.Goods.Query().Where(where...).Count(ctx)
	if err != nil {
		return nil, fmt.Errorf("catalog: count dresses: %w", err)
	}
	rows, err := s.cardQuery().Where(where...).Order(dressOrder(q.Sort)...).
		Offset((q.Page - 1) * q.PageSize).Limit(q.PageSize).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("catalog: list dresses: %w", err)
	}
	cards, err := s.cardsOf(ctx, rows, lang, cur)
	if err != nil {
		return nil, err
	}
	return &CardPage{Cards: cards, Total: total, Page: q.Page, PageSize: q.PageSize}, nil
}

// dressOrder sorts by base price in the goods' own currency: the line is
// priced in dollars; a seller pricing in another currency sorts by its
// number, which is as far as an index can go.
func dressOrder(sort string) []goods.OrderOption {
	id := ent.Desc(goods.FieldID)
	switch sort {
	case "price-asc":
		return []goods.OrderOption{ent.Asc(goods.FieldPrice), id}
	case "price-desc":
		return []goods.OrderOption{ent.Desc(goods.FieldPrice), id}
	case "popular":
		return []goods.OrderOption{ent.Desc(goods.FieldSales), id}
	}
	return []goods.OrderOption{id}
}

func (s *Service) dressWhere(ctx context.Context, q DressQuery) ([]predicate.Goods, error) {
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
	if b, ok := PriceBandOf(q.Price); ok {
		p, err := s.priceWhere(ctx, b)
		if err != nil {
			return nil, err
		}
		where = append(where, p)
	}
	return where, nil
}

// priceWhere bounds the base price in each currency dresses are priced in.
func (s *Service) priceWhere(ctx context.Context, b PriceBand) (predicate.Goods, error) {
	curs, err := s.db.Goods.Query().Where(goods.SpeEQ(1)).Unique(true).Select(goods.FieldCurrency).Strings(ctx)
	if err != nil {
		return nil, fmt.Errorf("catalog: dress currencies: %w", err)
	}
	var or []predicate.Goods
	for _, c := range curs {
		in := []predicate.Goods{goods.CurrencyEQ(c), goods.PriceGTE(s.convertOr(b.Min, "USD", c))}
		if b.Max > 0 {
			in = append(in, goods.PriceLT(s.convertOr(b.Max, "USD", c)))
		}
		or = append(or, goods.And(in...))
	}
	if len(or) == 0 {
		return goods.IDEQ(-1), nil
	}
	return goods.Or(or...), nil
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

package catalog

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"entgo.io/ent/dialect/sql"

	"souk/app/apperr"
	"souk/ent"
	"souk/ent/goods"
	"souk/ent/predicate"
)

// A listing is a page of goods cards behind filters: a dress category of
// the dresses line, a category of the catalogue. Listings share their
// price bands, sorting and paging here; each adds filters of its own as
// predicates.

// PriceBand is a price filter, bounded in US dollars; the shopper sees and
// gets its bounds in their currency, rounded to two significant digits
// (Service.Bands).
type PriceBand struct {
	Code     string `json:"code"`
	Min, Max int64  `json:"-"` // USD cents; Max 0: no upper bound
}

// Bands is a listing's price filter.
type Bands []PriceBand

// Of finds a band by code.
func (bs Bands) Of(code string) (PriceBand, bool) {
	for _, b := range bs {
		if b.Code == code {
			return b, true
		}
	}
	return PriceBand{}, false
}

// Sorts a listing may offer.
const (
	SortRelevance = "relevance" // on sale first, then the most sold, the best rated
	SortNew       = "new"
	SortPriceAsc  = "price-asc"
	SortPriceDesc = "price-desc"
	SortPopular   = "popular" // the most sold
)

// maxPage is the last page a listing serves: past it is made up.
const maxPage = 100000

// checkPage refuses a negative or absurd page (pageErr) and a page size
// over MaxPageSize (sizeErr), each naming its field in the listing's own
// words; page 0 is the first page, size 0 the listing's own (def).
func checkPage(page, size *int, def int, pageErr, sizeErr *apperr.Error) error {
	if *page < 0 || *page > maxPage {
		return pageErr
	}
	if *size < 0 || *size > MaxPageSize {
		return sizeErr
	}
	*page, *size = max(*page, 1), cmp.Or(*size, def)
	return nil
}

// listing is one page of a listing to fetch: predicates, at most one price
// band, a sort and a page.
type listing struct {
	where      []predicate.Goods
	band       *PriceBand
	sort       string
	page, size int
	lang, cur  string
}

// list fetches a listing's page and the number of goods matching.
func (s *Service) list(ctx context.Context, l listing) (*CardPage, error) {
	where := l.where
	var curs []string
	if l.band != nil || l.sort == SortPriceAsc || l.sort == SortPriceDesc {
		var err error
		if curs, err = s.currenciesOf(ctx, where); err != nil {
			return nil, err
		}
	}
	if l.band != nil {
		where = append(slices.Clip(where), s.bandWhere(*l.band, l.cur, curs))
	}
	total, err := s.db.Goods.Query().Where(where...).Count(ctx)
	if err != nil {
		return nil, fmt.Errorf("catalog: count listing: %w", err)
	}
	rows, err := s.cardQuery().Where(where...).Order(s.listOrder(l.sort, curs)...).
		Offset((l.page - 1) * l.size).Limit(l.size).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("catalog: list goods: %w", err)
	}
	cards, err := s.cardsOf(ctx, rows, l.lang, l.cur)
	if err != nil {
		return nil, err
	}
	return &CardPage{Cards: cards, Total: total, Page: l.page, PageSize: l.size}, nil
}

// currenciesOf are the currencies the goods matching where are priced in.
func (s *Service) currenciesOf(ctx context.Context, where []predicate.Goods) ([]string, error) {
	curs, err := s.db.Goods.Query().Where(where...).Unique(true).Select(goods.FieldCurrency).Strings(ctx)
	if err != nil {
		return nil, fmt.Errorf("catalog: listing currencies: %w", err)
	}
	slices.Sort(curs)
	return curs, nil
}

// listOrder sorts a listing; the newest first breaks ties, so pages never
// overlap.
func (s *Service) listOrder(sort string, curs []string) []goods.OrderOption {
	id := ent.Desc(goods.FieldID)
	switch sort {
	case SortPriceAsc:
		return []goods.OrderOption{s.priceOrder(curs, false), id}
	case SortPriceDesc:
		return []goods.OrderOption{s.priceOrder(curs, true), id}
	case SortPopular:
		return []goods.OrderOption{ent.Desc(goods.FieldSales), id}
	case SortRelevance:
		return []goods.OrderOption{ent.Desc(goods.FieldSaleable), ent.Desc(goods.FieldSales), ent.Desc(goods.FieldRating), id}
	}
	return []goods.OrderOption{id}
}

// priceOrder sorts by the goods' listed price (one piece at the minimum
// order quantity) converted to US cents, so goods priced in different
// currencies sort together. Currency codes are written into the statement
// (an argument in ORDER BY would be numbered apart from the WHERE's), so
// only codes of three capital letters are: any other sorts unconverted.
func (s *Service) priceOrder(curs []string, desc bool) goods.OrderOption {
	dir := " ASC"
	if desc {
		dir = " DESC"
	}
	return func(sel *sql.Selector) {
		price := sel.C(goods.FieldPrice)
		var b strings.Builder
		for _, c := range curs {
			if currencyCode.MatchString(c) && c != "USD" {
				b.WriteString(" WHEN '" + c + "' THEN " + price + " * " + strconv.FormatFloat(s.usdCentsPerMinor(c), 'f', -1, 64))
			}
		}
		if b.Len() == 0 {
			sel.OrderExpr(sql.Expr(price + dir))
			return
		}
		sel.OrderExpr(sql.Expr("CASE " + sel.C(goods.FieldCurrency) + b.String() + " ELSE " + price + " END" + dir))
	}
}

var currencyCode = regexp.MustCompile(`^[A-Z]{3}$`)

// usdCentsPerMinor is what one minor unit of cur is worth in US cents.
func (s *Service) usdCentsPerMinor(cur string) float64 {
	const n = 1_000_000_000
	usd, err := s.Rates().Convert(n, cur, "USD")
	if err != nil || usd <= 0 {
		return 1
	}
	return float64(usd) / n
}

// bandWhere keeps the goods whose listed price is within b's bounds in the
// shopper's currency cur, converted to each currency in curs.
func (s *Service) bandWhere(b PriceBand, cur string, curs []string) predicate.Goods {
	shown := s.currencyOrDefault(cur).Code
	lo, hi := s.bandMinor(b, shown)
	var or []predicate.Goods
	for _, c := range curs {
		in := []predicate.Goods{goods.CurrencyEQ(c)}
		if lo > 0 {
			in = append(in, goods.PriceGTE(s.convertOr(lo, shown, c)))
		}
		if hi > 0 {
			in = append(in, goods.PriceLT(s.convertOr(hi, shown, c)))
		}
		or = append(or, goods.And(in...))
	}
	if len(or) == 0 {
		return goods.IDEQ(-1)
	}
	return goods.Or(or...)
}

// bandMinor is b's bounds in minor units of cur (0: unbounded).
func (s *Service) bandMinor(b PriceBand, cur string) (lo, hi int64) {
	digits := s.Rates().Digits(cur)
	if b.Min > 0 {
		lo = niceMinor(s.convertOr(b.Min, "USD", cur), digits)
	}
	if b.Max > 0 {
		hi = niceMinor(s.convertOr(b.Max, "USD", cur), digits)
	}
	return lo, hi
}

// niceMinor rounds an amount in minor units to two significant digits of
// whole units (185.37 → 190, 3712 → 3700, 9.3 → 9), at least one unit: a
// filter reads "under €190", not "under €185.37".
func niceMinor(minor int64, digits int) int64 {
	unit := math.Pow10(digits)
	major := float64(minor) / unit
	step := math.Max(1, math.Pow10(int(math.Floor(math.Log10(math.Max(major, 1))))-1))
	return int64(math.Max(1, math.Round(major/step)*step) * unit)
}

// BandPrice is a price band's bounds in the shopper's currency, rounded to
// two significant digits: the bounds the filter applies; no Max: no upper
// bound.
type BandPrice struct {
	Code string `json:"code"`
	Min  *Price `json:"min,omitempty"`
	Max  *Price `json:"max,omitempty"`
}

// Bands are bs in cur, as the filter shows and applies them.
func (s *Service) Bands(bs Bands, cur string) []BandPrice {
	shown := s.currencyOrDefault(cur).Code
	out := make([]BandPrice, len(bs))
	for i, b := range bs {
		out[i].Code = b.Code
		lo, hi := s.bandMinor(b, shown)
		if lo > 0 {
			p := s.Money(lo, shown)
			out[i].Min = &p
		}
		if hi > 0 {
			p := s.Money(hi, shown)
			out[i].Max = &p
		}
	}
	return out
}

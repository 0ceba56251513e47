package catalog

import (
	"sort"

	"souk/app/money"
	"souk/ent"
)

// priceData builds what a card or the product page shows about price, in cur.
// g must have its prices, ranges and skus loaded where they exist.
func (s *Service) priceData(g *ent.Goods, cur money.Currency) PriceData {
	pd := PriceData{MinQty: max(g.MinQty, 1), CalType: g.PriceCalType, Ranges: []PriceRange{}}
	lo, hi := s.unitRange(g)
	pd.Prices = []Price{s.priceIn(g, lo, cur)}
	ranges := append([]*ent.PriceRange(nil), g.Edges.Ranges...)
	sort.Slice(ranges, func(i, j int) bool { return ranges[i].StartQty < ranges[j].StartQty })
	for _, r := range ranges {
		pd.Ranges = append(pd.Ranges, PriceRange{StartQty: r.StartQty, Prices: []Price{s.price(r.Amount, g.Currency, cur)}})
		hi = max(hi, r.Amount)
		lo = min(lo, r.Amount)
	}
	if len(ranges) > 0 {
		pd.Prices = []Price{s.price(lo, g.Currency, cur)}
	}
	if hi > lo {
		pd.MaxPrices = []Price{s.price(hi, g.Currency, cur)}
	}
	return pd
}

// unitRange is the lowest and highest unit price over the base price and skus.
func (s *Service) unitRange(g *ent.Goods) (lo, hi int64) {
	lo, hi = g.Price, g.Price
	for _, k := range g.Edges.Skus {
		lo, hi = min(lo, k.Price), max(hi, k.Price)
	}
	if g.PriceCalType != money.VariousPrice {
		hi = lo // only sku-priced goods show a spread from skus
	}
	return lo, hi
}

// priceIn shows a base-currency amount in cur, honouring a static price the
// seller fixed for that currency (price calculation type 3).
func (s *Service) priceIn(g *ent.Goods, minor int64, cur money.Currency) Price {
	if g.PriceCalType == money.StaticPrice && minor == g.Price {
		for _, p := range g.Edges.Prices {
			if p.Currency == cur.Code {
				return Price{Currency: cur, Amount: s.Rates().Decimal(p.Amount, cur.Code)}
			}
		}
	}
	return s.price(minor, g.Currency, cur)
}

// UnitPrice is the price of one piece of g at quantity q in cur: the sku's
// price when one is chosen, else the price range that q reaches, else the
// base price, plus extra (option surcharges, minor units of the goods'
// currency). Prices are always computed here, never taken from a client.
func (s *Service) UnitPrice(g *ent.Goods, sku *ent.Sku, q int, extra int64, cur string) Price {
	currency := s.currencyOrDefault(cur)
	if sku != nil {
		return s.price(sku.Price+extra, g.Currency, currency)
	}
	amount := g.Price
	best := -1
	for _, r := range g.Edges.Ranges {
		if q >= r.StartQty && r.StartQty > best {
			best, amount = r.StartQty, r.Amount
		}
	}
	if extra != 0 {
		return s.price(amount+extra, g.Currency, currency)
	}
	return s.priceIn(g, amount, currency)
}

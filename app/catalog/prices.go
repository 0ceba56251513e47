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
	minor, c := s.UnitMinor(g, sku, q, extra, cur)
	return Price{Currency: c, Amount: s.Rates().Decimal(minor, c.Code)}
}

// UnitMinor is UnitPrice in minor units of the currency it returns (cur,
// or the goods' own currency when cur cannot be converted): what orders
// store and add up, so totals never drift through decimals.
func (s *Service) UnitMinor(g *ent.Goods, sku *ent.Sku, q int, extra int64, cur string) (int64, money.Currency) {
	currency := s.currencyOrDefault(cur)
	amount := g.Price
	if sku != nil {
		amount = sku.Price
	} else {
		best := -1
		for _, r := range g.Edges.Ranges {
			if q >= r.StartQty && r.StartQty > best {
				best, amount = r.StartQty, r.Amount
			}
		}
	}
	if sku == nil && extra == 0 && g.PriceCalType == money.StaticPrice && amount == g.Price {
		for _, p := range g.Edges.Prices {
			if p.Currency == currency.Code {
				return p.Amount, currency
			}
		}
	}
	conv, err := s.Rates().Convert(amount+extra, g.Currency, currency.Code)
	if err != nil {
		c, _ := s.Currency(g.Currency)
		return amount + extra, c
	}
	return conv, currency
}

// Money shows minor units of a currency as a Price.
func (s *Service) Money(minor int64, code string) Price {
	c, ok := s.Currency(code)
	if !ok {
		c = money.Currency{Code: code, Symbol: code}
	}
	return Price{Currency: c, Amount: s.Rates().Decimal(minor, code)}
}

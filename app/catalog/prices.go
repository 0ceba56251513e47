package catalog

import (
	"math/big"
	"sort"

	"souk/app/money"
	"souk/ent"
	"souk/ent/schema"
)

// Unit is the one rule for what a shopper pays for one piece: goods g
// configured as sku (nil when g has none) with the chosen options, bought q
// at a time, in currency cur. The product page, cards, structured data, the
// cart, checkout, orders and calPrice/quick all price through it, so the price
// a shopper sees is the price they pay.
//
//   - The base is the sku's price, else the goods' price.
//   - A price range is a quantity break set on the goods' price; the highest
//     one q reaches applies. A sku priced differently gets the same
//     proportion ("60+ pcs" at 92% of the goods' price is 92% of the sku's).
//   - A seller-fixed price in cur (price calculation type 3) replaces the
//     exchange rate for the goods' price, and scales with it likewise.
//   - Each chosen option adds its surcharge, converted on its own and not
//     discounted by quantity.
//
// The result is in minor units of the currency returned: cur, or the goods'
// own currency when cur cannot be converted. Because the base and each
// surcharge are converted separately and then added, pages that show them
// apart (a sku's range price, "+$29" on an option) add up to this exactly.
func (s *Service) Unit(g *ent.Goods, sku *ent.Sku, opts []schema.ScenarioChoice, q int, cur string) (int64, money.Currency) {
	c := s.payCurrency(g, cur)
	return s.baseUnit(g, sku, q, c) + s.surchargeIn(g, opts, c), c
}

// UnitPrice is Unit as a Price.
func (s *Service) UnitPrice(g *ent.Goods, sku *ent.Sku, opts []schema.ScenarioChoice, q int, cur string) Price {
	minor, c := s.Unit(g, sku, opts, q, cur)
	return Price{Currency: c, Amount: s.Rates().Decimal(minor, c.Code)}
}

// payCurrency is cur when the goods' price converts into it, else the goods'
// own currency (a wrong number is worse than a foreign one).
func (s *Service) payCurrency(g *ent.Goods, cur string) money.Currency {
	c := s.currencyOrDefault(cur)
	if c.Code == g.Currency || (s.Rates().Has(c.Code) && s.Rates().Has(g.Currency)) {
		return c
	}
	if own, ok := s.Currency(g.Currency); ok {
		return own
	}
	return money.Currency{Code: g.Currency, Symbol: g.Currency}
}

// baseUnit is the sku's (or goods') price at quantity q in c, without options.
func (s *Service) baseUnit(g *ent.Goods, sku *ent.Sku, q int, c money.Currency) int64 {
	base := g.Price
	if sku != nil {
		base = sku.Price
	}
	num, den := rangeFactor(g, q)
	for _, p := range g.Edges.Prices {
		if g.PriceCalType == money.StaticPrice && p.Currency == c.Code && g.Price > 0 {
			// The fixed price stands for the goods' price: scale it like the base.
			return scale(p.Amount, base*num, g.Price*den)
		}
	}
	conv, err := s.Rates().Convert(scale(base, num, den), g.Currency, c.Code)
	if err != nil { // payCurrency made sure it converts; keep the sum honest anyway
		return scale(base, num, den)
	}
	return conv
}

// rangeFactor is the quantity break q reaches, as the fraction num/den of the
// goods' price (1/1 when none applies).
func rangeFactor(g *ent.Goods, q int) (num, den int64) {
	best := -1
	num, den = 1, 1
	for _, r := range g.Edges.Ranges {
		if q >= r.StartQty && r.StartQty > best && g.Price > 0 {
			best, num, den = r.StartQty, r.Amount, g.Price
		}
	}
	return num, den
}

// scale is v*num/den rounded half up (prices are positive), in big
// integers: a fixed price times a sku price times a range price can pass
// what an int64 holds.
func scale(v, num, den int64) int64 {
	if den <= 0 {
		return v
	}
	n := new(big.Int).Mul(big.NewInt(v), big.NewInt(num))
	n.Mul(n, big.NewInt(2)).Add(n, big.NewInt(den))
	return n.Quo(n, big.NewInt(2*den)).Int64()
}

// surchargeIn adds the chosen options' surcharges, each converted into c.
func (s *Service) surchargeIn(g *ent.Goods, chosen []schema.ScenarioChoice, c money.Currency) int64 {
	var sum int64
	for _, ch := range chosen {
		if o := optionOf(g, ch); o != nil && o.AddPrice != 0 {
			sum += s.convertOr(o.AddPrice, g.Currency, c.Code)
		}
	}
	return sum
}

// optionOf finds a chosen option among g's labels (loaded with options).
func optionOf(g *ent.Goods, ch schema.ScenarioChoice) *ent.ScenarioOption {
	for _, l := range g.Edges.Labels {
		if l.LabelID != ch.LabelID {
			continue
		}
		for _, o := range l.Edges.Options {
			if o.OptionID == ch.OptionID {
				return o
			}
		}
	}
	return nil
}

func (s *Service) convertOr(minor int64, from, to string) int64 {
	conv, err := s.Rates().Convert(minor, from, to)
	if err != nil {
		return minor
	}
	return conv
}

// tiers lists the price of sku (nil: the goods without a sku) at the minimum
// order quantity and at each price range above it: what the product page's
// quantity table shows for that choice.
func (s *Service) tiers(g *ent.Goods, sku *ent.Sku, c money.Currency) []PriceRange {
	out := []PriceRange{}
	for _, q := range tierQtys(g) {
		out = append(out, PriceRange{StartQty: q, Prices: []Price{s.minorPrice(s.baseUnit(g, sku, q, c), c)}})
	}
	return out
}

// tierQtys is the minimum order quantity and every range start above it.
func tierQtys(g *ent.Goods) []int {
	minQty := max(g.MinQty, 1)
	qs := []int{minQty}
	ranges := append([]*ent.PriceRange(nil), g.Edges.Ranges...)
	sort.Slice(ranges, func(i, j int) bool { return ranges[i].StartQty < ranges[j].StartQty })
	for _, r := range ranges {
		if r.StartQty > qs[len(qs)-1] {
			qs = append(qs, r.StartQty)
		}
	}
	return qs
}

func (s *Service) minorPrice(minor int64, c money.Currency) Price {
	return Price{Currency: c, Amount: s.Rates().Decimal(minor, c.Code)}
}

// priceData builds what a card or the product page shows about price, in
// cur: the lowest and highest unit price over every offered sku and
// quantity break, and the quantity table's "from" price (the cheapest
// offered sku) per break.
// g must have its prices, ranges and skus loaded where they exist.
func (s *Service) priceData(g *ent.Goods, cur money.Currency) PriceData {
	c := s.payCurrency(g, cur.Code)
	pd := PriceData{MinQty: max(g.MinQty, 1), CalType: g.PriceCalType, Ranges: []PriceRange{}}
	configs := offered(g)
	qs := tierQtys(g)
	lo, hi := int64(-1), int64(-1)
	from := make([]int64, len(qs))
	for i := range from {
		from[i] = -1
	}
	for _, k := range configs {
		for i, q := range qs {
			v := s.baseUnit(g, k, q, c)
			if lo < 0 || v < lo {
				lo = v
			}
			hi = max(hi, v)
			if from[i] < 0 || v < from[i] {
				from[i] = v
			}
		}
	}
	pd.Prices = []Price{s.minorPrice(lo, c)}
	if hi > lo {
		pd.MaxPrices = []Price{s.minorPrice(hi, c)}
	}
	if len(g.Edges.Ranges) > 0 {
		for i, q := range qs {
			pd.Ranges = append(pd.Ranges, PriceRange{StartQty: q, Prices: []Price{s.minorPrice(from[i], c)}})
		}
	}
	return pd
}

// offered is what priceData spans: the skus that can be bought (at least
// the minimum order quantity left), all of them when none can (the card
// still shows what the goods cost), or the goods themselves without skus.
func offered(g *ent.Goods) []*ent.Sku {
	if len(g.Edges.Skus) == 0 {
		return []*ent.Sku{nil}
	}
	var out []*ent.Sku
	for _, k := range g.Edges.Skus {
		if k.Stock >= max(g.MinQty, 1) {
			out = append(out, k)
		}
	}
	if len(out) == 0 {
		return g.Edges.Skus
	}
	return out
}

// optionPrice is an option's surcharge in cur, as Unit adds it.
func (s *Service) optionPrice(g *ent.Goods, o *ent.ScenarioOption, cur money.Currency) Price {
	c := s.payCurrency(g, cur.Code)
	return s.minorPrice(s.convertOr(o.AddPrice, g.Currency, c.Code), c)
}

// Money shows minor units of a currency as a Price.
func (s *Service) Money(minor int64, code string) Price {
	c, ok := s.Currency(code)
	if !ok {
		c = money.Currency{Code: code, Symbol: code}
	}
	return Price{Currency: c, Amount: s.Rates().Decimal(minor, code)}
}

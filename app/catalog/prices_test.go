package catalog

import (
	"testing"

	"souk/app/money"
	"souk/ent"
	"souk/ent/schema"
)

// testService is a catalogue service with fixed rates: 1 USD = 0.9 EUR =
// 150 JPY; XXX has no rate.
func testService() *Service {
	s := &Service{}
	s.rates.Store(money.NewRates("USD", map[string]float64{"EUR": 0.9, "JPY": 150}, map[string]int{"USD": 2, "EUR": 2, "JPY": 0, "XXX": 2}))
	syms := map[string]money.Currency{
		"USD": {Code: "USD", Symbol: "$", Digits: 2}, "EUR": {Code: "EUR", Symbol: "€", Digits: 2},
		"JPY": {Code: "JPY", Symbol: "¥"}, "XXX": {Code: "XXX", Symbol: "X", Digits: 2},
	}
	s.symbols.Store(&syms)
	return s
}

// perfume is sold per sku from 20 pieces: 10 ml at the goods' price, 30 ml
// dearer, with quantity breaks at 60 (92%) and 200 (84%) pieces.
func perfume(calType int, fixed ...*ent.GoodsPrice) (*ent.Goods, *ent.Sku, *ent.Sku) {
	ml10 := &ent.Sku{UID: "sk10", Price: 5899, Stock: 100}
	ml30 := &ent.Sku{UID: "sk30", Price: 6489, Stock: 15}
	g := &ent.Goods{Price: 5899, Currency: "USD", MinQty: 20, PriceCalType: calType}
	g.Edges.Skus = []*ent.Sku{ml10, ml30}
	g.Edges.Ranges = []*ent.PriceRange{{StartQty: 200, Amount: 4955}, {StartQty: 20, Amount: 5899}, {StartQty: 60, Amount: 5427}}
	g.Edges.Prices = fixed
	return g, ml10, ml30
}

// dress has no skus; the custom size adds 29.00 and a colour nothing.
func dress() *ent.Goods {
	g := &ent.Goods{Price: 19900, Currency: "USD", MinQty: 1, PriceCalType: money.BaseRate}
	colour := &ent.ScenarioLabel{LabelID: LabelColour}
	colour.Edges.Options = []*ent.ScenarioOption{{OptionID: 2}, {OptionID: 3}}
	size := &ent.ScenarioLabel{LabelID: LabelSize}
	size.Edges.Options = []*ent.ScenarioOption{{OptionID: CustomSizeOption, AddPrice: 2900}, {OptionID: 140}}
	g.Edges.Labels = []*ent.ScenarioLabel{colour, size}
	return g
}

func TestUnit(t *testing.T) {
	s := testService()
	p, ml10, ml30 := perfume(money.VariousPrice)
	fixed, f10, f30 := perfume(money.StaticPrice, &ent.GoodsPrice{Currency: "EUR", Amount: 5000})
	d := dress()
	custom := []schema.ScenarioChoice{{LabelID: LabelColour, OptionID: 3}, {LabelID: LabelSize, OptionID: CustomSizeOption, SizeData: map[string]int{"type": 1}}}
	standard := []schema.ScenarioChoice{{LabelID: LabelColour, OptionID: 3}, {LabelID: LabelSize, OptionID: 140}}
	plainRanged := &ent.Goods{Price: 1000, Currency: "USD", MinQty: 5, PriceCalType: money.BaseRate}
	plainRanged.Edges.Ranges = []*ent.PriceRange{{StartQty: 5, Amount: 1000}, {StartQty: 50, Amount: 800}}
	cases := []struct {
		name string
		g    *ent.Goods
		sku  *ent.Sku
		opts []schema.ScenarioChoice
		q    int
		cur  string
		want int64
		wCur string
	}{
		{"sku at the goods' price, minimum quantity", p, ml10, nil, 20, "USD", 5899, "USD"},
		{"sku at the goods' price, one below the break", p, ml10, nil, 59, "USD", 5899, "USD"},
		{"sku at the goods' price reaches 60+ (the reported bug)", p, ml10, nil, 60, "USD", 5427, "USD"},
		{"sku at the goods' price reaches 200+", p, ml10, nil, 250, "USD", 4955, "USD"},
		{"dearer sku gets the same proportion at 60+", p, ml30, nil, 60, "USD", 5970, "USD"},
		{"dearer sku at the minimum", p, ml30, nil, 20, "USD", 6489, "USD"},
		{"converted after the break", p, ml10, nil, 60, "EUR", 4884, "EUR"},
		{"dearer sku converted after the break", p, ml30, nil, 60, "EUR", 5373, "EUR"},
		{"no skus, ranges apply", plainRanged, nil, nil, 50, "USD", 800, "USD"},
		{"no skus, below the break", plainRanged, nil, nil, 49, "USD", 1000, "USD"},
		{"custom size adds its surcharge", d, nil, custom, 1, "USD", 22800, "USD"},
		{"a standard size adds nothing", d, nil, standard, 1, "USD", 19900, "USD"},
		{"surcharge converted on its own", d, nil, custom, 1, "EUR", 17910 + 2610, "EUR"},
		{"zero-decimal currency", d, nil, custom, 1, "JPY", 29850 + 4350, "JPY"},
		{"seller-fixed euro price", fixed, f10, nil, 20, "EUR", 5000, "EUR"},
		{"seller-fixed euro price scales with the break", fixed, f10, nil, 60, "EUR", 4600, "EUR"},
		{"seller-fixed euro price scales with a dearer sku", fixed, f30, nil, 20, "EUR", 5500, "EUR"},
		{"seller-fixed euro price, other currencies by rate", fixed, f10, nil, 60, "USD", 5427, "USD"},
		{"a currency without a rate falls back to the goods' own", p, ml10, nil, 60, "XXX", 5427, "USD"},
		{"an unknown currency code means USD", p, ml10, nil, 60, "ZZZ", 5427, "USD"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, cur := s.Unit(c.g, c.sku, c.opts, c.q, c.cur)
			if got != c.want || cur.Code != c.wCur {
				t.Fatalf("Unit = %d %s, want %d %s", got, cur.Code, c.want, c.wCur)
			}
		})
	}
}

// TestShownPricesAddUp: what the product page shows (a sku's tier, an
// option's surcharge) adds up to what Unit charges at that quantity.
func TestShownPricesAddUp(t *testing.T) {
	s := testService()
	p, _, _ := perfume(money.VariousPrice)
	d := dress()
	custom := []schema.ScenarioChoice{{LabelID: LabelSize, OptionID: CustomSizeOption}}
	for _, cur := range []string{"USD", "EUR", "JPY"} {
		c := s.currencyOrDefault(cur)
		for _, k := range p.Edges.Skus {
			for _, tier := range s.tiers(p, k, c) {
				want := s.UnitPrice(p, k, nil, tier.StartQty, cur)
				if tier.Prices[0] != want {
					t.Errorf("%s %s from %d: tier shows %v, Unit charges %v", cur, k.UID, tier.StartQty, tier.Prices[0], want)
				}
			}
		}
		base := s.tiers(d, nil, c)[0].Prices[0].Amount
		add := s.optionPrice(d, d.Edges.Labels[1].Edges.Options[0], c).Amount
		if got := s.UnitPrice(d, nil, custom, 1, cur).Amount; money.Round2(base+add) != got {
			t.Errorf("%s: page shows %v + %v, Unit charges %v", cur, base, add, got)
		}
	}
}

func TestPriceData(t *testing.T) {
	s := testService()
	usd := s.currencyOrDefault("USD")
	short, _, _ := perfume(money.VariousPrice) // 30 ml: 15 left of a minimum 20
	stocked, _, ml30 := perfume(money.VariousPrice)
	ml30.Stock = 100
	none, ml10, ml30b := perfume(money.VariousPrice)
	ml10.Stock, ml30b.Stock = 3, 0
	cases := []struct {
		name     string
		g        *ent.Goods
		low, hi  float64 // hi 0: no spread
		fromQtys []int
		from     []float64
	}{
		{"a sku below the minimum order is not offered", short, 49.55, 58.99, []int{20, 60, 200}, []float64{58.99, 54.27, 49.55}},
		{"every buyable sku spans the range", stocked, 49.55, 64.89, []int{20, 60, 200}, []float64{58.99, 54.27, 49.55}},
		{"none buyable: the card still shows the prices", none, 49.55, 64.89, []int{20, 60, 200}, []float64{58.99, 54.27, 49.55}},
		{"no skus, no ranges: one price", dress(), 199, 0, nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			pd := s.priceData(c.g, usd)
			if pd.Prices[0].Amount != c.low {
				t.Errorf("low %v, want %v", pd.Prices[0].Amount, c.low)
			}
			switch {
			case c.hi == 0 && pd.MaxPrices != nil:
				t.Errorf("high %v, want none", pd.MaxPrices)
			case c.hi != 0 && (len(pd.MaxPrices) != 1 || pd.MaxPrices[0].Amount != c.hi):
				t.Errorf("high %v, want %v", pd.MaxPrices, c.hi)
			}
			if len(pd.Ranges) != len(c.fromQtys) {
				t.Fatalf("ranges %v, want from %v", pd.Ranges, c.fromQtys)
			}
			for i, r := range pd.Ranges {
				if r.StartQty != c.fromQtys[i] || r.Prices[0].Amount != c.from[i] {
					t.Errorf("range %d = %d %v, want %d %v", i, r.StartQty, r.Prices[0].Amount, c.fromQtys[i], c.from[i])
				}
			}
		})
	}
}

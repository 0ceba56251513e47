package web

import (
	"souk/app/catalog"
	"souk/app/order"
)

// ShippingRule is the order rule of README "Buying" (a flat rate per seller,
// free from a goods total) in one currency, for the product page's JSON-LD
// shippingDetails.
type ShippingRule struct {
	Rate     catalog.Price `json:"rate"`
	FreeFrom catalog.Price `json:"freeFrom"`
}

// shippingRule states the rule in the currency of g's offer (its prices may
// be in another currency than the visitor's when that one cannot pay); nil
// when the rates cannot convert it, so the page claims nothing.
func (s *Site) shippingRule(g *catalog.Goods) *ShippingRule {
	if len(g.PriceData.Prices) == 0 {
		return nil
	}
	cur := g.PriceData.Prices[0].Currency.Code
	r := s.Catalog.Rates()
	rate, err := r.Convert(order.ShippingUSD, "USD", cur)
	if err != nil {
		return nil
	}
	free, err := r.Convert(order.FreeShippingUSD, "USD", cur)
	if err != nil {
		return nil
	}
	return &ShippingRule{Rate: s.Catalog.Money(rate, cur), FreeFrom: s.Catalog.Money(free, cur)}
}

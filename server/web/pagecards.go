package web

import (
	"encoding/json"
	"slices"
	"strings"

	"souk/app/catalog"
	"souk/app/media"
	"souk/app/money"
)

// Cards in a page's hydration data carry only what a card shows (about
// half the wire card of SPEC §3, which the API keeps whole): a home page
// holds some forty of them, and the page must stay light (DESIGN, budgets).

// pageCards marshals as slim cards.
type pageCards []catalog.Card

// pageCard is a card as GoodsCard reads it.
type pageCard struct {
	TreID     string      `json:"treId"`
	TreName   catalog.Txt `json:"treName"`
	Spe       int         `json:"spe,omitempty"`
	Saleable  int         `json:"saleable"`
	URI       string      `json:"uri,omitempty"`
	TreImage  *cardImage  `json:"treImage,omitempty"`
	PriceData cardPrice   `json:"priceData"`
	Stock     int         `json:"stock"`
	NeedsPick bool        `json:"needsPick,omitempty"`
	Langs     []string    `json:"lans,omitempty"` // nil: the page's cardLans (slimFor)
}

// cardImage keeps the sizes a card picks from (cards stop at 400 px). A
// demo picture's tiny size is left out: its name says it (views' picture()).
type cardImage struct {
	Small catalog.Thumb  `json:"smallThumbnail"`
	Tiny  *catalog.Thumb `json:"tinyImg,omitempty"`
}

func cardImageOf(set *catalog.ImageSet) *cardImage {
	img := &cardImage{Small: set.Small}
	if base, ok := strings.CutSuffix(set.Small.URL, "-s.jpg"); !ok || !strings.HasPrefix(base, "/media/demo/") ||
		set.Tiny.URL != base+"-t.jpg" || set.Tiny.Width != media.TinySize {
		img.Tiny = &set.Tiny
	}
	return img
}

type cardPrice struct {
	Prices    []cardAmount `json:"prices"`
	MaxPrices []cardAmount `json:"maxPrices,omitempty"`
	MinQty    int          `json:"minQty"`
}

// cardAmount is a price whose currency is left out when it is the page's.
type cardAmount struct {
	Currency *money.Currency `json:"currency,omitempty"`
	Amount   float64         `json:"amount"`
}

func cardAmounts(ps []catalog.Price) []cardAmount {
	if ps == nil {
		return nil
	}
	out := make([]cardAmount, len(ps))
	for i, p := range ps {
		out[i].Amount = p.Amount
		if p.Currency.Code != "" {
			out[i].Currency = &ps[i].Currency
		}
	}
	return out
}

func (cs pageCards) MarshalJSON() ([]byte, error) {
	out := make([]pageCard, len(cs))
	for i, c := range cs {
		out[i] = pageCard{TreID: c.TreID, TreName: c.TreName, Spe: c.Spe, Saleable: c.Saleable, URI: c.URI,
			PriceData: cardPrice{Prices: cardAmounts(c.PriceData.Prices), MaxPrices: cardAmounts(c.PriceData.MaxPrices), MinQty: c.PriceData.MinQty},
			Stock:     c.Stock, NeedsPick: c.NeedsPick, Langs: c.Langs}
		if c.TreImage != nil {
			out[i].TreImage = cardImageOf(c.TreImage)
		}
	}
	return json.Marshal(out)
}

// pageBlock is a home block whose goods are slim cards.
type pageBlock struct {
	catalog.HomeBlock
	Goods pageCards `json:"goods"`
}

// homeRowMax is how many goods a home row shows: a phone sees two at a
// time and a desktop five, and a row is a sample with its way to more (the
// API's index data keeps every goods item an operator put in the block).
// Eight made the page 75 KB; six keep it under the 60 KB budget.
const homeRowMax = 6

func pageBlocks(home map[string]catalog.HomeBlock) map[string]pageBlock {
	out := make(map[string]pageBlock, len(home))
	for k, b := range home {
		out[k] = pageBlock{HomeBlock: b, Goods: b.Goods[:min(len(b.Goods), homeRowMax)]}
	}
	return out
}

// pageCardPage is a page of an identity's goods as slim cards.
type pageCardPage struct {
	*catalog.CardPage
	Cards pageCards `json:"cards"`
}

// slimFor leaves out of the page's cards what the page already says, and
// the client puts back (views/lib/pagecards.ts): the currency of prices in
// the page's currency, the language of names in the page's language, and the
// list of languages most of the cards are written in (a demo or a one-seller
// store's goods share one), named once as cardLans. On a home page of thirty
// cards that was 3 KB. Cards are copied, not changed: they are the
// catalogue's cached values, and a loaded page may be rendered again.
func (d PageData) slimFor(lang, cur string) PageData {
	count := map[string]int{}
	d.eachCards(func(cs pageCards) pageCards {
		for _, c := range cs {
			count[strings.Join(c.Langs, " ")]++
		}
		return cs
	})
	common, most := "", 1 // a list only one card has is not worth naming
	for k, n := range count {
		if n > most || (n == most && k < common) {
			common, most = k, n
		}
	}
	d.CardLans = strings.Fields(common)
	d.eachCards(func(cs pageCards) pageCards {
		cs = slices.Clone(cs)
		for i := range cs {
			c := &cs[i]
			if common != "" && strings.Join(c.Langs, " ") == common {
				c.Langs = nil
			}
			c.TreName = inPage(c.TreName, lang)
			c.PriceData.Prices = pricesIn(c.PriceData.Prices, cur)
			c.PriceData.MaxPrices = pricesIn(c.PriceData.MaxPrices, cur)
		}
		return cs
	})
	return d
}

// pricesIn copies prices, without the currency of those in cur.
func pricesIn(ps []catalog.Price, cur string) []catalog.Price {
	out := slices.Clone(ps)
	for i := range out {
		if out[i].Currency.Code == cur {
			out[i].Currency = money.Currency{}
		}
	}
	return out
}

// eachCards replaces each list of cards of the page by f's result, in new
// containers (d is a copy whose maps and pointers are shared).
func (d *PageData) eachCards(f func(pageCards) pageCards) {
	if d.Home != nil {
		home := make(map[string]pageBlock, len(d.Home))
		for k, b := range d.Home {
			b.Goods = f(b.Goods)
			home[k] = b
		}
		d.Home = home
	}
	if d.Cards != nil {
		cp := *d.Cards
		cp.Cards = f(cp.Cards)
		d.Cards = &cp
	}
	if d.Hots != nil {
		h := *d.Hots
		if h.Trending != nil {
			t := *h.Trending
			t.Goods = f(t.Goods)
			h.Trending = &t
		}
		cats := make([]hotsRow, len(h.Categories))
		for i, c := range h.Categories {
			c.Goods = f(c.Goods)
			cats[i] = c
		}
		h.Categories = cats
		d.Hots = &h
	}
	if d.Search != nil {
		sr := *d.Search
		sr.Consumer, sr.Wholesaler = f(sr.Consumer), f(sr.Wholesaler)
		d.Search = &sr
	}
}

package web

import (
	"encoding/json"
	"strings"

	"souk/app/catalog"
	"souk/app/media"
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
	Langs     []string    `json:"lans"`
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
	Prices    []catalog.Price `json:"prices"`
	MaxPrices []catalog.Price `json:"maxPrices,omitempty"`
	MinQty    int             `json:"minQty"`
}

func (cs pageCards) MarshalJSON() ([]byte, error) {
	out := make([]pageCard, len(cs))
	for i, c := range cs {
		out[i] = pageCard{TreID: c.TreID, TreName: c.TreName, Spe: c.Spe, Saleable: c.Saleable, URI: c.URI,
			PriceData: cardPrice{Prices: c.PriceData.Prices, MaxPrices: c.PriceData.MaxPrices, MinQty: c.PriceData.MinQty},
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

package web

import "souk/app/catalog"

// pageGoods is a goods item in its page's hydration data: the wire goods of
// SPEC §3 (the API keeps it whole) with scenario options slimmed as cards
// are. A dress offers some sixty sizes, each with a name in the page's
// language and a zero surcharge in its currency: 4 KB said once by the page.
// views/lib/pagecards.ts puts it back.
type pageGoods struct {
	*catalog.Goods
	ScenarioLabels []pageLabel `json:"scenarioLabels"` // shadows the embedded field
}

type pageLabel struct {
	LabelID   int         `json:"labelId"`
	LabelName catalog.Txt `json:"labelName"`
	Values    []pageValue `json:"values"`
}

// pageValue is a scenario option; no addPrice means no surcharge.
type pageValue struct {
	ID       int          `json:"id"`
	Name     catalog.Txt  `json:"name"`
	AddPrice []cardAmount `json:"addPrice,omitempty"`
	Swatch   string       `json:"swatch,omitempty"`
}

func pageGoodsOf(g *catalog.Goods, lang, cur string) *pageGoods {
	labels := make([]pageLabel, len(g.ScenarioLabels))
	for i, l := range g.ScenarioLabels {
		vs := make([]pageValue, len(l.Values))
		for j, v := range l.Values {
			vs[j] = pageValue{ID: v.ID, Name: inPage(v.Name, lang), Swatch: v.Swatch}
			if !allZero(v.AddPrice) {
				vs[j].AddPrice = cardAmounts(pricesIn(v.AddPrice, cur))
			}
		}
		labels[i] = pageLabel{LabelID: l.LabelID, LabelName: inPage(l.LabelName, lang), Values: vs}
	}
	return &pageGoods{Goods: g, ScenarioLabels: labels}
}

// inPage leaves out a text's language when it is the page's.
func inPage(t catalog.Txt, lang string) catalog.Txt {
	if t.Lan == lang {
		t.Lan = ""
	}
	return t
}

func allZero(ps []catalog.Price) bool {
	for _, p := range ps {
		if p.Amount != 0 {
			return false
		}
	}
	return true
}

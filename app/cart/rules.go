package cart

import (
	"strconv"

	"souk/app/apperr"
	"souk/app/catalog"
	"souk/ent"
	"souk/ent/schema"
)

// Custom size ranges (SPEC §5): type 1 centimetres, type 2 inches.
var sizeRanges = map[int]map[string][2]int{
	1: {"a": {53, 160}, "b": {51, 160}, "c": {51, 160}, "d": {55, 190}},
	2: {"a2": {21, 65}, "b2": {20, 63}, "c2": {20, 63}, "d2": {22, 75}},
}

// checkSelection enforces SPEC §4/§5: a sku when the goods have attributes,
// one option of every scenario label, and a complete custom size for label 9
// option 1. It returns the chosen sku.
func checkSelection(g *ent.Goods, in AddInput) (*ent.Sku, error) {
	if g.Saleable != 1 {
		return nil, apperr.New(apperr.Conflict, "ItemNotOnSale")
	}
	var sku *ent.Sku
	if len(g.Edges.Attrs) > 0 {
		for _, k := range g.Edges.Skus {
			if k.UID == in.SkuID {
				sku = k
			}
		}
		if sku == nil {
			return nil, apperr.Invalid("skuId", "PSSp", "PSSp")
		}
	} else if in.SkuID != "" {
		return nil, apperr.Invalid("skuId", "PSSp", "NoSuchSpecification")
	}
	chosen := map[int]schema.ScenarioChoice{}
	for _, c := range in.Options {
		if _, dup := chosen[c.LabelID]; dup {
			return nil, apperr.Invalid("scenarioOptions", "PSSp", "OneOptionEach")
		}
		chosen[c.LabelID] = c
	}
	if len(chosen) != len(g.Edges.Labels) {
		return nil, apperr.Invalid("scenarioOptions", "PSSp", "PSSp")
	}
	for _, l := range g.Edges.Labels {
		c, ok := chosen[l.LabelID]
		if !ok || !hasOption(l, c.OptionID) {
			return nil, apperr.Invalid("scenarioOptions", "PSSp", "PSSp")
		}
		if l.LabelID == catalog.LabelSize && c.OptionID == catalog.CustomSizeOption {
			if err := checkSize(c.SizeData); err != nil {
				return nil, err
			}
		} else if len(c.SizeData) > 0 {
			return nil, apperr.Invalid("sizeData", "FormatError", "MeasuresCustomOnly")
		}
	}
	return sku, nil
}

func hasOption(l *ent.ScenarioLabel, id int) bool {
	for _, o := range l.Edges.Options {
		if o.OptionID == id {
			return true
		}
	}
	return false
}

// checkSize wants the unit and all four measures, each an integer in range.
func checkSize(d map[string]int) error {
	ranges, ok := sizeRanges[d["type"]]
	if !ok {
		return apperr.Invalid("sizeData", "MeasureRequired", "MeasureUnitRequired")
	}
	if len(d) != 5 {
		return apperr.Invalid("sizeData", "MeasureRequired", "MeasuresAllFour")
	}
	for k, r := range ranges {
		v, ok := d[k]
		if !ok {
			return apperr.Invalid("sizeData", "MeasureRequired", "MeasuresAllFour")
		}
		if v < r[0] || v > r[1] {
			return apperr.Invalid("sizeData", "FormatError", "MeasureOutOfRange",
				"min", strconv.Itoa(r[0]), "max", strconv.Itoa(r[1]))
		}
	}
	return nil
}

// checkQuantity keeps a line within the minimum order quantity, the stock
// and the line maximum.
func checkQuantity(g *ent.Goods, sku *ent.Sku, q int) error {
	minQty := max(g.MinQty, 1)
	stock := g.Stock
	if sku != nil {
		stock = sku.Stock
	}
	switch {
	case q < minQty:
		return apperr.Invalid("quantity", "MinQty", "MinQty", "n", strconv.Itoa(minQty))
	case q > MaxQuantity:
		return apperr.Invalid("quantity", "FormatError", "LineMaxQuantity", "max", strconv.Itoa(MaxQuantity))
	case q > stock:
		if stock < minQty {
			return apperr.New(apperr.Conflict, "OutOfStock")
		}
		return apperr.New(apperr.Conflict, "OnlyNLeft", "n", strconv.Itoa(stock))
	}
	return nil
}

// Check tells whether q pieces of g (with the chosen sku) can be bought now:
// on sale, within the minimum order quantity, the line maximum and the
// stock. Orders re-check every line with it when they are made.
func Check(g *ent.Goods, sku *ent.Sku, q int) error {
	if g.Saleable != 1 {
		return apperr.New(apperr.Conflict, "ItemNotOnSale")
	}
	return checkQuantity(g, sku, q)
}

// SkuOf finds the sku a line chose among g's skus (nil when none).
func SkuOf(g *ent.Goods, uid string) *ent.Sku {
	for _, k := range g.Edges.Skus {
		if k.UID == uid {
			return k
		}
	}
	return nil
}

// CheckChoice applies the cart's selection rules (sku, one option of every
// label, a complete custom size within SPEC §5's ranges) to a configuration
// ordered outside the cart (make-line). g needs its attrs, skus and labels
// with options loaded. It returns the chosen sku.
func CheckChoice(g *ent.Goods, skuID string, options []schema.ScenarioChoice) (*ent.Sku, error) {
	return checkSelection(g, AddInput{SkuID: skuID, Options: options})
}

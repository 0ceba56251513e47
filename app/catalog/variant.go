package catalog

import (
	"context"
	"fmt"
	"strings"

	"souk/ent"
	"souk/ent/goods"
	"souk/ent/schema"
)

// Chosen is one value a shopper chose, by name in their language: an
// attribute of the sku ("Colour: Champagne") or a scenario option ("Size:
// Custom size", with the measurements).
type Chosen struct {
	Name     Txt            `json:"name"` // the attribute group or the scenario label
	Value    Txt            `json:"value"`
	LabelID  int            `json:"labelId,omitempty"` // scenario options only
	OptionID int            `json:"optionId,omitempty"`
	SizeData map[string]int `json:"sizeData,omitempty"`
}

// Variant is what a cart, checkout or order line shows of the chosen
// configuration: every chosen value by name, and the sku's picture.
type Variant struct {
	Chosen []Chosen  `json:"chosen"`
	Image  *ImageSet `json:"image,omitempty"`
}

// LineRef is a configuration to describe: goods, sku and options.
type LineRef struct {
	GoodsID int
	SkuUID  string
	Options []schema.ScenarioChoice
}

// Variants describes configurations in lang, in a fixed handful of queries
// however many there are. A sku or option the seller has since removed is
// left out rather than shown as a bare id.
func (s *Service) Variants(ctx context.Context, refs []LineRef, lang string) ([]Variant, error) {
	out := make([]Variant, len(refs))
	if len(refs) == 0 {
		return out, nil
	}
	byID, err := s.variantGoods(ctx, refs)
	if err != nil {
		return nil, err
	}
	names, err := s.variantTexts(ctx, byID, lang)
	if err != nil {
		return nil, err
	}
	for i, r := range refs {
		out[i] = describe(byID[r.GoodsID], r, names, lang)
	}
	return out, nil
}

func (s *Service) variantGoods(ctx context.Context, refs []LineRef) (map[int]*ent.Goods, error) {
	ids := make([]int, 0, len(refs))
	for _, r := range refs {
		ids = append(ids, r.GoodsID)
	}
	rows, err := s.db.Goods.Query().Where(goods.IDIn(ids...)).WithAttrs().WithSkus().WithImages().
		WithLabels(func(q *ent.ScenarioLabelQuery) { q.WithOptions() }).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("catalog: load variants: %w", err)
	}
	byID := make(map[int]*ent.Goods, len(rows))
	for _, g := range rows {
		byID[g.ID] = g
	}
	return byID, nil
}

// variantNames holds the texts of attributes, labels and options.
type variantNames struct{ attrs, labels, options textSet }

func (s *Service) variantTexts(ctx context.Context, byID map[int]*ent.Goods, lang string) (variantNames, error) {
	var attrIDs, labelIDs, optIDs []int
	langs := map[string]bool{lang: true, "en": true}
	for _, g := range byID {
		langs[g.MainLan] = true
		for _, a := range g.Edges.Attrs {
			attrIDs = append(attrIDs, a.ID)
		}
		for _, l := range g.Edges.Labels {
			labelIDs = append(labelIDs, l.ID)
			for _, o := range l.Edges.Options {
				optIDs = append(optIDs, o.ID)
			}
		}
	}
	want := make([]string, 0, len(langs))
	for l := range langs {
		want = append(want, l)
	}
	var n variantNames
	var err error
	if n.attrs, err = loadTexts(ctx, s.db, KindAttr, attrIDs, want...); err != nil {
		return n, err
	}
	if n.labels, err = loadTexts(ctx, s.db, KindLabel, labelIDs, want...); err != nil {
		return n, err
	}
	n.options, err = loadTexts(ctx, s.db, KindOption, optIDs, want...)
	return n, err
}

func describe(g *ent.Goods, r LineRef, n variantNames, lang string) Variant {
	v := Variant{Chosen: []Chosen{}}
	if g == nil {
		return v
	}
	var imgs []string // the sku's picture, else its attributes'
	if k := skuByUID(g, r.SkuUID); k != nil {
		imgs = append(imgs, k.ImgUID)
		for _, uid := range strings.Split(k.AttrKey, ",") {
			a := attrByUID(g, uid)
			if a == nil {
				continue
			}
			v.Chosen = append(v.Chosen, Chosen{Name: n.attrs.pick(a.ID, "group", lang, g.MainLan), Value: n.attrs.pick(a.ID, "name", lang, g.MainLan)})
			imgs = append(imgs, a.ImgUID)
		}
	}
	for _, ch := range r.Options {
		l, o := labelOf(g, ch.LabelID), optionOf(g, ch)
		if l == nil || o == nil {
			continue
		}
		v.Chosen = append(v.Chosen, Chosen{Name: n.labels.pick(l.ID, "name", lang, g.MainLan), Value: n.options.pick(o.ID, "name", lang, g.MainLan),
			LabelID: ch.LabelID, OptionID: ch.OptionID, SizeData: ch.SizeData})
	}
	v.Image = pictureOf(g, imgs)
	return v
}

// pictureOf is the first of the goods' pictures named by uids, else its
// first picture.
func pictureOf(g *ent.Goods, uids []string) *ImageSet {
	for _, uid := range uids {
		for _, im := range g.Edges.Images {
			if uid != "" && im.UID == uid {
				set := imageSet(im)
				return &set
			}
		}
	}
	var first *ent.GoodsImage
	for _, im := range g.Edges.Images {
		if first == nil || im.Position < first.Position {
			first = im
		}
	}
	if first == nil {
		return nil
	}
	set := imageSet(first)
	return &set
}

func skuByUID(g *ent.Goods, uid string) *ent.Sku {
	for _, k := range g.Edges.Skus {
		if uid != "" && k.UID == uid {
			return k
		}
	}
	return nil
}

func attrByUID(g *ent.Goods, uid string) *ent.SkuAttr {
	for _, a := range g.Edges.Attrs {
		if a.UID == uid {
			return a
		}
	}
	return nil
}

func labelOf(g *ent.Goods, id int) *ent.ScenarioLabel {
	for _, l := range g.Edges.Labels {
		if l.LabelID == id {
			return l
		}
	}
	return nil
}

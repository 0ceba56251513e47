package listing

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"souk/app/catalog"
	"souk/app/form"
	"souk/ent"
	"souk/ent/goods"
	"souk/ent/predicate"
	"souk/ent/text"
)

// editorLoad reads a goods item with everything its form shows.
func editorLoad(ctx context.Context, db *ent.Client, where ...func(*ent.GoodsQuery)) (*ent.Goods, error) {
	q := db.Goods.Query().WithOwner().WithImages().WithPrices().WithRanges().WithAttrs().WithSkus().
		WithLabels(func(q *ent.ScenarioLabelQuery) { q.WithOptions() })
	for _, w := range where {
		w(q)
	}
	g, err := q.Only(ctx)
	if ent.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("listing: load goods: %w", err)
	}
	return g, nil
}

func editorByUID(uid string) func(*ent.GoodsQuery) {
	return func(q *ent.GoodsQuery) { q.Where(goods.UIDEQ(uid)) }
}

// editorTexts reads the texts of owners of one kind: id → field → lang → txt.
func editorTexts(ctx context.Context, db *ent.Client, kind string, ids []int) (map[int]map[string]map[string]string, error) {
	out := map[int]map[string]map[string]string{}
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := db.Text.Query().Where(text.OwnerKindEQ(kind), text.OwnerIDIn(ids...)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("listing: texts: %w", err)
	}
	for _, r := range rows {
		if out[r.OwnerID] == nil {
			out[r.OwnerID] = map[string]map[string]string{}
		}
		if out[r.OwnerID][r.Field] == nil {
			out[r.OwnerID][r.Field] = map[string]string{}
		}
		out[r.OwnerID][r.Field][r.Lang] = r.Txt
	}
	return out, nil
}

// editorPick is a field in the main language, else English, else any.
func editorPick(m map[string]string, lang string) string {
	for _, l := range []string{lang, "en"} {
		if v := m[l]; v != "" {
			return v
		}
	}
	keys := make([]string, 0, len(m))
	for l := range m {
		keys = append(keys, l)
	}
	sort.Strings(keys)
	for _, l := range keys {
		if m[l] != "" {
			return m[l]
		}
	}
	return ""
}

// editorLiveValues are the form values of the live goods item (in its main
// language): what the form shows when no change waits, and what a save is
// compared with to tell whether it needs review.
func (e *Editor) editorLiveValues(ctx context.Context, db *ent.Client, g *ent.Goods) (form.Values, error) {
	lang := g.MainLan
	gt, err := editorTexts(ctx, db, catalog.KindGoods, []int{g.ID})
	if err != nil {
		return nil, err
	}
	t := gt[g.ID]
	v := form.Values{"bigType": strconv.Itoa(g.BigType), "spe": strconv.Itoa(g.Spe),
		"priceType": strconv.Itoa(g.PriceCalType), "minQty": float64(g.MinQty)}
	if g.Category != "" {
		v["category"] = g.Category
	}
	for k, x := range g.ExtraValues { // fields operators added to the form
		v[k] = x
	}
	for _, f := range []string{"name", "brief", "intro"} {
		if s := editorPick(t[f], lang); s != "" {
			v[f] = s
		}
	}
	if s, ok := v["intro"].(string); ok { // as a save would keep it (the demo's intros are plain text)
		v["intro"] = form.Sanitize(s)
	}
	var pairs []any
	for i := 0; ; i++ {
		k, val := editorPick(t[fmt.Sprintf("attr.%d.k", i)], lang), editorPick(t[fmt.Sprintf("attr.%d.v", i)], lang)
		if k == "" {
			break
		}
		pairs = append(pairs, map[string]any{"k": k, "v": val})
	}
	if pairs != nil {
		v["introAttrs"] = pairs
	}
	imgs := append([]*ent.GoodsImage{}, g.Edges.Images...)
	sort.Slice(imgs, func(i, j int) bool { return imgs[i].Position < imgs[j].Position })
	urlOf := map[string]string{}
	var images []any
	for _, im := range imgs {
		images = append(images, im.LargeURL)
		urlOf[im.UID] = im.LargeURL
	}
	if images != nil {
		v["images"] = images
	}
	digits := 2
	if c, ok := e.cat.Currency(g.Currency); ok {
		digits = c.Digits
	}
	if len(g.Edges.Skus) == 0 {
		v["stock"] = float64(g.Stock)
	}
	prices := []any{map[string]any{"c": g.Currency, "amount": editorFormat(g.Price, digits)}}
	for _, p := range g.Edges.Prices {
		if p.Currency == g.Currency {
			continue
		}
		d := 2
		if c, ok := e.cat.Currency(p.Currency); ok {
			d = c.Digits
		}
		prices = append(prices, map[string]any{"c": p.Currency, "amount": editorFormat(p.Amount, d)})
	}
	v["prices"] = prices
	rs := append([]*ent.PriceRange{}, g.Edges.Ranges...)
	sort.Slice(rs, func(i, j int) bool { return rs[i].StartQty < rs[j].StartQty })
	var ranges []any
	for _, r := range rs {
		ranges = append(ranges, map[string]any{"startQty": float64(r.StartQty), "amount": editorFormat(r.Amount, digits)})
	}
	if ranges != nil {
		v["ranges"] = ranges
	}
	if err := e.editorLiveAttrs(ctx, db, g, v, urlOf, digits); err != nil {
		return nil, err
	}
	if err := e.editorLiveLabels(ctx, db, g, v, digits); err != nil {
		return nil, err
	}
	return v, nil
}

func (e *Editor) editorLiveAttrs(ctx context.Context, db *ent.Client, g *ent.Goods, v form.Values, urlOf map[string]string, digits int) error {
	attrs := append([]*ent.SkuAttr{}, g.Edges.Attrs...)
	if len(attrs) == 0 {
		return nil
	}
	sort.Slice(attrs, func(i, j int) bool {
		if attrs[i].GroupNo != attrs[j].GroupNo {
			return attrs[i].GroupNo < attrs[j].GroupNo
		}
		return attrs[i].Position < attrs[j].Position
	})
	ids := make([]int, len(attrs))
	for i, a := range attrs {
		ids[i] = a.ID
	}
	at, err := editorTexts(ctx, db, catalog.KindAttr, ids)
	if err != nil {
		return err
	}
	var groups []any
	index := map[string][2]int{} // attr uid → group, position
	var cur map[string]any
	curNo := 0
	for _, a := range attrs {
		if cur == nil || a.GroupNo != curNo {
			name := editorPick(at[a.ID]["group"], g.MainLan)
			if name == "" {
				name = a.GroupName
			}
			cur, curNo = map[string]any{"name": name, "values": []any{}}, a.GroupNo
			groups = append(groups, cur)
		}
		vals := cur["values"].([]any)
		index[a.UID] = [2]int{len(groups) - 1, len(vals)}
		cur["values"] = append(vals, map[string]any{"id": a.UID, "name": editorPick(at[a.ID]["name"], g.MainLan), "img": urlOf[a.ImgUID]})
	}
	v["attrs"] = groups
	skus := append([]*ent.Sku{}, g.Edges.Skus...)
	sort.Slice(skus, func(i, j int) bool { return skus[i].ID < skus[j].ID })
	var out []any
	for _, s := range skus {
		parts := strings.Split(s.AttrKey, ",")
		a := make([]any, 0, len(parts))
		for _, p := range parts {
			a = append(a, float64(index[p][1]))
		}
		out = append(out, map[string]any{"id": s.UID, "a": a, "price": editorFormat(s.Price, digits), "stock": float64(s.Stock)})
	}
	if out != nil {
		v["skus"] = out
	}
	return nil
}

func (e *Editor) editorLiveLabels(ctx context.Context, db *ent.Client, g *ent.Goods, v form.Values, digits int) error {
	labels := append([]*ent.ScenarioLabel{}, g.Edges.Labels...)
	if len(labels) == 0 {
		return nil
	}
	sort.Slice(labels, func(i, j int) bool { return labels[i].Position < labels[j].Position })
	var optIDs []int
	for _, l := range labels {
		for _, o := range l.Edges.Options {
			optIDs = append(optIDs, o.ID)
		}
	}
	ot, err := editorTexts(ctx, db, catalog.KindOption, optIDs)
	if err != nil {
		return err
	}
	var out []any
	for _, l := range labels {
		opts := append([]*ent.ScenarioOption{}, l.Edges.Options...)
		sort.Slice(opts, func(i, j int) bool { return opts[i].Position < opts[j].Position })
		var ov []any
		for _, o := range opts {
			m := map[string]any{"optionId": float64(o.OptionID), "addPrice": editorFormat(o.AddPrice, digits)}
			if l.LabelID == catalog.LabelColour {
				m["name"], m["swatch"] = editorPick(ot[o.ID]["name"], g.MainLan), o.Swatch
			}
			ov = append(ov, m)
		}
		out = append(out, map[string]any{"labelId": float64(l.LabelID), "options": ov})
	}
	v["scenario"] = out
	return nil
}

// editorKnown are the attribute value and sku ids a save of g may name,
// and its live pictures.
func editorKnown(g *ent.Goods) (ids, images map[string]bool) {
	ids, images = map[string]bool{}, map[string]bool{}
	if g == nil {
		return
	}
	for _, a := range g.Edges.Attrs {
		ids[a.UID] = true
	}
	for _, s := range g.Edges.Skus {
		ids[s.UID] = true
	}
	for _, im := range g.Edges.Images {
		images[im.LargeURL] = true
	}
	if p := g.Pending; p != nil { // ids made by an earlier save of a change
		groups, _ := p["attrs"].([]any)
		for _, gr := range groups {
			m, _ := gr.(map[string]any)
			vals, _ := m["values"].([]any)
			for _, x := range vals {
				if vm, ok := x.(map[string]any); ok {
					if id, ok := vm["id"].(string); ok {
						ids[id] = true
					}
				}
			}
		}
		skus, _ := p["skus"].([]any)
		for _, x := range skus {
			if sm, ok := x.(map[string]any); ok {
				if id, ok := sm["id"].(string); ok {
					ids[id] = true
				}
			}
		}
	}
	return
}

func editorGoodsID(id int) predicate.Goods { return goods.IDEQ(id) }

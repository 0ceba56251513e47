package seed

import (
	"context"
	"fmt"
	"slices"

	"souk/app/catalog"
	"souk/app/money"
	"souk/app/seed/content"
	"souk/ent"
)

// attrValue is one value of an attribute group before it is written.
type attrValue struct {
	key   string
	name  map[string]string
	img   string // the picture this value shows (colours only)
	extra int64  // price difference in cents
}

// skus writes the attribute groups of a goods item and its skus: every
// combination but a few, so the picker has combinations to dim.
func (b *builder) skus(ctx context.Context, g *ent.Goods, pl *plan, colors []content.Color) error {
	groups := []*content.Group{pl.p.Group1, pl.p.Group2}
	var values [][]attrValue
	var attrIDs [][]string
	for gi, grp := range groups {
		if grp == nil {
			continue
		}
		vals := b.values(grp, pl, colors)
		if len(vals) == 0 {
			continue
		}
		ids := make([]string, len(vals))
		for k, v := range vals {
			ids[k] = fmt.Sprintf("at%s%d%02d", g.UID, gi, k)
			a, err := b.tx.SkuAttr.Create().SetGoodsID(g.ID).SetUID(ids[k]).SetGroupNo(len(values) + 1).
				SetGroupName(grp.Kind).SetPosition(k).SetImgUID(v.img).Save(ctx)
			if err != nil {
				return fmt.Errorf("seed: sku attr: %w", err)
			}
			b.texts.addMap(catalog.KindAttr, a.ID, "name", v.name)
			b.texts.addMap(catalog.KindAttr, a.ID, "group", grp.Name)
		}
		values = append(values, vals)
		attrIDs = append(attrIDs, ids)
	}
	if len(values) == 0 {
		return nil
	}
	return b.writeSkus(ctx, g, pl, values, attrIDs)
}

func (b *builder) writeSkus(ctx context.Context, g *ent.Goods, pl *plan, values [][]attrValue, ids [][]string) error {
	var creates []*ent.SkuCreate
	varies := false
	add := func(key, img string, extra int64) {
		varies = varies || extra != 0
		stock := pl.rng.IntN(120)
		if g.Stock == 0 {
			stock = 0
		}
		creates = append(creates, b.tx.Sku.Create().SetGoodsID(g.ID).SetUID(fmt.Sprintf("sk%s%d", g.UID, len(creates))).
			SetAttrKey(key).SetImgUID(img).SetPrice(pl.price+extra).SetStock(stock))
	}
	if len(values) == 1 {
		for k, v := range values[0] {
			add(ids[0][k], v.img, v.extra)
		}
	} else {
		for a, va := range values[0] {
			for c, vb := range values[1] {
				if (a+c+pl.i)%5 == 0 && a+c > 0 { // not made in this combination
					continue
				}
				add(ids[0][a]+","+ids[1][c], va.img+vb.img, va.extra+vb.extra)
			}
		}
	}
	if err := b.tx.Sku.CreateBulk(creates...).Exec(ctx); err != nil {
		return fmt.Errorf("seed: skus: %w", err)
	}
	if varies {
		return b.tx.Goods.UpdateOneID(g.ID).SetPriceCalType(money.VariousPrice).Exec(ctx)
	}
	return nil
}

// values lists an attribute group's values for one goods item.
func (b *builder) values(grp *content.Group, pl *plan, colors []content.Color) []attrValue {
	var out []attrValue
	kind := grp.Kind
	switch kind {
	case "color":
		for k, c := range colors {
			out = append(out, attrValue{key: c.Key, name: c.Name, img: pl.images[min(k, len(pl.images)-1)]})
		}
	default:
		opts := allowed(b.c.Options.ByKind(kind), grp.Values)
		if len(opts) == 0 {
			return nil
		}
		n := min(len(opts), 3+pl.i%4)
		at := make([]int, n)
		for k := range at {
			at[k] = (pl.i + k) % len(opts)
		}
		slices.Sort(at) // the catalogue's order (XS before S, 30 ml before 1 L), wherever the run starts
		for k, i := range at {
			o := opts[i]
			var extra int64
			if kind == "material" || kind == "capacity" {
				extra = int64(k) * (pl.price / 10) // richer materials and larger sizes cost more
			}
			out = append(out, attrValue{key: o.Key, name: o.Name, extra: extra})
		}
	}
	return out
}

// allowed keeps the options a template lists (all when it lists none).
func allowed(opts []content.Option, keys []string) []content.Option {
	if len(keys) == 0 {
		return opts
	}
	out := []content.Option{}
	for _, o := range opts {
		for _, k := range keys {
			if o.Key == k {
				out = append(out, o)
			}
		}
	}
	return out
}

package seed

import (
	"context"
	"fmt"
	"math"
	"strings"
	"time"

	"souk/app/catalog"
	"souk/app/seed/content"
	"souk/ent"
)

// children writes a goods item's texts, pictures, prices, skus, options
// and (for the rich demo) comments.
func (b *builder) children(ctx context.Context, g *ent.Goods, pl *plan, rich bool) error {
	b.goodsTexts(g.ID, pl, rich)
	colors := b.colorChoices(pl)
	if err := b.images(ctx, g, pl, colors, rich); err != nil {
		return err
	}
	if err := b.prices(ctx, g, pl); err != nil {
		return err
	}
	if pl.dress {
		if err := b.dressLabels(ctx, g, colors); err != nil {
			return err
		}
	} else if err := b.skus(ctx, g, pl, colors); err != nil {
		return err
	}
	if rich {
		return b.comments(ctx, g, pl)
	}
	return nil
}

// goodsTexts writes the name without a colour: the goods come in several
// (its skus or swatches), and a title saying "Navy" above a Champagne choice
// misleads. The main colour, the one the first picture shows, goes into the
// keywords so "navy cardigan" still finds it by text.
func (b *builder) goodsTexts(id int, pl *plan, rich bool) {
	b.texts.addMap(catalog.KindGoods, id, "name", pl.p.Name)
	if !rich {
		b.texts.add(catalog.KindGoods, id, "brief", "en", pl.p.Brief["en"])
		return
	}
	b.texts.addMap(catalog.KindGoods, id, "brief", pl.p.Brief)
	kw := map[string]string{}
	for l, words := range pl.p.Keywords {
		kw[l] = strings.Join(words, " ")
	}
	for l, c := range pl.color.Name {
		kw[l] = strings.TrimSpace(kw[l] + " " + c)
	}
	b.texts.addMap(catalog.KindGoods, id, "keywords", kw)
	b.texts.addMap(catalog.KindGoods, id, "intro", pl.p.Intro)
	for k, a := range pl.p.Attrs {
		b.texts.addMap(catalog.KindGoods, id, fmt.Sprintf("attr.%d.k", k), a.K)
		b.texts.addMap(catalog.KindGoods, id, fmt.Sprintf("attr.%d.v", k), a.V)
	}
}

// colorChoices picks the colours a goods item comes in: its own first.
func (b *builder) colorChoices(pl *plan) []content.Color {
	palette := b.palette(pl.p)
	n := min(3+pl.i%3, len(palette))
	out := []content.Color{pl.color}
	for k := 1; len(out) < n && k < 4*len(palette); k++ {
		c := palette[(pl.i*7+k*5)%len(palette)]
		if c.Key != out[0].Key && !containsColor(out, c.Key) {
			out = append(out, c)
		}
	}
	return out
}

func containsColor(cs []content.Color, key string) bool {
	for _, c := range cs {
		if c.Key == key {
			return true
		}
	}
	return false
}

// imageUID encodes what the picture shows, so the media store can draw it:
// <shape>_<hex>_<goods uid>-<n>.
func imageUID(shape, hex, goodsUID string, n int) string {
	return fmt.Sprintf("%s_%s_%s-%d", shape, strings.TrimPrefix(strings.ToLower(hex), "#"), goodsUID, n)
}

func (b *builder) images(ctx context.Context, g *ent.Goods, pl *plan, colors []content.Color, rich bool) error {
	count := len(colors)
	if !rich {
		count = 1
	}
	creates := make([]*ent.GoodsImageCreate, 0, count)
	for k := 0; k < count; k++ {
		uid := imageUID(pl.p.Shape, colors[k].Hex, g.UID, k)
		pl.images = append(pl.images, uid)
		s := b.media.DemoSizes(uid)
		creates = append(creates, b.tx.GoodsImage.Create().SetGoodsID(g.ID).SetUID(uid).SetPosition(k).
			SetLargeURL(s.LargeURL).SetLargeW(s.LargeW).SetLargeH(s.LargeH).
			SetSmallURL(s.SmallURL).SetSmallW(s.SmallW).SetSmallH(s.SmallH).
			SetTinyURL(s.TinyURL).SetTinyW(s.TinyW).SetTinyH(s.TinyH))
	}
	if err := b.tx.GoodsImage.CreateBulk(creates...).Exec(ctx); err != nil {
		return fmt.Errorf("seed: images of %s: %w", g.UID, err)
	}
	return nil
}

func (b *builder) prices(ctx context.Context, g *ent.Goods, pl *plan) error {
	if g.PriceCalType == 3 { // a seller-fixed euro price
		eur := int64(math.Round(float64(pl.price)*0.9/100))*100 + 90
		if err := b.tx.GoodsPrice.Create().SetGoodsID(g.ID).SetCurrency("EUR").SetAmount(eur).Exec(ctx); err != nil {
			return fmt.Errorf("seed: static price: %w", err)
		}
	}
	if !pl.wholesale {
		return nil
	}
	breaks := []struct {
		mult   int
		factor float64
	}{{1, 1}, {3, 0.92}, {10, 0.84}}
	var creates []*ent.PriceRangeCreate
	for _, br := range breaks {
		creates = append(creates, b.tx.PriceRange.Create().SetGoodsID(g.ID).
			SetStartQty(pl.minQty*br.mult).SetAmount(int64(math.Round(float64(pl.price)*br.factor))))
	}
	if err := b.tx.PriceRange.CreateBulk(creates...).Exec(ctx); err != nil {
		return fmt.Errorf("seed: price ranges: %w", err)
	}
	return nil
}

// dressLabels gives a dress its colour swatches (label 2) and sizes
// (label 9: custom size 1 and the regular standard sizes).
func (b *builder) dressLabels(ctx context.Context, g *ent.Goods, colors []content.Color) error {
	colourLabel, err := b.tx.ScenarioLabel.Create().SetGoodsID(g.ID).SetLabelID(catalog.LabelColour).SetPosition(0).Save(ctx)
	if err != nil {
		return fmt.Errorf("seed: colour label: %w", err)
	}
	b.texts.add9(catalog.KindLabel, colourLabel.ID, "name", colourLabelName)
	for k, c := range colors {
		o, err := b.tx.ScenarioOption.Create().SetLabelID(colourLabel.ID).SetOptionID(k + 2).SetPosition(k).SetSwatch(c.Hex).Save(ctx)
		if err != nil {
			return fmt.Errorf("seed: colour option: %w", err)
		}
		b.texts.addMap(catalog.KindOption, o.ID, "name", c.Name)
	}
	sizeLabel, err := b.tx.ScenarioLabel.Create().SetGoodsID(g.ID).SetLabelID(catalog.LabelSize).SetPosition(1).Save(ctx)
	if err != nil {
		return fmt.Errorf("seed: size label: %w", err)
	}
	b.texts.add9(catalog.KindLabel, sizeLabel.ID, "name", sizeLabelName)
	custom, err := b.tx.ScenarioOption.Create().SetLabelID(sizeLabel.ID).SetOptionID(catalog.CustomSizeOption).SetPosition(0).SetAddPrice(2900).Save(ctx)
	if err != nil {
		return fmt.Errorf("seed: custom size: %w", err)
	}
	b.texts.add9(catalog.KindOption, custom.ID, "name", customSizeName)
	// Every standard size: 118-138 petite, 139-159 regular, 160-180 tall.
	ids := []int{}
	for id := catalog.FirstSizeOption; id <= catalog.LastSizeOption; id++ {
		ids = append(ids, id)
	}
	for k, id := range ids {
		o, err := b.tx.ScenarioOption.Create().SetLabelID(sizeLabel.ID).SetOptionID(id).SetPosition(k + 1).Save(ctx)
		if err != nil {
			return fmt.Errorf("seed: size option: %w", err)
		}
		b.texts.add9(catalog.KindOption, o.ID, "name", sizeNames(catalog.SizeLabel(id)))
	}
	return nil
}

// sizeNames names a standard size in the nine languages ("US 8 Petite").
func sizeNames(label string) [9]string {
	var out [9]string
	for suffix, names := range heightNames {
		if base, ok := strings.CutSuffix(label, suffix); ok {
			for k := range out {
				out[k] = base + " " + names[k]
			}
			return out
		}
	}
	for k := range out {
		out[k] = label
	}
	return out
}

func (b *builder) comments(ctx context.Context, g *ent.Goods, pl *plan) error {
	n := pl.rng.IntN(13)
	if n == 0 {
		return nil
	}
	reviews, authors := b.c.Comments.Reviews, b.c.Comments.Authors
	creates := make([]*ent.CommentCreate, 0, n)
	sum := 0
	for k := 0; k < n; k++ {
		rv := reviews[(pl.i*13+k*7)%len(reviews)]
		at := Base.Add(-time.Duration(pl.rng.IntN(180*24)) * time.Hour)
		sum += rv.Rating * 20
		creates = append(creates, b.tx.Comment.Create().SetGoodsID(g.ID).
			SetUID(fmt.Sprintf("c%s%02d", g.UID, k)).SetAuthorName(authors[(pl.i+k*3)%len(authors)]).
			SetRatingValue(rv.Rating*20).SetContent(rv.Text).SetLang(rv.Lang).
			SetSortFactor(at.UnixMilli()*100+int64(k)).SetCreatedAt(at))
	}
	if err := b.tx.Comment.CreateBulk(creates...).Exec(ctx); err != nil {
		return fmt.Errorf("seed: comments: %w", err)
	}
	return b.tx.Goods.UpdateOneID(g.ID).SetCommentCount(n).SetRating(sum / n).
		SetRatingCount(g.RatingCount + n).Exec(ctx)
}

package catalog_test

import (
	"context"
	"strings"
	"testing"

	"souk/app/catalog"
	"souk/app/i18n"
	"souk/app/seed"
	"souk/app/store/storetest"
	"souk/app/version"
	"souk/ent"
	"souk/ent/goods"
	"souk/ent/schema"
	"souk/locales"
)

// TestVariants: a line's sku and options come back by name in the asked
// language, with the sku's picture; what no longer exists is left out.
func TestVariants(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		ctx := context.Background()
		if err := seed.Demo(ctx, db, 80); err != nil {
			t.Fatal(err)
		}
		langs, _ := i18n.LoadSet(locales.FS)
		cat, err := catalog.New(ctx, db, langs, version.New())
		if err != nil {
			t.Fatal(err)
		}
		clothes := firstGoods(t, db, func(g *ent.Goods) bool {
			return len(g.Edges.Attrs) > 0 && len(g.Edges.Skus) > 1 && g.Edges.Skus[1].ImgUID != ""
		})
		sku := clothes.Edges.Skus[1]
		dress := firstGoods(t, db, func(g *ent.Goods) bool { return len(g.Edges.Labels) == 2 })
		custom := schema.ScenarioChoice{LabelID: catalog.LabelSize, OptionID: catalog.CustomSizeOption, SizeData: map[string]int{"type": 1, "a": 90}}
		colour := schema.ScenarioChoice{LabelID: catalog.LabelColour, OptionID: 3}
		refs := []catalog.LineRef{
			{GoodsID: clothes.ID, SkuUID: sku.UID},
			{GoodsID: dress.ID, Options: []schema.ScenarioChoice{colour, custom}},
			{GoodsID: clothes.ID, SkuUID: "gone"},
			{GoodsID: dress.ID, Options: []schema.ScenarioChoice{{LabelID: 77, OptionID: 1}}},
		}
		en, err := cat.Variants(ctx, refs, "en")
		if err != nil {
			t.Fatal(err)
		}
		fr, err := cat.Variants(ctx, refs, "fr")
		if err != nil {
			t.Fatal(err)
		}
		cases := []struct {
			name  string
			got   catalog.Variant
			want  int    // how many chosen values
			first string // the first one's group or label, in that language
			img   string // "" for the goods' first picture
		}{
			{"sku attributes in English", en[0], len(strings.Split(sku.AttrKey, ",")), "Color", sku.ImgUID},
			{"sku attributes in French", fr[0], len(strings.Split(sku.AttrKey, ",")), "Couleur", sku.ImgUID},
			{"dress colour and custom size", en[1], 2, "Color", ""},
			{"dress in French", fr[1], 2, "Couleur", ""},
			{"a sku that no longer exists", en[2], 0, "", ""},
			{"an option that no longer exists", en[3], 0, "", ""},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				if len(c.got.Chosen) != c.want {
					t.Fatalf("chosen %+v, want %d values", c.got.Chosen, c.want)
				}
				if c.want > 0 && c.got.Chosen[0].Name.Txt != c.first {
					t.Errorf("first named %q, want %q", c.got.Chosen[0].Name.Txt, c.first)
				}
				for _, ch := range c.got.Chosen {
					if ch.Value.Txt == "" {
						t.Errorf("%q has no value name", ch.Name.Txt)
					}
				}
				if c.got.Image == nil {
					t.Fatal("no picture")
				}
				if c.img != "" && !strings.Contains(c.got.Image.Small.URL, c.img) {
					t.Errorf("picture %s, want the sku's %s", c.got.Image.Small.URL, c.img)
				}
			})
		}
		if size := en[1].Chosen[1]; size.Value.Txt != "Custom size" || size.SizeData["a"] != 90 {
			t.Errorf("custom size %+v", size)
		}
	})
}

func firstGoods(t *testing.T, db *ent.Client, keep func(*ent.Goods) bool) *ent.Goods {
	t.Helper()
	rows := db.Goods.Query().Order(ent.Asc(goods.FieldID)).WithAttrs().WithSkus().WithLabels().AllX(context.Background())
	for _, g := range rows {
		if keep(g) {
			return g
		}
	}
	t.Fatal("no goods matched")
	return nil
}

package seed

import (
	"context"
	"io"
	"log/slog"
	"testing"

	"souk/app/catalog"
	"souk/app/seed/content"
	"souk/app/store/storetest"
	"souk/ent"
	"souk/ent/skuattr"
	"souk/ent/text"
)

// TestAttrValuesInCatalogueOrder: a goods item's sizes (and every other
// ordered value list) show in the catalogue's order, XS S M L XL XXL, not
// rotated to wherever the item's run of values starts (issue 9: "M, L, XL,
// XXL, XS").
func TestAttrValuesInCatalogueOrder(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		ctx := context.Background()
		if err := EnsureDemo(ctx, db, 120, slog.New(slog.NewTextHandler(io.Discard, nil))); err != nil {
			t.Fatal(err)
		}
		c, err := content.Load()
		if err != nil {
			t.Fatal(err)
		}
		for _, kind := range []string{content.KindSize, content.KindShoeSize, content.KindCapacity} {
			rank := map[string]int{}
			for i, o := range c.Options.ByKind(kind) {
				rank[o.Name["en"]] = i
			}
			attrs, err := db.SkuAttr.Query().Where(skuattr.GroupNameEQ(kind)).WithGoods().
				Order(ent.Asc(skuattr.FieldID)).All(ctx)
			if err != nil {
				t.Fatal(err)
			}
			last := map[int]int{} // goods id -> rank of its previous value
			for _, a := range attrs {
				name, err := db.Text.Query().Where(text.OwnerKindEQ(catalog.KindAttr), text.OwnerIDEQ(a.ID),
					text.FieldEQ("name"), text.LangEQ("en")).Only(ctx)
				if err != nil {
					t.Fatal(err)
				}
				r, ok := rank[name.Txt]
				if !ok {
					t.Fatalf("%s value %q is not in options.json", kind, name.Txt)
				}
				g := a.Edges.Goods.ID
				if prev, seen := last[g]; seen && r <= prev {
					t.Errorf("goods %d: %s %q comes after a later value", g, kind, name.Txt)
				}
				last[g] = r
			}
		}
	})
}

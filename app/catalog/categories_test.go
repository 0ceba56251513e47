package catalog_test

import (
	"context"
	"testing"

	"souk/app/catalog"
	"souk/app/i18n"
	"souk/app/store/storetest"
	"souk/app/version"
	"souk/ent"
	"souk/locales"
)

// The category tree is read once and kept until the reference data is
// reloaded; a category's parent takes in its sub-categories' codes.
func TestCategoryTreeIsKeptUntilReload(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		ctx := context.Background()
		langs, _ := i18n.LoadSet(locales.FS)
		cat, err := catalog.New(ctx, db, langs, version.New())
		if err != nil {
			t.Fatal(err)
		}
		db.Category.Create().SetLabelID(catalog.CategoryLabel).SetCode("top").SetPosition(0).ExecX(ctx)
		db.Category.Create().SetLabelID(catalog.CategoryLabel).SetCode("sub").SetParentCode("top").SetPosition(1).ExecX(ctx)
		codes := func() []string {
			tree, err := cat.CategoryTree(ctx, "en")
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, n := range tree {
				out = append(out, n.Codes()...)
			}
			return out
		}
		if got := codes(); len(got) != 2 || got[0] != "top" || got[1] != "sub" {
			t.Fatalf("tree codes %v, want [top sub]", got)
		}
		db.Category.Delete().ExecX(ctx)
		if got := codes(); len(got) != 2 {
			t.Fatalf("the tree was read again: %v", got)
		}
		if err := cat.ReloadRates(ctx); err != nil {
			t.Fatal(err)
		}
		if got := codes(); len(got) != 0 {
			t.Fatalf("after a reload the tree is still %v", got)
		}
	})
}

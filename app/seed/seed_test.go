package seed

import (
	"cmp"
	"context"
	"io"
	"log/slog"
	"testing"

	"souk/app/catalog"
	"souk/app/seed/content"
	"souk/app/store/storetest"
	"souk/ent"
	"souk/ent/category"
	"souk/ent/goods"
	"souk/ent/scenariooption"
	"souk/ent/text"
)

func TestDemoCatalogue(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		ctx := context.Background()
		if err := EnsureDemo(ctx, db, 420, slog.New(slog.NewTextHandler(io.Discard, nil))); err != nil {
			t.Fatal(err)
		}
		count := func(q interface {
			Count(context.Context) (int, error)
		}) int {
			n, err := q.Count(ctx)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		checks := []struct {
			what string
			n    int
			min  int
		}{
			{"goods", count(db.Goods.Query()), 420},
			{"wholesale goods with a minimum above 1", count(db.Goods.Query().Where(goods.BigTypeEQ(2), goods.MinQtyGT(1), goods.HasRanges())), 20},
			{"dresses", count(db.Goods.Query().Where(goods.SpeEQ(1), goods.HasLabels())), 20},
			{"custom size options", count(db.ScenarioOption.Query().Where(scenariooption.OptionIDEQ(1))), 20},
			{"standard sizes", count(db.ScenarioOption.Query().Where(scenariooption.OptionIDGTE(118), scenariooption.OptionIDLTE(180))), 100},
			{"identities", count(db.Identity.Query()), 10},
			{"comments", count(db.Comment.Query()), 400},
			{"goods names in Arabic", count(db.Text.Query().Where(text.OwnerKindEQ(catalog.KindGoods), text.FieldEQ("name"), text.LangEQ("ar"))), 420},
			{"languages", count(db.Language.Query()), 128},
			{"home blocks", count(db.HomeBlock.Query()), 9},
		}
		for _, c := range checks {
			if c.n < c.min {
				t.Errorf("%s: %d, want at least %d", c.what, c.n, c.min)
			}
		}
		// Every category's goods name a category of label 1, and each but
		// the dresses has wholesale goods of several minimum quantities, so
		// a category's minimum-quantity filter narrows it.
		codes := map[string]bool{}
		parents := map[string]string{}
		for _, c := range db.Category.Query().AllX(ctx) {
			codes[c.Code], parents[c.Code] = true, c.ParentCode
		}
		minQtys := map[string]map[int]bool{}
		for _, g := range db.Goods.Query().AllX(ctx) {
			if !codes[g.Category] {
				t.Errorf("goods %s: category %q is not a category", g.UID, g.Category)
			}
			top := cmp.Or(parents[g.Category], g.Category)
			if minQtys[top] == nil {
				minQtys[top] = map[int]bool{}
			}
			if g.BigType == 2 {
				minQtys[top][g.MinQty] = true
			}
		}
		for code, qs := range minQtys {
			if code != "dresses" && len(qs) < 3 {
				t.Errorf("category %s: wholesale minimum quantities %v, want at least three", code, qs)
			}
		}
		if len(minQtys) < 11 || count(db.Category.Query().Where(category.ParentCodeNEQ(""))) < 2 {
			t.Errorf("goods in %d top categories, or fewer than two sub-categories", len(minQtys))
		}
		for _, l := range content.Langs {
			if n := count(db.Text.Query().Where(text.FieldEQ("brief"), text.LangEQ(l))); n < 420 {
				t.Errorf("briefs in %s: %d", l, n)
			}
		}
		// A name never says a colour: the goods come in several, and the
		// shopper's choice is shown beside the name, not against it. So a
		// goods item's name is its template's, in every language.
		cat, err := content.Load()
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]map[string]string{}
		for _, p := range cat.Products {
			want[p.Key] = p.Name
		}
		template := map[int]string{}
		for _, g := range db.Goods.Query().AllX(ctx) {
			template[g.ID] = g.Template
		}
		names, err := db.Text.Query().Where(text.OwnerKindEQ(catalog.KindGoods), text.FieldEQ("name")).All(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range names {
			if w := want[template[n.OwnerID]][n.Lang]; n.Txt != w {
				t.Errorf("goods %d name in %s is %q, want its template's %q", n.OwnerID, n.Lang, n.Txt, w)
			}
		}
		// Seeding twice does nothing.
		if err := EnsureDemo(ctx, db, 420, slog.New(slog.NewTextHandler(io.Discard, nil))); err != nil {
			t.Fatal(err)
		}
		if n := count(db.Goods.Query()); n != 420 {
			t.Fatalf("second EnsureDemo changed the catalogue: %d goods", n)
		}
	})
}

// The seeder is deterministic: the same count gives the same goods.
func TestDeterministic(t *testing.T) {
	ctx := context.Background()
	var names [2][]string
	for k := range names {
		db := storetest.Open(t, storetest.Backend{Name: "sqlite", Dir: t.TempDir()})
		if err := Demo(ctx, db, 80); err != nil {
			t.Fatal(err)
		}
		rows, err := db.Goods.Query().Order(ent.Asc(goods.FieldUID)).All(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range rows {
			names[k] = append(names[k], g.UID+g.URI+string(rune(g.Price)))
		}
	}
	if len(names[0]) != 80 || len(names[0]) != len(names[1]) {
		t.Fatal("wrong counts")
	}
	for i := range names[0] {
		if names[0][i] != names[1][i] {
			t.Fatalf("goods %d differs between runs", i)
		}
	}
}

func TestGenerateAddsGoods(t *testing.T) {
	ctx := context.Background()
	db := storetest.Open(t, storetest.Backend{Name: "sqlite", Dir: t.TempDir()})
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	if err := Generate(ctx, db, 1200, log); err != nil {
		t.Fatal(err)
	}
	n, _ := db.Goods.Query().Count(ctx)
	if n != 480+1200 {
		t.Fatalf("got %d goods, want 1680", n)
	}
}

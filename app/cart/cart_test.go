package cart

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"souk/app/apperr"
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

type fixture struct {
	*Service
	db       *ent.Client
	ana, bob int
}

func newFixture(t *testing.T, db *ent.Client) *fixture {
	ctx := context.Background()
	if err := seed.Demo(ctx, db, 140); err != nil {
		t.Fatal(err)
	}
	langs, _ := i18n.LoadSet(locales.FS)
	cat, err := catalog.New(ctx, db, langs, version.New())
	if err != nil {
		t.Fatal(err)
	}
	ana := db.User.Create().SetUID("uana").SetUserName("ana").SaveX(ctx)
	bob := db.User.Create().SetUID("ubob").SetUserName("bob").SaveX(ctx)
	return &fixture{Service: New(db, cat), db: db, ana: ana.ID, bob: bob.ID}
}

func wantCode(t *testing.T, err error, code apperr.Code) {
	t.Helper()
	if got := apperr.CodeOf(err); got != code {
		t.Fatalf("error %v: code %d, want %d", err, got, code)
	}
}

// pick finds goods and a valid selection for them.
func (f *fixture) pick(t *testing.T, where ...func(*ent.Goods) bool) (*ent.Goods, AddInput) {
	ctx := context.Background()
	rows := f.db.Goods.Query().Where(goods.SaleableEQ(1)).WithSkus().WithAttrs().
		WithLabels(func(q *ent.ScenarioLabelQuery) { q.WithOptions() }).AllX(ctx)
	for _, g := range rows {
		ok := true
		for _, w := range where {
			ok = ok && w(g)
		}
		if !ok {
			continue
		}
		in := AddInput{TreID: g.UID}
		for _, k := range g.Edges.Skus {
			if k.Stock >= 5 && len(g.Edges.Attrs) > 0 {
				in.SkuID = k.UID
				break
			}
		}
		if len(g.Edges.Attrs) > 0 && in.SkuID == "" {
			continue
		}
		for _, l := range g.Edges.Labels {
			o := l.Edges.Options[len(l.Edges.Options)-1]
			in.Options = append(in.Options, schema.ScenarioChoice{LabelID: l.LabelID, OptionID: o.OptionID})
		}
		return g, in
	}
	t.Fatal("no goods matched")
	return nil, AddInput{}
}

func TestAddRules(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		ctx := context.Background()
		f := newFixture(t, db)
		g, in := f.pick(t, func(g *ent.Goods) bool { return len(g.Edges.Attrs) > 0 && g.MinQty == 1 && len(g.Edges.Labels) == 0 })
		// No sku chosen: PSSp. A short id counts as unset.
		bad := in
		bad.RequestID, bad.SkuID = "r0", "abc"
		_, err := f.Add(ctx, f.ana, bad)
		wantCode(t, err, apperr.InvalidInput)
		// First add: the minimum; the same request again adds nothing; a new request adds one.
		in.RequestID = "r1"
		res, err := f.Add(ctx, f.ana, in)
		if err != nil || res.Incr != 1 || res.Quantity != 1 {
			t.Fatalf("first add: %+v %v", res, err)
		}
		again, err := f.Add(ctx, f.ana, in)
		if err != nil || again.Incr != 0 || again.Quantity != 1 || again.LineID != res.LineID {
			t.Fatalf("the same request must add once: %+v %v", again, err)
		}
		in.RequestID = "r2"
		more, _ := f.Add(ctx, f.ana, in)
		if more.Quantity != 2 || more.CartQty != 2 {
			t.Fatalf("a second request adds one: %+v", more)
		}
		// Unknown goods, off-sale goods.
		_, err = f.Add(ctx, f.ana, AddInput{RequestID: "r3", TreID: "nope"})
		wantCode(t, err, apperr.NotFound)
		f.db.Goods.UpdateOneID(g.ID).SetSaleable(0).ExecX(ctx)
		in.RequestID = "r4"
		_, err = f.Add(ctx, f.ana, in)
		wantCode(t, err, apperr.Conflict)
	})
}

func TestConcurrentSameRequestAddsOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		ctx := context.Background()
		f := newFixture(t, db)
		_, in := f.pick(t, func(g *ent.Goods) bool { return g.MinQty == 1 && len(g.Edges.Labels) == 0 })
		in.RequestID = "same"
		var wg sync.WaitGroup
		errs := make(chan error, 50)
		for i := 0; i < 50; i++ {
			wg.Add(1)
			go func() { defer wg.Done(); _, err := f.Add(ctx, f.ana, in); errs <- err }()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil && apperr.CodeOf(err) != apperr.Conflict {
				t.Fatalf("unexpected error: %v", err)
			}
		}
		n, _ := f.Count(ctx, f.ana)
		if n != 1 {
			t.Fatalf("50 concurrent identical requests made %d pieces, want 1", n)
		}
	})
}

func TestDressCustomSize(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, storetest.Open(t, storetest.Backend{Name: "sqlite", Dir: t.TempDir()}))
	_, in := f.pick(t, func(g *ent.Goods) bool { return g.Spe == 1 })
	for i := range in.Options {
		if in.Options[i].LabelID == catalog.LabelSize {
			in.Options[i].OptionID = catalog.CustomSizeOption
		}
	}
	size := func(d map[string]int) AddInput {
		c := in
		c.Options = append([]schema.ScenarioChoice(nil), in.Options...)
		for i := range c.Options {
			if c.Options[i].LabelID == catalog.LabelSize {
				c.Options[i].SizeData = d
			}
		}
		c.RequestID = fmt.Sprint(d)
		return c
	}
	tests := []struct {
		d  map[string]int
		ok bool
	}{
		{map[string]int{"type": 1, "a": 90, "b": 70, "c": 95}, false},             // a measure missing
		{map[string]int{"type": 1, "a": 90, "b": 70, "c": 95, "d": 300}, false},   // out of range
		{map[string]int{"type": 2, "a": 90, "b": 70, "c": 95, "d": 150}, false},   // cm fields with inches
		{map[string]int{"a": 90, "b": 70, "c": 95, "d": 150}, false},              // no unit
		{map[string]int{"type": 2, "a2": 36, "b2": 28, "c2": 38, "d2": 60}, true}, // inches
		{map[string]int{"type": 1, "a": 90, "b": 70, "c": 95, "d": 150}, true},    // centimetres
	}
	for _, tt := range tests {
		_, err := f.Add(ctx, f.ana, size(tt.d))
		if (err == nil) != tt.ok {
			t.Errorf("size %v: err %v, want ok=%v", tt.d, err, tt.ok)
		}
	}
	// Two sizes are two lines; the custom size's surcharge is in the price.
	groups, err := f.List(ctx, f.ana, "en", "USD")
	if err != nil || len(groups) != 1 || len(groups[0].Lines) != 2 {
		t.Fatalf("list: %+v %v", groups, err)
	}
}

func TestWholesaleQuantities(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, storetest.Open(t, storetest.Backend{Name: "sqlite", Dir: t.TempDir()}))
	g, in := f.pick(t, func(g *ent.Goods) bool {
		return g.BigType == 2 && g.MinQty > 1 && len(g.Edges.Attrs) == 0 && g.Stock >= 3*g.MinQty
	})
	in.RequestID = "w1"
	res, err := f.Add(ctx, f.ana, in)
	if err != nil || res.Quantity != g.MinQty {
		t.Fatalf("the first add is the minimum order quantity: %+v %v", res, err)
	}
	_, err = f.SetQuantity(ctx, f.ana, res.LineID, g.MinQty-1)
	wantCode(t, err, apperr.InvalidInput)
	_, err = f.SetQuantity(ctx, f.ana, res.LineID, g.Stock+1)
	wantCode(t, err, apperr.Conflict)
	_, err = f.SetQuantity(ctx, f.ana, res.LineID, -5)
	wantCode(t, err, apperr.InvalidInput)
	before, _ := f.List(ctx, f.ana, "en", "USD")
	if _, err := f.SetQuantity(ctx, f.ana, res.LineID, 3*g.MinQty); err != nil {
		t.Fatal(err)
	}
	after, _ := f.List(ctx, f.ana, "en", "USD")
	if after[0].Lines[0].UnitPrice.Amount >= before[0].Lines[0].UnitPrice.Amount {
		t.Fatalf("a price break must lower the unit price: %v → %v", before[0].Lines[0].UnitPrice, after[0].Lines[0].UnitPrice)
	}
}

func TestLinesAreOwnOnly(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, storetest.Open(t, storetest.Backend{Name: "sqlite", Dir: t.TempDir()}))
	_, in := f.pick(t, func(g *ent.Goods) bool { return g.MinQty == 1 && len(g.Edges.Labels) == 0 })
	in.RequestID = "a1"
	res, err := f.Add(ctx, f.ana, in)
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.SetQuantity(ctx, f.bob, res.LineID, 2)
	wantCode(t, err, apperr.NotFound)
	wantCode(t, f.Remove(ctx, f.bob, []string{res.LineID}), apperr.NotFound)
	wantCode(t, f.Select(ctx, f.bob, []string{res.LineID}, false), apperr.NotFound)
	if groups, _ := f.List(ctx, f.bob, "en", "USD"); len(groups) != 0 {
		t.Fatal("bob sees ana's cart")
	}
	if err := f.Select(ctx, f.ana, nil, false); err != nil {
		t.Fatal(err)
	}
	if err := f.Remove(ctx, f.ana, []string{res.LineID}); err != nil {
		t.Fatal(err)
	}
	if n, _ := f.Count(ctx, f.ana); n != 0 {
		t.Fatalf("%d pieces left", n)
	}
}

package trend

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"souk/app/apperr"
	"souk/app/seed"
	"souk/app/store/storetest"
	"souk/ent"
	"souk/ent/goods"
	"souk/ent/goodsactivity"
)

// now is the tests' fixed clock.
var now = time.Date(2026, 12, 10, 15, 0, 0, 0, time.UTC)

func fixture(t *testing.T, db *ent.Client, o Options) (*Service, []*ent.Goods) {
	t.Helper()
	ctx := context.Background()
	if err := seed.Demo(ctx, db, 30); err != nil {
		t.Fatal(err)
	}
	if o.Now == nil {
		o.Now = func() time.Time { return now }
	}
	o.Salt = []byte("test salt")
	rows := db.Goods.Query().Where(goods.SaleableEQ(1)).Order(ent.Asc(goods.FieldID)).AllX(ctx)
	if len(rows) < 6 {
		t.Fatalf("only %d goods on sale", len(rows))
	}
	return New(db, o), rows
}

func code(err error) apperr.Code { return apperr.CodeOf(err) }

func counters(t *testing.T, db *ent.Client, goodsID int) (views, carts, orders int) {
	t.Helper()
	for _, r := range db.GoodsActivity.Query().Where(goodsactivity.GoodsIDEQ(goodsID)).AllX(context.Background()) {
		views, carts, orders = views+r.Views, carts+r.Carts, orders+r.Orders
	}
	return
}

// A view report is bounded: per address and minute, once per visitor per
// item per day, and only for listed goods with a well-formed id.
func TestViewsAreBounded(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		ctx := context.Background()
		s, gs := fixture(t, db, Options{ViewsPerMinute: 4})
		a, b := gs[0], gs[1]
		for _, c := range []struct {
			name, addr, uid string
			counted         bool
			code            apperr.Code
		}{
			{"first view", "10.0.0.1", a.UID, true, 200},
			{"the same visitor again", "10.0.0.1", a.UID, false, 200},
			{"another item", "10.0.0.1", b.UID, true, 200},
			{"another visitor", "10.0.0.2", a.UID, true, 200},
			{"an IPv6 neighbour is the same visitor", "2001:db8::1", a.UID, true, 200},
			{"…in the same /64", "2001:db8::2", a.UID, false, 200},
			{"unknown goods", "10.0.0.1", "tr-no-such-goods", false, apperr.NotFound},
			{"empty id", "10.0.0.3", "", false, apperr.InvalidInput},
			{"NUL in the id", "10.0.0.3", a.UID + "\x00", false, apperr.InvalidInput},
			{"id too long", "10.0.0.3", strings.Repeat("x", MaxUID+1), false, apperr.InvalidInput},
			{"invalid UTF-8", "10.0.0.3", "tr\xff", false, apperr.InvalidInput},
			{"over the minute's allowance", "10.0.0.1", b.UID, false, apperr.RateLimited},
		} {
			got, err := s.View(ctx, c.addr, c.uid)
			if got != c.counted || (c.code == 200) != (err == nil) || (err != nil && code(err) != c.code) {
				t.Errorf("%s: counted %v, err %v; want %v, code %d", c.name, got, err, c.counted, c.code)
			}
		}
		if v, _, _ := counters(t, db, a.ID); v != 3 {
			t.Errorf("item a: %d views, want 3", v)
		}
		if v, _, _ := counters(t, db, b.ID); v != 1 {
			t.Errorf("item b: %d views, want 1", v)
		}
		// A goods item taken off the store is not counted.
		db.Goods.UpdateOneID(gs[2].ID).SetDeletedAt(now).ExecX(ctx)
		if _, err := s.View(ctx, "10.0.0.9", gs[2].UID); code(err) != apperr.NotFound {
			t.Errorf("deleted goods: %v", err)
		}
	})
}

// Parallel reports count exactly: each visitor once, however many of its
// reports race.
func TestParallelViewsCountExactly(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		ctx := context.Background()
		s, gs := fixture(t, db, Options{ViewsPerMinute: 1000})
		g := gs[0]
		var wg sync.WaitGroup
		var counted atomic.Int64
		errs := make(chan error, 80)
		for i := 0; i < 80; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				addr := fmt.Sprintf("10.1.0.%d", i%40) // 40 visitors, each twice
				ok, err := s.View(ctx, addr, g.UID)
				if err != nil {
					errs <- err
				}
				if ok {
					counted.Add(1)
				}
			}(i)
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
		if v, _, _ := counters(t, db, g.ID); v != 40 || counted.Load() != 40 {
			t.Fatalf("%d views stored, %d reported counted; want 40", v, counted.Load())
		}
		if n := db.GoodsActivity.Query().Where(goodsactivity.GoodsIDEQ(g.ID)).CountX(ctx); n != 1 {
			t.Fatalf("%d counter rows for one item and day", n)
		}
	})
}

// The ranking follows the weighted, decayed signals: an order outweighs
// several views, a week-old burst of views fades below today's few, and
// signals older than the window or of goods off sale do not count.
func TestRankingFollowsSignals(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		ctx := context.Background()
		s, gs := fixture(t, db, Options{})
		today := dayOf(now)
		put := func(g *ent.Goods, age, views, carts, orders int) {
			db.GoodsActivity.Create().SetGoodsID(g.ID).SetDay(today - age).
				SetViews(views).SetCarts(carts).SetOrders(orders).ExecX(ctx)
		}
		ordered, viewed, carted, faded, expired, off := gs[0], gs[1], gs[2], gs[3], gs[4], gs[5]
		put(ordered, 0, 0, 0, 1) // 20
		put(viewed, 0, 12, 0, 0) // 12
		put(carted, 1, 0, 2, 0)  // 10 × 0.71
		put(faded, 6, 50, 0, 0)  // 50 × 0.125
		put(expired, Days, 500, 0, 5)
		put(off, 0, 900, 0, 0)
		db.Goods.UpdateOneID(off.ID).SetSaleable(0).ExecX(ctx)

		r, err := s.Ranking(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, g := range r.Overall {
			got = append(got, g.UID)
		}
		want := []string{ordered.UID, viewed.UID, carted.UID, faded.UID}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Fatalf("ranking %v, want %v", got, want)
		}
		// Each item is ranked in its category too.
		for _, g := range []*ent.Goods{ordered, viewed, carted, faded} {
			c := r.Category(g.Category)
			if c == nil || !containsUID(c.Goods, g.UID) {
				t.Errorf("%s is not ranked in %q", g.UID, g.Category)
			}
		}
		// The ranking is reused until it is Every old; a new signal shows after.
		put(faded, 0, 100, 0, 0)
		if r2, _ := s.Ranking(ctx); r2.Overall[0].UID != ordered.UID {
			t.Fatalf("recomputed before Every")
		}
		r3, err := s.recompute(ctx, true)
		if err != nil || r3.Overall[0].UID != faded.UID {
			t.Fatalf("after new views: %+v %v", r3.Overall, err)
		}
	})
}

func containsUID(l []Scored, uid string) bool {
	for _, g := range l {
		if g.UID == uid {
			return true
		}
	}
	return false
}

// Adds to a cart count; Run notices a changed ranking and says so once;
// old counters and marks are pruned.
func TestRunAndPrune(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		changed := make(chan struct{}, 8)
		s, gs := fixture(t, db, Options{Every: 20 * time.Millisecond, OnChange: func() { changed <- struct{}{} }})
		go s.Run(ctx)
		time.Sleep(50 * time.Millisecond) // Run's first ranking (nothing) is its baseline
		if err := s.Carted(ctx, gs[1].ID); err != nil {
			t.Fatal(err)
		}
		select {
		case <-changed:
		case <-time.After(10 * time.Second):
			t.Fatal("no change reported after an add to cart")
		}
		if _, c, _ := counters(t, db, gs[1].ID); c != 1 {
			t.Fatalf("%d adds counted", c)
		}
		cancel()

		today := dayOf(now)
		db.GoodsActivity.Create().SetGoodsID(gs[2].ID).SetDay(today - Days).SetViews(3).ExecX(context.Background())
		db.GoodsViewMark.Create().SetGoodsID(gs[2].ID).SetDay(today - 2).SetVisitor("x").ExecX(context.Background())
		db.GoodsViewMark.Create().SetGoodsID(gs[2].ID).SetDay(today - 1).SetVisitor("x").ExecX(context.Background())
		n, err := s.Prune(context.Background())
		if err != nil || n != 2 {
			t.Fatalf("pruned %d, %v; want 2", n, err)
		}
		if v, c, _ := counters(t, db, gs[1].ID); v != 0 || c != 1 {
			t.Fatalf("today's counters pruned: %d %d", v, c)
		}
	})
}

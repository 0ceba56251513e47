package trend

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"unicode/utf8"

	"souk/app/apperr"
	"souk/app/catalog"
	"souk/app/ratelimit"
	"souk/app/store"
	"souk/ent"
	"souk/ent/goods"
	"souk/ent/goodsactivity"
	"souk/ent/goodsviewmark"
	"souk/ent/order"
	"souk/ent/orderline"
)

// signal is one kind of counted event.
type signal int

const (
	viewed signal = iota
	carted
	ordered
)

// View counts a view of the product page of treID by the client at addr:
// once per visitor (address) per item per day, at most ViewsPerMinute
// reports a minute per address. The report is reserved against the limit
// before anything is looked at, so unknown or malformed ids cost the same.
// It answers whether the view was counted (false: seen today already).
func (s *Service) View(ctx context.Context, addr, treID string) (bool, error) {
	key := ratelimit.AddrKey(addr)
	if ok, _ := s.limit.Allow(key); !ok {
		return false, apperr.New(apperr.RateLimited, "ViewsTooOften")
	}
	if treID == "" || len(treID) > MaxUID || !utf8.ValidString(treID) || strings.ContainsRune(treID, 0) {
		return false, apperr.Invalid("treId", "IncorrectEntry", "GoodsNotFound")
	}
	id, err := s.db.Goods.Query().Where(goods.UIDEQ(treID), catalog.Listed()).OnlyID(ctx)
	if ent.IsNotFound(err) {
		return false, apperr.New(apperr.NotFound, "GoodsNotFound")
	}
	if err != nil {
		return false, fmt.Errorf("trend: find goods: %w", err)
	}
	day := dayOf(s.o.Now())
	counted := false
	err = store.InTx(ctx, s.db, func(tx *ent.Tx) error {
		// The mark claims (day, item, visitor): of parallel reports of one
		// visitor, one inserts it and counts; the others change nothing.
		res, err := tx.ExecContext(ctx, "INSERT INTO "+goodsviewmark.Table+" ("+goodsviewmark.FieldDay+", "+
			goodsviewmark.FieldGoodsID+", "+goodsviewmark.FieldVisitor+") VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
			day, id, s.visitor(key))
		if err != nil {
			return fmt.Errorf("trend: mark view: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err
		}
		counted = true
		return add(ctx, tx.GoodsActivity, id, day, viewed)
	})
	return counted, err
}

// visitor stands for a client address in view marks: a keyed hash, so the
// table holds no addresses.
func (s *Service) visitor(addrKey string) string {
	m := hmac.New(sha256.New, s.o.Salt)
	m.Write([]byte(addrKey))
	return hex.EncodeToString(m.Sum(nil)[:16])
}

// Carted counts an add of goodsID to a cart (a real add: a repeated
// request adds nothing and is not counted).
func (s *Service) Carted(ctx context.Context, goodsID int) error {
	return add(ctx, s.db.GoodsActivity, goodsID, dayOf(s.o.Now()), carted)
}

// Ordered counts a paid order once for each goods item in it.
func (s *Service) Ordered(ctx context.Context, orderID int) error {
	ids, err := s.db.OrderLine.Query().Where(orderline.HasOrderWith(order.IDEQ(orderID))).
		Unique(true).Select(orderline.FieldGoodsID).Ints(ctx)
	if err != nil {
		return fmt.Errorf("trend: order lines: %w", err)
	}
	day := dayOf(s.o.Now())
	for _, id := range ids { // Unique: each goods item once
		if err := add(ctx, s.db.GoodsActivity, id, day, ordered); err != nil {
			return err
		}
	}
	return nil
}

// add raises one counter of (goodsID, day), making the row if it is the
// day's first signal: one upsert, atomic on both databases.
func add(ctx context.Context, c *ent.GoodsActivityClient, goodsID, day int, sig signal) error {
	cr := c.Create().SetGoodsID(goodsID).SetDay(day)
	up := func(u *ent.GoodsActivityUpsertOne) *ent.GoodsActivityUpsertOne { return u }
	switch sig {
	case viewed:
		cr.SetViews(1)
		up = func(u *ent.GoodsActivityUpsertOne) *ent.GoodsActivityUpsertOne { return u.AddViews(1) }
	case carted:
		cr.SetCarts(1)
		up = func(u *ent.GoodsActivityUpsertOne) *ent.GoodsActivityUpsertOne { return u.AddCarts(1) }
	case ordered:
		cr.SetOrders(1)
		up = func(u *ent.GoodsActivityUpsertOne) *ent.GoodsActivityUpsertOne { return u.AddOrders(1) }
	}
	err := up(cr.OnConflictColumns(goodsactivity.FieldGoodsID, goodsactivity.FieldDay)).Exec(ctx)
	if err != nil {
		return fmt.Errorf("trend: count: %w", err)
	}
	return nil
}

package listing

import (
	"context"
	"fmt"
	"sort"
	"strconv"

	"souk/app/apperr"
	"souk/ent"
	"souk/ent/goods"
	"souk/ent/sku"
)

// StockChange is one line of tre/changeInventory: for a sku (or, with an
// empty SkuID, for goods without skus) either an absolute stock, which
// applies only if the stock is still Was (what the seller saw, so a sale
// made meanwhile is never overwritten), or a Delta added to what is there.
type StockChange struct {
	SkuID string
	Stock *int64
	Was   *int64
	Delta *int64
}

// Stock is a sku's (or skuless goods') stock after a change.
type Stock struct {
	SkuID string `json:"skuId"`
	Stock int    `json:"stock"`
}

// ChangeStock applies every change or none, in one transaction; each is a
// conditional UPDATE, so parallel changes and checkouts (which take stock
// the same way, app/order) can neither make stock negative nor lose one
// another's updates.
func (s *Service) ChangeStock(ctx context.Context, userID int, t Target, changes []StockChange) ([]Stock, error) {
	if err := validChanges(changes); err != nil {
		return nil, err
	}
	// A fixed order of row locks: two calls on the same skus cannot deadlock.
	sorted := append([]StockChange(nil), changes...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].SkuID < sorted[j].SkuID })
	var out []Stock
	err := s.write(ctx, userID, t, false, func(tx *ent.Tx, g *ent.Goods) error {
		if err := ownSkus(g, sorted); err != nil {
			return err
		}
		out = make([]Stock, 0, len(sorted))
		for _, c := range sorted {
			n, err := apply(ctx, tx, g, c)
			if err != nil {
				return err
			}
			out = append(out, Stock{SkuID: c.SkuID, Stock: n})
		}
		if len(g.Edges.Skus) > 0 { // skuless goods bumped their version with the stock
			if err := tx.Goods.UpdateOneID(g.ID).AddVersion(1).Exec(ctx); err != nil {
				return fmt.Errorf("listing: goods version: %w", err)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

func validChanges(changes []StockChange) error {
	if len(changes) == 0 || len(changes) > MaxChanges {
		return apperr.Invalid("items", "FormatError", "StockChangesRange", "max", strconv.Itoa(MaxChanges))
	}
	seen := map[string]bool{}
	for _, c := range changes {
		if seen[c.SkuID] {
			return apperr.Invalid("items", "FormatError", "SkuRepeated")
		}
		seen[c.SkuID] = true
		switch {
		case (c.Stock == nil) == (c.Delta == nil):
			return apperr.Invalid("items", "FormatError", "StockOrDelta")
		case c.Stock != nil && (*c.Stock < 0 || *c.Stock > MaxStock):
			return apperr.Invalid("stock", "FormatError", "StockRange", "max", strconv.Itoa(MaxStock))
		case c.Stock != nil && (c.Was == nil || *c.Was < 0 || *c.Was > MaxStock):
			return apperr.Invalid("was", "FormatError", "StockWasRequired")
		case c.Delta != nil && (*c.Delta < -MaxStock || *c.Delta > MaxStock):
			return apperr.Invalid("delta", "FormatError", "StockRange", "max", strconv.Itoa(MaxStock))
		}
	}
	return nil
}

// ownSkus refuses sku ids that are not this goods' (another seller's, or
// made up), and a missing sku id where the goods has skus.
func ownSkus(g *ent.Goods, changes []StockChange) error {
	mine := map[string]bool{}
	for _, k := range g.Edges.Skus {
		mine[k.UID] = true
	}
	for _, c := range changes {
		switch {
		case c.SkuID == "" && len(mine) > 0:
			return apperr.Invalid("skuId", "PSSp", "SkuRequired")
		case c.SkuID != "" && !mine[c.SkuID]:
			return apperr.New(apperr.Forbidden, "SkuNotOfGoods")
		}
	}
	return nil
}

// apply makes one change with a conditional UPDATE and returns the new
// stock; a condition that no longer holds is a conflict naming the stock now.
func apply(ctx context.Context, tx *ent.Tx, g *ent.Goods, c StockChange) (int, error) {
	var n int
	var err error
	if c.SkuID != "" {
		u := tx.Sku.Update().Where(sku.UIDEQ(c.SkuID), sku.HasGoodsWith(goods.IDEQ(g.ID)))
		switch {
		case c.Stock != nil:
			u.Where(sku.StockEQ(int(*c.Was))).SetStock(int(*c.Stock))
		case *c.Delta < 0:
			u.Where(sku.StockGTE(int(-*c.Delta))).AddStock(int(*c.Delta))
		default:
			u.Where(sku.StockLTE(MaxStock - int(*c.Delta))).AddStock(int(*c.Delta))
		}
		n, err = u.Save(ctx)
	} else {
		u := tx.Goods.Update().Where(goods.IDEQ(g.ID)).AddVersion(1)
		switch {
		case c.Stock != nil:
			u.Where(goods.StockEQ(int(*c.Was))).SetStock(int(*c.Stock))
		case *c.Delta < 0:
			u.Where(goods.StockGTE(int(-*c.Delta))).AddStock(int(*c.Delta))
		default:
			u.Where(goods.StockLTE(MaxStock - int(*c.Delta))).AddStock(int(*c.Delta))
		}
		n, err = u.Save(ctx)
	}
	if err != nil {
		return 0, fmt.Errorf("listing: change stock: %w", err)
	}
	now, err := current(ctx, tx, g, c.SkuID)
	if err != nil {
		return 0, err
	}
	if n == 0 {
		return 0, refused(c, now)
	}
	return now, nil
}

func current(ctx context.Context, tx *ent.Tx, g *ent.Goods, skuID string) (int, error) {
	var n int
	var err error
	if skuID != "" {
		n, err = tx.Sku.Query().Where(sku.UIDEQ(skuID)).Select(sku.FieldStock).Int(ctx)
	} else {
		n, err = tx.Goods.Query().Where(goods.IDEQ(g.ID)).Select(goods.FieldStock).Int(ctx)
	}
	if err != nil {
		return 0, fmt.Errorf("listing: read stock: %w", err)
	}
	return n, nil
}

func refused(c StockChange, now int) error {
	left := strconv.Itoa(now)
	switch {
	case c.Stock != nil:
		return apperr.New(apperr.Conflict, "StockChangedMeanwhile", "n", left)
	case *c.Delta < 0:
		return apperr.New(apperr.Conflict, "StockBelowZero", "n", left)
	}
	return apperr.New(apperr.Conflict, "StockTooHigh", "max", strconv.Itoa(MaxStock))
}

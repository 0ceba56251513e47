package order

import (
	"context"
	"fmt"

	"souk/app/apperr"
	"souk/ent"
	"souk/ent/goods"
	"souk/ent/order"
	"souk/ent/orderline"
	"souk/ent/sku"
)

// move changes an order's status inside tx when the state machine allows
// it and nobody changed the order meanwhile, and records the step. A move
// that lost a race or is not allowed answers a Conflict that says why.
func move(ctx context.Context, tx *ent.Tx, o *ent.Order, to int, note string, at func(*ent.OrderUpdateOne)) (*ent.Order, error) {
	if !CanMove(o.Status, to) {
		return nil, refusal(o.Status, to)
	}
	n, err := tx.Order.Update().Where(order.IDEQ(o.ID), order.StatusEQ(o.Status)).SetStatus(to).Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("order: move %s: %w", o.Number, err)
	}
	if n == 0 {
		return nil, apperr.New(apperr.Conflict, "OrderChangedMeanwhile")
	}
	if at != nil {
		u := tx.Order.UpdateOneID(o.ID)
		at(u)
		if err := u.Exec(ctx); err != nil {
			return nil, fmt.Errorf("order: move %s: %w", o.Number, err)
		}
	}
	if err := tx.OrderEvent.Create().SetOrderID(o.ID).SetStatus(to).SetNote(note).Exec(ctx); err != nil {
		return nil, fmt.Errorf("order: event %s: %w", o.Number, err)
	}
	return tx.Order.Get(ctx, o.ID)
}

// refusal explains a move the state machine does not allow.
func refusal(from, to int) *apperr.Error {
	switch {
	case to == Cancelled || to == RefundPending:
		if from == Shipped || from == Received || from == InProduction {
			return apperr.New(apperr.Conflict, "OrderCancelTooLate")
		}
		if from == PaymentProcessing {
			return apperr.New(apperr.Conflict, "PaymentBeingConfirmed")
		}
		return apperr.New(apperr.Conflict, "OrderCancelRefused")
	case to == Received:
		return apperr.New(apperr.Conflict, "OrderReceiveRefused")
	case to == Shipped:
		return apperr.New(apperr.Conflict, "OrderShipRefused")
	}
	// from and to are for the log; the message needs neither.
	return apperr.New(apperr.Conflict, "OrderMoveRefused", "from", StatusNames[from], "to", StatusNames[to])
}

// releaseStock gives an order's pieces back, once.
func releaseStock(ctx context.Context, tx *ent.Tx, o *ent.Order) ([]string, error) {
	n, err := tx.Order.Update().Where(order.IDEQ(o.ID), order.StockHeld(true)).SetStockHeld(false).Save(ctx)
	if err != nil || n == 0 {
		return nil, err
	}
	lines, err := tx.OrderLine.Query().Where(orderline.HasOrderWith(order.IDEQ(o.ID))).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("order: release stock: %w", err)
	}
	var touched []string
	for _, l := range lines {
		if l.SkuUID != "" {
			err = tx.Sku.Update().Where(sku.UIDEQ(l.SkuUID)).AddStock(l.Quantity).Exec(ctx)
		} else {
			err = tx.Goods.Update().Where(goods.IDEQ(l.GoodsID)).AddStock(l.Quantity).AddVersion(1).Exec(ctx)
		}
		if err != nil {
			return nil, fmt.Errorf("order: release stock: %w", err)
		}
		touched = append(touched, l.GoodsUID)
	}
	return touched, nil
}

// changed is what a committed transaction did, for the notices and the
// page cache afterwards.
type changed struct {
	orders  []*ent.Order
	touched []string
}

func (s *Service) after(ctx context.Context, c changed) {
	for _, uid := range c.touched {
		s.opts.OnStock(uid)
	}
	for _, o := range c.orders {
		s.notify(ctx, o, o.Status)
		if s.opts.OnStatus != nil {
			s.opts.OnStatus(o)
		}
	}
}

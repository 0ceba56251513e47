package order

import (
	"context"
	"fmt"
	"strings"

	"souk/app/apperr"
	"souk/app/payment"
	"souk/app/store"
	"souk/ent"
	"souk/ent/order"
	"souk/ent/orderevent"
	entpay "souk/ent/payment"
)

// ownOrder finds the buyer's order by number; another user's order, or one
// the buyer deleted, is never found.
func (s *Service) ownOrder(ctx context.Context, db *ent.Client, userID int, number string) (*ent.Order, error) {
	number = strings.TrimSpace(number)
	if number == "" || len(number) > 32 {
		return nil, apperr.New(apperr.NotFound, "OrderNotFound")
	}
	o, err := db.Order.Query().Where(order.NumberEQ(number), order.UserIDEQ(userID), order.HiddenEQ(false)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, apperr.New(apperr.NotFound, "OrderNotFound")
	}
	if err != nil {
		return nil, fmt.Errorf("order: find: %w", err)
	}
	return o, nil
}

func withDetail(q *ent.OrderQuery) *ent.OrderQuery {
	return q.WithLines().WithEvents(func(e *ent.OrderEventQuery) { e.Order(ent.Asc(orderevent.FieldAt), ent.Asc(orderevent.FieldID)) })
}

// ListResult answers order/list.
type ListResult struct {
	List    []View `json:"list"`
	HasNext bool   `json:"hasNext"`
	Total   int    `json:"total"`
}

// List pages through the buyer's orders, newest first; status 0 is all,
// others are the tabs of filterGroups.
func (s *Service) List(ctx context.Context, userID, status, page, size int) (*ListResult, error) {
	if size <= 0 {
		size = 10
	}
	if page <= 0 || page > 10_000 || size > 50 {
		return nil, apperr.Invalid("page", "FormatError", "PageSizeInvalid", "max", "50")
	}
	q := s.db.Order.Query().Where(order.UserIDEQ(userID), order.HiddenEQ(false))
	if status != 0 {
		group, ok := filterGroups[status]
		if !ok {
			return nil, apperr.Invalid("status", "FormatError", "OrderFilterUnknown")
		}
		q = q.Where(order.StatusIn(group...))
	}
	total, err := q.Clone().Count(ctx)
	if err != nil {
		return nil, fmt.Errorf("order: count: %w", err)
	}
	rows, err := withDetail(q).Order(ent.Desc(order.FieldCreatedAt), ent.Desc(order.FieldID)).
		Offset((page - 1) * size).Limit(size + 1).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("order: list: %w", err)
	}
	res := &ListResult{HasNext: len(rows) > size, Total: total}
	if res.HasNext {
		rows = rows[:size]
	}
	if res.List, err = s.views(ctx, s.db, rows); err != nil {
		return nil, err
	}
	return res, nil
}

// Detail is one of the buyer's orders.
func (s *Service) Detail(ctx context.Context, userID int, number string) (*View, error) {
	o, err := s.ownOrder(ctx, s.db, userID, number)
	if err != nil {
		return nil, err
	}
	return s.detail(ctx, o.ID)
}

func (s *Service) detail(ctx context.Context, id int) (*View, error) {
	o, err := withDetail(s.db.Order.Query().Where(order.IDEQ(id))).Only(ctx)
	if err != nil {
		return nil, fmt.Errorf("order: detail: %w", err)
	}
	v, err := s.views(ctx, s.db, []*ent.Order{o})
	if err != nil {
		return nil, err
	}
	return &v[0], nil
}

// buyerMove applies one buyer action to their order.
func (s *Service) buyerMove(ctx context.Context, userID int, number string, fn func(tx *ent.Tx, o *ent.Order) (changed, error)) (*View, error) {
	o, err := s.ownOrder(ctx, s.db, userID, number)
	if err != nil {
		return nil, err
	}
	var c changed
	err = store.InTx(ctx, s.db, func(tx *ent.Tx) error {
		o, err := tx.Order.Get(ctx, o.ID) // fresh, inside the transaction
		if err != nil {
			return err
		}
		c, err = fn(tx, o)
		return err
	})
	if err != nil {
		return nil, err
	}
	s.after(ctx, c)
	return s.detail(ctx, o.ID)
}

// Cancel cancels an unpaid order (stock released) or a paid one not yet
// shipped (stock released, money refunded).
func (s *Service) Cancel(ctx context.Context, userID int, number string) (*View, error) {
	var refund *ent.Order
	v, err := s.buyerMove(ctx, userID, number, func(tx *ent.Tx, o *ent.Order) (changed, error) {
		to, note := Cancelled, "NoteCancelledByBuyer"
		if o.MakelineUID != "" && o.Status == Paid {
			if o.AcceptedAt != nil {
				return changed{}, apperr.New(apperr.Conflict, "OrderCancelTooLate")
			}
			moved, err := RefundUnaccepted(ctx, tx, o, "NoteCancelledRefunding")
			refund = moved
			return changed{orders: []*ent.Order{moved}}, err
		}
		if o.Status == Paid {
			to, note = RefundPending, "NoteCancelledRefunding"
		} else if o.Status != AwaitingPayment {
			return changed{}, refusal(o.Status, Cancelled)
		}
		moved, err := move(ctx, tx, o, to, note, nil)
		if err != nil {
			return changed{}, err
		}
		touched, err := releaseStock(ctx, tx, moved)
		if to == RefundPending {
			refund = moved
		}
		return changed{orders: []*ent.Order{moved}, touched: touched}, err
	})
	if err != nil {
		return nil, err
	}
	if refund != nil {
		s.StartRefund(ctx, refund)
		return s.detail(ctx, refund.ID)
	}
	return v, nil
}

// refund starts returning an order's money.
func (s *Service) refund(ctx context.Context, o *ent.Order) error {
	p, err := s.db.Payment.Query().Where(entpay.UIDEQ(o.PaymentUID)).Only(ctx)
	if err != nil {
		return fmt.Errorf("order: refund: %w", err)
	}
	if p.Method == payment.Doge {
		return s.refundDoge(ctx, p, o)
	}
	return s.opts.Provider.Refund(ctx, p.ProviderRef, p.UID, o.Total, o.Number)
}

// refunded completes a refund.
func (s *Service) refunded(ctx context.Context, number, note string) error {
	var c changed
	err := store.InTx(ctx, s.db, func(tx *ent.Tx) error {
		o, err := tx.Order.Query().Where(order.NumberEQ(number)).Only(ctx)
		if err != nil || o.Status != RefundPending {
			return err
		}
		o, err = move(ctx, tx, o, Refunded, note, nil)
		c.orders = []*ent.Order{o}
		return err
	})
	if err == nil {
		s.after(ctx, c)
	}
	return err
}

// SureReceived is the buyer confirming a shipped order arrived.
func (s *Service) SureReceived(ctx context.Context, userID int, number string) (*View, error) {
	return s.buyerMove(ctx, userID, number, func(tx *ent.Tx, o *ent.Order) (changed, error) {
		moved, err := move(ctx, tx, o, Received, "NoteReceived", nil)
		return changed{orders: []*ent.Order{moved}}, err
	})
}

// Delete hides a finished order from its buyer; the seller still sees it.
func (s *Service) Delete(ctx context.Context, userID int, number string) error {
	o, err := s.ownOrder(ctx, s.db, userID, number)
	if err != nil {
		return err
	}
	if !isFinal(o.Status) {
		return apperr.New(apperr.Conflict, "OrderDeleteRefused")
	}
	return s.db.Order.UpdateOneID(o.ID).SetHidden(true).Exec(ctx)
}

// ExpireUnpaid cancels orders not paid in time and releases their stock;
// a confirmation the buyer walked away from expires the same way.
func (s *Service) ExpireUnpaid(ctx context.Context) (int, error) {
	now := s.opts.Now()
	due, err := s.db.Order.Query().Where(order.StatusIn(AwaitingPayment, PaymentProcessing), order.PayByLT(now)).Limit(500).All(ctx)
	if err != nil {
		return 0, fmt.Errorf("order: due: %w", err)
	}
	n := 0
	for _, o := range due {
		var c changed
		err := store.InTx(ctx, s.db, func(tx *ent.Tx) error {
			o, err := tx.Order.Get(ctx, o.ID)
			if err != nil {
				return err
			}
			if o.Status == PaymentProcessing {
				p, err := tx.Payment.Query().Where(entpay.UIDEQ(o.PaymentUID)).Only(ctx)
				if err != nil || p.Status != payAction {
					return err // a payment really in flight is left to finish
				}
				if o, err = move(ctx, tx, o, AwaitingPayment, "PaymentNotConfirmed", nil); err != nil {
					return err
				}
			}
			moved, err := move(ctx, tx, o, Cancelled, "NoteNotPaidInTime", nil)
			if err != nil {
				return err
			}
			c.touched, err = releaseStock(ctx, tx, moved)
			c.orders = []*ent.Order{moved}
			return err
		})
		if apperr.CodeOf(err) == apperr.Conflict {
			continue // paid or cancelled at the same moment
		}
		if err != nil {
			return n, err
		}
		if len(c.orders) > 0 {
			n++
			s.after(ctx, c)
		}
	}
	return n, nil
}

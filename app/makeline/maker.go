package makeline

import (
	"context"
	"fmt"
	"time"

	"souk/app/apperr"
	"souk/app/order"
	"souk/app/store"
	"souk/ent"
	"souk/ent/makelinequote"
	entorder "souk/ent/order"
)

// The maker's side of a make-line order, beside app/order's fulfilment:
//
//	Paid ──accept (within MakeLineRespond of payment)──▶ Paid, accepted ──produce──▶ InProduction ──ship──▶ Shipped
//	Paid ──decline, or no answer in time, or the buyer cancels before acceptance──▶ RefundPending ──▶ Refunded
//
// Acceptance and every refund of an unaccepted order are conditional
// UPDATEs on (status Paid, accepted_at NULL): whichever commits first wins
// and the other finds nothing to change. app/order refuses producing or
// shipping before acceptance and offers Accept/Decline in the seller's view.

// AcceptMakeLine is the maker taking a paid make-line order in time.
func (s *Service) Accept(ctx context.Context, a order.Actor, number string) (*order.SellerView, error) {
	return s.orders.SellerMove(ctx, a, number, func(tx *ent.Tx, o *ent.Order) ([]*ent.Order, error) {
		switch {
		case o.MakelineUID == "":
			return nil, apperr.New(apperr.Conflict, "OrderNotMakeLine")
		case o.AcceptedAt != nil:
			return nil, nil // already: a double click
		case o.Status == order.AwaitingPayment || o.Status == order.PaymentProcessing:
			return nil, apperr.New(apperr.Conflict, "OrderProduceUnpaid")
		case o.Status != order.Paid || o.PaidAt == nil:
			return nil, apperr.New(apperr.Conflict, "MakeLineAnswerTooLate")
		}
		now := s.now()
		n, err := tx.Order.Update().Where(entorder.IDEQ(o.ID), entorder.StatusEQ(order.Paid), entorder.AcceptedAtIsNil(),
			entorder.PaidAtGT(now.Add(-s.orders.MakerRespond()))).SetAcceptedAt(now).Save(ctx)
		if err != nil {
			return nil, fmt.Errorf("makeline: accept: %w", err)
		}
		if n == 0 {
			return nil, apperr.New(apperr.Conflict, "MakeLineAnswerTooLate")
		}
		err = tx.OrderEvent.Create().SetOrderID(o.ID).SetStatus(order.Paid).SetNote("NoteMakerAccepted").SetAt(now).SetByUser(a.UserID).Exec(ctx)
		if err != nil {
			return nil, fmt.Errorf("makeline: accept: %w", err)
		}
		moved, err := tx.Order.Get(ctx, o.ID)
		return []*ent.Order{moved}, err
	})
}

// DeclineMakeLine is the maker refusing a paid make-line order: the buyer
// is refunded.
func (s *Service) Decline(ctx context.Context, a order.Actor, number string) (*order.SellerView, error) {
	var refund *ent.Order
	v, err := s.orders.SellerMove(ctx, a, number, func(tx *ent.Tx, o *ent.Order) ([]*ent.Order, error) {
		switch {
		case o.MakelineUID == "":
			return nil, apperr.New(apperr.Conflict, "OrderNotMakeLine")
		case o.Status == order.RefundPending || o.Status == order.Refunded:
			return nil, nil // already declined or expired
		case o.Status == order.AwaitingPayment || o.Status == order.PaymentProcessing:
			return nil, apperr.New(apperr.Conflict, "OrderProduceUnpaid")
		case o.Status != order.Paid || o.AcceptedAt != nil: // no longer awaiting its maker
			return nil, apperr.New(apperr.Conflict, "MakeLineAnswerTooLate")
		}
		moved, err := order.RefundUnaccepted(ctx, tx, o, "NoteMakerDeclined")
		if err != nil {
			return nil, err
		}
		refund = moved
		return []*ent.Order{moved}, order.SetBy(ctx, tx, moved.ID, a.UserID)
	})
	if err != nil {
		return nil, err
	}
	if refund != nil {
		s.orders.StartRefund(ctx, refund)
		return s.orders.SellerDetailOf(ctx, a, refund.ID)
	}
	return v, nil
}

// Run sweeps in the background until ctx ends: make-line orders no maker
// accepted in time are refunded.
func (s *Service) Run(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if n, err := s.Expire(ctx); err != nil {
			s.opts.Log.Error("makeline: expire", "err", err)
		} else if n > 0 {
			s.opts.Log.Info("makeline: refunded orders no maker accepted", "n", n)
		}
	}
}

// ExpireMakeLine refunds paid make-line orders their maker did not accept
// in time. A maker accepting at the same moment wins or loses whole. It
// also forgets quotes a day after they expired unordered.
func (s *Service) Expire(ctx context.Context) (int, error) {
	if _, err := s.db.MakeLineQuote.Delete().Where(makelinequote.OrderNumberEQ(""),
		makelinequote.ExpiresAtLT(s.now().Add(-24*time.Hour))).Exec(ctx); err != nil {
		return 0, fmt.Errorf("makeline: forget quotes: %w", err)
	}
	due, err := s.db.Order.Query().Where(entorder.MakelineUIDNEQ(""), entorder.StatusEQ(order.Paid), entorder.AcceptedAtIsNil(),
		entorder.PaidAtLTE(s.now().Add(-s.orders.MakerRespond()))).Limit(500).All(ctx)
	if err != nil {
		return 0, fmt.Errorf("makeline: due orders: %w", err)
	}
	n := 0
	for _, o := range due {
		var moved *ent.Order
		err := store.InTx(ctx, s.db, func(tx *ent.Tx) error {
			var err error
			moved, err = order.RefundUnaccepted(ctx, tx, o, "NoteMakerNoAnswer")
			return err
		})
		if apperr.CodeOf(err) == apperr.Conflict {
			continue // accepted or refunded at the same moment
		}
		if err != nil {
			return n, err
		}
		n++
		s.orders.Moved(ctx, moved)
		s.orders.StartRefund(ctx, moved)
	}
	return n, nil
}

package order

import (
	"context"
	"fmt"
	"time"

	"souk/app/apperr"
	"souk/app/store"
	"souk/ent"
	"souk/ent/makelinequote"
	"souk/ent/order"
)

// The maker's side of a make-line order, beside fulfil.go's:
//
//	Paid ──accept (within MakeLineRespond of payment)──▶ Paid, accepted ──produce──▶ InProduction ──ship──▶ Shipped
//	Paid ──decline, or no answer in time, or the buyer cancels before acceptance──▶ RefundPending ──▶ Refunded
//
// Acceptance and every refund of an unaccepted order are conditional
// UPDATEs on (status Paid, accepted_at NULL): whichever commits first wins
// and the other finds nothing to change.

// MakeLineInfo is what a make-line order adds to its views.
type MakeLineInfo struct {
	QuoteUID   string     `json:"uid"`
	AcceptedAt *time.Time `json:"acceptedAt,omitempty"`
	RespondBy  *time.Time `json:"respondBy,omitempty"` // while the maker may still accept
}

// makeLineInfo is nil for a cart order.
func (s *Service) makeLineInfo(o *ent.Order) *MakeLineInfo {
	if o.MakelineUID == "" {
		return nil
	}
	m := &MakeLineInfo{QuoteUID: o.MakelineUID, AcceptedAt: o.AcceptedAt}
	if o.AcceptedAt == nil && o.Status == Paid && o.PaidAt != nil {
		by := o.PaidAt.Add(s.opts.MakeLineRespond)
		m.RespondBy = &by
	}
	return m
}

// awaitingMaker: a paid make-line order its maker has not accepted yet.
func awaitingMaker(o *ent.Order) bool {
	return o.MakelineUID != "" && o.Status == Paid && o.AcceptedAt == nil
}

// notAccepted refuses producing or shipping a make-line order before its
// maker accepted it.
func notAccepted(o *ent.Order) error {
	if o.MakelineUID != "" && o.AcceptedAt == nil {
		return apperr.New(apperr.Conflict, "MakeLineNotAccepted")
	}
	return nil
}

// AcceptMakeLine is the maker taking a paid make-line order in time.
func (s *Service) AcceptMakeLine(ctx context.Context, a Actor, number string) (*SellerView, error) {
	return s.sellerMove(ctx, a, number, func(tx *ent.Tx, o *ent.Order) (changed, error) {
		switch {
		case o.MakelineUID == "":
			return changed{}, apperr.New(apperr.Conflict, "OrderNotMakeLine")
		case o.AcceptedAt != nil:
			return changed{}, nil // already: a double click
		case o.Status == AwaitingPayment || o.Status == PaymentProcessing:
			return changed{}, apperr.New(apperr.Conflict, "OrderProduceUnpaid")
		case o.Status != Paid || o.PaidAt == nil:
			return changed{}, apperr.New(apperr.Conflict, "MakeLineAnswerTooLate")
		}
		now := s.now()
		n, err := tx.Order.Update().Where(order.IDEQ(o.ID), order.StatusEQ(Paid), order.AcceptedAtIsNil(),
			order.PaidAtGT(now.Add(-s.opts.MakeLineRespond))).SetAcceptedAt(now).Save(ctx)
		if err != nil {
			return changed{}, fmt.Errorf("order: accept: %w", err)
		}
		if n == 0 {
			return changed{}, apperr.New(apperr.Conflict, "MakeLineAnswerTooLate")
		}
		err = tx.OrderEvent.Create().SetOrderID(o.ID).SetStatus(Paid).SetNote("NoteMakerAccepted").SetAt(now).SetByUser(a.UserID).Exec(ctx)
		if err != nil {
			return changed{}, fmt.Errorf("order: accept: %w", err)
		}
		moved, err := tx.Order.Get(ctx, o.ID)
		return changed{orders: []*ent.Order{moved}}, err
	})
}

// DeclineMakeLine is the maker refusing a paid make-line order: the buyer
// is refunded.
func (s *Service) DeclineMakeLine(ctx context.Context, a Actor, number string) (*SellerView, error) {
	var refund *ent.Order
	v, err := s.sellerMove(ctx, a, number, func(tx *ent.Tx, o *ent.Order) (changed, error) {
		switch {
		case o.MakelineUID == "":
			return changed{}, apperr.New(apperr.Conflict, "OrderNotMakeLine")
		case o.Status == RefundPending || o.Status == Refunded:
			return changed{}, nil // already declined or expired
		case o.Status == AwaitingPayment || o.Status == PaymentProcessing:
			return changed{}, apperr.New(apperr.Conflict, "OrderProduceUnpaid")
		case !awaitingMaker(o):
			return changed{}, apperr.New(apperr.Conflict, "MakeLineAnswerTooLate")
		}
		moved, err := refundUnaccepted(ctx, tx, o, "NoteMakerDeclined")
		if err != nil {
			return changed{}, err
		}
		refund = moved
		return changed{orders: []*ent.Order{moved}}, setBy(ctx, tx, moved.ID, a.UserID)
	})
	if err != nil {
		return nil, err
	}
	if refund != nil {
		s.startRefund(ctx, refund)
		return s.sellerDetailAs(ctx, a, refund.ID)
	}
	return v, nil
}

// refundUnaccepted moves a paid, unaccepted make-line order to
// RefundPending, unless its maker accepted it meanwhile.
func refundUnaccepted(ctx context.Context, tx *ent.Tx, o *ent.Order, note string) (*ent.Order, error) {
	n, err := tx.Order.Update().Where(order.IDEQ(o.ID), order.StatusEQ(Paid), order.AcceptedAtIsNil()).
		SetStatus(RefundPending).Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("order: refund unaccepted %s: %w", o.Number, err)
	}
	if n == 0 {
		return nil, apperr.New(apperr.Conflict, "OrderChangedMeanwhile")
	}
	if err := tx.OrderEvent.Create().SetOrderID(o.ID).SetStatus(RefundPending).SetNote(note).Exec(ctx); err != nil {
		return nil, fmt.Errorf("order: event %s: %w", o.Number, err)
	}
	return tx.Order.Get(ctx, o.ID)
}

// startRefund sends the money back through the existing refund path; the
// provider's callback (or the Doge refund) completes it (RefundPending →
// Refunded). A failure is logged: the order stays RefundPending for staff.
func (s *Service) startRefund(ctx context.Context, o *ent.Order) {
	if err := s.refund(ctx, o); err != nil {
		s.opts.Log.Error("order: refund", "order", o.Number, "err", err)
	}
}

// ExpireMakeLine refunds paid make-line orders their maker did not accept
// in time. A maker accepting at the same moment wins or loses whole. It
// also forgets quotes a day after they expired unordered.
func (s *Service) ExpireMakeLine(ctx context.Context) (int, error) {
	if _, err := s.db.MakeLineQuote.Delete().Where(makelinequote.OrderNumberEQ(""),
		makelinequote.ExpiresAtLT(s.now().Add(-24*time.Hour))).Exec(ctx); err != nil {
		return 0, fmt.Errorf("order: forget quotes: %w", err)
	}
	due, err := s.db.Order.Query().Where(order.MakelineUIDNEQ(""), order.StatusEQ(Paid), order.AcceptedAtIsNil(),
		order.PaidAtLTE(s.now().Add(-s.opts.MakeLineRespond))).Limit(500).All(ctx)
	if err != nil {
		return 0, fmt.Errorf("order: due make-line: %w", err)
	}
	n := 0
	for _, o := range due {
		var moved *ent.Order
		err := store.InTx(ctx, s.db, func(tx *ent.Tx) error {
			var err error
			moved, err = refundUnaccepted(ctx, tx, o, "NoteMakerNoAnswer")
			return err
		})
		if apperr.CodeOf(err) == apperr.Conflict {
			continue // accepted or refunded at the same moment
		}
		if err != nil {
			return n, err
		}
		n++
		s.after(ctx, changed{orders: []*ent.Order{moved}})
		s.startRefund(ctx, moved)
	}
	return n, nil
}

package order

import (
	"context"
	"fmt"
	"slices"
	"time"

	"souk/app/apperr"
	"souk/app/payment"
	"souk/app/store"
	"souk/ent"
	"souk/ent/order"
	entpay "souk/ent/payment"
)

// Payment statuses (Payment.status).
const (
	payOpen     = "open"
	payCharging = "charging" // a charge is at the provider right now
	payPending  = "pending"
	payAction   = "action"
	payPaid     = "succeeded"
	payFailed   = "failed"
)

// PayInput is order/payChange: pay the orders of a checkout (again, or
// with another method).
type PayInput struct {
	PayUID string
	Method int
	Card   *payment.CardInput
}

// PayResult says what happened and what the buyer does next.
type PayResult struct {
	Status  string `json:"status"`
	Reason  string `json:"-"` // catalogue key of a failure; Localize renders it as Message
	Message string `json:"message,omitempty"`
	PayUID  string `json:"payUid"`
	DogeURL string `json:"dogeUrl,omitempty"`
}

// ownPayment finds the user's payment; another user's is never found.
func ownPayment(ctx context.Context, db *ent.Client, userID int, uid string) (*ent.Payment, error) {
	p, err := db.Payment.Query().Where(entpay.UIDEQ(uid), entpay.UserIDEQ(userID)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, apperr.New(apperr.NotFound, "PaymentNotFound")
	}
	if err != nil {
		return nil, fmt.Errorf("order: payment: %w", err)
	}
	return p, nil
}

// Pay charges the checkout's unpaid orders. A second click while a charge
// is at the provider is refused, so the buyer is never charged twice.
func (s *Service) Pay(ctx context.Context, userID int, in PayInput) (*PayResult, error) {
	if !slices.Contains(payment.Methods, in.Method) {
		return nil, apperr.Invalid("payMethod", "IncorrectEntry", "PayMethodRequired")
	}
	p, err := ownPayment(ctx, s.db, userID, in.PayUID)
	if err != nil {
		return nil, err
	}
	amount, err := s.payable(ctx, p)
	if err != nil {
		return nil, err
	}
	stale := s.opts.Now().Add(-2 * time.Minute) // a charge cut off by a crash may be retried
	n, err := s.db.Payment.Update().Where(entpay.IDEQ(p.ID), entpay.Or(
		entpay.StatusIn(payOpen, payFailed, payPending, payAction),
		entpay.And(entpay.StatusEQ(payCharging), entpay.UpdatedAtLT(stale)))).
		SetStatus(payCharging).SetMethod(in.Method).SetAmount(amount).SetFailure("").Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("order: claim payment: %w", err)
	}
	if n == 0 {
		return nil, apperr.New(apperr.Conflict, "PaymentInProgress")
	}
	if in.Method == payment.Doge {
		return s.quoteDoge(ctx, p, amount)
	}
	if s.opts.Provider == nil {
		return nil, fmt.Errorf("order: no payment provider configured")
	}
	out, err := s.opts.Provider.Charge(ctx, payment.Charge{PaymentUID: p.UID, Amount: amount, Currency: p.Currency, Method: in.Method, Card: in.Card})
	if err != nil {
		s.opts.Log.Error("order: charge", "payment", p.UID, "err", err)
		out = payment.Outcome{Status: payment.Failed, Reason: "PayFailed"}
	}
	if err := s.applyOutcome(ctx, p.ID, out); err != nil {
		return nil, err
	}
	res := &PayResult{Status: out.Status, PayUID: p.UID}
	if out.Status == payment.Failed {
		res.Reason = failureKey(out.Reason)
	}
	return res, nil
}

// payable is what is left to pay: the checkout's orders awaiting payment
// (a confirmation the buyer walked away from counts as awaiting).
func (s *Service) payable(ctx context.Context, p *ent.Payment) (int64, error) {
	if p.Status == payPaid {
		return 0, apperr.New(apperr.Conflict, "OrderAlreadyPaid")
	}
	orders, err := s.db.Order.Query().Where(order.PaymentUIDEQ(p.UID)).All(ctx)
	if err != nil {
		return 0, fmt.Errorf("order: payable: %w", err)
	}
	var sum int64
	for _, o := range orders {
		switch {
		case o.Status == AwaitingPayment, o.Status == PaymentProcessing && p.Status == payAction:
			sum += o.Total
		case o.Status == PaymentProcessing:
			return 0, apperr.New(apperr.Conflict, "PaymentBeingConfirmed")
		}
	}
	if sum == 0 {
		return 0, apperr.New(apperr.Conflict, "NothingToPay")
	}
	return sum, nil
}

// applyOutcome records the provider's immediate answer.
func (s *Service) applyOutcome(ctx context.Context, payID int, out payment.Outcome) error {
	var c changed
	err := store.InTx(ctx, s.db, func(tx *ent.Tx) error {
		p, err := tx.Payment.Get(ctx, payID)
		if err != nil {
			return err
		}
		upd := tx.Payment.UpdateOneID(payID).SetProviderRef(out.Ref)
		if p.Status == payPaid || p.Status == payFailed { // the callback was faster than this answer
			return upd.Exec(ctx)
		}
		switch out.Status {
		case payment.Succeeded:
			if err := upd.Exec(ctx); err != nil {
				return err
			}
			p.ProviderRef = out.Ref
			c, err = s.markPaid(ctx, tx, p)
			return err
		case payment.Failed:
			reason := failureKey(out.Reason)
			if err := upd.SetStatus(payFailed).SetFailure(reason).Exec(ctx); err != nil {
				return err
			}
			c, err = s.backToUnpaid(ctx, tx, p.UID, reason)
			return err
		default: // action or pending: the provider calls back
			status := map[string]string{payment.Action: payAction, payment.Pending: payPending}[out.Status]
			if err := upd.SetStatus(status).Exec(ctx); err != nil {
				return err
			}
			c, err = s.moveAll(ctx, tx, p.UID, []int{AwaitingPayment}, PaymentProcessing, "NotePaymentConfirming")
			return err
		}
	})
	if err == nil {
		s.after(ctx, c)
	}
	return err
}

// markPaid settles a payment once: its orders become paid; an order
// cancelled meanwhile is refunded.
func (s *Service) markPaid(ctx context.Context, tx *ent.Tx, p *ent.Payment) (changed, error) {
	var c changed
	now := s.opts.Now()
	n, err := tx.Payment.Update().Where(entpay.IDEQ(p.ID), entpay.StatusNEQ(payPaid)).
		SetStatus(payPaid).SetPaidAt(now).SetFailure("").Save(ctx)
	if err != nil || n == 0 {
		return c, err // n == 0: already paid, nothing changes twice
	}
	orders, err := tx.Order.Query().Where(order.PaymentUIDEQ(p.UID)).All(ctx)
	if err != nil {
		return c, err
	}
	for _, o := range orders {
		switch o.Status {
		case AwaitingPayment, PaymentProcessing:
			// Made-to-measure work stays Paid until its seller confirms
			// the measurements and marks it in production (fulfil.go).
			o, err = move(ctx, tx, o, Paid, "NotePaymentReceived", func(u *ent.OrderUpdateOne) { u.SetPaidAt(now) })
		case Cancelled:
			o, err = move(ctx, tx, o, RefundPending, "NoteLatePaymentRefunded", nil)
		default:
			continue
		}
		if err != nil {
			return c, err
		}
		c.orders = append(c.orders, o)
	}
	return c, nil
}

// backToUnpaid returns orders whose payment failed to awaiting payment.
func (s *Service) backToUnpaid(ctx context.Context, tx *ent.Tx, payUID, note string) (changed, error) {
	c, err := s.moveAll(ctx, tx, payUID, []int{PaymentProcessing}, AwaitingPayment, note)
	if err != nil {
		return c, err
	}
	unpaid, err := tx.Order.Query().Where(order.PaymentUIDEQ(payUID), order.StatusEQ(AwaitingPayment)).All(ctx)
	if err != nil {
		return c, err
	}
	for _, o := range unpaid { // the timeline says why it is still unpaid
		if err := tx.OrderEvent.Create().SetOrderID(o.ID).SetStatus(AwaitingPayment).SetNote(note).Exec(ctx); err != nil {
			return c, err
		}
	}
	return c, nil
}

// moveAll moves the checkout's orders that are in one of from.
func (s *Service) moveAll(ctx context.Context, tx *ent.Tx, payUID string, from []int, to int, note string) (changed, error) {
	var c changed
	orders, err := tx.Order.Query().Where(order.PaymentUIDEQ(payUID), order.StatusIn(from...)).All(ctx)
	if err != nil {
		return c, err
	}
	for _, o := range orders {
		if o, err = move(ctx, tx, o, to, note, nil); err != nil {
			return c, err
		}
		c.orders = append(c.orders, o)
	}
	return c, nil
}

// Confirm is the buyer's answer on the test provider's confirmation step.
func (s *Service) Confirm(ctx context.Context, userID int, payUID string, approve bool) (*PayResult, error) {
	p, err := ownPayment(ctx, s.db, userID, payUID)
	if err != nil {
		return nil, err
	}
	if p.Status != payAction {
		return nil, apperr.New(apperr.Conflict, "PaymentNotAwaitingConfirmation")
	}
	if err := s.opts.Provider.Confirm(ctx, p.ProviderRef, approve); err != nil {
		return nil, apperr.New(apperr.Conflict, "PaymentNotAwaitingConfirmation")
	}
	return &PayResult{Status: payment.Pending, PayUID: p.UID}, nil
}

// Callback applies a provider's signed callback exactly once: a callback
// delivered twice or late changes nothing more.
func (s *Service) Callback(ctx context.Context, body []byte, signature string) error {
	ev, err := payment.Verify(s.opts.WebhookSecret, body, signature)
	if err != nil {
		return apperr.New(apperr.Forbidden, "CallbackUnverified").Wrap(err)
	}
	var c changed
	err = store.InTx(ctx, s.db, func(tx *ent.Tx) error {
		if err := tx.PaymentEvent.Create().SetEventID(ev.ID).SetPaymentUID(ev.Ref).SetKind(ev.Kind).Exec(ctx); err != nil {
			return err
		}
		// By our id first: a callback may come before Pay stored the ref.
		q := tx.Payment.Query().Where(entpay.ProviderRefEQ(ev.Ref))
		if ev.Payment != "" {
			q = tx.Payment.Query().Where(entpay.UIDEQ(ev.Payment))
		}
		p, err := q.Only(ctx)
		if ent.IsNotFound(err) {
			s.opts.Log.Warn("order: callback for an unknown charge", "ref", ev.Ref)
			return nil
		}
		if err != nil {
			return err
		}
		c, err = s.applyEvent(ctx, tx, p, ev)
		return err
	})
	if ent.IsConstraintError(err) {
		return nil // seen before
	}
	if err == nil {
		s.after(ctx, c)
	}
	return err
}

func (s *Service) applyEvent(ctx context.Context, tx *ent.Tx, p *ent.Payment, ev payment.Event) (changed, error) {
	switch ev.Kind {
	case payment.EventSucceeded:
		return s.markPaid(ctx, tx, p)
	case payment.EventFailed:
		if p.Status == payPaid || p.Status == payFailed || (p.ProviderRef != "" && p.ProviderRef != ev.Ref) {
			return changed{}, nil // a late or repeated failure, or one of an earlier attempt
		}
		reason := failureKey(ev.Reason)
		if err := tx.Payment.UpdateOneID(p.ID).SetStatus(payFailed).SetFailure(reason).Exec(ctx); err != nil {
			return changed{}, err
		}
		return s.backToUnpaid(ctx, tx, p.UID, reason)
	case payment.EventRefunded:
		o, err := tx.Order.Query().Where(order.NumberEQ(ev.Key), order.PaymentUIDEQ(p.UID)).Only(ctx)
		if err != nil || o.Status != RefundPending {
			return changed{}, nil
		}
		o, err = move(ctx, tx, o, Refunded, "NoteRefundSent", nil)
		return changed{orders: []*ent.Order{o}}, err
	}
	return changed{}, nil
}

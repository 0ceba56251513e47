package order

import (
	"context"
	"fmt"
	"time"

	"souk/ent"
	"souk/ent/identity"
	"souk/ent/user"
)

// notices say what a status means to the buyer and to the seller.
var notices = map[int][2]string{
	AwaitingPayment:   {"Your order %s is placed. Please pay by %s.", "New order %s (awaiting payment)."},
	PaymentProcessing: {"We are confirming the payment of your order %s.", "Order %s: payment being confirmed."},
	Paid:              {"Your order %s is paid. The seller will ship it soon.", "Order %s is paid: please ship it."},
	InProduction:      {"Your order %s is being made.", "Order %s: in production."},
	Shipped:           {"Your order %s has shipped.", "Order %s: shipped."},
	Received:          {"You confirmed receiving order %s. Thank you!", "Order %s was received by the buyer."},
	Cancelled:         {"Your order %s is cancelled.", "Order %s is cancelled; its stock is released."},
	RefundPending:     {"Your order %s is cancelled; your money is on its way back.", "Order %s is cancelled after payment: refund pending."},
	Refunded:          {"The refund for order %s is done.", "Order %s is refunded."},
}

// notify mails the buyer and the seller's owner about an order's status,
// in the background: a slow mail server must not hold a checkout.
func (s *Service) notify(_ context.Context, o *ent.Order, status int) {
	text, ok := notices[status]
	if !ok {
		return
	}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		subject := fmt.Sprintf("Souk order %s: %s", o.Number, StatusNames[status])
		if u, err := s.db.User.Query().Where(user.IDEQ(o.UserID)).Only(ctx); err == nil && u.Email != nil {
			body := text[0]
			if status == AwaitingPayment {
				body = fmt.Sprintf(body, o.Number, o.PayBy.UTC().Format("2006-01-02 15:04 MST"))
			} else {
				body = fmt.Sprintf(body, o.Number)
			}
			s.send(ctx, *u.Email, subject, body)
		}
		owner, err := s.db.Identity.Query().Where(identity.IDEQ(o.SellerID)).QueryUser().Only(ctx)
		if err == nil && owner.Email != nil {
			s.send(ctx, *owner.Email, subject, fmt.Sprintf(text[1], o.Number))
		}
	}()
}

func (s *Service) send(ctx context.Context, to, subject, text string) {
	if err := s.opts.Mail(ctx, to, subject, text); err != nil {
		s.opts.Log.Warn("order: notice not sent", "to", to, "err", err)
	}
}

package order

import (
	"context"
	"fmt"
	"strings"
	"time"

	"souk/app/catalog"
	"souk/ent"
	"souk/ent/identity"
	"souk/ent/order"
	"souk/ent/orderline"
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
		var lines string
		if status == AwaitingPayment { // the order mail: what was ordered, as the shopper chose it
			lines = s.linesText(ctx, o)
		}
		if u, err := s.db.User.Query().Where(user.IDEQ(o.UserID)).Only(ctx); err == nil && u.Email != nil {
			body := text[0]
			if status == AwaitingPayment {
				body = fmt.Sprintf(body, o.Number, o.PayBy.UTC().Format("2006-01-02 15:04 MST"))
			} else {
				body = fmt.Sprintf(body, o.Number)
			}
			s.send(ctx, *u.Email, subject, body+lines)
		}
		owner, err := s.db.Identity.Query().Where(identity.IDEQ(o.SellerID)).QueryUser().Only(ctx)
		if err == nil && owner.Email != nil {
			s.send(ctx, *owner.Email, subject, fmt.Sprintf(text[1], o.Number)+lines)
		}
	}()
}

// linesText lists an order's lines for a mail, each with every chosen value
// by name in s.lang (the shopper's, when placing): "2 × Cardigan (Color:
// Champagne, Size: M), USD 117.98". "" when they cannot be read.
func (s *Service) linesText(ctx context.Context, o *ent.Order) string {
	rows, err := s.db.OrderLine.Query().Where(orderline.HasOrderWith(order.IDEQ(o.ID))).Order(ent.Asc(orderline.FieldID)).All(ctx)
	if err != nil {
		s.opts.Log.Warn("order: mail lines", "order", o.Number, "err", err)
		return ""
	}
	refs := make([]catalog.LineRef, len(rows))
	for i, l := range rows {
		refs[i] = catalog.LineRef{GoodsID: l.GoodsID, SkuUID: l.SkuUID, Options: l.Options}
	}
	variants, err := s.cat.Variants(ctx, refs, s.lang)
	if err != nil {
		s.opts.Log.Warn("order: mail lines", "order", o.Number, "err", err)
		return ""
	}
	var b strings.Builder
	b.WriteString("\n")
	for i, l := range rows {
		fmt.Fprintf(&b, "\n%d × %s", l.Quantity, l.Name)
		if chosen := chosenText(variants[i].Chosen); chosen != "" {
			b.WriteString(" (" + chosen + ")")
		}
		r := s.cat.Rates()
		fmt.Fprintf(&b, ", %s %.*f", o.Currency, r.Digits(o.Currency), r.Decimal(l.LineTotal, o.Currency))
	}
	return b.String()
}

// chosenText writes chosen values as "Color: Champagne, Size: M"; a custom
// size's measurements follow in the unit the shopper gave them.
func chosenText(chosen []catalog.Chosen) string {
	parts := make([]string, 0, len(chosen))
	for _, c := range chosen {
		p := c.Value.Txt
		if c.Name.Txt != "" {
			p = c.Name.Txt + ": " + p
		}
		if m := measuresText(c.SizeData); m != "" {
			p += " [" + m + "]"
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, ", ")
}

// measuresText writes custom size data as "bust 90, waist 70, hips 96,
// hollow to floor 150 cm" (the notices are in English).
func measuresText(d map[string]int) string {
	unit, suffix := "cm", ""
	switch d["type"] {
	case 1:
	case 2:
		unit, suffix = "in", "2"
	default:
		return ""
	}
	parts := []string{}
	for _, m := range []struct{ key, name string }{{"a", "bust"}, {"b", "waist"}, {"c", "hips"}, {"d", "hollow to floor"}} {
		if v, ok := d[m.key+suffix]; ok {
			parts = append(parts, fmt.Sprintf("%s %d", m.name, v))
		}
	}
	return strings.Join(parts, ", ") + " " + unit
}

func (s *Service) send(ctx context.Context, to, subject, text string) {
	if err := s.opts.Mail(ctx, to, subject, text); err != nil {
		s.opts.Log.Warn("order: notice not sent", "to", to, "err", err)
	}
}

package order

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"souk/app/catalog"
	"souk/ent"
	"souk/ent/identity"
	"souk/ent/order"
	"souk/ent/orderline"
	"souk/ent/user"
)

// notified are the statuses that mail the buyer and the seller. Texts are
// catalogue keys MailOrderBuyer{status} and MailOrderSeller{status},
// rendered in each recipient's language (mailLang).
var notified = map[int]bool{
	AwaitingPayment: true, PaymentProcessing: true, Paid: true, InProduction: true, Shipped: true,
	Received: true, Cancelled: true, RefundPending: true, Refunded: true,
}

// notify mails the buyer and the seller's owner about an order's status,
// in the background: a slow mail server must not hold a checkout.
func (s *Service) notify(_ context.Context, o *ent.Order, status int) {
	if !notified[status] {
		return
	}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		args := []string{"number", o.Number, "payBy", o.PayBy.UTC().Format("2006-01-02 15:04 MST"),
			"carrier", o.Carrier, "tracking", o.TrackingNumber}
		code := strconv.Itoa(status)
		mail := func(u *ent.User, role string) {
			if u == nil || u.Email == nil {
				return
			}
			lang := s.mailLang(ctx, u.ID)
			t := func(key string, a ...string) string { return s.opts.T(lang, key, a...) }
			subject := t("MailOrderSubject", "number", o.Number, "status", t("OrderStatus"+code))
			body := t("MailOrder"+role+code, args...)
			if status == AwaitingPayment { // the order mail: what was ordered, as chosen
				body += s.For(lang).linesText(ctx, o)
			}
			s.send(ctx, *u.Email, subject, body)
		}
		if u, err := s.db.User.Query().Where(user.IDEQ(o.UserID)).Only(ctx); err == nil {
			mail(u, "Buyer")
		}
		if owner, err := s.db.Identity.Query().Where(identity.IDEQ(o.SellerID)).QueryUser().Only(ctx); err == nil {
			mail(owner, "Seller")
		}
	}()
}

// notifyTrack mails the buyer a tracking event of their order.
func (s *Service) notifyTrack(o *ent.Order, ev *ent.OrderEvent) {
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		u, err := s.db.User.Query().Where(user.IDEQ(o.UserID)).Only(ctx)
		if err != nil || u.Email == nil {
			return
		}
		lang := s.mailLang(ctx, u.ID)
		t := func(key string, a ...string) string { return s.opts.T(lang, key, a...) }
		what := t(ev.Note)
		body := t("MailOrderTrack", "number", o.Number, "event", what, "carrier", o.Carrier, "tracking", o.TrackingNumber,
			"at", ev.At.UTC().Format("2006-01-02 15:04 MST"))
		if ev.Place != "" {
			body += "\n" + t("TrackPlace") + ": " + ev.Place
		}
		if ev.Remark != "" {
			body += "\n" + ev.Remark
		}
		s.send(ctx, *u.Email, t("MailOrderSubject", "number", o.Number, "status", what), body)
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

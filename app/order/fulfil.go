package order

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"souk/app/apperr"
	"souk/app/form"
	"souk/ent"
	"souk/ent/order"
	"souk/ent/orderevent"
)

// The seller's side of the state machine (status.go):
//
//	Paid ──produce (made-to-measure only)──▶ InProduction
//	Paid | InProduction ──ship(carrier, tracking)──▶ Shipped ──track events──▶ (buyer) Received
//
// Each change is a conditional UPDATE inside a transaction (move), so two
// tabs or a double click change an order once. Shipping the same carrier
// and tracking number again answers the order as it is.

// Carrier is one carrier a seller may choose; Other takes a typed name.
type Carrier struct {
	Code string `json:"code"`
	Name string `json:"name"` // brand names are not translated; "" for other
}

// OtherCarrier is the code of a carrier not in the list.
const OtherCarrier = "other"

// Carriers are the carriers sellers ship with.
var Carriers = []Carrier{
	{"dhl", "DHL Express"}, {"ups", "UPS"}, {"fedex", "FedEx"}, {"usps", "USPS"}, {"ems", "EMS"},
	{"chinapost", "China Post"}, {"sf", "SF Express"}, {"dpd", "DPD"}, {"royalmail", "Royal Mail"},
	{"aramex", "Aramex"}, {OtherCarrier, ""},
}

// TrackKeys are the catalogue keys of tracking events a seller may add.
var TrackKeys = []string{
	"TrackPickedUp", "TrackInTransit", "TrackCustoms", "TrackArrivedCountry",
	"TrackOutForDelivery", "TrackDeliveryAttempt", "TrackDelivered", "TrackDelayed",
}

// trackingShape: what carriers print, once spaces are gone and letters are
// upper case.
var trackingShape = regexp.MustCompile(`^[A-Z0-9][A-Z0-9-]{3,39}$`)

// ShipInput is operations/order/ship.
type ShipInput struct {
	Number      string
	Carrier     string // a code of Carriers
	CarrierName string // for OtherCarrier
	Tracking    string
}

// carrierName checks the chosen carrier and returns the name the order keeps.
func carrierName(code, other string) (string, error) {
	code = strings.ToLower(strings.TrimSpace(code))
	i := slices.IndexFunc(Carriers, func(c Carrier) bool { return c.Code == code })
	if i < 0 {
		return "", apperr.Invalid("carrier", "IncorrectEntry", "CarrierUnknown")
	}
	if code != OtherCarrier {
		return Carriers[i].Name, nil
	}
	other = strings.TrimSpace(other)
	if n := utf8.RuneCountInString(other); n < 2 || n > 60 || !form.Printable(other) {
		return "", apperr.Invalid("carrierName", "IncorrectEntry", "CarrierNameInvalid", "max", "60")
	}
	return other, nil
}

// trackingNumber normalises a tracking number ("1z 999-aa1" → "1Z999-AA1").
func trackingNumber(raw string) (string, error) {
	t := strings.ToUpper(strings.Join(strings.Fields(raw), ""))
	if !trackingShape.MatchString(t) {
		return "", apperr.Invalid("trackingNumber", "IncorrectEntry", "TrackingNumberInvalid", "min", "4", "max", "40")
	}
	return t, nil
}

// Ship hands a paid order (or its finished made-to-measure work) to a
// carrier. Shipping again with the same carrier and number changes nothing.
func (s *Service) Ship(ctx context.Context, a Actor, in ShipInput) (*SellerView, error) {
	carrier, err := carrierName(in.Carrier, in.CarrierName)
	if err != nil {
		return nil, err
	}
	tracking, err := trackingNumber(in.Tracking)
	if err != nil {
		return nil, err
	}
	v, err := s.sellerMove(ctx, a, in.Number, func(tx *ent.Tx, o *ent.Order) (changed, error) {
		if o.Status == Shipped && o.Carrier == carrier && o.TrackingNumber == tracking {
			return changed{}, nil // the same shipment again: a double click or a second tab
		}
		if o.Status != Paid && o.Status != InProduction {
			return changed{}, shipRefusal(o.Status)
		}
		if err := notAccepted(o); err != nil {
			return changed{}, err
		}
		moved, err := move(ctx, tx, o, Shipped, noteOf("NoteShipped", "carrier", carrier, "tracking", tracking),
			func(u *ent.OrderUpdateOne) { u.SetCarrier(carrier).SetTrackingNumber(tracking) })
		if err != nil {
			return changed{}, err
		}
		return changed{orders: []*ent.Order{moved}}, setBy(ctx, tx, moved.ID, a.UserID)
	})
	if apperr.CodeOf(err) == apperr.Conflict { // lost a race: the same shipment by the winner is fine
		if o, ferr := s.sellerOrder(ctx, a, in.Number); ferr == nil && o.Status == Shipped && o.Carrier == carrier && o.TrackingNumber == tracking {
			return s.sellerDetailAs(ctx, a, o.ID)
		}
	}
	return v, err
}

// shipRefusal says why an order cannot be shipped, in words the seller can act on.
func shipRefusal(status int) *apperr.Error {
	switch status {
	case AwaitingPayment, PaymentProcessing:
		return apperr.New(apperr.Conflict, "OrderShipUnpaid")
	case Cancelled, RefundPending, Refunded:
		return apperr.New(apperr.Conflict, "OrderShipCancelled")
	case Shipped, Received:
		return apperr.New(apperr.Conflict, "OrderAlreadyShipped")
	}
	return apperr.New(apperr.Conflict, "OrderShipRefused")
}

// StartProduction marks a paid made-to-measure order as being made.
func (s *Service) StartProduction(ctx context.Context, a Actor, number string) (*SellerView, error) {
	return s.sellerMove(ctx, a, number, func(tx *ent.Tx, o *ent.Order) (changed, error) {
		switch {
		case o.Status == InProduction:
			return changed{}, nil // already: a double click
		case !madeToMeasure(o):
			return changed{}, apperr.New(apperr.Conflict, "OrderNotMadeToMeasure")
		case o.Status == AwaitingPayment || o.Status == PaymentProcessing:
			return changed{}, apperr.New(apperr.Conflict, "OrderProduceUnpaid")
		case o.Status != Paid:
			return changed{}, apperr.New(apperr.Conflict, "OrderProduceRefused")
		}
		if err := notAccepted(o); err != nil {
			return changed{}, err
		}
		moved, err := move(ctx, tx, o, InProduction, "NoteTailoringStarted", nil)
		if err != nil {
			return changed{}, err
		}
		return changed{orders: []*ent.Order{moved}}, setBy(ctx, tx, moved.ID, a.UserID)
	})
}

// setBy records who made an order's newest step.
func setBy(ctx context.Context, tx *ent.Tx, orderID, userID int) error {
	ev, err := tx.OrderEvent.Query().Where(orderevent.HasOrderWith(order.IDEQ(orderID))).
		Order(ent.Desc(orderevent.FieldID)).First(ctx)
	if err != nil {
		return fmt.Errorf("order: by: %w", err)
	}
	return tx.OrderEvent.UpdateOneID(ev.ID).SetByUser(userID).Exec(ctx)
}

// TrackInput is operations/order/track.
type TrackInput struct {
	Number string
	Key    string    // one of TrackKeys
	Place  string    // optional, up to 100 characters
	Remark string    // optional, up to 500 characters
	At     time.Time // zero: now
}

// AddTracking adds a tracking event to a shipped order. The same event
// twice (a double click) is added once.
func (s *Service) AddTracking(ctx context.Context, a Actor, in TrackInput) (*SellerView, error) {
	if !slices.Contains(TrackKeys, in.Key) {
		return nil, apperr.Invalid("key", "IncorrectEntry", "TrackKeyUnknown")
	}
	in.Place, in.Remark = strings.TrimSpace(in.Place), strings.TrimSpace(in.Remark)
	if utf8.RuneCountInString(in.Place) > 100 || !form.Printable(in.Place) {
		return nil, apperr.Invalid("place", "IncorrectEntry", "TrackPlaceInvalid", "max", "100")
	}
	if utf8.RuneCountInString(in.Remark) > 500 || !utf8.ValidString(in.Remark) ||
		strings.ContainsFunc(in.Remark, func(r rune) bool { return unicode.IsControl(r) && r != '\n' }) {
		return nil, apperr.Invalid("remark", "IncorrectEntry", "TrackRemarkInvalid", "max", "500")
	}
	now := s.now()
	at := in.At.UTC().Truncate(time.Second)
	if in.At.IsZero() {
		at = now
	}
	if at.After(now.Add(10 * time.Minute)) {
		return nil, apperr.Invalid("at", "IncorrectEntry", "TrackTimeFuture")
	}
	var added *ent.OrderEvent
	var tracked *ent.Order
	v, err := s.sellerMove(ctx, a, in.Number, func(tx *ent.Tx, o *ent.Order) (changed, error) {
		// Claim the order in its shipped state first: a parallel buyer's
		// "received" or a second tab waits or sees the new state.
		n, err := tx.Order.Update().Where(order.IDEQ(o.ID), order.StatusEQ(Shipped)).SetUpdatedAt(now).Save(ctx)
		if err != nil {
			return changed{}, fmt.Errorf("order: track: %w", err)
		}
		if n == 0 {
			return changed{}, apperr.New(apperr.Conflict, "TrackNotShipped")
		}
		if paid := o.PaidAt; paid != nil && at.Before(paid.Add(-time.Minute)) {
			return changed{}, apperr.Invalid("at", "IncorrectEntry", "TrackTimeBeforeOrder")
		}
		dup, err := tx.OrderEvent.Query().Where(orderevent.HasOrderWith(order.IDEQ(o.ID)), orderevent.NoteEQ(in.Key),
			orderevent.PlaceEQ(in.Place), orderevent.RemarkEQ(in.Remark),
			orderevent.AtGTE(at.Add(-time.Minute)), orderevent.AtLTE(at.Add(time.Minute))).Exist(ctx) // a double click
		if err != nil || dup {
			return changed{}, err
		}
		tracked = o
		added, err = tx.OrderEvent.Create().SetOrderID(o.ID).SetStatus(Shipped).SetNote(in.Key).
			SetPlace(in.Place).SetRemark(in.Remark).SetAt(at).SetByUser(a.UserID).Save(ctx)
		if err != nil {
			return changed{}, fmt.Errorf("order: track: %w", err)
		}
		return changed{}, nil
	})
	if err == nil && added != nil {
		s.notifyTrack(tracked, added)
	}
	return v, err
}

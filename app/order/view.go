package order

import (
	"context"
	"fmt"
	"time"

	"souk/app/catalog"
	"souk/app/money"
	"souk/ent"
	"souk/ent/identity"
	"souk/ent/payment"
	"souk/ent/schema"
)

// Line is an order or checkout line as clients see it.
type Line struct {
	GoodsUID  string                  `json:"goodsUid"`
	SkuUID    string                  `json:"skuUid"`
	Name      string                  `json:"name"`
	ImageURL  string                  `json:"imageUrl"`
	Options   []schema.ScenarioChoice `json:"options"`
	Quantity  int                     `json:"quantity"`
	UnitPrice catalog.Price           `json:"unitPrice"`
	LineTotal catalog.Price           `json:"lineTotal"`
	// Chosen names the sku's attributes and every chosen option in the
	// reader's language (see For); ImageURL is the sku's picture.
	Chosen []catalog.Chosen `json:"chosen"`
}

// For is the service as a reader of lang sees it: the orders and checkout
// lines it returns name every chosen value in that language. The service
// itself is unchanged.
func (s *Service) For(lang string) *Service {
	c := *s
	c.lang = lang
	return &c
}

// nameLines fills in lines' chosen values and sku pictures for s.lang.
func (s *Service) nameLines(ctx context.Context, lines []*Line, refs []catalog.LineRef) error {
	variants, err := s.cat.Variants(ctx, refs, s.lang)
	if err != nil {
		return fmt.Errorf("order: name lines: %w", err)
	}
	for i, l := range lines {
		l.Chosen = variants[i].Chosen
		if img := variants[i].Image; img != nil {
			l.ImageURL = img.Small.URL
		}
	}
	return nil
}

// Delivery is a dress order's promise, as clients see it.
type Delivery struct {
	AcceptedBy    time.Time `json:"acceptedBy"`
	StandardBy    time.Time `json:"standardBy"`
	EstimatedBy   time.Time `json:"estimatedBy"`
	TailoringDays int       `json:"tailoringDays"`
	ShippingDays  int       `json:"shippingDays"`
}

// Event is one step of the tracking timeline.
// Key is the note's catalogue key (a tracking event's TrackKeys entry);
// Note is its text in the reader's language; Place and Remark are what
// the seller typed, shown as typed.
type Event struct {
	Status int       `json:"status"`
	Key    string    `json:"key"`
	Note   string    `json:"note"`
	Place  string    `json:"place"`
	Remark string    `json:"remark"`
	At     time.Time `json:"at"`
}

// View is an order as its buyer sees it.
type View struct {
	Number         string                 `json:"orderNumber"`
	Status         int                    `json:"status"`
	StatusName     string                 `json:"statusName"`
	CreatedAt      time.Time              `json:"createdAt"`
	PayBy          time.Time              `json:"payBy"`
	PaidAt         *time.Time             `json:"paidAt,omitempty"`
	SellerUID      string                 `json:"sellerUid"`
	SellerName     string                 `json:"sellerName"`
	Currency       money.Currency         `json:"currency"`
	GoodsTotal     catalog.Price          `json:"goodsTotal"`
	Shipping       catalog.Price          `json:"shipping"`
	Total          catalog.Price          `json:"total"`
	Address        schema.AddressSnapshot `json:"address"`
	Note           string                 `json:"note"`
	Lines          []Line                 `json:"lines"`
	PayUID         string                 `json:"payUid"`
	PayMethod      int                    `json:"payMethod"`
	PayStatus      string                 `json:"payStatus"`
	PayFailure     string                 `json:"payFailure,omitempty"`
	Carrier        string                 `json:"carrier"`
	TrackingNumber string                 `json:"trackingNumber"`
	Delivery       *Delivery              `json:"delivery,omitempty"`
	Events         []Event                `json:"events"`
	Actions        Actions                `json:"actions"`
	MakeLine       *MakeLineInfo          `json:"makeLine,omitempty"` // a make-line order
}

// views builds the buyer's view of loaded orders (lines and events loaded).
func (s *Service) views(ctx context.Context, db *ent.Client, rows []*ent.Order) ([]View, error) {
	sellerIDs, payUIDs := []int{}, []string{}
	for _, o := range rows {
		sellerIDs = append(sellerIDs, o.SellerID)
		payUIDs = append(payUIDs, o.PaymentUID)
	}
	sellers, err := db.Identity.Query().Where(identity.IDIn(sellerIDs...)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("order: sellers: %w", err)
	}
	pays, err := db.Payment.Query().Where(payment.UIDIn(payUIDs...)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("order: payments: %w", err)
	}
	byID := map[int]*ent.Identity{}
	for _, x := range sellers {
		byID[x.ID] = x
	}
	payBy := map[string]*ent.Payment{}
	for _, p := range pays {
		payBy[p.UID] = p
	}
	out := make([]View, 0, len(rows))
	var lines []*Line
	var refs []catalog.LineRef
	for _, o := range rows {
		out = append(out, s.view(o, byID[o.SellerID], payBy[o.PaymentUID]))
	}
	for i, o := range rows {
		for j, l := range o.Edges.Lines {
			lines = append(lines, &out[i].Lines[j])
			refs = append(refs, catalog.LineRef{GoodsID: l.GoodsID, SkuUID: l.SkuUID, Options: l.Options})
		}
	}
	if err := s.nameLines(ctx, lines, refs); err != nil {
		return nil, err
	}
	return out, nil
}

func (s *Service) view(o *ent.Order, seller *ent.Identity, p *ent.Payment) View {
	cur, ok := s.cat.Currency(o.Currency)
	if !ok {
		cur = money.Currency{Code: o.Currency, Symbol: o.Currency}
	}
	v := View{
		Number: o.Number, Status: o.Status, StatusName: StatusNames[o.Status], CreatedAt: o.CreatedAt,
		PayBy: o.PayBy, PaidAt: o.PaidAt, Currency: cur,
		GoodsTotal: s.cat.Money(o.GoodsTotal, o.Currency), Shipping: s.cat.Money(o.Shipping, o.Currency),
		Total: s.cat.Money(o.Total, o.Currency), Address: o.Address, Note: o.Note, PayUID: o.PaymentUID,
		Carrier: o.Carrier, TrackingNumber: o.TrackingNumber, Actions: actionsFor(o.Status),
		Lines: []Line{}, Events: []Event{}, MakeLine: s.makeLineInfo(o),
	}
	if o.AcceptedAt != nil { // its maker is making it: too late to cancel
		v.Actions.Cancel = false
	}
	if seller != nil {
		v.SellerUID, v.SellerName = seller.UID, seller.Name
	}
	if p != nil {
		v.PayMethod, v.PayStatus = p.Method, p.Status
		if p.Status == "failed" {
			v.PayFailure = p.Failure
		}
	}
	if o.Delivery != nil {
		v.Delivery = deliveryOf(o.Delivery)
	}
	for _, l := range o.Edges.Lines {
		v.Lines = append(v.Lines, Line{GoodsUID: l.GoodsUID, SkuUID: l.SkuUID, Name: l.Name, ImageURL: l.ImageURL,
			Options: orEmpty(l.Options), Quantity: l.Quantity, UnitPrice: s.cat.Money(l.UnitPrice, o.Currency),
			LineTotal: s.cat.Money(l.LineTotal, o.Currency), Chosen: []catalog.Chosen{}})
	}
	for _, e := range o.Edges.Events {
		v.Events = append(v.Events, Event{Status: e.Status, Key: noteKey(e.Note), Note: e.Note, Place: e.Place, Remark: e.Remark, At: e.At})
	}
	return v
}

func orEmpty(o []schema.ScenarioChoice) []schema.ScenarioChoice {
	if o == nil {
		return []schema.ScenarioChoice{}
	}
	return o
}

// deliveryOf is a kept promise as clients see it.
func deliveryOf(d *schema.Delivery) *Delivery {
	return &Delivery{AcceptedBy: d.AcceptedBy, StandardBy: d.StandardBy, EstimatedBy: d.EstimatedBy,
		TailoringDays: d.TailoringDays, ShippingDays: d.ShippingDays}
}

// dressDelivery is SPEC §9's promise (catalog.DressDelivery), fixed when
// the order is made.
func dressDelivery(now time.Time) *schema.Delivery {
	d := catalog.DressDelivery(now)
	return &schema.Delivery{
		AcceptedBy: time.UnixMilli(d.Accepted).UTC(), StandardBy: time.UnixMilli(d.Standard).UTC(),
		TailoringDays: d.TailoringDays, ShippingDays: d.ShippingDays, EstimatedBy: time.UnixMilli(d.Estimated).UTC(),
	}
}

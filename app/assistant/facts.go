package assistant

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"time"

	"souk/app/catalog"
	"souk/app/order"
	"souk/ent"
	"souk/ent/goods"
	entorder "souk/ent/order"
)

// ReturnDays is SPEC §9's return window: 10 days, by mail, the customer
// paying the return postage.
const ReturnDays = 10

// MaxOrders is how many of the shopper's newest orders the assistant
// knows about (and hands a model).
const MaxOrders = 5

// Facts are what the store knows that may answer one shopper: their own
// orders only, the rules every shopper may read, and the item they talk
// about. A model gets them as data.
type Facts struct {
	Orders        []OrderFact  `json:"orders"`
	ReturnPolicy  ReturnPolicy `json:"returnPolicy"`
	DressDelivery DressRules   `json:"dressDelivery"`
	Item          *ItemFact    `json:"item,omitempty"`
}

// OrderFact is one of the shopper's orders.
type OrderFact struct {
	Number     string   `json:"number"`
	Status     string   `json:"status"` // in the shopper's language
	StatusCode int      `json:"statusCode"`
	PlacedOn   string   `json:"placedOn"`
	Items      []string `json:"items"`
	Carrier    string   `json:"carrier,omitempty"`
	Tracking   string   `json:"tracking,omitempty"`
	// A made-to-measure order's promise (SPEC §9), fixed when placed.
	AcceptedBy  string `json:"acceptedBy,omitempty"`
	StandardBy  string `json:"standardBy,omitempty"`
	EstimatedBy string `json:"estimatedBy,omitempty"`
}

// ReturnPolicy is SPEC §9's structured-data return policy.
type ReturnPolicy struct {
	Days          int    `json:"days"`
	Method        string `json:"method"`
	CustomerPays  bool   `json:"customerPaysReturn"`
	CustomSizeNot bool   `json:"customSizeOnlyIfFaulty"`
}

// DressRules are SPEC §9's dress delivery dates for an order placed now.
type DressRules struct {
	AcceptedBy    string `json:"acceptedBy"`
	StandardBy    string `json:"standardBy"`
	EstimatedBy   string `json:"customSizeBy"`
	TailoringDays int    `json:"tailoringWorkingDays"`
	ShippingDays  int    `json:"shippingWorkingDays"`
}

// ItemFact is the goods item the shopper talks about.
type ItemFact struct {
	TreID       string            `json:"treId"`
	Name        string            `json:"name"`
	Stock       int               `json:"stock"`
	MadeToOrder bool              `json:"madeToOrder"`
	Sizes       []catalog.SizeRow `json:"sizes,omitempty"` // cm: bust, waist, hips, hollow to floor
	CustomSize  bool              `json:"customSize"`
}

func day(t time.Time) string { return t.UTC().Format("2006-01-02") }

// facts gathers what may answer shopperID, in lang; attached is the order
// the conversation is about (it counts even when older than the newest).
func (s *Service) facts(ctx context.Context, shopperID int, treUID, attached, lang string) (*Facts, error) {
	d := catalog.DressDelivery(s.now())
	f := &Facts{
		ReturnPolicy: ReturnPolicy{Days: ReturnDays, Method: "mail", CustomerPays: true, CustomSizeNot: true},
		DressDelivery: DressRules{AcceptedBy: day(time.UnixMilli(d.Accepted)), StandardBy: day(time.UnixMilli(d.Standard)),
			EstimatedBy: day(time.UnixMilli(d.Estimated)), TailoringDays: d.TailoringDays, ShippingDays: d.ShippingDays},
	}
	var err error
	if f.Orders, err = s.orders(ctx, shopperID, attached, lang); err != nil {
		return nil, err
	}
	if treUID != "" {
		if f.Item, err = s.item(ctx, treUID, lang); err != nil {
			return nil, err
		}
	}
	return f, nil
}

// orders are shopperID's newest orders and the attached one, and only
// theirs.
func (s *Service) orders(ctx context.Context, shopperID int, attached, lang string) ([]OrderFact, error) {
	os, err := s.db.Order.Query().Where(entorder.UserIDEQ(shopperID), entorder.HiddenEQ(false)).WithLines().
		Order(ent.Desc(entorder.FieldCreatedAt), ent.Desc(entorder.FieldID)).Limit(MaxOrders).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("assistant: orders: %w", err)
	}
	if attached != "" && !slices.ContainsFunc(os, func(o *ent.Order) bool { return o.Number == attached }) {
		old, err := s.db.Order.Query().Where(entorder.UserIDEQ(shopperID), entorder.NumberEQ(attached)).WithLines().All(ctx)
		if err != nil {
			return nil, fmt.Errorf("assistant: attached order: %w", err)
		}
		os = append(os, old...)
	}
	out := make([]OrderFact, 0, len(os))
	for _, o := range os {
		f := OrderFact{Number: o.Number, StatusCode: o.Status, Status: s.t(lang, statusKey(o.Status)), PlacedOn: day(o.CreatedAt)}
		for _, l := range o.Edges.Lines {
			f.Items = append(f.Items, l.Name)
		}
		if o.Status == order.Shipped || o.Status == order.Received {
			f.Carrier, f.Tracking = o.Carrier, o.TrackingNumber
		}
		if d := o.Delivery; d != nil {
			f.AcceptedBy, f.StandardBy, f.EstimatedBy = day(d.AcceptedBy), day(d.StandardBy), day(d.EstimatedBy)
		}
		out = append(out, f)
	}
	return out, nil
}

// statusKey is the catalogue key of an order status (the pages' keys).
func statusKey(status int) string {
	if _, ok := order.StatusNames[status]; !ok {
		return "OrderStatusUnknown"
	}
	return fmt.Sprintf("OrderStatus%d", status)
}

// item is a listed goods item's name, stock and sizes; nil when it is not
// listed (deleted or hidden items tell nothing).
func (s *Service) item(ctx context.Context, treUID, lang string) (*ItemFact, error) {
	g, err := s.db.Goods.Query().Where(goods.UIDEQ(treUID), catalog.Listed()).WithSkus().Only(ctx)
	if ent.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("assistant: goods: %w", err)
	}
	f := &ItemFact{TreID: g.UID, Stock: g.Stock, MadeToOrder: g.Spe == 1}
	if len(g.Edges.Skus) > 0 {
		f.Stock = 0
		for _, k := range g.Edges.Skus {
			f.Stock += k.Stock
		}
	}
	detail, err := s.cat.Detail(ctx, catalog.Ref{TreID: treUID}, lang, "")
	if err != nil {
		return nil, fmt.Errorf("assistant: goods detail: %w", err)
	}
	f.Name = detail.TreName.Txt
	f.Sizes = catalog.SizeChartFor(detail)
	for _, l := range detail.ScenarioLabels {
		for _, v := range l.Values {
			f.CustomSize = f.CustomSize || (l.LabelID == catalog.LabelSize && v.ID == catalog.CustomSizeOption)
		}
	}
	return f, nil
}

// goodsLinkRe finds a goods page address in a message (…/tredetail/{treId}).
var goodsLinkRe = regexp.MustCompile(`/tredetail/([A-Za-z0-9_-]{1,64})`)

// linkedGoods is the treId of a goods page linked in text, or "".
func linkedGoods(text string) string {
	if m := goodsLinkRe.FindStringSubmatch(text); m != nil {
		return m[1]
	}
	return ""
}

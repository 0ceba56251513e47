package schema

import (
	"time"

	"entgo.io/ent"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// Address is a shopper's delivery address. Orders copy it when they are
// made, so editing or deleting an address never changes an order.
type Address struct{ ent.Schema }

func (Address) Mixin() []ent.Mixin { return []ent.Mixin{TimeMixin{}} }

func (Address) Fields() []ent.Field {
	return []ent.Field{
		field.String("uid").Unique().NotEmpty(),
		field.Int("user_id"),
		field.String("name").MaxRuneLen(100),
		field.String("phone").MaxRuneLen(32),
		field.String("country").MaxRuneLen(2).Comment("ISO 3166-1 alpha-2"),
		field.String("region").Default("").MaxRuneLen(100).Comment("state, province or prefecture"),
		field.String("city").MaxRuneLen(100),
		field.String("line1").MaxRuneLen(200),
		field.String("line2").Default("").MaxRuneLen(200),
		field.String("postal_code").Default("").MaxRuneLen(16),
		field.Bool("is_default").Default(false),
	}
}

func (Address) Indexes() []ent.Index { return []ent.Index{index.Fields("user_id")} }

// AddressSnapshot is an address as an order keeps it.
type AddressSnapshot struct {
	Name       string `json:"name"`
	Phone      string `json:"phone"`
	Country    string `json:"country"`
	Region     string `json:"region,omitempty"`
	City       string `json:"city"`
	Line1      string `json:"line1"`
	Line2      string `json:"line2,omitempty"`
	PostalCode string `json:"postalCode,omitempty"`
}

// Delivery is what a made-to-order (dress) order promises, fixed when the
// order is made (SPEC §9).
type Delivery struct {
	AcceptedBy    time.Time `json:"acceptedBy"`
	StandardBy    time.Time `json:"standardBy"`
	TailoringDays int       `json:"tailoringDays"`
	ShippingDays  int       `json:"shippingDays"`
	EstimatedBy   time.Time `json:"estimatedBy"`
}

// Order is one seller's part of a checkout. Its status follows the state
// machine of app/order; money is in minor units of currency.
type Order struct{ ent.Schema }

func (Order) Mixin() []ent.Mixin { return []ent.Mixin{TimeMixin{}} }

func (Order) Fields() []ent.Field {
	return []ent.Field{
		field.String("number").Unique().NotEmpty().Comment("orderNumber on the wire"),
		field.Int("user_id").Comment("the buyer"),
		field.Int("seller_id").Comment("the selling identity"),
		field.String("payment_uid").Comment("the payment that pays this order (one per checkout)"),
		field.Int("status"),
		field.String("currency"),
		field.Int64("goods_total"),
		field.Int64("shipping"),
		field.Int64("total"),
		field.JSON("address", AddressSnapshot{}),
		field.JSON("delivery", &Delivery{}).Optional(),
		field.String("note").Default("").MaxRuneLen(500),
		field.String("carrier").Default(""),
		field.String("tracking_number").Default(""),
		field.Bool("hidden").Default(false).Comment("deleted by the buyer: hidden from them only"),
		field.Bool("stock_held").Default(true).Comment("true while the order holds its goods' stock"),
		field.Time("pay_by").Comment("an unpaid order is cancelled after this and releases its stock"),
		field.Time("paid_at").Optional().Nillable(),
		field.String("makeline_uid").Default("").Comment("the make-line quote this order was placed from; empty for cart orders"),
		field.Time("accepted_at").Optional().Nillable().Comment("a make-line order: when its maker accepted it"),
	}
}

func (Order) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("lines", OrderLine.Type),
		edge.To("events", OrderEvent.Type),
	}
}

func (Order) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("user_id", "hidden", "created_at"),
		index.Fields("seller_id"),
		index.Fields("payment_uid"),
		index.Fields("status", "pay_by"),
		index.Fields("makeline_uid"),
	}
}

// OrderLine is one goods configuration in an order, priced by the server
// when the order was made.
type OrderLine struct{ ent.Schema }

func (OrderLine) Fields() []ent.Field {
	return []ent.Field{
		field.Int("goods_id"),
		field.String("goods_uid"),
		field.String("sku_uid").Default(""),
		field.String("name"),
		field.String("image_url").Default(""),
		field.JSON("options", []ScenarioChoice{}).Optional(),
		field.Int("quantity"),
		field.Int64("unit_price"),
		field.Int64("line_total"),
	}
}

func (OrderLine) Edges() []ent.Edge {
	return []ent.Edge{edge.From("order", Order.Type).Ref("lines").Unique().Required()}
}

// OrderEvent is one step of an order's history: the tracking timeline.
// Note is a catalogue key (with its arguments, see app/order noteOf), so
// the timeline reads in each reader's language; place and remark are what
// a seller typed on a tracking event, shown as typed.
type OrderEvent struct{ ent.Schema }

func (OrderEvent) Fields() []ent.Field {
	return []ent.Field{
		field.Int("status"),
		field.String("note").Default(""),
		field.Time("at").Default(time.Now),
		field.String("place").Default("").MaxRuneLen(100),
		field.String("remark").Default("").MaxRuneLen(500),
		field.Int("by_user").Default(0).Comment("the user who made the step (seller, operator); 0 the store or the buyer's payment"),
	}
}

func (OrderEvent) Edges() []ent.Edge {
	return []ent.Edge{edge.From("order", Order.Type).Ref("events").Unique().Required()}
}

// Payment pays the orders of one checkout. RequestID makes placing the
// orders idempotent: the same request twice makes one checkout.
type Payment struct{ ent.Schema }

func (Payment) Mixin() []ent.Mixin { return []ent.Mixin{TimeMixin{}} }

func (Payment) Fields() []ent.Field {
	return []ent.Field{
		field.String("uid").Unique().NotEmpty(),
		field.Int("user_id"),
		field.String("request_id").MaxLen(64),
		field.Int("method").Default(0).Comment("SPEC §3 payment methods; 0 until chosen"),
		field.String("status").Default("open").Comment("open, pending, action, succeeded, failed, cancelled"),
		field.String("currency"),
		field.Int64("amount"),
		field.String("provider_ref").Default(""),
		field.String("failure").Default(""),
		field.String("doge_address").Default(""),
		field.Int64("doge_amount").Default(0).Comment("in koinu (1e-8 DOGE)"),
		field.Float("doge_rate").Default(0).Comment("units of currency per DOGE when quoted"),
		field.Time("paid_at").Optional().Nillable(),
	}
}

func (Payment) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("user_id", "request_id").Unique(),
		index.Fields("provider_ref"),
		index.Fields("doge_address"),
	}
}

// PaymentEvent records each provider callback applied, by the provider's
// event id, so a callback delivered twice changes nothing the second time.
type PaymentEvent struct{ ent.Schema }

func (PaymentEvent) Fields() []ent.Field {
	return []ent.Field{
		field.String("event_id").Unique().NotEmpty(),
		field.String("payment_uid"),
		field.String("kind"),
		field.Time("at").Default(time.Now),
	}
}

// DogeTransfer is a transfer seen on the (simulated or real) Dogecoin chain
// to a payment address.
type DogeTransfer struct{ ent.Schema }

func (DogeTransfer) Fields() []ent.Field {
	return []ent.Field{
		field.String("txid").Unique().NotEmpty(),
		field.String("to_address"),
		field.String("from_address"),
		field.Int64("amount").Comment("koinu"),
		field.Time("seen_at"),
	}
}

func (DogeTransfer) Indexes() []ent.Index { return []ent.Index{index.Fields("to_address")} }

// MailLanguage is the language a user last used for an order or fulfilment
// call: order notices reach them in it (a user has no language setting).
type MailLanguage struct{ ent.Schema }

func (MailLanguage) Fields() []ent.Field {
	return []ent.Field{
		field.Int("user_id").Unique(),
		field.String("lang").MaxLen(16),
	}
}

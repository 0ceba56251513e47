package schema

import (
	"time"

	"entgo.io/ent"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// MakeLineQuote is a fixed make-line price (order/getPreMakeLineUid): what
// is to be made (goods, sku, options with measurements, an optional
// creation version), by which maker, for how much. The client only ever
// names its uid afterwards; an order claims it once (order_number).
type MakeLineQuote struct{ ent.Schema }

func (MakeLineQuote) Fields() []ent.Field {
	return []ent.Field{
		field.String("uid").Unique().NotEmpty(),
		field.Int("user_id"),
		field.Int("goods_id"),
		field.Int("version_id").Optional().Nillable().Comment("the creation version to make, if any"),
		field.Int("maker_id").Comment("the Maker identity that makes it"),
		field.String("sku_uid").Default(""),
		field.JSON("options", []ScenarioChoice{}).Optional(),
		field.String("currency"),
		field.Int64("base").Comment("unit price without options"),
		field.Int64("options_amount").Comment("options other than the custom size"),
		field.Int64("size_amount").Comment("the custom size surcharge"),
		field.Int64("shipping"),
		field.Int64("total"),
		field.String("order_number").Default("").Comment("set once, by the order that claimed the quote"),
		field.Time("created_at").Default(time.Now).Immutable(),
		field.Time("expires_at"),
	}
}

func (MakeLineQuote) Indexes() []ent.Index {
	return []ent.Index{index.Fields("user_id", "created_at")}
}

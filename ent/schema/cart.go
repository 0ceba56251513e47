package schema

import (
	"time"

	"entgo.io/ent"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// ScenarioChoice is one chosen scenario option of a cart line, with the
// custom size data when the option is the custom size.
type ScenarioChoice struct {
	LabelID  int            `json:"labelId"`
	OptionID int            `json:"optionId"`
	SizeData map[string]int `json:"sizeData,omitempty"`
}

// CartLine is one goods configuration in a user's cart. The same goods,
// sku and options added again raise its quantity.
type CartLine struct{ ent.Schema }

func (CartLine) Fields() []ent.Field {
	return []ent.Field{
		field.String("uid").Unique().NotEmpty(),
		field.String("line_key").Comment("goods uid | sku uid | options: one line per configuration"),
		field.String("sku_uid").Default(""),
		field.JSON("options", []ScenarioChoice{}).Optional(),
		field.String("scenario_attrs_uid").Default(""),
		field.Int("quantity"),
		field.Bool("selected").Default(true),
		field.Time("created_at").Default(time.Now).Immutable(),
		field.Time("updated_at").Default(time.Now).UpdateDefault(time.Now),
	}
}

func (CartLine) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("user", User.Type).Unique().Required(),
		edge.To("goods", Goods.Type).Unique().Required(),
	}
}

func (CartLine) Indexes() []ent.Index {
	return []ent.Index{index.Fields("line_key").Edges("user").Unique(), index.Edges("user")}
}

// CartRequest remembers an add-to-cart requestId, so the same request sent
// twice (a double click, two tabs, a retry) adds once.
type CartRequest struct{ ent.Schema }

func (CartRequest) Fields() []ent.Field {
	return []ent.Field{
		field.String("request_id").NotEmpty().MaxLen(64),
		field.Int("user_id"),
		field.String("line_uid"),
		field.Time("created_at").Default(time.Now).Immutable(),
	}
}

func (CartRequest) Indexes() []ent.Index {
	return []ent.Index{index.Fields("user_id", "request_id").Unique()}
}

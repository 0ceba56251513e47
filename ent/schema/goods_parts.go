package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// GoodsImage is one picture of a goods item in three sizes.
type GoodsImage struct{ ent.Schema }

func (GoodsImage) Fields() []ent.Field {
	return []ent.Field{
		field.String("uid").Unique().NotEmpty(),
		field.Int("position").Default(0),
		field.String("large_url"), field.Int("large_w"), field.Int("large_h"),
		field.String("small_url"), field.Int("small_w"), field.Int("small_h"),
		field.String("tiny_url"), field.Int("tiny_w"), field.Int("tiny_h"),
	}
}

func (GoodsImage) Edges() []ent.Edge {
	return []ent.Edge{edge.From("goods", Goods.Type).Ref("images").Unique().Required()}
}

// GoodsPrice is a fixed price in one currency (price calculation type 3).
type GoodsPrice struct{ ent.Schema }

func (GoodsPrice) Fields() []ent.Field {
	return []ent.Field{
		field.String("currency"),
		field.Int64("amount").Comment("minor units"),
	}
}

func (GoodsPrice) Edges() []ent.Edge {
	return []ent.Edge{edge.From("goods", Goods.Type).Ref("prices").Unique().Required()}
}

// PriceRange is a quantity break: from start_qty units on, the unit price is amount.
type PriceRange struct{ ent.Schema }

func (PriceRange) Fields() []ent.Field {
	return []ent.Field{
		field.Int("start_qty"),
		field.Int64("amount").Comment("minor units of the goods' currency"),
	}
}

func (PriceRange) Edges() []ent.Edge {
	return []ent.Edge{edge.From("goods", Goods.Type).Ref("ranges").Unique().Required()}
}

// SkuAttr is one value of an attribute group (group 1 or 2) of a goods item.
// Its name is multilingual (Text owner kind "attr").
type SkuAttr struct{ ent.Schema }

func (SkuAttr) Fields() []ent.Field {
	return []ent.Field{
		field.String("uid").Unique().NotEmpty().Comment("longer than 5 characters: shorter ids count as unset"),
		field.Int("group_no").Range(1, 2),
		field.String("group_name").Default(""),
		field.Int("position").Default(0),
		field.String("img_uid").Default(""),
	}
}

func (SkuAttr) Edges() []ent.Edge {
	return []ent.Edge{edge.From("goods", Goods.Type).Ref("attrs").Unique().Required()}
}

// Sku is a sellable combination, keyed 'attr1Id' or 'attr1Id,attr2Id'.
type Sku struct{ ent.Schema }

func (Sku) Fields() []ent.Field {
	return []ent.Field{
		field.String("uid").Unique().NotEmpty(),
		field.String("attr_key"),
		field.String("img_uid").Default(""),
		field.Int64("price").Comment("minor units of the goods' currency"),
		field.Int("stock").Default(0),
	}
}

func (Sku) Edges() []ent.Edge {
	return []ent.Edge{edge.From("goods", Goods.Type).Ref("skus").Unique().Required()}
}

// ScenarioLabel is an option group such as colour swatches (2) or size (9).
type ScenarioLabel struct{ ent.Schema }

func (ScenarioLabel) Fields() []ent.Field {
	return []ent.Field{
		field.Int("label_id"),
		field.Int("position").Default(0),
	}
}

func (ScenarioLabel) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("goods", Goods.Type).Ref("labels").Unique().Required(),
		edge.To("options", ScenarioOption.Type),
	}
}

// ScenarioOption is one choice of a scenario label; size option 1 is the custom size.
type ScenarioOption struct{ ent.Schema }

func (ScenarioOption) Fields() []ent.Field {
	return []ent.Field{
		field.Int("option_id"),
		field.Int("position").Default(0),
		field.Int64("add_price").Default(0).Comment("minor units of the goods' currency"),
		field.String("swatch").Default("").Comment("CSS colour for colour swatches"),
	}
}

func (ScenarioOption) Edges() []ent.Edge {
	return []ent.Edge{edge.From("label", ScenarioLabel.Type).Ref("options").Unique().Required()}
}

// Comment is a shopper's review of a goods item.
type Comment struct{ ent.Schema }

func (Comment) Fields() []ent.Field {
	return []ent.Field{
		field.String("uid").Unique().NotEmpty(),
		field.String("author_name"),
		field.String("author_avatar").Default(""),
		field.Int("rating_value").Range(0, 100),
		field.String("content").MaxLen(4000),
		field.String("lang").Default("en"),
		field.Int64("sort_factor").Comment("newest first: larger sorts earlier"),
		field.Time("created_at"),
	}
}

func (Comment) Edges() []ent.Edge {
	return []ent.Edge{edge.From("goods", Goods.Type).Ref("comments").Unique().Required()}
}

func (Comment) Indexes() []ent.Index {
	return []ent.Index{index.Edges("goods"), index.Fields("sort_factor")}
}

// Indexes: the goods edge is looked up for every page that shows goods.
func (GoodsImage) Indexes() []ent.Index {
	return []ent.Index{index.Edges("goods")}
}

// Indexes: the goods edge is looked up for every page that shows goods.
func (GoodsPrice) Indexes() []ent.Index {
	return []ent.Index{index.Edges("goods")}
}

// Indexes: the goods edge is looked up for every page that shows goods.
func (PriceRange) Indexes() []ent.Index {
	return []ent.Index{index.Edges("goods")}
}

// Indexes: the goods edge is looked up for every page that shows goods.
func (SkuAttr) Indexes() []ent.Index {
	return []ent.Index{index.Edges("goods")}
}

// Indexes: the goods edge is looked up for every page that shows goods.
func (Sku) Indexes() []ent.Index {
	return []ent.Index{index.Edges("goods")}
}

// Indexes: the goods edge is looked up for every page that shows goods.
func (ScenarioLabel) Indexes() []ent.Index {
	return []ent.Index{index.Edges("goods")}
}

// Indexes: options are loaded by their label.
func (ScenarioOption) Indexes() []ent.Index {
	return []ent.Index{index.Edges("label")}
}

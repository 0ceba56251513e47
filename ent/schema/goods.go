package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// Goods is one goods item ("tre" on the wire). Names, briefs and intros are
// multilingual and live in the Text table (owner kind "goods").
type Goods struct{ ent.Schema }

// AIGenModel is an AI generation model offered for a goods item.
type AIGenModel struct {
	Name  string `json:"name"`
	Tips  string `json:"tips"`
	Tips2 string `json:"tips2"`
}

func (Goods) Mixin() []ent.Mixin { return []ent.Mixin{TimeMixin{}, GoodsReviewMixin{}} }

func (Goods) Fields() []ent.Field {
	return []ent.Field{
		field.String("uid").Unique().NotEmpty().Comment("public id, treId on the wire"),
		field.Int64("old_id").Optional().Nillable().Unique().Comment("legacy numeric id"),
		field.Int("big_type").Default(1).Comment("1 consumer goods, 2 wholesale goods"),
		field.Int("spe").Default(0).Comment("1 = wedding-dress line, made to order"),
		field.Int("saleable").Default(1).Comment("1 = on sale"),
		field.String("uri").Default("").Comment("slug for /tredetail/{treId}/{suri}"),
		field.Int("tre_type").Default(1).Comment("0 shows test results"),
		field.Int("approve_status").Default(2).Comment("review status, shown to the owner"),
		field.Strings("test_results").Optional(),
		field.Int("rating").Default(0).Comment("0-100"),
		field.Int("rating_count").Default(0),
		field.Int("best_rating").Default(100),
		field.Int("comment_count").Default(0),
		field.Int("sales").Default(0),
		field.String("main_lan").Default("en"),
		field.String("sku_tag").Default(""),
		field.Bool("use_scenario_label").Default(false),
		field.JSON("ai_gen_models", []AIGenModel{}).Optional(),
		field.String("currency").Default("USD").Comment("currency of the base prices below"),
		field.Int64("price").Default(0).Comment("base unit price in minor units of currency"),
		field.Int("price_cal_type").Default(2).Comment("2 base rate, 3 static price, 4 various price"),
		field.Int("min_qty").Default(1),
		field.Int("stock").Default(0),
		field.String("category").Default(""),
		field.String("template").Default("").Comment("demo template key; empty for sellers' own goods"),
		field.String("color").Default("").Comment("main colour key (red, navy…), for search filters"),
		field.Int64("version").Default(1).Comment("bumped on every change; part of the page cache key"),
		field.JSON("extra_values", map[string]any{}).Optional().Comment("values of fields operators added to the goods form, as passed"),
		field.Time("deleted_at").Optional().Nillable().Comment("set when the seller deletes it: hidden everywhere, order lines keep it"),
	}
}

func (Goods) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("owner", Identity.Type).Ref("goods").Unique().Required(),
		edge.To("images", GoodsImage.Type),
		edge.To("prices", GoodsPrice.Type),
		edge.To("ranges", PriceRange.Type),
		edge.To("attrs", SkuAttr.Type),
		edge.To("skus", Sku.Type),
		edge.To("labels", ScenarioLabel.Type),
		edge.To("comments", Comment.Type),
	}
}

func (Goods) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("big_type", "saleable"),
		index.Fields("spe"),
		index.Fields("category"),   // curated collections fill up from a category
		index.Edges("owner"),       // an identity's goods
		index.Fields("updated_at"), // the search index syncs by it
	}
}

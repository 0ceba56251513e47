package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// SearchFeedback is what a shopper said of a search's results, so result
// quality can be measured over time.
type SearchFeedback struct{ ent.Schema }

func (SearchFeedback) Fields() []ent.Field {
	return []ent.Field{
		field.String("page_id").Default("").MaxRuneLen(64),
		field.String("query").MaxRuneLen(500),
		field.Bool("useful"),
		field.String("comment").Default("").MaxRuneLen(1000),
		field.Int("shown").Default(0).Comment("how many results the shopper saw"),
		field.String("lang").Default(""),
		field.Time("created_at"),
	}
}

func (SearchFeedback) Indexes() []ent.Index {
	return []ent.Index{index.Fields("created_at")}
}

// ImageDescriptor keeps the visual descriptor of a goods picture, so image
// search does not recompute it at every start.
type ImageDescriptor struct{ ent.Schema }

func (ImageDescriptor) Fields() []ent.Field {
	return []ent.Field{
		field.String("image_uid").Unique(),
		field.String("goods_uid"),
		field.Bytes("data"),
	}
}

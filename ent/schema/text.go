package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// Text is one field of one owner in one language: the lanMap of the wire format
// stored as rows, so search and translation can work on it.
type Text struct{ ent.Schema }

func (Text) Fields() []ent.Field {
	return []ent.Field{
		field.String("owner_kind").Comment("goods, attr, option, label, identity, category, home"),
		field.Int("owner_id"),
		field.String("field").Comment("name, brief, intro, introAttr.N.k, ..."),
		field.String("lang"),
		field.Text("txt"),
		field.Bool("machine").Default(false).Comment("made by a translation engine, not written by a person"),
	}
}

func (Text) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("owner_kind", "owner_id", "field", "lang").Unique(),
	}
}

package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// ContentDoc is one named piece of the store's content (about, contact,
// dressesfaq, hots) in one language, edited by admins at
// operations/EditForm/{EditName}. Version grows with every save, so a save
// made from an outdated copy (another tab) is refused.
type ContentDoc struct{ ent.Schema }

func (ContentDoc) Mixin() []ent.Mixin { return []ent.Mixin{TimeMixin{}} }

func (ContentDoc) Fields() []ent.Field {
	return []ent.Field{
		field.String("name").NotEmpty(),
		field.String("lang").NotEmpty(),
		field.JSON("payload", map[string]any{}),
		field.Int("version").Default(1),
	}
}

func (ContentDoc) Indexes() []ent.Index {
	return []ent.Index{index.Fields("name", "lang").Unique()}
}

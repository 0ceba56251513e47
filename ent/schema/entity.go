package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// Entity is who stands behind a user's identities (SPEC §3: Person 1,
// Company 2): one per user, described by the entity form of its type and
// reviewed by an operator. It is never public.
type Entity struct{ ent.Schema }

func (Entity) Mixin() []ent.Mixin { return []ent.Mixin{TimeMixin{}} }

func (Entity) Fields() []ent.Field {
	return []ent.Field{
		field.String("uid").Unique().NotEmpty(),
		field.Int("entity_type").Comment("1 person, 2 company"),
		field.Int("review_status").Default(0).Comment("0 none, 1 waiting, 2 pass, 3 doing, 4 rejected"),
		field.String("reject_reason").Default(""),
		field.Int("reviewer_id").Optional().Nillable(),
		field.JSON("form_values", map[string]any{}).Optional().Comment("as last submitted"),
		field.JSON("approved", map[string]any{}).Optional().Comment("as last passed"),
	}
}

func (Entity) Edges() []ent.Edge {
	return []ent.Edge{edge.From("user", User.Type).Ref("entity").Unique().Required()}
}

func (Entity) Indexes() []ent.Index {
	return []ent.Index{index.Fields("review_status")}
}

// FormDef is a data-driven form: the field definitions (JSON, decoded by
// app/form) that a *WithForm call serves and its save validates against.
type FormDef struct{ ent.Schema }

func (FormDef) Mixin() []ent.Mixin { return []ent.Mixin{TimeMixin{}} }

func (FormDef) Fields() []ent.Field {
	return []ent.Field{
		field.String("name").Unique().NotEmpty().Comment("entity.1, entity.2, identity.22, goods, ..."),
		field.Text("fields").Comment("JSON array of field definitions"),
		field.Int("version").Default(1),
	}
}

// StaffAudit is one staff decision or edit. Every field is immutable and no
// call updates or deletes a row.
type StaffAudit struct{ ent.Schema }

func (StaffAudit) Fields() []ent.Field {
	return []ent.Field{
		field.Int("actor_id").Immutable(),
		field.String("actor_email").Default("").Immutable(),
		field.String("actor_role").Default("").Immutable(),
		field.Time("at").Immutable(),
		field.String("object_kind").Immutable().Comment("entity, identity, goods, form, user"),
		field.String("object_uid").Immutable(),
		field.String("action").Immutable().Comment("take, pass, reject, grant, revoke, ..."),
		field.Text("before").Default("").Immutable(),
		field.Text("after").Default("").Immutable(),
		field.String("reason").Default("").Immutable(),
	}
}

func (StaffAudit) Indexes() []ent.Index {
	return []ent.Index{index.Fields("object_kind", "object_uid", "at"), index.Fields("actor_id")}
}

package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// User is a person with an account. A closed account keeps its row (orders
// refer to it) with its personal data erased.
type User struct{ ent.Schema }

func (User) Mixin() []ent.Mixin { return []ent.Mixin{TimeMixin{}} }

func (User) Fields() []ent.Field {
	return []ent.Field{
		field.String("uid").Unique().NotEmpty(),
		field.String("email").Optional().Nillable().Unique().Comment("normalised: trimmed, lower case"),
		field.String("password_hash").Optional().Sensitive().Comment("argon2id of the browser-transformed password"),
		field.String("status").Default("active").Comment("active or closed"),
		field.Time("closed_at").Optional().Nillable(),
		field.String("user_name").Default(""),
		field.Int("user_type").Default(0),
		field.String("title").Default(""),
		field.String("brief").Default(""),
		field.String("avatar_url").Default(""),
		field.String("background_url").Default(""),
	}
}

func (User) Edges() []ent.Edge {
	return []ent.Edge{edge.To("identities", Identity.Type), edge.To("sessions", Session.Type)}
}

// Identity is a public role page (Creator 21, Seller 22, Maker 23, Analyst 24,
// Customer service 41) that owns goods. Its title and brief are multilingual.
type Identity struct{ ent.Schema }

func (Identity) Mixin() []ent.Mixin { return []ent.Mixin{TimeMixin{}} }

func (Identity) Fields() []ent.Field {
	return []ent.Field{
		field.String("uid").Unique().NotEmpty(),
		field.Int("identity_type"),
		field.Int("entity_type").Default(1).Comment("1 person, 2 company"),
		field.String("name"),
		field.String("country").Default(""),
		field.String("avatar_url").Default(""),
		field.String("background_url").Default(""),
		field.Int("rating").Default(0),
	}
}

func (Identity) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("user", User.Type).Ref("identities").Unique(),
		edge.To("goods", Goods.Type),
	}
}

func (Identity) Indexes() []ent.Index {
	return []ent.Index{index.Fields("identity_type")}
}

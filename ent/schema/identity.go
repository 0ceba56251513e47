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
		field.String("role").Default("").Comment("staff role: empty, reviewer or admin; set only from the command line"),
	}
}

func (User) Edges() []ent.Edge {
	return []ent.Edge{edge.To("identities", Identity.Type), edge.To("sessions", Session.Type),
		edge.To("entity", Entity.Type).Unique()}
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
		// Review (SPEC §4). Rows made before review existed are the demo's,
		// approved and public: hence the defaults.
		field.Int("review_status").Default(2).Comment("0 none, 1 waiting, 2 pass, 3 doing, 4 rejected"),
		field.String("reject_reason").Default(""),
		field.Int("reviewer_id").Optional().Nillable().Comment("the operator who took it (Doing)"),
		field.Bool("public").Default(true).Comment("has an approved version: its page is served"),
		field.JSON("form_values", map[string]any{}).Optional().Comment("the approved application form"),
		field.JSON("pending", map[string]any{}).Optional().Comment("submitted values waiting for review; the live fields stay until passed"),
		field.String("pending_lang").Default("").Comment("the language the pending texts were written in"),
	}
}

func (Identity) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("user", User.Type).Ref("identities").Unique(),
		edge.To("goods", Goods.Type),
	}
}

func (Identity) Indexes() []ent.Index {
	return []ent.Index{index.Fields("identity_type"), index.Fields("review_status"),
		// one identity of a type per user (closed accounts' identities have no user)
		index.Fields("identity_type").Edges("user").Unique()}
}

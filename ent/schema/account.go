package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// Session is one signed-in browser or app. Only a hash of its token is
// stored, so a database leak does not hand out sessions.
type Session struct{ ent.Schema }

func (Session) Fields() []ent.Field {
	return []ent.Field{
		field.String("uid").Unique().NotEmpty().Comment("public id, to list and end sessions"),
		field.String("token_hash").Unique().NotEmpty().Sensitive(),
		field.Time("created_at").Immutable(),
		field.Time("expires_at"),
		field.Time("last_seen_at"),
		field.String("user_agent").Default("").MaxLen(300),
		field.String("ip").Default(""),
		field.String("via").Default("password").Comment("password, code, register, qr"),
		field.Time("revoked_at").Optional().Nillable(),
	}
}

func (Session) Edges() []ent.Edge {
	return []ent.Edge{edge.From("user", User.Type).Ref("sessions").Unique().Required()}
}

func (Session) Indexes() []ent.Index {
	return []ent.Index{index.Fields("expires_at"), index.Edges("user")}
}

// VerificationCode is a code mailed for one purpose to one address. Only its
// hash is kept; it is single use, expires, and locks after a few wrong tries.
type VerificationCode struct{ ent.Schema }

func (VerificationCode) Fields() []ent.Field {
	return []ent.Field{
		field.String("email"),
		field.String("purpose").Comment("login, register, forgetPassword, changeEmail, destroyAccount"),
		field.String("code_hash").Sensitive(),
		field.Int("user_id").Optional().Comment("for changeEmail and destroyAccount: who asked"),
		field.Time("created_at").Immutable(),
		field.Time("expires_at"),
		field.Int("attempts").Default(0),
		field.Time("used_at").Optional().Nillable(),
	}
}

func (VerificationCode) Indexes() []ent.Index {
	return []ent.Index{index.Fields("email", "purpose", "created_at")}
}

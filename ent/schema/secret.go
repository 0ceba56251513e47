package schema

import (
	"time"

	"entgo.io/ent"
	"entgo.io/ent/schema/field"
)

// ServerSecret is a server secret (webhook key, code pepper) generated once
// per installation when configuration does not set it, so every node of
// one database shares it. It is never sent to a browser.
type ServerSecret struct{ ent.Schema }

func (ServerSecret) Fields() []ent.Field {
	return []ent.Field{
		field.String("name").Unique().Immutable().MaxLen(64),
		field.String("value").Immutable().Sensitive(),
		field.Time("created_at").Default(time.Now).Immutable(),
	}
}

package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// QuotaCounter is how many units of one AI quota were reserved on one UTC
// day: for one user (scope "<kind>:user:<id>") or for everyone ("<kind>:all").
// Reserving raises it only where it stays within the limit, in one
// conditional update, so every node of one database shares the counts
// (app/quota). Old days' rows are pruned.
type QuotaCounter struct{ ent.Schema }

func (QuotaCounter) Fields() []ent.Field {
	return []ent.Field{
		field.String("scope").MaxLen(80),
		field.Int("day").Comment("days since 1970-01-01, UTC"),
		field.Int("used").Default(0),
	}
}

func (QuotaCounter) Indexes() []ent.Index {
	return []ent.Index{index.Fields("scope", "day").Unique(), index.Fields("day")}
}

package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// Creation is a user's AI creation from one goods item with one of its
// aiGenModels: the versions made from it hang off it (app/creation).
type Creation struct{ ent.Schema }

func (Creation) Mixin() []ent.Mixin { return []ent.Mixin{TimeMixin{}} }

func (Creation) Fields() []ent.Field {
	return []ent.Field{
		field.String("uid").Unique().NotEmpty(),
		field.Int("user_id"),
		field.Int("goods_id"),
		field.String("model").MaxRuneLen(100).Comment("the aiGenModels name chosen"),
	}
}

func (Creation) Indexes() []ent.Index {
	return []ent.Index{index.Fields("user_id", "goods_id")}
}

// CreationImage is one generated picture of a version, re-encoded and
// stored like an upload (two sizes).
type CreationImage struct {
	SmallURL string `json:"smallUrl"`
	SmallW   int    `json:"smallW"`
	SmallH   int    `json:"smallH"`
	BigURL   string `json:"bigUrl"`
	BigW     int    `json:"bigW"`
	BigH     int    `json:"bigH"`
}

// CreationVersion is one result of a creation: what was asked (prompt and
// the options chosen), what the engine made, and the version it refined.
// A make-line order references a version by uid; its options are here.
type CreationVersion struct{ ent.Schema }

func (CreationVersion) Mixin() []ent.Mixin { return []ent.Mixin{TimeMixin{}} }

func (CreationVersion) Fields() []ent.Field {
	return []ent.Field{
		field.String("uid").Unique().NotEmpty().Comment("createVUid on the wire"),
		field.Int("creation_id"),
		field.Int("parent_id").Optional().Nillable().Comment("the version this one refines"),
		field.Int("user_id"),
		field.Int("goods_id"),
		field.Int("number").Default(1).Comment("1, 2, 3… within the creation"),
		field.String("prompt").Default("").MaxRuneLen(2000),
		field.String("swatch").Default(""),
		field.String("pattern").Default(""),
		field.String("length").Default(""),
		field.JSON("images", []CreationImage{}).Optional(),
		field.String("description").Default("").MaxRuneLen(4000),
		field.String("lang").Default("en").Comment("language of the description"),
		field.String("engine").Default(""),
		field.String("status").Default("pending").Comment("pending while the engine works (it counts for the quota), done"),
		field.Bool("shared").Default(false).Comment("anyone with the link may view it"),
		field.Int("design_of").Optional().Nillable().Comment("the Creator identity whose page shows it as a design"),
	}
}

func (CreationVersion) Indexes() []ent.Index {
	return []ent.Index{index.Fields("creation_id"), index.Fields("user_id", "created_at"), index.Fields("design_of")}
}

package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/mixin"
)

// GoodsReviewMixin holds a goods item's review state apart from its live
// fields (like Identity's pending values): a seller's change of texts,
// images or attributes waits in pending while the approved version stays
// live. Rows made before review existed are the demo's, live and approved.
type GoodsReviewMixin struct{ mixin.Schema }

func (GoodsReviewMixin) Fields() []ent.Field {
	return []ent.Field{
		field.Bool("live").Default(true).Comment("has an approved version: its page, cards and search entry are served"),
		field.String("reject_reason").Default(""),
		field.Int("reviewer_id").Optional().Nillable().Comment("the operator who took it (Doing)"),
		field.JSON("pending", map[string]any{}).Optional().Comment("the seller's form values waiting for review (or a draft)"),
		field.String("pending_lang").Default("").Comment("the main language the pending texts are written in"),
		field.JSON("pending_texts", map[string]map[string]string{}).Optional().
			Comment("the owner's translations waiting for review: language → field key → text (empty removes it)"),
		field.JSON("pending_machine", map[string][]string{}).Optional().
			Comment("which waiting translations a translation engine made: language → field keys"),
	}
}

package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// GoodsActivity counts one goods item's shopper signals on one day (UTC):
// views of its page, adds to a cart and paid orders. Trending collections
// rank goods by these over the last days (app/trend); rows older than that
// window are pruned. One small row per item and day, raised by upserts.
type GoodsActivity struct{ ent.Schema }

func (GoodsActivity) Fields() []ent.Field {
	return []ent.Field{
		field.Int("goods_id"),
		field.Int("day").Comment("days since 1970-01-01, UTC"),
		field.Int("views").Default(0),
		field.Int("carts").Default(0),
		field.Int("orders").Default(0),
	}
}

func (GoodsActivity) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("goods_id", "day").Unique(),
		index.Fields("day"), // the window's rows, and pruning
	}
}

// GoodsViewMark says one visitor's view of one goods item was counted on
// one day, so a visitor counts once per item per day. The visitor is a
// keyed hash of the client address, not the address. Marks live a day or
// two (pruned).
type GoodsViewMark struct{ ent.Schema }

func (GoodsViewMark) Fields() []ent.Field {
	return []ent.Field{
		field.Int("day").Comment("days since 1970-01-01, UTC"),
		field.Int("goods_id"),
		field.String("visitor").MaxLen(32).Comment("hex of a keyed hash of the client address"),
	}
}

func (GoodsViewMark) Indexes() []ent.Index {
	return []ent.Index{index.Fields("day", "goods_id", "visitor").Unique()}
}

package schema

import (
	"time"

	"entgo.io/ent"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// Conversation is one chat between a shopper (the user who opened it) and a
// peer: an identity (answered by its owner) or customer service (answered
// by staff). One per shopper and peer: opening again returns it.
type Conversation struct{ ent.Schema }

func (Conversation) Fields() []ent.Field {
	return []ent.Field{
		field.String("uid").Unique().NotEmpty().Comment(`"cv" + hex, the id on the wire`),
		field.String("kind").Comment("goods, identity or service"),
		field.Int("shopper_id").Comment("the user who opened it"),
		field.Int("identity_id").Optional().Nillable().Comment("the peer identity; nil for customer service"),
		field.String("peer_key").Comment(`"i<identity id>" or "service": one conversation per shopper and peer`),
		field.String("tre_uid").Default("").Comment("the attached goods item"),
		field.String("order_number").Default("").Comment("the attached order (service)"),
		field.Int64("last_seq").Default(0).Comment("seq of the newest message; claimed by a conditional update"),
		field.String("last_side").Default("").Comment("side of the newest message: shopper or peer"),
		field.Bool("needs_person").Default(false).Comment("customer service: the assistant handed over; cleared when a person replies"),
		field.Time("person_at").Optional().Nillable().Comment("customer service: when a person last replied (the assistant keeps quiet a while)"),
		field.Time("last_at").Default(time.Now).Comment("newest activity, for ordering lists"),
		field.Time("created_at").Default(time.Now).Immutable(),
	}
}

func (Conversation) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("shopper_id", "peer_key").Unique(),
		index.Fields("identity_id", "last_at"),
		index.Fields("kind", "last_at"),
	}
}

// ChatMessage is one message of a conversation, numbered 1, 2, 3… per
// conversation. (conversation, sender, app_id) is unique, so a client
// sending the same message twice stores it once.
type ChatMessage struct{ ent.Schema }

func (ChatMessage) Fields() []ent.Field {
	return []ent.Field{
		field.Int("conversation_id"),
		field.Int64("seq"),
		field.String("side").Comment("shopper or peer"),
		field.Int("sender_id").Comment("the user who wrote it"),
		field.Int("type").Comment("1 text, 2 image, 3 goods card, 4 order reference"),
		field.String("content").MaxLen(8000).Comment("text, image URL, treId or order number"),
		field.String("app_id").MaxLen(64).Comment("the client's message id"),
		field.String("bot").Default("").Comment("the engine of an assistant's message; empty when a person wrote it"),
		field.Time("created_at").Default(time.Now).Immutable(),
	}
}

func (ChatMessage) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("conversation_id", "seq").Unique(),
		index.Fields("conversation_id", "sender_id", "app_id").Unique(),
	}
}

// ChatRead is a side's read mark in a conversation: everything up to seq
// has been read. It only moves forward.
type ChatRead struct{ ent.Schema }

func (ChatRead) Fields() []ent.Field {
	return []ent.Field{
		field.Int("conversation_id"),
		field.String("side").Comment("shopper or peer"),
		field.Int64("seq").Default(0),
		field.Int("unread").Default(0).Comment("the other side's messages after seq: raised by each send, recounted by each read"),
		field.Time("updated_at").Default(time.Now).UpdateDefault(time.Now),
	}
}

func (ChatRead) Indexes() []ent.Index {
	return []ent.Index{index.Fields("conversation_id", "side").Unique()}
}

// ChatReport is a conversation reported to customer service.
type ChatReport struct{ ent.Schema }

func (ChatReport) Fields() []ent.Field {
	return []ent.Field{
		field.Int("conversation_id"),
		field.Int("reporter_id"),
		field.String("side"),
		field.String("reason").MaxLen(8000).Comment("up to 2000 characters (MaxLen counts bytes)"),
		field.Int64("last_seq").Comment("the conversation's newest message when reported"),
		field.Time("created_at").Default(time.Now).Immutable(),
	}
}

func (ChatReport) Indexes() []ent.Index {
	return []ent.Index{index.Fields("conversation_id"), index.Fields("created_at")}
}

// RealtimeSpill holds a realtime event too large for a PostgreSQL
// notification (8000 bytes): the notification carries its id instead, and
// every node reads it from here. Rows older than a few minutes are removed.
type RealtimeSpill struct{ ent.Schema }

func (RealtimeSpill) Fields() []ent.Field {
	return []ent.Field{
		field.Text("payload"),
		field.Time("created_at").Default(time.Now).Immutable(),
	}
}

func (RealtimeSpill) Indexes() []ent.Index { return []ent.Index{index.Fields("created_at")} }

package chat

import (
	"context"
	"fmt"
	"strings"
	"time"

	"souk/app/catalog"
	"souk/ent"
	"souk/ent/chatmessage"
	"souk/ent/order"
	"souk/ent/predicate"
)

// Message is a message on the wire (chat/messages, chat/send, frames 2 and 3).
type Message struct {
	Conversation string        `json:"conversation"`
	Seq          int64         `json:"seq"`
	Side         string        `json:"side"`
	Type         int           `json:"type"`
	Content      string        `json:"content"`
	AppID        string        `json:"appId"`
	At           string        `json:"at"` // RFC 3339
	Mine         bool          `json:"mine"`
	Card         *catalog.Card `json:"card,omitempty"`
	Order        *OrderRef     `json:"order,omitempty"`
	Bot          string        `json:"bot,omitempty"` // the assistant's engine when the assistant wrote it
}

// OrderRef is what a type 4 message shows of its order.
type OrderRef struct {
	OrderNumber string `json:"orderNumber"`
	Status      int    `json:"status"`
}

// extras are the cards and orders the messages of one answer name.
type extras struct {
	cards  map[string]catalog.Card
	orders map[string]OrderRef
}

// loadExtras loads every goods card and order the messages name, in two
// queries whatever their number.
func (s *Service) loadExtras(ctx context.Context, ms []*ent.ChatMessage, loc Locale) (extras, error) {
	var treIDs, numbers []string
	for _, m := range ms {
		switch m.Type {
		case TypeGoods:
			treIDs = append(treIDs, m.Content)
		case TypeOrder:
			numbers = append(numbers, m.Content)
		}
	}
	x := extras{orders: map[string]OrderRef{}}
	var err error
	// Deleted goods keep their card: an old message still says what it was about.
	if x.cards, err = s.cat.CardsByUID(ctx, treIDs, loc.Lang, loc.Currency); err != nil {
		return x, err
	}
	if len(numbers) > 0 {
		os, err := s.db.Order.Query().Where(order.NumberIn(numbers...)).All(ctx)
		if err != nil {
			return x, fmt.Errorf("chat: load orders: %w", err)
		}
		for _, o := range os {
			x.orders[o.Number] = OrderRef{OrderNumber: o.Number, Status: o.Status}
		}
	}
	return x, nil
}

func (x extras) view(m *ent.ChatMessage, convUID string, viewer int) Message {
	out := Message{Conversation: convUID, Seq: m.Seq, Side: m.Side, Type: m.Type, Content: m.Content, AppID: m.AppID,
		At: m.CreatedAt.UTC().Format(time.RFC3339), Mine: m.SenderID == viewer, Bot: m.Bot}
	if c, ok := x.cards[m.Content]; ok && m.Type == TypeGoods {
		out.Card = &c
	}
	if o, ok := x.orders[m.Content]; ok && m.Type == TypeOrder {
		out.Order = &o
	}
	return out
}

// views renders messages of one conversation for viewer.
func (s *Service) viewsOf(ctx context.Context, ms []*ent.ChatMessage, convUID string, viewer int, loc Locale) ([]Message, error) {
	x, err := s.loadExtras(ctx, ms, loc)
	if err != nil {
		return nil, err
	}
	out := make([]Message, len(ms))
	for i, m := range ms {
		out[i] = x.view(m, convUID, viewer)
	}
	return out, nil
}

// messageView renders one message, passing err through (for the
// idempotent path of Send).
func (s *Service) messageView(ctx context.Context, m *ent.ChatMessage, c *ent.Conversation, viewer int, loc Locale, err error) (*Message, error) {
	if err != nil {
		return nil, err
	}
	vs, err := s.viewsOf(ctx, []*ent.ChatMessage{m}, c.UID, viewer, loc)
	if err != nil {
		return nil, err
	}
	return &vs[0], nil
}

// lastMessages loads the newest message of each conversation, by id.
func (s *Service) lastMessages(ctx context.Context, cs []*ent.Conversation) (map[int]*ent.ChatMessage, error) {
	out := map[int]*ent.ChatMessage{}
	var which []predicate.ChatMessage
	for _, c := range cs {
		if c.LastSeq > 0 {
			which = append(which, chatmessage.And(chatmessage.ConversationIDEQ(c.ID), chatmessage.SeqEQ(c.LastSeq)))
		}
	}
	if len(which) == 0 {
		return out, nil
	}
	ms, err := s.db.ChatMessage.Query().Where(chatmessage.Or(which...)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("chat: last messages: %w", err)
	}
	for _, m := range ms {
		out[m.ConversationID] = m
	}
	return out, nil
}

func isBusy(err error) bool {
	msg := err.Error()
	return strings.Contains(msg, "SQLITE_BUSY") || strings.Contains(msg, "database is locked") ||
		strings.Contains(msg, "40001") || strings.Contains(msg, "40P01")
}

package chat

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"souk/ent"
	"souk/ent/chatmessage"
)

// AssistantSender is the sender id of the assistant's messages: no user
// has it, so (conversation, sender, appId) keeps its answers apart.
const AssistantSender = 0

// Heard is a shopper's text message in a customer-service conversation,
// as the assistant hears it (OnServiceText).
type Heard struct {
	Conversation string
	ConvID       int
	ShopperID    int
	Seq          int64
	Text         string
	Loc          Locale
}

// heard passes a fresh shopper text in a customer-service conversation to
// OnServiceText. Seller conversations never reach the assistant, nor does
// the contact form, which is written to people (its appIds say "contact:").
func (s *Service) heard(ctx context.Context, c *ent.Conversation, m *ent.ChatMessage, loc Locale) {
	if s.OnServiceText == nil || c.IdentityID != nil || m.Side != SideShopper || m.Type != TypeText ||
		strings.HasPrefix(m.AppID, "contact:") {
		return
	}
	s.OnServiceText(context.WithoutCancel(ctx), Heard{Conversation: c.UID, ConvID: c.ID, ShopperID: c.ShopperID,
		Seq: m.Seq, Text: m.Content, Loc: loc})
}

// Conversation loads a conversation by id for the assistant (no member
// check: the assistant only acts on what OnServiceText told it).
func (s *Service) Conversation(ctx context.Context, id int) (*ent.Conversation, error) {
	c, err := s.db.Conversation.Get(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("chat: load conversation: %w", err)
	}
	return c, nil
}

// Say is one assistant answer.
type Say struct {
	ReplyTo  int64  // the shopper message answered: one answer each
	Engine   string // shown beside the answer
	Text     string
	Handover bool // hand the conversation to a person
}

// SayAsAssistant stores the assistant's answer to message ReplyTo of
// conversation convID and fans it out; nil when the conversation has been
// handed over to a person since the assistant began. Its appId derives from ReplyTo, so
// answering the same message twice stores one answer. A handover marks the
// conversation for a person first, so staff see it before the shopper
// reads the answer.
func (s *Service) SayAsAssistant(ctx context.Context, convID int, in Say, loc Locale) (*Message, error) {
	if in.Handover {
		if err := s.db.Conversation.UpdateOneID(convID).SetNeedsPerson(true).Exec(ctx); err != nil {
			return nil, fmt.Errorf("chat: hand over: %w", err)
		}
	}
	c, err := s.Conversation(ctx, convID)
	if err != nil {
		return nil, err
	}
	if c.NeedsPerson && !in.Handover {
		return nil, nil // handed over meanwhile (a message beside this one asked for a person)
	}
	if err := checkText(in.Text); err != nil {
		return nil, fmt.Errorf("chat: assistant text: %w", err)
	}
	bot := &ent.User{ID: AssistantSender, UserName: s.t(loc.Lang, "ChatAssistant")}
	return s.send(ctx, bot, c, SidePeer, SendInput{AppID: "assist:" + strconv.FormatInt(in.ReplyTo, 10), Type: TypeText,
		Content: in.Text, bot: in.Engine}, loc)
}

// Answered tells whether the assistant already answered message seq.
func (s *Service) Answered(ctx context.Context, convID int, seq int64) (bool, error) {
	ok, err := s.db.ChatMessage.Query().Where(chatmessage.ConversationIDEQ(convID), chatmessage.SenderIDEQ(AssistantSender),
		chatmessage.AppIDEQ("assist:"+strconv.FormatInt(seq, 10))).Exist(ctx)
	if err != nil {
		return false, fmt.Errorf("chat: answered: %w", err)
	}
	return ok, nil
}

// ShopperGoods is the newest goods item the shopper shared in the
// conversation (a card message), or the attached one.
func (s *Service) ShopperGoods(ctx context.Context, c *ent.Conversation) (string, error) {
	m, err := s.db.ChatMessage.Query().Where(chatmessage.ConversationIDEQ(c.ID), chatmessage.SideEQ(SideShopper),
		chatmessage.TypeEQ(TypeGoods)).Order(ent.Desc(chatmessage.FieldSeq)).First(ctx)
	if ent.IsNotFound(err) {
		return c.TreUID, nil
	}
	if err != nil {
		return "", fmt.Errorf("chat: shared goods: %w", err)
	}
	return m.Content, nil
}

package chat

import (
	"context"
	"fmt"
	"slices"

	"souk/ent"
	"souk/ent/chatmessage"
)

// MessagesInput is chat/messages: after a seq (resuming), before one
// (scrolling back), or the newest.
type MessagesInput struct {
	AfterSeq, BeforeSeq int64
	Limit               int
}

// MessagePage is chat/messages' answer.
type MessagePage struct {
	List    []Message `json:"list"` // ascending by seq
	LastSeq int64     `json:"lastSeq"`
	ReadSeq int64     `json:"readSeq"` // the other side's read mark
}

// Messages is a page of conversation uid's messages for a member.
func (s *Service) Messages(ctx context.Context, u *ent.User, uid string, in MessagesInput, loc Locale) (*MessagePage, error) {
	c, side, err := s.member(ctx, u, uid)
	if err != nil {
		return nil, err
	}
	limit := in.Limit
	if limit <= 0 || limit > MaxPageLimit {
		limit = 50
	}
	q := s.db.ChatMessage.Query().Where(chatmessage.ConversationIDEQ(c.ID)).Limit(limit)
	ascending := in.AfterSeq > 0
	switch {
	case ascending:
		q = q.Where(chatmessage.SeqGT(in.AfterSeq)).Order(ent.Asc(chatmessage.FieldSeq))
	case in.BeforeSeq > 0:
		q = q.Where(chatmessage.SeqLT(in.BeforeSeq)).Order(ent.Desc(chatmessage.FieldSeq))
	default:
		q = q.Order(ent.Desc(chatmessage.FieldSeq))
	}
	ms, err := q.All(ctx)
	if err != nil {
		return nil, fmt.Errorf("chat: load messages: %w", err)
	}
	if !ascending {
		slices.Reverse(ms)
	}
	list, err := s.viewsOf(ctx, ms, c.UID, u.ID, loc)
	if err != nil {
		return nil, err
	}
	theirs, err := readMark(ctx, s.db, c.ID, other(side))
	if err != nil {
		return nil, err
	}
	return &MessagePage{List: list, LastSeq: c.LastSeq, ReadSeq: theirs.Seq}, nil
}

package chat

import (
	"context"
	"fmt"

	"souk/app/store"
	"souk/ent"
	"souk/ent/chatmessage"
	"souk/ent/chatread"
	"souk/ent/conversation"
)

// Read marks conversation uid read up to seq for the caller's side. The
// mark never moves backwards, and never past the newest message.
func (s *Service) Read(ctx context.Context, u *ent.User, uid string, seq int64) error {
	c, side, err := s.member(ctx, u, uid)
	if err != nil {
		return err
	}
	seq = min(seq, c.LastSeq)
	if seq <= 0 {
		return nil
	}
	moved := false
	err = store.InTx(ctx, s.db, func(tx *ent.Tx) error {
		// Move the mark first: the row lock makes a concurrent send's
		// unread increment land either before the count below or after
		// this commit, never lost.
		n, err := tx.ChatRead.Update().Where(chatread.ConversationIDEQ(c.ID), chatread.SideEQ(side), chatread.SeqLT(seq)).
			SetSeq(seq).Save(ctx)
		if err != nil || n == 0 {
			return err
		}
		left, err := tx.ChatMessage.Query().Where(chatmessage.ConversationIDEQ(c.ID), chatmessage.SideEQ(other(side)),
			chatmessage.SeqGT(seq)).Count(ctx)
		if err != nil {
			return err
		}
		moved = true
		return tx.ChatRead.Update().Where(chatread.ConversationIDEQ(c.ID), chatread.SideEQ(side)).SetUnread(left).Exec(ctx)
	})
	if err != nil {
		return fmt.Errorf("chat: read: %w", err)
	}
	if moved {
		s.fanRead(context.WithoutCancel(ctx), c, side, seq)
	}
	return nil
}

// Unread is chat/unread: the caller's total and per-conversation counts.
type Unread struct {
	Total int            `json:"total"`
	Map   map[string]int `json:"map"`
}

// UnreadOf counts u's unread messages over every conversation u is a member of.
func (s *Service) UnreadOf(ctx context.Context, u *ent.User) (*Unread, error) {
	where, err := s.memberOf(ctx, u)
	if err != nil {
		return nil, err
	}
	cs, err := s.db.Conversation.Query().Where(where).
		Select(conversation.FieldID, conversation.FieldUID, conversation.FieldShopperID).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("chat: unread conversations: %w", err)
	}
	out := &Unread{Map: map[string]int{}}
	for start := 0; start < len(cs); start += 500 { // bounded IN lists
		part := cs[start:min(start+500, len(cs))]
		counts, err := s.unreadOf(ctx, u, part)
		if err != nil {
			return nil, err
		}
		for _, c := range part {
			if n := counts[c.ID]; n > 0 {
				out.Map[c.UID] = n
				out.Total += n
			}
		}
	}
	return out, nil
}

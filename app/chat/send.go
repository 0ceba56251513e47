package chat

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"souk/app/apperr"
	"souk/app/store"
	"souk/ent"
	"souk/ent/chatmessage"
	"souk/ent/chatread"
	"souk/ent/conversation"
)

// SendInput is chat/send.
type SendInput struct {
	AppID   string
	Type    int
	Content string
	bot     string // the assistant's engine (SayAsAssistant); empty for people
}

// Send stores a message from u in conversation uid and fans it out. The
// same appId sent again answers the stored message and stores nothing.
func (s *Service) Send(ctx context.Context, u *ent.User, uid string, in SendInput, loc Locale) (*Message, error) {
	c, side, err := s.member(ctx, u, uid)
	if err != nil {
		return nil, err
	}
	if err := checkAppID(in.AppID); err != nil {
		return nil, err
	}
	if m, err := s.stored(ctx, c, u.ID, in.AppID); err != nil || m != nil {
		return s.messageView(ctx, m, c, u.ID, loc, err)
	}
	key := c.UID + "|" + strconv.Itoa(u.ID)
	if ok, _ := s.sends.Allow(key); !ok {
		return nil, apperr.New(apperr.RateLimited, "ChatTooFast")
	}
	return s.send(ctx, u, c, side, in, loc)
}

// send checks and stores the message, then fans it out.
func (s *Service) send(ctx context.Context, u *ent.User, c *ent.Conversation, side string, in SendInput, loc Locale) (*Message, error) {
	if err := s.checkContent(ctx, u, c, in.Type, in.Content); err != nil {
		return nil, err
	}
	m, fresh, err := s.store(ctx, u, c, side, in)
	if err != nil {
		return nil, err
	}
	if fresh {
		// Stored: the members hear of it even if the sender has gone meanwhile.
		s.fanMessage(context.WithoutCancel(ctx), u, c, m, loc)
		s.heard(ctx, c, m, loc)
	}
	return s.messageView(ctx, m, c, u.ID, loc, nil)
}

// errSeqTaken means another send claimed the seq first: read it again.
var errSeqTaken = errors.New("chat: seq taken")

// store claims the next seq with a conditional update of the
// conversation's last_seq (so two parallel sends never share one), then
// checks the appId under that claim and inserts. It reports whether the
// message is new.
func (s *Service) store(ctx context.Context, u *ent.User, c *ent.Conversation, side string, in SendInput) (*ent.ChatMessage, bool, error) {
	for try := 0; try < 50; try++ {
		var m *ent.ChatMessage
		dup := false
		err := store.InTx(ctx, s.db, func(tx *ent.Tx) error {
			fresh, err := tx.Conversation.Get(ctx, c.ID)
			if err != nil {
				return err
			}
			cur := fresh.LastSeq
			now := s.now()
			upd := tx.Conversation.Update().Where(conversation.IDEQ(c.ID), conversation.LastSeqEQ(cur)).
				SetLastSeq(cur + 1).SetLastSide(side).SetLastAt(now)
			if side == SidePeer && in.bot == "" { // a person answers: the assistant steps back
				upd.SetNeedsPerson(false).SetPersonAt(now)
			}
			n, err := upd.Save(ctx)
			if err != nil {
				return err
			}
			if n == 0 {
				return errSeqTaken
			}
			// The claim serialises sends of this conversation: an earlier
			// send of the same appId is committed and visible by now.
			if old, err := tx.ChatMessage.Query().Where(chatmessage.ConversationIDEQ(c.ID), chatmessage.SenderIDEQ(u.ID),
				chatmessage.AppIDEQ(in.AppID)).Only(ctx); err == nil {
				m, dup = old, true
				return errSeqTaken // roll the claim back
			} else if !ent.IsNotFound(err) {
				return err
			}
			m, err = tx.ChatMessage.Create().SetConversationID(c.ID).SetSeq(cur + 1).SetSide(side).SetSenderID(u.ID).
				SetType(in.Type).SetContent(in.Content).SetAppID(in.AppID).SetBot(in.bot).SetCreatedAt(now).Save(ctx)
			if err != nil {
				return err
			}
			return tx.ChatRead.Update().Where(chatread.ConversationIDEQ(c.ID), chatread.SideEQ(other(side))).AddUnread(1).Exec(ctx)
		})
		switch {
		case dup:
			return m, false, nil
		case err == nil:
			return m, true, nil
		case errors.Is(err, errSeqTaken) || ent.IsConstraintError(err) || isBusy(err):
			if old, _ := s.stored(ctx, c, u.ID, in.AppID); old != nil {
				return old, false, nil
			}
			time.Sleep(time.Duration(try) * time.Millisecond)
			continue
		default:
			return nil, false, fmt.Errorf("chat: store message: %w", err)
		}
	}
	return nil, false, fmt.Errorf("chat: store message: no seq after 50 tries")
}

// stored is u's message of appId in c, or nil.
func (s *Service) stored(ctx context.Context, c *ent.Conversation, sender int, appID string) (*ent.ChatMessage, error) {
	m, err := s.db.ChatMessage.Query().Where(chatmessage.ConversationIDEQ(c.ID), chatmessage.SenderIDEQ(sender),
		chatmessage.AppIDEQ(appID)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("chat: find appId: %w", err)
	}
	return m, nil
}

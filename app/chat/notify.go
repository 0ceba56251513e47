package chat

import (
	"context"
	"log/slog"

	"souk/ent"
	"souk/ent/user"
)

// ReadFrame is the content of frame 7.
type ReadFrame struct {
	Conversation string `json:"conversation"`
	Side         string `json:"side"`
	Seq          int64  `json:"seq"`
}

// fanMessage tells every member about a stored message: the sender's
// connections get 3 (send-success) and 2 (mine), the others 2; the other
// side also gets its unread count (8) and a notice (9).
func (s *Service) fanMessage(ctx context.Context, from *ent.User, c *ent.Conversation, m *ent.ChatMessage, loc Locale) {
	x, err := s.loadExtras(ctx, []*ent.ChatMessage{m}, loc)
	if err != nil {
		slog.Warn("chat: fan-out extras", "err", err)
	}
	mine, theirs := x.view(m, c.UID, from.ID), x.view(m, c.UID, 0)
	mine.Mine, theirs.Mine = true, false
	ds := []Delivery{
		{Users: []int{from.ID}, Frame: Frame{Code: FrameSent, Content: mine}},
		{Users: []int{from.ID}, Frame: Frame{Code: FrameReceived, Content: mine}},
	}
	recipients, err := s.sideUsers(ctx, c, other(m.Side))
	if err != nil {
		slog.Warn("chat: fan-out recipients", "err", err)
	}
	sameSide, err := s.sideUsers(ctx, c, m.Side)
	if err != nil {
		slog.Warn("chat: fan-out recipients", "err", err)
	}
	others := without(append(append([]int{}, recipients...), sameSide...), from.ID)
	if len(others) > 0 {
		ds = append(ds, Delivery{Users: others, Frame: Frame{Code: FrameReceived, Content: theirs}})
	}
	notice := s.noticeFor(ctx, from, c, m.Side)
	if to := without(recipients, from.ID); len(to) > 0 {
		ds = append(ds, Delivery{Users: to, Frame: notice})
	}
	ds = append(ds, s.unreadFrames(ctx, without(recipients, from.ID))...)
	s.deliver(ctx, ds)
}

// noticeFor is the toast the other side sees: who wrote, and a link to
// the conversation.
func (s *Service) noticeFor(ctx context.Context, from *ent.User, c *ent.Conversation, side string) Frame {
	content := Notice{Kind: "chat", Link: "/bigchat?c=" + c.UID}
	switch {
	case side == SideShopper:
		return Frame{Code: FrameNotice, Key: "ChatNewMessage", Args: []string{"name", from.UserName}, Content: content}
	case c.IdentityID == nil:
		return Frame{Code: FrameNotice, Key: "ChatNewServiceMessage", Content: content}
	}
	name := from.UserName
	if it, err := s.db.Identity.Get(ctx, *c.IdentityID); err == nil {
		name = it.Name
	}
	return Frame{Code: FrameNotice, Key: "ChatNewMessage", Args: []string{"name", name}, Content: content}
}

// fanRead tells every member that side read up to seq, and that side's
// users their new unread counts.
func (s *Service) fanRead(ctx context.Context, c *ent.Conversation, side string, seq int64) {
	readers, err := s.sideUsers(ctx, c, side)
	if err != nil {
		slog.Warn("chat: fan-out readers", "err", err)
	}
	writers, err := s.sideUsers(ctx, c, other(side))
	if err != nil {
		slog.Warn("chat: fan-out writers", "err", err)
	}
	ds := []Delivery{{Users: append(append([]int{}, readers...), writers...),
		Frame: Frame{Code: FrameRead, Content: ReadFrame{Conversation: c.UID, Side: side, Seq: seq}}}}
	s.deliver(ctx, append(ds, s.unreadFrames(ctx, readers)...))
}

// unreadFrames is frame 8 for each user, with that user's counts.
func (s *Service) unreadFrames(ctx context.Context, ids []int) []Delivery {
	if len(ids) == 0 {
		return nil
	}
	us, err := s.db.User.Query().Where(user.IDIn(ids...)).All(ctx)
	if err != nil {
		slog.Warn("chat: unread users", "err", err)
		return nil
	}
	var out []Delivery
	for _, u := range us {
		n, err := s.UnreadOf(ctx, u)
		if err != nil {
			slog.Warn("chat: unread count", "err", err)
			continue
		}
		out = append(out, Delivery{Users: []int{u.ID}, Frame: Frame{Code: FrameUnreadCount, Content: n}})
	}
	return out
}

func without(ids []int, drop int) []int {
	seen := map[int]bool{drop: true}
	out := make([]int, 0, len(ids))
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

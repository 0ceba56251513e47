package chat

import (
	"context"
	"fmt"

	"souk/ent"
	"souk/ent/chatread"
	"souk/ent/identity"
	"souk/ent/user"
)

// ConversationView is a conversation as its member sees it (chat/open,
// chat/list).
type ConversationView struct {
	UID      string   `json:"uid"`
	Kind     string   `json:"kind"`
	Side     string   `json:"side"` // the caller's side
	Peer     PeerView `json:"peer"`
	Last     *Message `json:"last"`
	Unread   int      `json:"unread"`
	LastSeq  int64    `json:"lastSeq"`
	Attached Attached `json:"attached"`
	Waiting  bool     `json:"waiting,omitempty"` // the shopper wrote last, or the assistant handed over (staff list)
	// NeedsPerson: the assistant handed the conversation over to a person.
	NeedsPerson bool `json:"needsPerson,omitempty"`
}

// PeerView is who the caller talks to: the identity or customer service
// for the shopper, the shopper for the peer side.
type PeerView struct {
	Name        string `json:"name"`
	Avatar      string `json:"avatar"`
	IdentityUID string `json:"identityUid,omitempty"`
	Type        int    `json:"type,omitempty"` // identity type (41 customer service)
}

// Attached is the goods item or order the conversation is about.
type Attached struct {
	TreID       string `json:"treId,omitempty"`
	OrderNumber string `json:"orderNumber,omitempty"`
}

// views renders conversations u is a member of, in a handful of queries.
func (s *Service) views(ctx context.Context, u *ent.User, cs []*ent.Conversation, loc Locale) ([]ConversationView, error) {
	out := make([]ConversationView, len(cs))
	if len(cs) == 0 {
		return out, nil
	}
	peers, err := s.peers(ctx, u, cs, loc)
	if err != nil {
		return nil, err
	}
	lasts, err := s.lastMessages(ctx, cs)
	if err != nil {
		return nil, err
	}
	var lastRows []*ent.ChatMessage
	for _, m := range lasts {
		lastRows = append(lastRows, m)
	}
	x, err := s.loadExtras(ctx, lastRows, loc)
	if err != nil {
		return nil, err
	}
	unread, err := s.unreadOf(ctx, u, cs)
	if err != nil {
		return nil, err
	}
	for i, c := range cs {
		v := ConversationView{UID: c.UID, Kind: c.Kind, Side: sideFor(u, c), Peer: peers[c.ID], Unread: unread[c.ID],
			LastSeq: c.LastSeq, Attached: Attached{TreID: c.TreUID, OrderNumber: c.OrderNumber},
			Waiting: c.LastSide == SideShopper || c.NeedsPerson, NeedsPerson: c.NeedsPerson}
		if m := lasts[c.ID]; m != nil {
			mv := x.view(m, c.UID, u.ID)
			v.Last = &mv
		}
		out[i] = v
	}
	return out, nil
}

// sideFor is u's side in a conversation u is known to be a member of.
func sideFor(u *ent.User, c *ent.Conversation) string {
	if c.ShopperID == u.ID {
		return SideShopper
	}
	return SidePeer
}

// peers names the other side of each conversation.
func (s *Service) peers(ctx context.Context, u *ent.User, cs []*ent.Conversation, loc Locale) (map[int]PeerView, error) {
	var identityIDs, shopperIDs []int
	for _, c := range cs {
		if sideFor(u, c) == SidePeer {
			shopperIDs = append(shopperIDs, c.ShopperID)
		} else if c.IdentityID != nil {
			identityIDs = append(identityIDs, *c.IdentityID)
		}
	}
	its, err := s.db.Identity.Query().Where(identity.IDIn(identityIDs...)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("chat: peer identities: %w", err)
	}
	byIdentity := map[int]*ent.Identity{}
	for _, it := range its {
		byIdentity[it.ID] = it
	}
	us, err := s.db.User.Query().Where(user.IDIn(shopperIDs...)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("chat: peer users: %w", err)
	}
	byUser := map[int]*ent.User{}
	for _, x := range us {
		byUser[x.ID] = x
	}
	out := map[int]PeerView{}
	for _, c := range cs {
		switch {
		case sideFor(u, c) == SidePeer:
			if x := byUser[c.ShopperID]; x != nil {
				out[c.ID] = PeerView{Name: x.UserName, Avatar: x.AvatarURL}
			}
		case c.IdentityID == nil:
			out[c.ID] = PeerView{Name: s.t(loc.Lang, "ChatCustomerService"), Type: 41}
		default:
			if it := byIdentity[*c.IdentityID]; it != nil {
				out[c.ID] = PeerView{Name: it.Name, Avatar: it.AvatarURL, IdentityUID: it.UID, Type: it.IdentityType}
			}
		}
	}
	return out, nil
}

// unreadOf is u's unread count in each conversation, by id.
func (s *Service) unreadOf(ctx context.Context, u *ent.User, cs []*ent.Conversation) (map[int]int, error) {
	var mine, theirs []int
	for _, c := range cs {
		if sideFor(u, c) == SideShopper {
			mine = append(mine, c.ID)
		} else {
			theirs = append(theirs, c.ID)
		}
	}
	rows, err := s.db.ChatRead.Query().Where(chatread.Or(
		chatread.And(chatread.SideEQ(SideShopper), chatread.ConversationIDIn(mine...)),
		chatread.And(chatread.SideEQ(SidePeer), chatread.ConversationIDIn(theirs...)))).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("chat: unread: %w", err)
	}
	out := map[int]int{}
	for _, r := range rows {
		out[r.ConversationID] = r.Unread
	}
	return out, nil
}

package chat

import (
	"context"
	"fmt"
	"strconv"

	"souk/app/apperr"
	"souk/app/catalog"
	"souk/app/store"
	"souk/ent"
	"souk/ent/chatread"
	"souk/ent/conversation"
	"souk/ent/goods"
	"souk/ent/identity"
	"souk/ent/order"
)

// OpenInput is chat/open.
type OpenInput struct {
	Kind        string
	TreID       string
	IdentityUID string
	OrderNumber string
}

// chattable identity types: a shopper may write to makers, creators and sellers.
var chattable = map[int]bool{catalog.IdentityCreator: true, catalog.IdentitySeller: true, catalog.IdentityMaker: true}

// target is who a shopper opens a conversation with.
type target struct {
	kind       string
	identityID *int
	peerKey    string
	treUID     string
	orderNum   string
}

// Open returns the caller's conversation with the peer in, creating it the
// first time. Opening again with another goods item or order posts it as a
// card or reference message and attaches it.
func (s *Service) Open(ctx context.Context, u *ent.User, in OpenInput, loc Locale) (*ConversationView, error) {
	tg, err := s.target(ctx, u, in)
	if err != nil {
		return nil, err
	}
	c, created, err := s.findOrCreate(ctx, u, tg)
	if err != nil {
		return nil, err
	}
	if !created {
		if err := s.attach(ctx, u, c, tg, loc); err != nil {
			return nil, err
		}
		if c, err = s.db.Conversation.Get(ctx, c.ID); err != nil {
			return nil, fmt.Errorf("chat: reload conversation: %w", err)
		}
	}
	views, err := s.views(ctx, u, []*ent.Conversation{c}, loc)
	if err != nil {
		return nil, err
	}
	return &views[0], nil
}

// target checks what in names and that the caller may open it.
func (s *Service) target(ctx context.Context, u *ent.User, in OpenInput) (*target, error) {
	switch in.Kind {
	case KindGoods:
		g, err := s.db.Goods.Query().Where(goods.UIDEQ(in.TreID), catalog.Listed()).WithOwner().Only(ctx)
		if ent.IsNotFound(err) || len(in.TreID) > 64 {
			return nil, apperr.New(apperr.NotFound, "GoodsNotFound")
		}
		if err != nil {
			return nil, fmt.Errorf("chat: load goods: %w", err)
		}
		return s.identityTarget(ctx, u, KindGoods, g.Edges.Owner, g.UID)
	case KindIdentity:
		it, err := s.db.Identity.Query().Where(identity.UIDEQ(in.IdentityUID), identity.PublicEQ(true)).Only(ctx)
		if ent.IsNotFound(err) || (err == nil && !chattable[it.IdentityType]) {
			return nil, apperr.New(apperr.NotFound, "IdentityNotFound")
		}
		if err != nil {
			return nil, fmt.Errorf("chat: load identity: %w", err)
		}
		return s.identityTarget(ctx, u, KindIdentity, it, "")
	case KindService:
		if isStaff(u) {
			return nil, apperr.New(apperr.InvalidInput, "ChatSelf")
		}
		tg := &target{kind: KindService, peerKey: "service"}
		if in.OrderNumber != "" {
			if _, err := s.shopperOrder(ctx, u.ID, nil, in.OrderNumber); err != nil {
				return nil, err
			}
			tg.orderNum = in.OrderNumber
		}
		return tg, nil
	}
	return nil, apperr.Invalid("kind", "ChatKind", "ChatKind")
}

func (s *Service) identityTarget(ctx context.Context, u *ent.User, kind string, it *ent.Identity, treUID string) (*target, error) {
	owner, err := it.QueryUser().OnlyID(ctx)
	if err != nil && !ent.IsNotFound(err) {
		return nil, fmt.Errorf("chat: identity owner: %w", err)
	}
	if err == nil && owner == u.ID {
		return nil, apperr.New(apperr.InvalidInput, "ChatSelf")
	}
	id := it.ID
	return &target{kind: kind, identityID: &id, peerKey: "i" + strconv.Itoa(it.ID), treUID: treUID}, nil
}

// shopperOrder loads an order of shopper (sold by identityID when given).
func (s *Service) shopperOrder(ctx context.Context, shopper int, identityID *int, number string) (*ent.Order, error) {
	q := s.db.Order.Query().Where(order.NumberEQ(number), order.UserIDEQ(shopper))
	if identityID != nil {
		q = q.Where(order.SellerIDEQ(*identityID))
	}
	o, err := q.Only(ctx)
	if ent.IsNotFound(err) || len(number) > 64 {
		return nil, apperr.New(apperr.NotFound, "OrderNotFound")
	}
	if err != nil {
		return nil, fmt.Errorf("chat: load order: %w", err)
	}
	return o, nil
}

// findOrCreate claims the (shopper, peer) row: two opens at once make one
// conversation, the loser reading the winner's.
func (s *Service) findOrCreate(ctx context.Context, u *ent.User, tg *target) (*ent.Conversation, bool, error) {
	find := func() (*ent.Conversation, error) {
		return s.db.Conversation.Query().Where(conversation.ShopperIDEQ(u.ID), conversation.PeerKeyEQ(tg.peerKey)).Only(ctx)
	}
	c, err := find()
	if err == nil {
		return c, false, nil
	}
	if !ent.IsNotFound(err) {
		return nil, false, fmt.Errorf("chat: find conversation: %w", err)
	}
	err = store.InTx(ctx, s.db, func(tx *ent.Tx) error {
		now := s.now()
		c, err = tx.Conversation.Create().SetUID(newConvUID()).SetKind(tg.kind).SetShopperID(u.ID).
			SetNillableIdentityID(tg.identityID).SetPeerKey(tg.peerKey).SetTreUID(tg.treUID).
			SetOrderNumber(tg.orderNum).SetLastAt(now).SetCreatedAt(now).Save(ctx)
		if err != nil {
			return err
		}
		return tx.ChatRead.CreateBulk(
			tx.ChatRead.Create().SetConversationID(c.ID).SetSide(SideShopper),
			tx.ChatRead.Create().SetConversationID(c.ID).SetSide(SidePeer)).Exec(ctx)
	})
	if ent.IsConstraintError(err) {
		if c, err = find(); err == nil {
			return c, false, nil
		}
	}
	if err != nil {
		return nil, false, fmt.Errorf("chat: create conversation: %w", err)
	}
	return c, true, nil
}

// attach posts a newly named goods item or order into an existing
// conversation, once per item (its appId is derived from it).
func (s *Service) attach(ctx context.Context, u *ent.User, c *ent.Conversation, tg *target, loc Locale) error {
	typ, content := 0, ""
	switch {
	case tg.treUID != "" && tg.treUID != c.TreUID:
		typ, content = TypeGoods, tg.treUID
		if err := s.db.Conversation.UpdateOneID(c.ID).SetTreUID(tg.treUID).Exec(ctx); err != nil {
			return fmt.Errorf("chat: attach goods: %w", err)
		}
	case tg.orderNum != "" && tg.orderNum != c.OrderNumber:
		typ, content = TypeOrder, tg.orderNum
		if err := s.db.Conversation.UpdateOneID(c.ID).SetOrderNumber(tg.orderNum).Exec(ctx); err != nil {
			return fmt.Errorf("chat: attach order: %w", err)
		}
	default:
		return nil
	}
	_, err := s.send(ctx, u, c, SideShopper, SendInput{AppID: "open:" + content, Type: typ, Content: content}, loc)
	return err
}

// readMark is side's read row in c.
func readMark(ctx context.Context, db *ent.Client, convID int, side string) (*ent.ChatRead, error) {
	r, err := db.ChatRead.Query().Where(chatread.ConversationIDEQ(convID), chatread.SideEQ(side)).Only(ctx)
	if err != nil {
		return nil, fmt.Errorf("chat: read mark: %w", err)
	}
	return r, nil
}

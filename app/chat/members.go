package chat

import (
	"context"
	"fmt"

	"souk/app/apperr"
	"souk/app/staff"
	"souk/ent"
	"souk/ent/conversation"
	"souk/ent/identity"
	"souk/ent/user"
)

// errNotFound answers a conversation that does not exist and one the caller
// is not a member of alike, so uids cannot be probed.
func errNotFound() *apperr.Error { return apperr.New(apperr.NotFound, "ChatNotFound") }

// isStaff reports whether u answers customer service.
func isStaff(u *ent.User) bool { return staff.Require(u, staff.Reviewer) == nil }

// member loads the conversation uid and the caller's side in it.
func (s *Service) member(ctx context.Context, u *ent.User, uid string) (*ent.Conversation, string, error) {
	if uid == "" || len(uid) > 64 {
		return nil, "", errNotFound()
	}
	c, err := s.db.Conversation.Query().Where(conversation.UIDEQ(uid)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, "", errNotFound()
	}
	if err != nil {
		return nil, "", fmt.Errorf("chat: load conversation: %w", err)
	}
	side, err := s.sideOf(ctx, u, c)
	if err != nil {
		return nil, "", err
	}
	if side == "" {
		return nil, "", errNotFound()
	}
	return c, side, nil
}

// sideOf is u's side in c, or "" when u is not a member: the opener is the
// shopper; the identity's owner, or staff for service, is the peer.
func (s *Service) sideOf(ctx context.Context, u *ent.User, c *ent.Conversation) (string, error) {
	if u == nil || u.Status != "active" {
		return "", nil
	}
	if c.ShopperID == u.ID {
		return SideShopper, nil
	}
	if c.IdentityID == nil {
		if isStaff(u) {
			return SidePeer, nil
		}
		return "", nil
	}
	owns, err := s.db.Identity.Query().Where(identity.IDEQ(*c.IdentityID), identity.HasUserWith(user.IDEQ(u.ID))).Exist(ctx)
	if err != nil {
		return "", fmt.Errorf("chat: identity owner: %w", err)
	}
	if owns {
		return SidePeer, nil
	}
	return "", nil
}

// sideUsers are the ids of the users who act for side in c.
func (s *Service) sideUsers(ctx context.Context, c *ent.Conversation, side string) ([]int, error) {
	if side == SideShopper {
		return []int{c.ShopperID}, nil
	}
	if c.IdentityID == nil {
		ids, err := s.db.User.Query().Where(user.StatusEQ("active"), user.RoleIn(staff.Reviewer, staff.Admin)).IDs(ctx)
		if err != nil {
			return nil, fmt.Errorf("chat: staff users: %w", err)
		}
		return ids, nil
	}
	ids, err := s.db.User.Query().Where(user.StatusEQ("active"), user.HasIdentitiesWith(identity.IDEQ(*c.IdentityID))).IDs(ctx)
	if err != nil {
		return nil, fmt.Errorf("chat: identity owner: %w", err)
	}
	return ids, nil
}

func other(side string) string {
	if side == SideShopper {
		return SidePeer
	}
	return SideShopper
}

// myIdentityIDs are the identities u answers for.
func (s *Service) myIdentityIDs(ctx context.Context, u *ent.User) ([]int, error) {
	ids, err := s.db.Identity.Query().Where(identity.HasUserWith(user.IDEQ(u.ID))).IDs(ctx)
	if err != nil {
		return nil, fmt.Errorf("chat: my identities: %w", err)
	}
	return ids, nil
}

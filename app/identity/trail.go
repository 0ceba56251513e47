package identity

import (
	"context"

	"souk/app/apperr"
	"souk/app/staff"
	"souk/ent"
)

// Trail lists the staff decisions on one entity or identity, oldest first,
// for a reviewer: what the back office shows beside the item.
func (s *Service) Trail(ctx context.Context, actor *ent.User, kind, uid string) ([]staff.Entry, error) {
	if err := staff.Require(actor, staff.Reviewer); err != nil {
		return nil, err
	}
	if kind != KindEntity && kind != KindIdentity {
		return nil, apperr.Invalid("kind", "FormNotInList", "ReviewKindUnknown")
	}
	if uid == "" || len(uid) > 64 {
		return nil, apperr.New(apperr.NotFound, "ReviewItemNotFound")
	}
	out, err := s.staff.Trail(ctx, kind, uid)
	if err != nil {
		return nil, err
	}
	if out == nil {
		out = []staff.Entry{}
	}
	return out, nil
}

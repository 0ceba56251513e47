package creation

import (
	"context"
	"fmt"

	"souk/app/apperr"
	"souk/app/catalog"
	"souk/ent"
	"souk/ent/creationversion"
	"souk/ent/identity"
	"souk/ent/user"
)

// ErrNotCreator: publishing needs a passed Creator identity.
var ErrNotCreator = apperr.New(apperr.Forbidden, "CreationNotCreator")

// Publish shows the owner's version as a design on their Creator
// identity's page (and shares it: the design links to its page).
func (s *Service) Publish(ctx context.Context, userID int, uid string) (*Version, error) {
	it, err := s.db.Identity.Query().Where(identity.HasUserWith(user.IDEQ(userID)),
		identity.IdentityTypeEQ(catalog.IdentityCreator), identity.PublicEQ(true)).First(ctx)
	if ent.IsNotFound(err) {
		return nil, ErrNotCreator
	}
	if err != nil {
		return nil, fmt.Errorf("creation: creator identity: %w", err)
	}
	n, err := s.db.CreationVersion.Update().Where(creationversion.UIDEQ(uid), creationversion.UserIDEQ(userID),
		creationversion.StatusEQ(statusDone)).SetShared(true).SetDesignOf(it.ID).Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("creation: publish: %w", err)
	}
	if n == 0 {
		return nil, ErrNotFound
	}
	if s.o.OnPublish != nil {
		s.o.OnPublish()
	}
	return s.Get(ctx, userID, uid)
}

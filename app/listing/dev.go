package listing

import (
	"context"
	"fmt"
	"strings"

	"souk/app/apperr"
	"souk/ent"
	"souk/ent/identity"
	"souk/ent/user"
)

// Attach makes the user with email the owner of an identity. Only the
// development server's /dev/attachIdentity calls it (browser tests sign a
// user up and make them a demo seller); real sellers apply for identities.
func (s *Service) Attach(ctx context.Context, email, identityUID string) error {
	u, err := s.db.User.Query().Where(user.EmailEQ(strings.ToLower(strings.TrimSpace(email)))).Only(ctx)
	if ent.IsNotFound(err) {
		return apperr.New(apperr.NotFound, "UserNotFound")
	}
	if err != nil {
		return fmt.Errorf("listing: find user: %w", err)
	}
	n, err := s.db.Identity.Update().Where(identity.UIDEQ(identityUID)).SetUserID(u.ID).Save(ctx)
	if err != nil {
		return fmt.Errorf("listing: attach identity: %w", err)
	}
	if n == 0 {
		return apperr.New(apperr.NotFound, "IdentityNotFound")
	}
	return nil
}

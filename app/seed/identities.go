package seed

import (
	"context"
	"fmt"

	"souk/app/catalog"
	"souk/app/seed/content"
	"souk/ent"
)

// identities writes one user per identity (accounts come later) and the
// identities themselves with their multilingual title and brief.
func identities(ctx context.Context, tx *ent.Tx, c *content.Catalog) ([]*ent.Identity, error) {
	w := newTextWriter()
	out := make([]*ent.Identity, 0, len(c.Identities))
	for k, it := range c.Identities {
		u, err := tx.User.Create().SetUID(fmt.Sprintf("u%06d", 100+k)).SetUserName(it.Name).Save(ctx)
		if err != nil {
			return nil, fmt.Errorf("seed: user for %s: %w", it.Key, err)
		}
		row, err := tx.Identity.Create().SetUID(it.Key).SetIdentityType(it.Type).SetEntityType(it.EntityType).
			SetName(it.Name).SetCountry(it.Country).SetRating(80 + k%20).SetUser(u).Save(ctx)
		if err != nil {
			return nil, fmt.Errorf("seed: identity %s: %w", it.Key, err)
		}
		w.addMap(catalog.KindIdentity, row.ID, "title", it.Title)
		w.addMap(catalog.KindIdentity, row.ID, "brief", it.Brief)
		out = append(out, row)
	}
	return out, w.flush(ctx, tx)
}

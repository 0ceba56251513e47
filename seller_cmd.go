package main

import (
	"context"
	"fmt"
	"strings"

	"souk/app/config"
	"souk/app/store"
	"souk/ent/identity"
	"souk/ent/user"
)

// sellerCmd is `souk seller attach EMAIL IDENTITY_UID`: the account with
// that email becomes the user of the identity, so it fulfils the
// identity's orders (operations/showorder). From the command line only,
// like every staff power: the demo's identities have no logins, and the
// browser tests attach a fresh account to a demo seller with it.
func sellerCmd(ctx context.Context, cfg config.Config, args []string) error {
	if len(args) != 3 || args[0] != "attach" {
		return fmt.Errorf("usage: souk seller attach EMAIL IDENTITY_UID")
	}
	db, err := store.Open(ctx, cfg.DatabaseURL, cfg.DataDir)
	if err != nil {
		return err
	}
	defer db.Close()
	u, err := db.User.Query().Where(user.EmailEQ(strings.ToLower(strings.TrimSpace(args[1]))), user.StatusEQ("active")).Only(ctx)
	if err != nil {
		return fmt.Errorf("seller attach: account %s: %w", args[1], err)
	}
	n, err := db.Identity.Update().Where(identity.UIDEQ(args[2])).SetUser(u).Save(ctx)
	if err != nil {
		return fmt.Errorf("seller attach: %w", err)
	}
	if n == 0 {
		return fmt.Errorf("seller attach: no identity %s", args[2])
	}
	return nil
}

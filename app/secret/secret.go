// Package secret provides the server's secrets: the payment webhook key and
// the verification-code pepper. Each is an independent random value, from
// configuration when set, otherwise generated once per installation and kept
// in the database so every node of one database shares it. None is derived
// from anything a browser receives (the envelope key is public by nature).
package secret

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"

	"souk/ent"
	"souk/ent/serversecret"
)

// Names of the secrets the store uses.
const (
	Webhook    = "payment-webhook"
	CodePepper = "code-pepper"
	// VisitorSalt keys the hash that stands for a client address in the
	// trending view marks (app/trend).
	VisitorSalt = "visitor-salt"
)

// size is how many random bytes a generated secret has.
const size = 32

// Get returns the named secret: configured when non-empty (its bytes as
// given), otherwise the installation's stored value, generating it on first
// use. Two nodes racing to generate it both end with the value that won.
func Get(ctx context.Context, db *ent.Client, name, configured string) ([]byte, error) {
	if configured != "" {
		if len(configured) < 16 {
			return nil, fmt.Errorf("secret: the configured %s is too short (use at least 16 characters, ideally 64 hex)", name)
		}
		return []byte(configured), nil
	}
	buf := make([]byte, size)
	if _, err := rand.Read(buf); err != nil {
		return nil, fmt.Errorf("secret: random: %w", err)
	}
	err := db.ServerSecret.Create().SetName(name).SetValue(hex.EncodeToString(buf)).
		OnConflictColumns(serversecret.FieldName).DoNothing().Exec(ctx)
	if err != nil && !errors.Is(err, sql.ErrNoRows) { // DoNothing on a conflict reports "no rows"
		return nil, fmt.Errorf("secret: store %s: %w", name, err)
	}
	row, err := db.ServerSecret.Query().Where(serversecret.NameEQ(name)).Only(ctx)
	if err != nil {
		return nil, fmt.Errorf("secret: read %s: %w", name, err)
	}
	raw, err := hex.DecodeString(row.Value)
	if err != nil || len(raw) != size {
		return nil, fmt.Errorf("secret: stored %s is damaged", name)
	}
	return raw, nil
}

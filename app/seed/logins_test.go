package seed

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"testing"

	"souk/app/account"
	"souk/app/staff"
	"souk/app/store/storetest"
	"souk/ent/user"
)

// TestDemoLogins: each demo hash is what a browser's transform of
// DemoPassword gives for its email (README, Accounts), so the README's
// passwords sign in.
func TestDemoLogins(t *testing.T) {
	for email, hash := range demoLogins {
		sum := sha256.Sum256([]byte("souk|" + email + "|" + DemoPassword))
		if !account.VerifyPassword(hex.EncodeToString(sum[:]), hash) {
			t.Errorf("%s: the hash does not match the demo password", email)
		}
	}
}

// TestDemoLoginsOnlyInTheDemo: a demo catalogue gets the logins and the
// operator; SEED_GOODS=0 (how production starts) gets none.
func TestDemoLoginsOnlyInTheDemo(t *testing.T) {
	ctx := context.Background()
	b := storetest.Backends(t)[0]
	db := storetest.Open(t, b)
	if err := Demo(ctx, db, 0); err != nil {
		t.Fatal(err)
	}
	if n := db.User.Query().Where(user.EmailNotNil()).CountX(ctx); n != 0 {
		t.Fatalf("SEED_GOODS=0 made %d logins", n)
	}
	b2 := storetest.Backend{Name: "sqlite", Dir: t.TempDir()}
	db2 := storetest.Open(t, b2)
	if err := Demo(ctx, db2, 20); err != nil {
		t.Fatal(err)
	}
	if n := db2.User.Query().Where(user.EmailNotNil()).CountX(ctx); n != len(demoLogins) {
		t.Fatalf("%d logins, want %d", n, len(demoLogins))
	}
	op := db2.User.Query().Where(user.EmailEQ(OperatorEmail)).OnlyX(ctx)
	if op.Role != staff.Admin {
		t.Fatalf("operator role %q", op.Role)
	}
	if n := db2.Entity.Query().CountX(ctx); n != len(demoLogins)-1 {
		t.Fatalf("%d entities", n)
	}
}

package staff

import (
	"context"
	"testing"

	"souk/app/store/storetest"
	"souk/ent"
	"souk/ent/staffaudit"
)

func TestAllows(t *testing.T) {
	cases := []struct {
		role, need string
		ok         bool
	}{
		{"", Reviewer, false}, {"", Admin, false}, {Reviewer, Reviewer, true}, {Reviewer, Admin, false},
		{Admin, Reviewer, true}, {Admin, Admin, true}, {"root", Reviewer, false}, {Admin, "", false},
	}
	for _, c := range cases {
		if Allows(c.role, c.need) != c.ok {
			t.Errorf("Allows(%q, %q) != %v", c.role, c.need, c.ok)
		}
	}
	if Require(nil, Reviewer) == nil || Require(&ent.User{Role: Admin, Status: "closed"}, Reviewer) == nil {
		t.Fatal("a visitor or a closed account passed")
	}
}

func TestGrantAndRevoke(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		ctx := context.Background()
		s := New(db, nil)
		db.User.Create().SetUID("u1").SetEmail("ana@example.com").ExecX(ctx)
		if err := s.Grant(ctx, "nobody@example.com", Reviewer); err == nil {
			t.Fatal("granted to no account")
		}
		if err := s.Grant(ctx, " ANA@example.com ", "root"); err == nil {
			t.Fatal("granted an unknown role")
		}
		if err := s.Grant(ctx, " ANA@example.com ", Admin); err != nil {
			t.Fatal(err)
		}
		if r := db.User.Query().OnlyX(ctx).Role; r != Admin {
			t.Fatalf("role %q", r)
		}
		if err := s.Revoke(ctx, "ana@example.com"); err != nil {
			t.Fatal(err)
		}
		if r := db.User.Query().OnlyX(ctx).Role; r != "" {
			t.Fatalf("role after revoke %q", r)
		}
		trail, err := s.Trail(ctx, "user", "u1")
		if err != nil || len(trail) != 2 || trail[0].Action != "grant" || trail[1].Action != "revoke" || trail[0].Actor != "cli" {
			t.Fatalf("trail %+v %v", trail, err)
		}
		if n := db.StaffAudit.Query().Where(staffaudit.ActionEQ("grant")).CountX(ctx); n != 1 {
			t.Fatalf("%d grant rows", n)
		}
	})
}

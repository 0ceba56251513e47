package identity

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"souk/app/apperr"
	"souk/app/form"
	"souk/app/review"
	"souk/app/staff"
	"souk/app/store/storetest"
	"souk/ent"
	"souk/ent/staffaudit"
)

func setup(t *testing.T, db *ent.Client, reviewers int) (*Service, *ent.User, []*ent.User) {
	ctx := context.Background()
	s := New(db, form.New(db), staff.New(db, nil), nil)
	if err := s.EnsureForms(ctx); err != nil {
		t.Fatal(err)
	}
	owner := db.User.Create().SetUID("uowner").SetEmail("owner@example.com").SaveX(ctx)
	var revs []*ent.User
	for i := 0; i < reviewers; i++ {
		revs = append(revs, db.User.Create().SetUID(fmt.Sprintf("urev%d", i)).SetEmail(fmt.Sprintf("rev%d@example.com", i)).SetRole(staff.Reviewer).SaveX(ctx))
	}
	return s, owner, revs
}

func tr(k string) string { return k }

// TestDecisionsAreExclusive: reviewers deciding the same item at once never
// both succeed, on either database, and exactly one audit row is written.
func TestDecisionsAreExclusive(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		ctx := context.Background()
		s, owner, revs := setup(t, db, 6)
		if _, err := s.AddType(ctx, owner.ID, Person, tr); err != nil {
			t.Fatal(err)
		}
		e, err := s.SaveEntity(ctx, owner.ID, owner.UID, form.Values{"fullName": "Owner", "country": "DE"}, tr)
		if err != nil {
			t.Fatal(err)
		}
		race := func(action string) (wins int) {
			var wg sync.WaitGroup
			var mu sync.Mutex
			for _, r := range revs {
				wg.Add(1)
				go func(r *ent.User) {
					defer wg.Done()
					err := s.Decide(ctx, r, Decision{Kind: KindEntity, UID: e.Item.UID, Action: action, Reason: "x"})
					mu.Lock()
					defer mu.Unlock()
					switch {
					case err == nil:
						wins++
					case apperr.CodeOf(err) != apperr.Conflict:
						t.Errorf("%s: %v", action, err)
					}
				}(r)
			}
			wg.Wait()
			return wins
		}
		if n := race(Take); n != 1 {
			t.Fatalf("%d reviewers took the entity", n)
		}
		// Only the taker may decide now: the others are refused, naming them.
		if n := race(Pass); n != 1 {
			t.Fatalf("%d reviewers passed it", n)
		}
		got, _ := s.MyEntity(ctx, owner.ID, tr)
		if got.Item.Status.ID != review.Pass {
			t.Fatalf("status %d", got.Item.Status.ID)
		}
		n, err := db.StaffAudit.Query().Where(staffaudit.ObjectUIDEQ(e.Item.UID)).Count(ctx)
		if err != nil || n != 2 {
			t.Fatalf("audit rows %d %v", n, err)
		}
		// A Waiting item passed and rejected at once: one decision wins.
		if _, err := s.SaveIdentity(ctx, owner.ID, owner.UID, Seller, form.Values{"name": "Shop", "title": "Good things", "country": "DE"}, "en", tr); err != nil {
			t.Fatal(err)
		}
		it, err := s.identityOf(ctx, db, owner.ID, Seller)
		if err != nil || it == nil || it.ReviewStatus != review.Waiting {
			t.Fatalf("application: %+v %v", it, err)
		}
		var wg sync.WaitGroup
		results := make([]error, len(revs))
		for i, r := range revs {
			wg.Add(1)
			go func(i int, r *ent.User) {
				defer wg.Done()
				action := Pass
				if i%2 == 1 {
					action = Reject
				}
				results[i] = s.Decide(ctx, r, Decision{Kind: KindIdentity, UID: it.UID, Action: action, Reason: "no"})
			}(i, r)
		}
		wg.Wait()
		wins := 0
		for _, err := range results {
			if err == nil {
				wins++
			} else if apperr.CodeOf(err) != apperr.Conflict {
				t.Errorf("decide: %v", err)
			}
		}
		if wins != 1 {
			t.Fatalf("%d decisions of one identity succeeded", wins)
		}
	})
}

// TestOnlyReviewersDecide: the service refuses a user without the role
// whatever the handler does.
func TestOnlyReviewersDecide(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		s, owner, _ := setup(t, db, 0)
		for _, u := range []*ent.User{nil, owner} {
			if err := s.Decide(context.Background(), u, Decision{Kind: KindEntity, UID: "x", Action: Take}); apperr.CodeOf(err) != apperr.NotFound {
				t.Errorf("decide as %v: %v", u, err)
			}
			if _, err := s.List(context.Background(), u, Queue{Kind: KindEntity}, tr); apperr.CodeOf(err) != apperr.NotFound {
				t.Errorf("list as %v: %v", u, err)
			}
		}
	})
}

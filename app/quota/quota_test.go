package quota

import (
	"context"
	"sync"
	"testing"
	"time"

	"souk/app/apperr"
	"souk/app/store/storetest"
	"souk/ent"
)

// TestParallelAcrossNodes: 20 parallel reservations, spread over two
// servers on one database, never pass a limit together, and exactly the
// limit passes; the others get the limit's key.
func TestParallelAcrossNodes(t *testing.T) {
	cases := []struct {
		name    string
		limit   Limit
		user    func(i int) int
		want    int
		refusal string
	}{
		{"per user", Limit{Kind: "a", PerUser: 5, PerDay: 1000, UserRefusal: apperr.New(apperr.RateLimited, "U"), DayRefusal: apperr.New(apperr.RateLimited, "D")}, func(int) int { return 1 }, 5, "U"},
		{"per day", Limit{Kind: "b", PerUser: 5, PerDay: 7, UserRefusal: apperr.New(apperr.RateLimited, "U"), DayRefusal: apperr.New(apperr.RateLimited, "D")}, func(i int) int { return 100 + i }, 7, "D"},
		{"user only", Limit{Kind: "c", PerUser: 3, UserRefusal: apperr.New(apperr.RateLimited, "U")}, func(int) int { return 9 }, 3, "U"},
	}
	storetest.Each(t, func(t *testing.T, db *ent.Client, b storetest.Backend) {
		nodes := []*Service{New(db), New(storetest.Open(t, b))}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				const tries = 20
				var wg sync.WaitGroup
				errs := make([]error, tries)
				for i := range tries {
					wg.Add(1)
					go func() {
						defer wg.Done()
						_, errs[i] = nodes[i%2].Meter(c.limit).Reserve(context.Background(), c.user(i), 1)
					}()
				}
				wg.Wait()
				ok := 0
				for _, err := range errs {
					e, classified := apperr.As(err)
					switch {
					case err == nil:
						ok++
					case !classified || e.Key != c.refusal || e.Code != apperr.RateLimited:
						t.Errorf("unexpected error %v", err)
					}
				}
				if ok != c.want {
					t.Errorf("%d reserved, want %d", ok, c.want)
				}
			})
		}
	})
}

// TestReleaseAndDays: a failed call's units come back (once, however often
// release runs), and a new UTC day starts afresh.
func TestReleaseAndDays(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		ctx := context.Background()
		s := New(db)
		now := time.Date(2026, 11, 28, 23, 59, 0, 0, time.UTC)
		s.now = func() time.Time { return now }
		m := s.Meter(Limit{Kind: "r", PerUser: 2, PerDay: 3, UserRefusal: apperr.New(apperr.RateLimited, "U"), DayRefusal: apperr.New(apperr.RateLimited, "D")})
		rel, err := m.Reserve(ctx, 1, 2)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := m.Reserve(ctx, 1, 1); apperr.CodeOf(err) != apperr.RateLimited {
			t.Fatalf("over the user's limit: %v", err)
		}
		if _, err := m.Reserve(ctx, 2, 2); apperr.CodeOf(err) != apperr.RateLimited {
			t.Fatalf("over the day's limit: %v", err)
		}
		rel()
		rel()
		if _, err := m.Reserve(ctx, 2, 2); err != nil {
			t.Fatalf("after release: %v", err)
		}
		if _, err := m.Reserve(ctx, 1, 2); apperr.CodeOf(err) != apperr.RateLimited {
			t.Fatalf("release gave back more than it took: %v", err)
		}
		now = now.Add(2 * time.Minute)
		if _, err := m.Reserve(ctx, 2, 2); err != nil {
			t.Fatalf("next day: %v", err)
		}
		now = now.Add(24 * time.Hour) // the day after the second
		if n, err := s.Prune(ctx); err != nil || n != 3 {
			t.Errorf("pruned %d %v, want the first day's 3 counters", n, err)
		}
	})
}

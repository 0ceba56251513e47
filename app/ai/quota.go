package ai

import (
	"sync"
	"time"

	"souk/app/apperr"
)

// Quota bounds AI calls per user and for everyone per UTC day. A call
// reserves its unit before it starts (so parallel calls cannot all pass a
// check made before any of them counted) and gives it back if it fails.
// The counts live in this process: each node of a cluster keeps its own.
type Quota struct {
	perUser, perDay int
	now             func() time.Time

	mu    sync.Mutex
	day   string
	total int
	users map[int]int
}

// NewQuota allows perUser calls to one user and perDay calls in all a day.
func NewQuota(perUser, perDay int) *Quota {
	return &Quota{perUser: perUser, perDay: perDay, now: time.Now, users: map[int]int{}}
}

// Reserve takes n units for userID, or fails with AIQuotaUser/AIQuotaDay.
// The returned release gives them back (call it when the work failed).
func (q *Quota) Reserve(userID, n int) (release func(), err error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if d := q.now().UTC().Format(time.DateOnly); d != q.day {
		q.day, q.total, q.users = d, 0, map[int]int{}
	}
	if q.users[userID]+n > q.perUser {
		return nil, apperr.New(apperr.RateLimited, "AIQuotaUser")
	}
	if q.total+n > q.perDay {
		return nil, apperr.New(apperr.RateLimited, "AIQuotaDay")
	}
	q.users[userID] += n
	q.total += n
	day := q.day
	var once sync.Once
	return func() {
		once.Do(func() {
			q.mu.Lock()
			defer q.mu.Unlock()
			if q.day == day {
				q.users[userID] -= n
				q.total -= n
			}
		})
	}, nil
}

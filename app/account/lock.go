package account

import (
	"context"
	"fmt"
	"time"

	"souk/app/apperr"
	"souk/app/ratelimit"
)

// Wrong passwords are counted twice. Per (account, client address), a few
// lock password sign-in from that address only, so a stranger cannot lock
// the owner out by failing on purpose. Per account, a much higher ceiling
// across all addresses stops a spread-out guessing campaign. Sign-in by
// emailed code stays open either way.
//
// Every try is reserved before argon2 runs (the limiter records it under
// its mutex), so parallel tries cannot all slip past a count read earlier.

// checkPassword verifies the transformed password of the account at email
// (whose stored hash is encoded), counting the try against both locks.
func (s *Service) checkPassword(ctx context.Context, email, password, encoded string, c Client) error {
	here := email + "|" + addrKey(c.IP)
	if ok, wait := s.loginFails.Allow(here); !ok {
		return apperr.New(apperr.RateLimited, "PasswordLockedHere", "minutes", minutes(wait))
	}
	if ok, wait := s.accountFails.Allow(email); !ok {
		s.loginFails.Release(here)
		return apperr.New(apperr.RateLimited, "PasswordLockedAll", "minutes", minutes(wait))
	}
	ok, err := s.verifyPassword(ctx, password, encoded)
	if err != nil { // not checked (the server was busy): not a failure
		s.loginFails.Release(here)
		s.accountFails.Release(email)
		return err
	}
	if !ok {
		return apperr.Invalid("password", "IncorrectEntry", "PasswordNotCorrect")
	}
	s.loginFails.Reset(here)
	s.accountFails.Release(email)
	return nil
}

// minutes is a wait rounded up to whole minutes, for messages.
func minutes(d time.Duration) string {
	m := int((d + time.Minute - 1) / time.Minute)
	if m < 1 {
		m = 1
	}
	return fmt.Sprint(m)
}

// addrKey is the client address a lock is kept for (an IPv6 /64 is one).
var addrKey = ratelimit.AddrKey

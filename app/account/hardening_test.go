package account

import (
	"context"
	"fmt"
	"souk/app/ratelimit"
	"sync"
	"testing"

	"souk/app/apperr"
	"souk/app/store/storetest"
	"souk/ent"
	"souk/ent/verificationcode"
)

// moveTo is the change-email request the browser sends: the password
// derived with the current address, and derived with the new one.
func moveTo(from, to, password, code string) ChangeEmailInput {
	return ChangeEmailInput{Email: to, Code: code, Password: pw(from, password), NewPassword: pw(to, password)}
}

// parallel runs n calls of fn at once and counts the answers by code.
func parallel(n int, fn func(i int) error) map[apperr.Code]int {
	var mu sync.Mutex
	var wg sync.WaitGroup
	got := map[apperr.Code]int{}
	start := make(chan struct{})
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			<-start
			code := apperr.CodeOf(fn(i))
			mu.Lock()
			got[code]++
			mu.Unlock()
		}(i)
	}
	close(start)
	wg.Wait()
	return got
}

// Fifty parallel wrong passwords: the lock is reserved before argon2 runs,
// so at most LoginFailures are ever checked, and never more than ArgonSlots
// argon2 computations run at once.
func TestPasswordLockHoldsUnderConcurrency(t *testing.T) {
	ctx := context.Background()
	db := storetest.Open(t, storetest.Backend{Name: "sqlite", Dir: t.TempDir()})
	f := newFixture(t, db)
	f.register(t, "par@example.com", "secret123")
	before := f.argon.verifies.Load()
	got := parallel(50, func(int) error {
		_, err := f.LoginByPassword(ctx, "par@example.com", pw("par@example.com", "wrong123"), false, Client{IP: "6.6.6.6"})
		return err
	})
	if checked := f.argon.verifies.Load() - before; checked > LoginFailures {
		t.Errorf("%d passwords were checked, want at most %d", checked, LoginFailures)
	}
	if got[apperr.InvalidInput] > LoginFailures || got[apperr.InvalidInput]+got[apperr.RateLimited] != 50 {
		t.Errorf("answers %v: at most %d wrong-password answers, the rest 441", got, LoginFailures)
	}
	if peak := f.argon.peak.Load(); peak > ArgonSlots {
		t.Errorf("%d argon2 computations ran at once, want at most %d", peak, ArgonSlots)
	}
}

// Parallel wrong passwords from many addresses (under every lock) still
// run at most ArgonSlots argon2 computations at once; the rest wait or get
// 441, never an unbounded pile of 64 MiB computations.
func TestArgonComputationsAreBounded(t *testing.T) {
	ctx := context.Background()
	db := storetest.Open(t, storetest.Backend{Name: "sqlite", Dir: t.TempDir()})
	f := newFixture(t, db)
	f.register(t, "many@example.com", "secret123")
	got := parallel(24, func(i int) error {
		ip := fmt.Sprintf("10.0.%d.1", i)
		_, err := f.LoginByPassword(ctx, "many@example.com", pw("many@example.com", "wrong123"), false, Client{IP: ip})
		return err
	})
	if got[apperr.InvalidInput]+got[apperr.RateLimited] != 24 || got[apperr.InvalidInput] == 0 {
		t.Errorf("answers %v: wrong password or 441 (busy)", got)
	}
	if peak := f.argon.peak.Load(); peak > ArgonSlots || peak < 1 {
		t.Errorf("%d argon2 computations ran at once, want 1 to %d", peak, ArgonSlots)
	}
}

// A full gate answers 441 with the busy message once the wait is over.
func TestArgonGateAnswersBusy(t *testing.T) {
	g := newArgonGate(1, 0)
	hold, done := make(chan struct{}), make(chan struct{})
	go func() { _ = g.do(context.Background(), func() { close(hold); <-done }) }()
	<-hold
	err := g.do(context.Background(), func() { t.Error("ran without a slot") })
	close(done)
	if e, ok := apperr.As(err); !ok || e.Code != apperr.RateLimited || e.Key != "SignInBusy" {
		t.Fatalf("full gate: %v, want 441 SignInBusy", err)
	}
}

// A hundred parallel wrong codes compare at most CodeMaxAttempts times: the
// try is counted by a conditional UPDATE before the comparison.
func TestCodeTriesHoldUnderConcurrency(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		ctx := context.Background()
		f := newFixture(t, db)
		f.register(t, "cod@example.com", "secret123")
		f.advance(CodeCooldown)
		right := f.code(t, PurposeLogin, "cod@example.com")
		wrong := "000000"
		if right == wrong {
			wrong = "111111"
		}
		got := parallel(100, func(int) error {
			_, err := f.LoginByEmailCode(ctx, "cod@example.com", wrong, Client{})
			return err
		})
		if got[apperr.InvalidInput] > CodeMaxAttempts || got[apperr.InvalidInput]+got[apperr.RateLimited] != 100 {
			t.Errorf("answers %v: at most %d compared, the rest 441", got, CodeMaxAttempts)
		}
		vc, err := db.VerificationCode.Query().Where(verificationcode.EmailEQ("cod@example.com"), verificationcode.PurposeEQ(PurposeLogin)).Only(ctx)
		if err != nil || vc.Attempts != CodeMaxAttempts {
			t.Errorf("attempts stored %+v %v, want %d", vc, err, CodeMaxAttempts)
		}
		_, err = f.LoginByEmailCode(ctx, "cod@example.com", right, Client{})
		wantCode(t, err, apperr.RateLimited)
	})
}

// Failures lock password sign-in for the address they came from, not for
// the owner elsewhere; a ceiling per account locks every address; code
// sign-in stays open throughout.
func TestPasswordLockIsPerAddress(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		ctx := context.Background()
		f := newFixture(t, db)
		// The ceiling is AccountFailures; a smaller one keeps the argon2 runs few.
		const ceiling = 8
		f.accountFails = ratelimit.New(ceiling, LoginWindow, f.Service.now)
		f.register(t, "own@example.com", "secret123")
		right, wrong := pw("own@example.com", "secret123"), pw("own@example.com", "wrong123")
		login := func(ip, p string) error {
			_, err := f.LoginByPassword(ctx, "own@example.com", p, false, Client{IP: ip})
			return err
		}
		for i := 0; i < LoginFailures; i++ {
			wantCode(t, login("7.7.7.7", wrong), apperr.InvalidInput)
		}
		err := login("7.7.7.7", right)
		if e, ok := apperr.As(err); !ok || e.Key != "PasswordLockedHere" {
			t.Fatalf("address A after %d failures: %v, want locked here", LoginFailures, err)
		}
		if err := login("8.8.8.8", right); err != nil {
			t.Fatalf("the owner at address B must not be locked: %v", err)
		}
		// Spread over addresses, failures reach the account's ceiling.
		for i := 0; i < ceiling-LoginFailures; i++ {
			wantCode(t, login(fmt.Sprintf("9.9.9.%d", i), wrong), apperr.InvalidInput)
		}
		err = login("8.8.4.4", right)
		if e, ok := apperr.As(err); !ok || e.Key != "PasswordLockedAll" {
			t.Fatalf("past the ceiling: %v, want locked for everyone", err)
		}
		code := f.code(t, PurposeLogin, "own@example.com")
		if _, err := f.LoginByEmailCode(ctx, "own@example.com", code, Client{IP: "8.8.4.4"}); err != nil {
			t.Fatalf("code sign-in must stay open while passwords are locked: %v", err)
		}
		f.advance(LoginWindow)
		if err := login("7.7.7.7", right); err != nil {
			t.Fatalf("after the window: %v", err)
		}
	})
}

// After a change of email the same password signs in with the new
// address; the change needs the current password, and a wrong one spends
// neither the code nor the account.
func TestChangeEmailKeepsPassword(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		ctx := context.Background()
		f := newFixture(t, db)
		l := f.register(t, "old@example.com", "secret123")
		c, _ := f.Authenticate(ctx, l.Token)
		if _, err := f.RequestCode(ctx, PurposeChangeEmail, "new@example.com", c.User.ID, Client{IP: "1.1.1.1"}); err != nil {
			t.Fatal(err)
		}
		code := codeRe.FindStringSubmatch(f.mail["new@example.com"])[1]
		_, err := f.ChangeEmail(ctx, c, moveTo("old@example.com", "new@example.com", "not-mine1", code), Client{IP: "1.1.1.1"})
		wantCode(t, err, apperr.InvalidInput)
		missing := moveTo("old@example.com", "new@example.com", "secret123", code)
		missing.Password = ""
		_, err = f.ChangeEmail(ctx, c, missing, Client{IP: "1.1.1.1"})
		wantCode(t, err, apperr.InvalidInput)
		if _, err := f.ChangeEmail(ctx, c, moveTo("old@example.com", "new@example.com", "secret123", code), Client{IP: "1.1.1.1"}); err != nil {
			t.Fatalf("change email: %v", err)
		}
		if _, err := f.LoginByPassword(ctx, "new@example.com", pw("new@example.com", "secret123"), false, Client{IP: "1.1.1.1"}); err != nil {
			t.Fatalf("the same password must work with the new address: %v", err)
		}
		_, err = f.LoginByPassword(ctx, "old@example.com", pw("old@example.com", "secret123"), false, Client{IP: "1.1.1.1"})
		wantCode(t, err, apperr.AccountMissing)
	})
}

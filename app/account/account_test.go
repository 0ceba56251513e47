package account

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"regexp"
	"sync"
	"testing"
	"time"

	"souk/app/apperr"
	"souk/app/store/storetest"
	"souk/ent"
)

// fixture is a service with a mail catcher and a clock the test moves.
type fixture struct {
	*Service
	mu   sync.Mutex
	mail map[string]string // address → last text
	now  time.Time
}

func newFixture(t *testing.T, db *ent.Client) *fixture {
	f := &fixture{mail: map[string]string{}, now: time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC)}
	mailer := func(_ context.Context, to, subject, text string) error {
		f.mu.Lock()
		f.mail[to] = subject + "\n" + text
		f.mu.Unlock()
		return nil
	}
	tr := func(lang, key string, args ...string) string {
		s := key
		for i := 0; i+1 < len(args); i += 2 {
			s += " " + args[i] + "=" + args[i+1]
		}
		return s
	}
	f.Service = New(db, mailer, tr, []byte("pepper"), func() time.Time { return f.now })
	return f
}

func (f *fixture) advance(d time.Duration) { f.now = f.now.Add(d) }

var codeRe = regexp.MustCompile(`code=(\d{6})`)

func (f *fixture) code(t *testing.T, purpose, email string) string {
	t.Helper()
	if _, err := f.RequestCode(context.Background(), purpose, email, 0, Client{IP: "1.1.1.1"}); err != nil {
		t.Fatalf("request %s code: %v", purpose, err)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	m := codeRe.FindStringSubmatch(f.mail[NormalizeEmail(email)])
	if m == nil {
		t.Fatalf("no code mailed to %s", email)
	}
	return m[1]
}

// pw is what the browser sends for a password (see validate.go).
func pw(email, password string) string {
	h := sha256.Sum256([]byte("souk|" + NormalizeEmail(email) + "|" + password))
	return hex.EncodeToString(h[:])
}

func (f *fixture) register(t *testing.T, email, password string) *Login {
	t.Helper()
	code := f.code(t, PurposeRegister, email)
	l, err := f.Register(context.Background(), RegisterInput{Email: email, Password: pw(email, password), Code: code}, Client{IP: "1.1.1.1"})
	if err != nil {
		t.Fatalf("register: %v", err)
	}
	return l
}

func wantCode(t *testing.T, err error, code apperr.Code) {
	t.Helper()
	if got := apperr.CodeOf(err); got != code {
		t.Fatalf("error %v: code %d, want %d", err, got, code)
	}
}

func TestAccountLifecycle(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		ctx := context.Background()
		f := newFixture(t, db)
		l := f.register(t, " Ana@Example.COM ", "secret123")
		if l.Token == "" || l.User.Email != "ana@example.com" || l.User.UserName != "ana" {
			t.Fatalf("login %+v", l)
		}
		// The register code is now spent; a second register of the address is 128.
		f.advance(CodeCooldown)
		_, err := f.RequestCode(ctx, PurposeRegister, "ana@example.com", 0, Client{IP: "1.1.1.1"})
		wantCode(t, err, apperr.AccountExists)
		// Password login, wrong then right.
		_, err = f.LoginByPassword(ctx, "ana@example.com", pw("ana@example.com", "nope1234"), false, Client{IP: "2.2.2.2"})
		wantCode(t, err, apperr.InvalidInput)
		l2, err := f.LoginByPassword(ctx, "ANA@example.com", pw("ana@example.com", "secret123"), false, Client{IP: "2.2.2.2"})
		if err != nil {
			t.Fatal(err)
		}
		c, err := f.Authenticate(ctx, l2.Token)
		if err != nil || c.User.UserName != "ana" {
			t.Fatalf("authenticate: %v", err)
		}
		// Unknown account: 127 for login and for a login code.
		_, err = f.LoginByPassword(ctx, "bob@example.com", pw("bob@example.com", "secret123"), false, Client{IP: "2.2.2.2"})
		wantCode(t, err, apperr.AccountMissing)
		_, err = f.RequestCode(ctx, PurposeLogin, "bob@example.com", 0, Client{IP: "2.2.2.2"})
		wantCode(t, err, apperr.AccountMissing)
		// Code login.
		code := f.code(t, PurposeLogin, "ana@example.com")
		if _, err := f.LoginByEmailCode(ctx, "ana@example.com", code, Client{}); err != nil {
			t.Fatal(err)
		}
		// Logout ends that token.
		if err := f.Logout(ctx, c); err != nil {
			t.Fatal(err)
		}
		_, err = f.Authenticate(ctx, l2.Token)
		wantCode(t, err, apperr.Unauthorized)
		// Expiry after 20 days.
		f.advance(TokenLife + time.Second)
		_, err = f.Authenticate(ctx, l.Token)
		wantCode(t, err, apperr.Unauthorized)
	})
}

func TestCodes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		ctx := context.Background()
		f := newFixture(t, db)
		f.register(t, "cy@example.com", "secret123")
		f.advance(CodeCooldown)
		code := f.code(t, PurposeLogin, "cy@example.com")
		// A second request within a minute is refused (server cooldown).
		_, err := f.RequestCode(ctx, PurposeLogin, "cy@example.com", 0, Client{IP: "1.1.1.1"})
		wantCode(t, err, apperr.RateLimited)
		// Used once, then refused.
		if _, err := f.LoginByEmailCode(ctx, "cy@example.com", code, Client{}); err != nil {
			t.Fatal(err)
		}
		_, err = f.LoginByEmailCode(ctx, "cy@example.com", code, Client{})
		wantCode(t, err, apperr.InvalidInput)
		// Expired.
		f.advance(CodeCooldown)
		code = f.code(t, PurposeLogin, "cy@example.com")
		f.advance(CodeLife + time.Second)
		_, err = f.LoginByEmailCode(ctx, "cy@example.com", code, Client{})
		wantCode(t, err, apperr.InvalidInput)
		// Five wrong tries lock the code, even for the right one after.
		code = f.code(t, PurposeLogin, "cy@example.com")
		for i := 0; i < CodeMaxAttempts; i++ {
			wrong := "000000"
			if code == wrong {
				wrong = "111111"
			}
			_, err = f.LoginByEmailCode(ctx, "cy@example.com", wrong, Client{})
			wantCode(t, err, apperr.InvalidInput)
		}
		_, err = f.LoginByEmailCode(ctx, "cy@example.com", code, Client{})
		wantCode(t, err, apperr.RateLimited)
		// Too short a code never reaches the database.
		_, err = f.LoginByEmailCode(ctx, "cy@example.com", "123", Client{})
		wantCode(t, err, apperr.InvalidInput)
	})
}

func TestPasswordLockout(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		ctx := context.Background()
		f := newFixture(t, db)
		f.register(t, "dee@example.com", "secret123")
		for i := 0; i < LoginFailures; i++ {
			_, err := f.LoginByPassword(ctx, "dee@example.com", pw("dee@example.com", "wrong"), false, Client{IP: "3.3.3.3"})
			wantCode(t, err, apperr.InvalidInput)
		}
		_, err := f.LoginByPassword(ctx, "dee@example.com", pw("dee@example.com", "secret123"), false, Client{IP: "3.3.3.3"})
		wantCode(t, err, apperr.RateLimited)
		f.advance(LoginWindow)
		if _, err := f.LoginByPassword(ctx, "dee@example.com", pw("dee@example.com", "secret123"), false, Client{IP: "3.3.3.3"}); err != nil {
			t.Fatalf("after the window the right password works: %v", err)
		}
	})
}

func TestUseOvReLogin(t *testing.T) {
	ctx := context.Background()
	db := storetest.Open(t, storetest.Backend{Name: "sqlite", Dir: t.TempDir()})
	f := newFixture(t, db)
	first := f.register(t, "eve@example.com", "secret123")
	for i := 1; i < MaxSessions; i++ {
		if _, err := f.LoginByPassword(ctx, "eve@example.com", pw("eve@example.com", "secret123"), false, Client{IP: "4.4.4.4"}); err != nil {
			t.Fatal(err)
		}
		f.advance(time.Second)
	}
	l, err := f.LoginByPassword(ctx, "eve@example.com", pw("eve@example.com", "secret123"), false, Client{IP: "4.4.4.4"})
	if err != nil || !l.UseOvReLogin || l.Token != "" {
		t.Fatalf("at the session limit the answer is useOvReLogin: %+v %v", l, err)
	}
	l, err = f.LoginByPassword(ctx, "eve@example.com", pw("eve@example.com", "secret123"), true, Client{IP: "4.4.4.4"})
	if err != nil || l.Token == "" {
		t.Fatalf("ov=true signs in: %v", err)
	}
	if _, err := f.Authenticate(ctx, first.Token); apperr.CodeOf(err) != apperr.Unauthorized {
		t.Fatal("the least recently used session must make room")
	}
}

func TestResetChangeAndClose(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		ctx := context.Background()
		f := newFixture(t, db)
		l := f.register(t, "fay@example.com", "secret123")
		f.advance(CodeCooldown)
		code := f.code(t, PurposeForgetPassword, "fay@example.com")
		if err := f.ResetPassword(ctx, "fay@example.com", code, pw("fay@example.com", "newsecret1")); err != nil {
			t.Fatal(err)
		}
		if _, err := f.Authenticate(ctx, l.Token); apperr.CodeOf(err) != apperr.Unauthorized {
			t.Fatal("a password reset ends the old sessions")
		}
		l, err := f.LoginByPassword(ctx, "fay@example.com", pw("fay@example.com", "newsecret1"), false, Client{IP: "5.5.5.5"})
		if err != nil {
			t.Fatal(err)
		}
		c, _ := f.Authenticate(ctx, l.Token)
		// Change email: the code goes to the new address and is bound to the caller.
		if _, err := f.RequestCode(ctx, PurposeChangeEmail, "fay.new@example.com", c.User.ID, Client{IP: "5.5.5.5"}); err != nil {
			t.Fatal(err)
		}
		code = codeRe.FindStringSubmatch(f.mail["fay.new@example.com"])[1]
		other := f.register(t, "gus@example.com", "secret123")
		oc, _ := f.Authenticate(ctx, other.Token)
		_, err = f.ChangeEmail(ctx, oc, moveTo("gus@example.com", "fay.new@example.com", "secret123", code), Client{IP: "5.5.5.5"})
		wantCode(t, err, apperr.InvalidInput) // gus cannot use fay's code
		p, err := f.ChangeEmail(ctx, c, moveTo("fay@example.com", "fay.new@example.com", "newsecret1", code), Client{IP: "5.5.5.5"})
		if err != nil || p.Email != "fay.new@example.com" {
			t.Fatalf("change email: %v", err)
		}
		// Close: code to the current address; after it the token and the address are gone.
		f.advance(CodeCooldown)
		c, _ = f.Authenticate(ctx, l.Token)
		code = f.code(t, PurposeDestroyAccount, "fay.new@example.com")
		if err := f.CloseAccount(ctx, c, code); err != nil {
			t.Fatal(err)
		}
		if _, err := f.Authenticate(ctx, l.Token); apperr.CodeOf(err) != apperr.Unauthorized {
			t.Fatal("a closed account's token must be refused")
		}
		_, err = f.LoginByPassword(ctx, "fay.new@example.com", pw("fay.new@example.com", "newsecret1"), false, Client{IP: "5.5.5.5"})
		wantCode(t, err, apperr.AccountMissing)
		// Its address is free again.
		f.advance(CodeCooldown)
		f.register(t, "fay.new@example.com", "another12")
	})
}

func TestSessionsAreOwnOnly(t *testing.T) {
	ctx := context.Background()
	db := storetest.Open(t, storetest.Backend{Name: "sqlite", Dir: t.TempDir()})
	f := newFixture(t, db)
	a := f.register(t, "hal@example.com", "secret123")
	b := f.register(t, "ivy@example.com", "secret123")
	ca, _ := f.Authenticate(ctx, a.Token)
	cb, _ := f.Authenticate(ctx, b.Token)
	list, _ := f.Sessions(ctx, cb)
	if err := f.EndSession(ctx, ca, list[0].ID); apperr.CodeOf(err) != apperr.NotFound {
		t.Fatalf("ending another user's session must be not found, got %v", err)
	}
	if _, err := f.Authenticate(ctx, b.Token); err != nil {
		t.Fatal("ivy's session must survive hal's attempt")
	}
}

func TestQRLogin(t *testing.T) {
	ctx := context.Background()
	db := storetest.Open(t, storetest.Backend{Name: "sqlite", Dir: t.TempDir()})
	f := newFixture(t, db)
	phone := f.register(t, "jo@example.com", "secret123")
	thief := f.register(t, "kim@example.com", "secret123")
	cp, _ := f.Authenticate(ctx, phone.Token)
	ct, _ := f.Authenticate(ctx, thief.Token)
	id, events := f.QR.Open()
	if err := f.ConfirmQR(ctx, cp, id, Client{}); err == nil {
		t.Fatal("confirm before scan must fail")
	}
	if err := f.ScanQR(cp, id); err != nil {
		t.Fatal(err)
	}
	if e := <-events; e.State != QRScanned {
		t.Fatalf("event %+v", e)
	}
	if err := f.ScanQR(ct, id); err == nil {
		t.Fatal("a second scanner must be refused")
	}
	if err := f.ConfirmQR(ctx, cp, id, Client{}); err != nil {
		t.Fatal(err)
	}
	e := <-events
	if e.State != QRConfirmed || e.Login == nil || e.Login.User.UserUID != cp.User.UID {
		t.Fatalf("event %+v", e)
	}
	if err := f.ConfirmQR(ctx, cp, id, Client{}); err == nil {
		t.Fatal("a ticket signs in once")
	}
	id2, _ := f.QR.Open()
	f.advance(QRLife + time.Second)
	if err := f.ScanQR(cp, id2); apperr.CodeOf(err) != apperr.NotFound {
		t.Fatalf("an expired ticket is not found, got %v", err)
	}
}

func TestNormalizeAndCheckEmail(t *testing.T) {
	tests := []struct {
		in, want string
		ok       bool
	}{
		{" Ana@Example.COM ", "ana@example.com", true},
		{"a n a@ex ample.com", "ana@example.com", true},
		{"ana@example", "", false},
		{"ab", "", false},
		{"@example.com", "", false},
		{"ana@@example.com", "", false},
		{"ana@.com", "", false},
		{"用户@例子.中国", "用户@例子.中国", true},
	}
	for _, tt := range tests {
		got, err := CheckEmail(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("CheckEmail(%q) = %q, %v", tt.in, got, err)
		}
	}
}

func FuzzCheckEmail(f *testing.F) {
	for _, s := range []string{"a@b.c", " A@B.C ", "", "@", "a@b", "用户@例子.中国", "a\x00@b.c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e, err := CheckEmail(s)
		if err != nil {
			return
		}
		if e != NormalizeEmail(e) || len(e) > 254 {
			t.Fatalf("CheckEmail(%q) = %q is not normalised", s, e)
		}
		if again, err := CheckEmail(e); err != nil || again != e {
			t.Fatalf("not idempotent: %q → %q", e, again)
		}
	})
}

func TestPasswordHash(t *testing.T) {
	h := HashPassword("x")
	if !VerifyPassword("x", h) || VerifyPassword("y", h) || VerifyPassword("x", "garbage") {
		t.Fatal("argon2id verify")
	}
	if HashPassword("x") == h {
		t.Fatal("salts must differ")
	}
}

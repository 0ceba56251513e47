// Package account owns accounts: registration, sign-in by password, emailed
// code or QR, sessions, password reset, email change, closing an account,
// and the profile. Its rules are SPEC §4-§6 and DESIGN §8.
package account

import (
	"context"
	"souk/app/ratelimit"
	"time"

	"souk/ent"
)

// Purposes of verification codes.
const (
	PurposeLogin          = "login"
	PurposeRegister       = "register"
	PurposeForgetPassword = "forgetPassword"
	PurposeChangeEmail    = "changeEmail"
	PurposeDestroyAccount = "destroyAccount"
)

// Limits (SPEC §9, DESIGN §8).
const (
	TokenLife        = 20 * 24 * time.Hour // 1728000000 ms
	CodeCooldown     = 60 * time.Second
	CodeLife         = 10 * time.Minute
	CodeMaxAttempts  = 5
	MaxSessions      = 10 // beyond this a login must say ov=true (useOvReLogin)
	LoginFailures    = 5  // wrong passwords per (account, client address) per window before it locks
	AccountFailures  = 50 // wrong passwords per account per window from all addresses together
	LoginWindow      = 15 * time.Minute
	ArgonSlots       = 2               // argon2 computations at once (64 MiB each)
	ArgonWait        = 2 * time.Second // how long a request waits for a slot before 441
	IPLoginsPerMin   = 30
	IPCodesPerHour   = 30
	lastSeenInterval = time.Minute
)

// Mailer sends one email.
type Mailer func(ctx context.Context, to, subject, text string) error

// Translator turns a message key into text in a language.
type Translator func(lang, key string, args ...string) string

// Service is the account service. Safe for concurrent use.
type Service struct {
	db           *ent.Client
	mail         Mailer
	t            Translator
	now          func() time.Time
	pepper       []byte
	loginFails   *ratelimit.Window // per (account, client address)
	accountFails *ratelimit.Window // per account, the ceiling across addresses
	ipLogins     *ratelimit.Window // per client address
	ipCodes      *ratelimit.Window
	argon        *argonGate
	hashMemory   uint32 // KiB of each new password hash (SetHashMemory)
	QR           *QRHub
	// OnProfileChange is told when a user's public profile changes, so
	// cached pages showing it can be refreshed.
	OnProfileChange func(userUID string)
	// OnSessionsEnd is told, after commit, that sessions of a user ended
	// (logout, ended from another device, password reset, account closed):
	// their sockets are told and closed. ids nil means all the user's sessions.
	OnSessionsEnd func(userID int, ids []int)
}

func (s *Service) sessionsEnded(userID int, ids []int) {
	if s.OnSessionsEnd != nil {
		s.OnSessionsEnd(userID, ids)
	}
}

func (s *Service) profileChanged(uid string) {
	if s.OnProfileChange != nil {
		s.OnProfileChange(uid)
	}
}

// New makes the service. pepper keys the code hashes.
func New(db *ent.Client, mail Mailer, t Translator, pepper []byte, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{
		db: db, mail: mail, t: t, now: now, pepper: pepper,
		loginFails:   ratelimit.New(LoginFailures, LoginWindow, now),
		accountFails: ratelimit.New(AccountFailures, LoginWindow, now),
		ipLogins:     ratelimit.New(IPLoginsPerMin, time.Minute, now),
		ipCodes:      ratelimit.New(IPCodesPerHour, time.Hour, now),
		argon:        newArgonGate(ArgonSlots, ArgonWait),
		hashMemory:   argonMemory,
		QR:           NewQRHub(now),
	}
}

// SetHashMemory sets the memory of new password hashes, in KiB
// (config ARGON2_MEMORY_KIB); existing hashes keep theirs.
func (s *Service) SetHashMemory(kib int) { s.hashMemory = uint32(kib) }

// Client is who is calling, for limits and the session list.
type Client struct {
	IP, UserAgent, Lang string
}

// Login is a successful sign-in.
type Login struct {
	Token        string   `json:"token"`
	ExpiresAt    int64    `json:"expiresAt"` // ms
	User         *Profile `json:"user"`
	UseOvReLogin bool     `json:"useOvReLogin,omitempty"`
}

package account

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"

	"souk/app/apperr"
	"souk/app/store"
	"souk/ent"
	"souk/ent/predicate"
	"souk/ent/session"
	"souk/ent/user"
)

// newToken is 256 random bits, URL-safe.
func newToken() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

func hashToken(t string) string {
	h := sha256.Sum256([]byte(t))
	return hex.EncodeToString(h[:])
}

func newUID(prefix string) string {
	b := make([]byte, 9)
	_, _ = rand.Read(b)
	return prefix + base64.RawURLEncoding.EncodeToString(b)
}

// startSession creates a session for u inside tx and returns the login.
func (s *Service) startSession(ctx context.Context, tx *ent.Tx, u *ent.User, via string, c Client) (*Login, error) {
	token := newToken()
	now := s.now()
	exp := now.Add(TokenLife)
	err := tx.Session.Create().SetUID(newUID("s")).SetTokenHash(hashToken(token)).SetUser(u).
		SetCreatedAt(now).SetExpiresAt(exp).SetLastSeenAt(now).SetVia(via).
		SetUserAgent(truncate(c.UserAgent, 300)).SetIP(c.IP).Exec(ctx)
	if err != nil {
		return nil, fmt.Errorf("account: start session: %w", err)
	}
	return &Login{Token: token, ExpiresAt: exp.UnixMilli(), User: profileOf(u)}, nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}

// Caller is an authenticated request.
type Caller struct {
	User    *ent.User
	Session *ent.Session
}

// Authenticate resolves a TOKEN header. A missing, unknown, expired or
// revoked token, or one of a closed account, is 401.
func (s *Service) Authenticate(ctx context.Context, token string) (*Caller, error) {
	if token == "" || len(token) > 100 {
		return nil, apperr.New(apperr.Unauthorized, "LoginRequired")
	}
	ss, err := s.db.Session.Query().Where(session.TokenHashEQ(hashToken(token))).WithUser().Only(ctx)
	if ent.IsNotFound(err) {
		return nil, apperr.New(apperr.Unauthorized, "SessionExpired")
	}
	if err != nil {
		return nil, fmt.Errorf("account: find session: %w", err)
	}
	now := s.now()
	if ss.RevokedAt != nil || now.After(ss.ExpiresAt) || ss.Edges.User == nil || ss.Edges.User.Status != "active" {
		return nil, apperr.New(apperr.Unauthorized, "SessionExpired")
	}
	if now.Sub(ss.LastSeenAt) > lastSeenInterval { // at most one write a minute per session
		_ = s.db.Session.UpdateOneID(ss.ID).SetLastSeenAt(now).Exec(ctx)
	}
	return &Caller{User: ss.Edges.User, Session: ss}, nil
}

// Logout ends the caller's session.
func (s *Service) Logout(ctx context.Context, c *Caller) error {
	if err := s.revoke(ctx, session.IDEQ(c.Session.ID)); err != nil {
		return err
	}
	s.sessionsEnded(c.User.ID, []int{c.Session.ID})
	return nil
}

// SessionInfo is one session as the security page lists it.
type SessionInfo struct {
	ID         string `json:"id"`
	Current    bool   `json:"current"`
	CreatedAt  int64  `json:"createdAt"`
	LastSeenAt int64  `json:"lastSeenAt"`
	UserAgent  string `json:"userAgent"`
	IP         string `json:"ip"`
	Via        string `json:"via"`
}

// Sessions lists the caller's live sessions, newest first.
func (s *Service) Sessions(ctx context.Context, c *Caller) ([]SessionInfo, error) {
	rows, err := s.liveSessions(ctx, c.User.ID).Order(ent.Desc(session.FieldLastSeenAt)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("account: list sessions: %w", err)
	}
	out := make([]SessionInfo, len(rows))
	for i, r := range rows {
		out[i] = SessionInfo{ID: r.UID, Current: r.ID == c.Session.ID, CreatedAt: r.CreatedAt.UnixMilli(),
			LastSeenAt: r.LastSeenAt.UnixMilli(), UserAgent: r.UserAgent, IP: maskIP(r.IP), Via: r.Via}
	}
	return out, nil
}

// EndSession ends one of the caller's own sessions; another user's session
// id is "not found", never ended.
func (s *Service) EndSession(ctx context.Context, c *Caller, id string) error {
	mine := []predicate.Session{session.UIDEQ(id), session.HasUserWith(user.IDEQ(c.User.ID)), session.RevokedAtIsNil()}
	sid, err := s.db.Session.Query().Where(mine...).OnlyID(ctx)
	if ent.IsNotFound(err) {
		return apperr.New(apperr.NotFound, "SessionNotFound")
	}
	if err != nil {
		return fmt.Errorf("account: find session: %w", err)
	}
	n, err := s.db.Session.Update().Where(mine...).SetRevokedAt(s.now()).Save(ctx)
	if err != nil {
		return fmt.Errorf("account: end session: %w", err)
	}
	if n == 0 {
		return apperr.New(apperr.NotFound, "SessionNotFound")
	}
	s.sessionsEnded(c.User.ID, []int{sid})
	return nil
}

func (s *Service) liveSessions(ctx context.Context, userID int) *ent.SessionQuery {
	return s.db.Session.Query().Where(session.HasUserWith(user.IDEQ(userID)), session.RevokedAtIsNil(), session.ExpiresAtGT(s.now()))
}

func (s *Service) revoke(ctx context.Context, where ...predicate.Session) error {
	if _, err := s.db.Session.Update().Where(append(where, session.RevokedAtIsNil())...).SetRevokedAt(s.now()).Save(ctx); err != nil {
		return fmt.Errorf("account: revoke sessions: %w", err)
	}
	return nil
}

// maskIP hides the last part of an address on the security page.
func maskIP(ip string) string {
	for i := len(ip) - 1; i >= 0; i-- {
		if ip[i] == '.' || ip[i] == ':' {
			return ip[:i+1] + "*"
		}
	}
	return ip
}

// SignInAs starts a session for an existing user without a password or a
// code: for tools that make users themselves (benchmarks, load scripts),
// never reachable from the API.
func (s *Service) SignInAs(ctx context.Context, userID int, c Client) (*Login, error) {
	u, err := s.db.User.Get(ctx, userID)
	if err != nil {
		return nil, fmt.Errorf("account: sign in as %d: %w", userID, err)
	}
	var l *Login
	err = store.InTx(ctx, s.db, func(tx *ent.Tx) error {
		l, err = s.startSession(ctx, tx, u, "tool", c)
		return err
	})
	return l, err
}

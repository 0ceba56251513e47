package account

import (
	"context"
	"fmt"

	"souk/app/apperr"
	"souk/app/store"
	"souk/ent"
	"souk/ent/entity"
	"souk/ent/goods"
	"souk/ent/identity"
	"souk/ent/session"
	"souk/ent/user"
)

// RegisterInput is registerByEmail {email, password, username, verifyCode}.
type RegisterInput struct {
	Email, Password, Username, Code string
}

// Register creates an account from a register code and signs it in.
func (s *Service) Register(ctx context.Context, in RegisterInput, c Client) (*Login, error) {
	email, err := CheckEmail(in.Email)
	if err != nil {
		return nil, err
	}
	if err := CheckPassword(in.Password); err != nil {
		return nil, err
	}
	code, err := CheckCode(in.Code)
	if err != nil {
		return nil, err
	}
	name := in.Username
	if name == "" {
		name = nameFromEmail(email)
	}
	if name, err = CheckUsername(name); err != nil {
		return nil, err
	}
	vc, err := s.checkCode(ctx, PurposeRegister, email, code)
	if err != nil {
		return nil, err
	}
	hash, err := s.hashPassword(ctx, in.Password) // outside the transaction: it takes a while
	if err != nil {
		return nil, err
	}
	var login *Login
	err = store.InTx(ctx, s.db, func(tx *ent.Tx) error {
		if err := s.spendCode(ctx, tx, vc); err != nil {
			return err
		}
		u, err := tx.User.Create().SetUID(newUID("u")).SetEmail(email).SetPasswordHash(hash).
			SetUserName(name).Save(ctx)
		if ent.IsConstraintError(err) {
			return apperr.New(apperr.AccountExists, "EmailTaken")
		}
		if err != nil {
			return fmt.Errorf("account: create user: %w", err)
		}
		login, err = s.startSession(ctx, tx, u, "register", c)
		return err
	})
	return login, err
}

func nameFromEmail(email string) string {
	for i, r := range email {
		if r == '@' {
			return truncate(email[:i], 40)
		}
	}
	return "Souk user"
}

// LoginByPassword signs in with {name, password, ov}. At MaxSessions live
// sessions the answer is useOvReLogin (no session) unless ov is true, in
// which case the oldest session is ended to make room.
func (s *Service) LoginByPassword(ctx context.Context, name, password string, ov bool, c Client) (*Login, error) {
	email, err := CheckEmail(name)
	if err != nil {
		return nil, err
	}
	if err := CheckPassword(password); err != nil {
		return nil, err
	}
	if ok, _ := s.ipLogins.Allow(c.IP); !ok {
		return nil, apperr.New(apperr.RateLimited, "LoginTooManyFromNetwork")
	}
	u, err := s.activeUser(ctx, email)
	if err != nil {
		return nil, err
	}
	if err := s.checkPassword(ctx, email, password, u.PasswordHash, c); err != nil {
		return nil, err
	}
	return s.signIn(ctx, u, "password", ov, c)
}

// LoginByEmailCode signs in with {email, verifyCode}.
func (s *Service) LoginByEmailCode(ctx context.Context, rawEmail, rawCode string, c Client) (*Login, error) {
	email, err := CheckEmail(rawEmail)
	if err != nil {
		return nil, err
	}
	code, err := CheckCode(rawCode)
	if err != nil {
		return nil, err
	}
	u, err := s.activeUser(ctx, email)
	if err != nil {
		return nil, err
	}
	var login *Login
	err = s.withCode(ctx, PurposeLogin, email, code, func(tx *ent.Tx, _ *ent.VerificationCode) error {
		login, err = s.startSession(ctx, tx, u, "code", c)
		return err
	})
	return login, err
}

func (s *Service) signIn(ctx context.Context, u *ent.User, via string, ov bool, c Client) (*Login, error) {
	live, err := s.liveSessions(ctx, u.ID).Order(ent.Asc(session.FieldLastSeenAt)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("account: count sessions: %w", err)
	}
	if len(live) >= MaxSessions && !ov {
		return &Login{UseOvReLogin: true}, nil
	}
	var login *Login
	var ended []int
	err = store.InTx(ctx, s.db, func(tx *ent.Tx) error {
		for i := 0; len(live)-i >= MaxSessions; i++ { // make room: end the least recently used
			if err := tx.Session.UpdateOneID(live[i].ID).SetRevokedAt(s.now()).Exec(ctx); err != nil {
				return err
			}
			ended = append(ended, live[i].ID)
		}
		var err error
		login, err = s.startSession(ctx, tx, u, via, c)
		return err
	})
	if err == nil && len(ended) > 0 {
		s.sessionsEnded(u.ID, ended)
	}
	return login, err
}

func (s *Service) activeUser(ctx context.Context, email string) (*ent.User, error) {
	u, err := s.db.User.Query().Where(user.EmailEQ(email), user.StatusEQ("active")).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, apperr.New(apperr.AccountMissing, "NoAccountForEmail")
	}
	if err != nil {
		return nil, fmt.Errorf("account: find user: %w", err)
	}
	return u, nil
}

// ResetPassword sets a new password from a forgot-password code and ends
// every session: whoever knew the old password is signed out.
func (s *Service) ResetPassword(ctx context.Context, rawEmail, rawCode, password string) error {
	email, err := CheckEmail(rawEmail)
	if err != nil {
		return err
	}
	code, err := CheckCode(rawCode)
	if err != nil {
		return err
	}
	if err := CheckPassword(password); err != nil {
		return err
	}
	u, err := s.activeUser(ctx, email)
	if err != nil {
		return err
	}
	vc, err := s.checkCode(ctx, PurposeForgetPassword, email, code)
	if err != nil {
		return err
	}
	hash, err := s.hashPassword(ctx, password)
	if err != nil {
		return err
	}
	err = store.InTx(ctx, s.db, func(tx *ent.Tx) error {
		if err := s.spendCode(ctx, tx, vc); err != nil {
			return err
		}
		if err := tx.User.UpdateOneID(u.ID).SetPasswordHash(hash).Exec(ctx); err != nil {
			return fmt.Errorf("account: set password: %w", err)
		}
		_, err := tx.Session.Update().Where(session.HasUserWith(user.IDEQ(u.ID)), session.RevokedAtIsNil()).SetRevokedAt(s.now()).Save(ctx)
		return err
	})
	if err == nil {
		s.sessionsEnded(u.ID, nil)
	}
	return err
}

// ChangeEmailInput is auth/resetEmail. The browser derives the password
// value it sends from the email, so it sends two: Password derived with the
// current email (to prove the caller knows it) and NewPassword derived with
// the new one (stored, so the same password keeps working after the move).
type ChangeEmailInput struct {
	Email, Code, Password, NewPassword string
}

// ChangeEmail moves the caller's account to a new address, proven by a code
// sent to that new address and by the current password.
func (s *Service) ChangeEmail(ctx context.Context, c *Caller, in ChangeEmailInput, client Client) (*Profile, error) {
	email, err := CheckEmail(in.Email)
	if err != nil {
		return nil, err
	}
	code, err := CheckCode(in.Code)
	if err != nil {
		return nil, err
	}
	if err := CheckPassword(in.Password); err != nil {
		return nil, err
	}
	if err := CheckPassword(in.NewPassword); err != nil {
		return nil, err
	}
	if c.User.Email == nil {
		return nil, apperr.New(apperr.Unauthorized, "SessionExpired")
	}
	if err := s.checkPassword(ctx, *c.User.Email, in.Password, c.User.PasswordHash, client); err != nil {
		return nil, err
	}
	vc, err := s.checkCode(ctx, PurposeChangeEmail, email, code)
	if err != nil {
		return nil, err
	}
	if vc.UserID != c.User.ID { // a code someone else asked for
		return nil, apperr.Invalid("verifyCode", "IncorrectEntry", "CodeNotCorrect")
	}
	hash, err := s.hashPassword(ctx, in.NewPassword)
	if err != nil {
		return nil, err
	}
	var out *ent.User
	err = store.InTx(ctx, s.db, func(tx *ent.Tx) error {
		if err := s.spendCode(ctx, tx, vc); err != nil {
			return err
		}
		out, err = tx.User.UpdateOneID(c.User.ID).SetEmail(email).SetPasswordHash(hash).Save(ctx)
		if ent.IsConstraintError(err) {
			return apperr.New(apperr.AccountExists, "EmailTaken")
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return profileOf(out), nil
}

// CloseAccount closes the caller's account after a code: personal data is
// erased (the entity too), a staff role ends, every session ends, identities are detached and their goods taken
// off sale. The user row stays (orders must keep their buyer, by law).
func (s *Service) CloseAccount(ctx context.Context, c *Caller, rawCode string) error {
	code, err := CheckCode(rawCode)
	if err != nil {
		return err
	}
	email := ""
	if c.User.Email != nil {
		email = *c.User.Email
	}
	err = s.withCode(ctx, PurposeDestroyAccount, email, code, func(tx *ent.Tx, _ *ent.VerificationCode) error {
		now := s.now()
		// Goods of the account's identities go off sale: nobody would ship them.
		ids, err := tx.Identity.Query().Where(identity.HasUserWith(user.IDEQ(c.User.ID))).IDs(ctx)
		if err != nil {
			return fmt.Errorf("account: identities: %w", err)
		}
		if len(ids) > 0 {
			if err := tx.Goods.Update().Where(goods.HasOwnerWith(identity.IDIn(ids...))).SetSaleable(0).Exec(ctx); err != nil {
				return fmt.Errorf("account: take goods off sale: %w", err)
			}
		}
		// The entity holds personal data (names, phone, address): it goes.
		if _, err := tx.Entity.Delete().Where(entity.HasUserWith(user.IDEQ(c.User.ID))).Exec(ctx); err != nil {
			return fmt.Errorf("account: delete entity: %w", err)
		}
		err = tx.User.UpdateOneID(c.User.ID).ClearEmail().SetPasswordHash("").SetStatus("closed").SetClosedAt(now).SetRole("").
			SetUserName("Closed account").SetTitle("").SetBrief("").SetAvatarURL("").SetBackgroundURL("").
			ClearIdentities().Exec(ctx)
		if err != nil {
			return fmt.Errorf("account: close: %w", err)
		}
		_, err = tx.Session.Update().Where(session.HasUserWith(user.IDEQ(c.User.ID)), session.RevokedAtIsNil()).SetRevokedAt(now).Save(ctx)
		if err == nil {
			s.profileChanged(c.User.UID)
		}
		return err
	})
	if err == nil {
		s.sessionsEnded(c.User.ID, nil)
	}
	return err
}

package account

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
	"math/big"
	"strconv"
	"time"

	"souk/app/apperr"
	"souk/app/store"
	"souk/ent"
	"souk/ent/user"
	"souk/ent/verificationcode"
)

// hashCode keys a code to its address and purpose, so a stolen table cannot
// be tried against another account.
func (s *Service) hashCode(email, purpose, code string) string {
	m := hmac.New(sha256.New, s.pepper)
	fmt.Fprintf(m, "%s|%s|%s", purpose, email, code)
	return hex.EncodeToString(m.Sum(nil))
}

func newCode() string {
	n, _ := rand.Int(rand.Reader, big.NewInt(1_000_000))
	return fmt.Sprintf("%06d", n.Int64())
}

// RequestCode mails a code for purpose to email. Login, forgot-password and
// close-account codes need an existing account (127 otherwise); a register
// code needs a free address (128). One code per address and purpose per
// minute; a client may ask for a bounded number per hour.
func (s *Service) RequestCode(ctx context.Context, purpose, rawEmail string, userID int, c Client) (int, error) {
	email, err := CheckEmail(rawEmail)
	if err != nil {
		return 0, err
	}
	if err := s.checkRecipient(ctx, purpose, email); err != nil {
		return 0, err
	}
	if wait, err := s.cooldown(ctx, purpose, email); err != nil || wait > 0 {
		if err != nil {
			return 0, err
		}
		return int(wait.Seconds()) + 1, apperr.New(apperr.RateLimited, "CodeWait", "n", strconv.Itoa(int(wait.Seconds())+1))
	}
	if ok, _ := s.ipCodes.Allow(c.IP); !ok {
		return 0, apperr.New(apperr.RateLimited, "CodeTooManyFromNetwork")
	}
	code := newCode()
	now := s.now()
	q := s.db.VerificationCode.Create().SetEmail(email).SetPurpose(purpose).
		SetCodeHash(s.hashCode(email, purpose, code)).SetCreatedAt(now).SetExpiresAt(now.Add(CodeLife))
	if userID > 0 {
		q.SetUserID(userID)
	}
	if err := q.Exec(ctx); err != nil {
		return 0, fmt.Errorf("account: store code: %w", err)
	}
	subject := s.t(c.Lang, "MailCodeSubject", "code", code)
	text := s.t(c.Lang, "MailCodeText_"+purpose, "code", code, "minutes", fmt.Sprint(int(CodeLife.Minutes())))
	if err := s.mail(ctx, email, subject, text); err != nil {
		return 0, fmt.Errorf("account: mail code: %w", err)
	}
	return int(CodeCooldown.Seconds()), nil
}

func (s *Service) checkRecipient(ctx context.Context, purpose, email string) error {
	exists, err := s.db.User.Query().Where(user.EmailEQ(email), user.StatusEQ("active")).Exist(ctx)
	if err != nil {
		return fmt.Errorf("account: look up %s: %w", email, err)
	}
	switch purpose {
	case PurposeRegister, PurposeChangeEmail:
		if exists {
			return apperr.New(apperr.AccountExists, "EmailTaken")
		}
	case PurposeLogin, PurposeForgetPassword, PurposeDestroyAccount:
		if !exists {
			return apperr.New(apperr.AccountMissing, "NoAccountForEmail")
		}
	default:
		return apperr.Invalid("purpose", "IncorrectEntry", "CodePurposeUnknown")
	}
	return nil
}

func (s *Service) cooldown(ctx context.Context, purpose, email string) (wait time.Duration, err error) {
	last, err := s.db.VerificationCode.Query().
		Where(verificationcode.EmailEQ(email), verificationcode.PurposeEQ(purpose)).
		Order(ent.Desc(verificationcode.FieldCreatedAt)).First(ctx)
	if ent.IsNotFound(err) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("account: last code: %w", err)
	}
	if left := last.CreatedAt.Add(CodeCooldown).Sub(s.now()); left > 0 {
		return left, nil
	}
	return 0, nil
}

// checkCode checks a code for (purpose, email) against the newest live
// code. The try is counted before the comparison, by a conditional UPDATE
// that must change one row while fewer than CodeMaxAttempts tries were
// made: parallel tries cannot compare more than CodeMaxAttempts times. A
// right code is returned unspent; spendCode spends it.
func (s *Service) checkCode(ctx context.Context, purpose, email, code string) (*ent.VerificationCode, error) {
	vc, err := s.db.VerificationCode.Query().
		Where(verificationcode.EmailEQ(email), verificationcode.PurposeEQ(purpose), verificationcode.UsedAtIsNil()).
		Order(ent.Desc(verificationcode.FieldCreatedAt)).First(ctx)
	if ent.IsNotFound(err) {
		return nil, apperr.Invalid("verifyCode", "IncorrectEntry", "CodeNotValid")
	}
	if err != nil {
		return nil, fmt.Errorf("account: find code: %w", err)
	}
	if s.now().After(vc.ExpiresAt) {
		return nil, apperr.Invalid("verifyCode", "IncorrectEntry", "CodeExpired")
	}
	n, err := s.db.VerificationCode.Update().
		Where(verificationcode.IDEQ(vc.ID), verificationcode.UsedAtIsNil(), verificationcode.AttemptsLT(CodeMaxAttempts)).
		AddAttempts(1).Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("account: count code try: %w", err)
	}
	if n == 0 { // no tries left, or spent a moment ago
		return nil, apperr.New(apperr.RateLimited, "CodeTooManyTries")
	}
	if subtle.ConstantTimeCompare([]byte(s.hashCode(email, purpose, code)), []byte(vc.CodeHash)) != 1 {
		return nil, apperr.Invalid("verifyCode", "IncorrectEntry", "CodeNotCorrect")
	}
	return vc, nil
}

// spendCode marks a checked code used inside tx, so of two requests with
// the same right code only one goes on.
func (s *Service) spendCode(ctx context.Context, tx *ent.Tx, vc *ent.VerificationCode) error {
	n, err := tx.VerificationCode.Update().Where(verificationcode.IDEQ(vc.ID), verificationcode.UsedAtIsNil()).
		SetUsedAt(s.now()).Save(ctx)
	if err != nil {
		return fmt.Errorf("account: spend code: %w", err)
	}
	if n == 0 {
		return apperr.Invalid("verifyCode", "IncorrectEntry", "CodeAlreadyUsed")
	}
	return nil
}

// withCode checks a code and, when it is right, spends it and runs fn in
// one transaction.
func (s *Service) withCode(ctx context.Context, purpose, email, code string, fn func(tx *ent.Tx, vc *ent.VerificationCode) error) error {
	vc, err := s.checkCode(ctx, purpose, email, code)
	if err != nil {
		return err
	}
	return store.InTx(ctx, s.db, func(tx *ent.Tx) error {
		if err := s.spendCode(ctx, tx, vc); err != nil {
			return err
		}
		return fn(tx, vc)
	})
}

package account

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"time"

	"souk/app/apperr"
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
		return int(wait.Seconds()) + 1, apperr.New(apperr.RateLimited, fmt.Sprintf("A code was just sent. You can ask for another in %d seconds.", int(wait.Seconds())+1))
	}
	if ok, _ := s.ipCodes.allow(c.IP); !ok {
		return 0, apperr.New(apperr.RateLimited, "Too many codes were requested from your network. Please try again later.")
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
			return apperr.New(apperr.AccountExists, "An account with this email already exists.")
		}
	case PurposeLogin, PurposeForgetPassword, PurposeDestroyAccount:
		if !exists {
			return apperr.New(apperr.AccountMissing, "There is no account with this email.")
		}
	default:
		return apperr.Invalid("purpose", "IncorrectEntry", "Unknown code purpose.")
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

// useCode checks a code for (purpose, email) and spends it. Each wrong try
// counts against the newest live code; after CodeMaxAttempts it is dead and
// a new one must be requested. Runs inside tx so two tries cannot both win.
func (s *Service) useCode(ctx context.Context, tx *ent.Tx, purpose, email, code string) (*ent.VerificationCode, error) {
	vc, err := tx.VerificationCode.Query().
		Where(verificationcode.EmailEQ(email), verificationcode.PurposeEQ(purpose), verificationcode.UsedAtIsNil()).
		Order(ent.Desc(verificationcode.FieldCreatedAt)).First(ctx)
	if ent.IsNotFound(err) {
		return nil, apperr.Invalid("verifyCode", "IncorrectEntry", "This code is not valid. Please ask for a new one.")
	}
	if err != nil {
		return nil, fmt.Errorf("account: find code: %w", err)
	}
	if s.now().After(vc.ExpiresAt) {
		return nil, apperr.Invalid("verifyCode", "IncorrectEntry", "This code has expired. Please ask for a new one.")
	}
	if vc.Attempts >= CodeMaxAttempts {
		return nil, apperr.New(apperr.RateLimited, "Too many wrong codes. Please ask for a new one.")
	}
	if subtle.ConstantTimeCompare([]byte(s.hashCode(email, purpose, code)), []byte(vc.CodeHash)) != 1 {
		// Counted by codeTx once this transaction has rolled back.
		return nil, &wrongCode{id: vc.ID, err: apperr.Invalid("verifyCode", "IncorrectEntry", "This code is not correct.")}
	}
	n, err := tx.VerificationCode.Update().Where(verificationcode.IDEQ(vc.ID), verificationcode.UsedAtIsNil()).
		SetUsedAt(s.now()).Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("account: spend code: %w", err)
	}
	if n == 0 { // spent by a concurrent request a moment ago
		return nil, apperr.Invalid("verifyCode", "IncorrectEntry", "This code was already used.")
	}
	return vc, nil
}

// wrongCode is a wrong try at a code: the caller's transaction rolls back,
// and codeTx then counts the try against the code.
type wrongCode struct {
	id  int
	err error
}

func (w *wrongCode) Error() string { return w.err.Error() }
func (w *wrongCode) Unwrap() error { return w.err }

// codeTx runs fn in a transaction and, when it failed on a wrong code,
// counts the try afterwards (inside the transaction it would be rolled
// back, and on SQLite a second connection would wait for the first).
func (s *Service) codeTx(ctx context.Context, fn func(tx *ent.Tx) error) error {
	err := withTx(ctx, s.db, fn)
	var wc *wrongCode
	if errors.As(err, &wc) {
		if uerr := s.db.VerificationCode.UpdateOneID(wc.id).AddAttempts(1).Exec(ctx); uerr != nil {
			return fmt.Errorf("account: count attempt: %w", uerr)
		}
	}
	return err
}

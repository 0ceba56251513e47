package ai

import (
	"context"
	"log/slog"
	"time"
	"unicode/utf8"

	"souk/app/apperr"
	"souk/app/quota"
	"souk/app/search/lexicon"
)

// Service is what the rest of the app calls: the configured engine behind
// quotas and input limits.
type Service struct {
	engine Engine
	quota  Limiter
}

// Limiter reserves units of a quota before a call and gives them back when
// it fails: app/quota's Meter, counted in the database so every node of a
// cluster shares it. Both engines count.
type Limiter interface {
	Reserve(ctx context.Context, userID, n int) (release func(), err error)
}

// QuotaLimit is the quota of AI text calls: perUser calls one user, and
// perDay all users together, may make in a UTC day (AI_QUOTA_USER,
// AI_QUOTA_DAY).
func QuotaLimit(perUser, perDay int) quota.Limit {
	return quota.Limit{Kind: "ai", PerUser: perUser, PerDay: perDay,
		UserRefusal: apperr.New(apperr.RateLimited, "AIQuotaUser"), DayRefusal: apperr.New(apperr.RateLimited, "AIQuotaDay")}
}

// NewService uses remote when the endpoint is configured (non-nil), else
// the built-in engine.
func NewService(remote *Remote, lex *lexicon.Lexicon, quota Limiter) *Service {
	var e Engine = NewBuiltin(lex)
	if remote != nil {
		e = remote
	}
	return &Service{engine: e, quota: quota}
}

// NewServiceWith runs a given engine (tests).
func NewServiceWith(e Engine, quota Limiter) *Service { return &Service{engine: e, quota: quota} }

// EngineName says which engine serves.
func (s *Service) EngineName() string { return s.engine.Name() }

// SuggestedLangs are the languages a listing is filled in: those the
// lexicon covers (the built-in engine's reach, and the catalogue's main
// markets for the endpoint too).
func (s *Service) SuggestedLangs() []string { return lexicon.Langs }

// Draft drafts a listing for userID, counting one call.
func (s *Service) Draft(ctx context.Context, userID int, facts Facts) (*Draft, error) {
	if utf8.RuneCountInString(facts.Words) > MaxWordsLen {
		return nil, apperr.Invalid("words", "AIWords", "AITextTooLong")
	}
	release, err := s.quota.Reserve(ctx, userID, 1)
	if err != nil {
		return nil, err
	}
	d, err := s.engine.Draft(ctx, facts)
	if err != nil {
		release()
		slog.Warn("ai draft", "user", userID, "engine", s.engine.Name(), "err", err)
		return nil, unavailable(err)
	}
	return d, nil
}

// Translate translates texts for userID, counting one call.
func (s *Service) Translate(ctx context.Context, userID int, from string, to []string, texts []Source) (*Translations, error) {
	if err := CheckTexts(to, texts); err != nil {
		return nil, err
	}
	release, err := s.quota.Reserve(ctx, userID, 1)
	if err != nil {
		return nil, err
	}
	out, err := s.TranslateReserved(ctx, from, to, texts)
	if err != nil {
		release()
		slog.Warn("ai translate", "user", userID, "engine", s.engine.Name(), "err", err)
	}
	return out, err
}

// CheckTexts bounds one translation call's size.
func CheckTexts(to []string, texts []Source) error {
	if len(to) == 0 || len(to) > MaxLangs {
		return apperr.Invalid("langs", "AILangs", "AITooManyLangs")
	}
	if len(texts) == 0 || len(texts) > MaxTexts {
		return apperr.Invalid("texts", "AITexts", "AITooManyTexts")
	}
	total := 0
	for _, t := range texts {
		n := utf8.RuneCountInString(t.Txt)
		if n > MaxTextLen || len(t.Key) > 64 {
			return apperr.Invalid("texts", "AITexts", "AITextTooLong")
		}
		total += n
	}
	if total > MaxTotalLen {
		return apperr.Invalid("texts", "AITexts", "AITextTooLong")
	}
	return nil
}

// unavailable keeps a classified error and classifies any other.
func unavailable(err error) error {
	if _, ok := apperr.As(err); ok {
		return err
	}
	return errUnavailable(err)
}

// reserveTimeout bounds Reserve's database work: Reserve keeps its
// context-free signature (callers outside a request use it).
const reserveTimeout = 10 * time.Second

// Reserve takes n calls of userID's quota ahead of work made of several
// calls (a fill job); release gives them back.
func (s *Service) Reserve(userID, n int) (release func(), err error) {
	ctx, cancel := context.WithTimeout(context.Background(), reserveTimeout)
	defer cancel()
	return s.quota.Reserve(ctx, userID, n)
}

// TranslateReserved translates within a reservation made with Reserve.
func (s *Service) TranslateReserved(ctx context.Context, from string, to []string, texts []Source) (*Translations, error) {
	if err := CheckTexts(to, texts); err != nil {
		return nil, err
	}
	out, err := s.engine.Translate(ctx, from, to, texts)
	if err != nil {
		return nil, unavailable(err)
	}
	return out, nil
}

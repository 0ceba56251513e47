package search

import (
	"context"
	"fmt"
	"souk/app/ratelimit"
	"strings"
	"time"
	"unicode/utf8"

	"souk/app/apperr"
	"souk/ent"
)

// Feedback limits. Lengths are in characters, as ent/schema's SearchFeedback
// counts them; a client address may send FeedbackPerWindow in FeedbackWindow.
const (
	MaxFeedbackComment = 1000
	MaxFeedbackPageID  = 64
	MaxFeedbackShown   = 10_000
	FeedbackPerWindow  = 20
	FeedbackWindow     = 10 * time.Minute
)

// Feedback is what a shopper says of a search's results.
type Feedback struct {
	PageID  string
	Query   string
	Useful  *bool
	Comment string
	Shown   int // how many results the shopper saw
	Lang    string
}

// RecordFeedback stores a shopper's feedback from client (an address).
// Every call counts against the client's allowance, valid or not.
func (s *Service) RecordFeedback(ctx context.Context, client string, f Feedback) error {
	if ok, _ := s.feedbackLimit().Allow(client); !ok {
		return apperr.New(apperr.RateLimited, "FeedbackTooOften")
	}
	f.Comment = strings.TrimSpace(f.Comment)
	if f.Useful == nil || strings.TrimSpace(f.Query) == "" {
		return apperr.Invalid("useful", "IncorrectEntry", "FeedbackUsefulRequired")
	}
	if utf8.RuneCountInString(f.Comment) > MaxFeedbackComment || utf8.RuneCountInString(f.Query) > MaxQuery ||
		utf8.RuneCountInString(f.PageID) > MaxFeedbackPageID || f.Shown < 0 || f.Shown > MaxFeedbackShown {
		return apperr.Invalid("comment", "IncorrectEntry", "FeedbackTooLong")
	}
	err := s.db.SearchFeedback.Create().SetPageID(f.PageID).SetQuery(f.Query).SetUseful(*f.Useful).
		SetComment(f.Comment).SetShown(f.Shown).SetLang(f.Lang).SetCreatedAt(time.Now()).Exec(ctx)
	if ent.IsValidationError(err) { // the schema's limits are the input's: a client fault
		return apperr.Invalid("comment", "IncorrectEntry", "FeedbackTooLong").Wrap(err)
	}
	if err != nil {
		return fmt.Errorf("search: store feedback: %w", err)
	}
	return nil
}

func (s *Service) feedbackLimit() *ratelimit.Window {
	s.feedbackOnce.Do(func() { s.feedbackLim = ratelimit.New(FeedbackPerWindow, FeedbackWindow, time.Now) })
	return s.feedbackLim
}

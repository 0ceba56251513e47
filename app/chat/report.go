package chat

import (
	"context"
	"fmt"
	"strings"
	"unicode/utf8"

	"souk/app/apperr"
	"souk/ent"
)

// Report records that the caller reports conversation uid to customer
// service, with a reason; staff list reports (Reports).
func (s *Service) Report(ctx context.Context, u *ent.User, uid, reason string) error {
	c, side, err := s.member(ctx, u, uid)
	if err != nil {
		return err
	}
	reason = strings.TrimSpace(reason)
	switch {
	case reason == "":
		return apperr.Invalid("reason", "ChatReasonEmpty", "ChatReasonEmpty")
	case !utf8.ValidString(reason) || strings.ContainsRune(reason, 0):
		return apperr.Invalid("reason", "ChatTextInvalid", "ChatTextInvalid")
	case utf8.RuneCountInString(reason) > MaxReason:
		return apperr.Invalid("reason", "ChatTextTooLong", "ChatTextTooLong", "max", "2000")
	}
	key := "report|" + c.UID + "|" + fmt.Sprint(u.ID)
	if ok, _ := s.reports.Allow(key); !ok {
		return apperr.New(apperr.RateLimited, "ChatTooFast")
	}
	err = s.db.ChatReport.Create().SetConversationID(c.ID).SetReporterID(u.ID).SetSide(side).SetReason(reason).
		SetLastSeq(c.LastSeq).SetCreatedAt(s.now()).Exec(ctx)
	if err != nil {
		return fmt.Errorf("chat: report: %w", err)
	}
	return nil
}

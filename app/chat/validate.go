package chat

import (
	"context"
	"strings"
	"unicode/utf8"

	"souk/app/apperr"
	"souk/app/catalog"
	"souk/app/form"
	"souk/ent"
	"souk/ent/goods"
)

// checkAppID refuses a missing or oversized client message id.
func checkAppID(id string) error {
	if id == "" || len(id) > MaxAppID || !utf8.ValidString(id) || strings.ContainsRune(id, 0) {
		return apperr.Invalid("appId", "ChatAppID", "ChatAppID")
	}
	return nil
}

// checkContent enforces what a message of each type may hold: text within
// the limit, the sender's own chat upload, a listed goods item, an order
// of the conversation's shopper.
func (s *Service) checkContent(ctx context.Context, u *ent.User, c *ent.Conversation, typ int, content string) error {
	switch typ {
	case TypeText:
		return checkText(content)
	case TypeImage:
		if !form.OwnUpload(content, "chat", u.UID) {
			return apperr.Invalid("content", "ChatImage", "ChatImage")
		}
		return nil
	case TypeGoods:
		ok, err := s.db.Goods.Query().Where(goods.UIDEQ(content), catalog.Listed()).Exist(ctx)
		if err != nil {
			return err
		}
		if !ok || len(content) > 64 {
			return apperr.New(apperr.NotFound, "GoodsNotFound")
		}
		return nil
	case TypeOrder:
		_, err := s.shopperOrder(ctx, c.ShopperID, c.IdentityID, content)
		return err
	}
	return apperr.Invalid("type", "ChatType", "ChatType")
}

func checkText(t string) error {
	switch {
	case !utf8.ValidString(t) || strings.ContainsRune(t, 0):
		return apperr.Invalid("content", "ChatTextInvalid", "ChatTextInvalid")
	case strings.TrimSpace(t) == "":
		return apperr.Invalid("content", "ChatTextEmpty", "ChatTextEmpty")
	case utf8.RuneCountInString(t) > MaxTextRunes:
		return apperr.Invalid("content", "ChatTextTooLong", "ChatTextTooLong", "max", "2000")
	}
	return nil
}

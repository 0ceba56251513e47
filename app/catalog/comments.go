package catalog

import (
	"context"
	"fmt"

	"souk/app/apperr"
	"souk/ent"
	"souk/ent/comment"
	"souk/ent/goods"
)

// CommentPageSize is the comment list's page size (SPEC §5).
const CommentPageSize = 5

// Comments lists reviews of a goods item, newest first, after lastSortFactor
// (0 for the first page). Fewer than pageSize results means no more.
func (s *Service) Comments(ctx context.Context, ref Ref, lastSortFactor int64, pageSize int) ([]Comment, error) {
	if pageSize <= 0 || pageSize > 50 {
		return nil, apperr.Invalid("pageSize", "FormatError", "PageSizeInvalid", "max", "50")
	}
	gq := ref.predicate()(s.db.Goods.Query())
	gid, err := gq.OnlyID(ctx)
	if ent.IsNotFound(err) {
		return nil, apperr.New(apperr.NotFound, "GoodsNotFound")
	}
	if err != nil {
		return nil, fmt.Errorf("catalog: find goods for comments: %w", err)
	}
	q := s.db.Comment.Query().Where(comment.HasGoodsWith(goods.IDEQ(gid)))
	if lastSortFactor > 0 {
		q = q.Where(comment.SortFactorLT(lastSortFactor))
	}
	rows, err := q.Order(ent.Desc(comment.FieldSortFactor)).Limit(pageSize).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("catalog: list comments: %w", err)
	}
	out := make([]Comment, 0, len(rows))
	for _, c := range rows {
		out = append(out, Comment{
			ObjID: c.UID, Author: CommentAuthor{UserName: c.AuthorName, AvatarURL: c.AuthorAvatar},
			CreTime: c.CreatedAt.UnixMilli(), RatingValue: c.RatingValue,
			Content: Txt{Txt: c.Content, Lan: c.Lang}, SortFactor: c.SortFactor,
		})
	}
	return out, nil
}

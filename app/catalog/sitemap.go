package catalog

import (
	"context"
	"fmt"
	"net/url"

	"souk/ent"
	"souk/ent/goods"
)

// GoodsCount counts the goods on sale (the ones sitemaps list).
func (s *Service) GoodsCount(ctx context.Context) (int, error) {
	n, err := s.db.Goods.Query().Where(goods.SaleableEQ(1)).Count(ctx)
	if err != nil {
		return 0, fmt.Errorf("catalog: count goods: %w", err)
	}
	return n, nil
}

// GoodsPaths lists goods page paths (without language prefix), oldest first
// so a chunk's content stays stable as goods are added.
func (s *Service) GoodsPaths(ctx context.Context, offset, limit int) ([]string, error) {
	rows, err := s.db.Goods.Query().Where(goods.SaleableEQ(1)).Order(ent.Asc(goods.FieldID)).
		Offset(offset).Limit(limit).Select(goods.FieldUID, goods.FieldURI).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("catalog: list goods paths: %w", err)
	}
	out := make([]string, len(rows))
	for i, g := range rows {
		out[i] = "/tredetail/" + url.PathEscape(g.UID)
		if g.URI != "" {
			out[i] += "/" + url.PathEscape(g.URI)
		}
	}
	return out, nil
}

// IdentityPaths lists every identity page path.
func (s *Service) IdentityPaths(ctx context.Context) ([]string, error) {
	rows, err := s.db.Identity.Query().All(ctx)
	if err != nil {
		return nil, fmt.Errorf("catalog: list identities: %w", err)
	}
	out := make([]string, 0, len(rows))
	for _, it := range rows {
		if name := IdentityTypeName(it.IdentityType); name != fmt.Sprint(it.IdentityType) {
			out = append(out, "/biger/"+name+"/"+url.PathEscape(it.UID))
		}
	}
	return out, nil
}

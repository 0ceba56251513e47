package catalog

import (
	"context"
	"fmt"
	"net/url"
	"time"

	"souk/ent"
	"souk/ent/goods"
	"souk/ent/identity"
)

// GoodsCount counts the goods on sale (the ones sitemaps list).
func (s *Service) GoodsCount(ctx context.Context) (int, error) {
	n, err := s.db.Goods.Query().Where(goods.SaleableEQ(1), goods.LiveEQ(true)).Count(ctx)
	if err != nil {
		return 0, fmt.Errorf("catalog: count goods: %w", err)
	}
	return n, nil
}

// SitemapEntry is one goods page of a sitemap: its path without language
// prefix and when the goods last changed (the sitemap's lastmod).
type SitemapEntry struct {
	Path    string
	Updated time.Time
}

// GoodsPaths lists goods page paths (without language prefix), oldest first
// so a chunk's content stays stable as goods are added.
func (s *Service) GoodsPaths(ctx context.Context, offset, limit int) ([]string, error) {
	entries, err := s.GoodsEntries(ctx, offset, limit)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(entries))
	for i, e := range entries {
		out[i] = e.Path
	}
	return out, nil
}

// GoodsEntries is GoodsPaths with each goods' updated_at.
func (s *Service) GoodsEntries(ctx context.Context, offset, limit int) ([]SitemapEntry, error) {
	rows, err := s.db.Goods.Query().Where(goods.SaleableEQ(1), goods.LiveEQ(true)).Order(ent.Asc(goods.FieldID)).
		Offset(offset).Limit(limit).Select(goods.FieldUID, goods.FieldURI, goods.FieldUpdatedAt).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("catalog: list goods paths: %w", err)
	}
	out := make([]SitemapEntry, len(rows))
	for i, g := range rows {
		out[i] = SitemapEntry{Path: "/tredetail/" + url.PathEscape(g.UID), Updated: g.UpdatedAt}
		if g.URI != "" {
			out[i].Path += "/" + url.PathEscape(g.URI)
		}
	}
	return out, nil
}

// IdentityPaths lists every identity page path.
func (s *Service) IdentityPaths(ctx context.Context) ([]string, error) {
	rows, err := s.db.Identity.Query().Where(identity.PublicEQ(true)).All(ctx)
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

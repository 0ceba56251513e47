package catalog

import (
	"context"
	"fmt"
	"net/url"
	"time"

	"entgo.io/ent/dialect/sql"

	"souk/ent"
	"souk/ent/goods"
	"souk/ent/identity"
	"souk/ent/predicate"
	"souk/ent/text"
)

// GoodsCounts counts, per language, the goods on sale written in it (the
// ones its sitemaps list), in one grouped query however many languages.
func (s *Service) GoodsCounts(ctx context.Context) (map[string]int, error) {
	var rows []struct {
		Lang  string `json:"lang"`
		Count int    `json:"count"`
	}
	err := s.db.Text.Query().Where(text.OwnerKindEQ("goods"), text.FieldEQ("name"), onSaleOwner()).
		GroupBy(text.FieldLang).Aggregate(ent.Count()).Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("catalog: count goods by language: %w", err)
	}
	out := make(map[string]int, len(rows))
	for _, r := range rows {
		out[r.Lang] = r.Count
	}
	return out, nil
}

// onSaleOwner keeps the texts of goods on sale and listed.
func onSaleOwner() predicate.Text {
	return func(sel *sql.Selector) {
		g := sql.Table(goods.Table)
		sel.Where(sql.In(sel.C(text.FieldOwnerID), sql.Select(g.C(goods.FieldID)).From(g).
			Where(sql.And(sql.EQ(g.C(goods.FieldSaleable), 1), sql.IsNull(g.C(goods.FieldDeletedAt)), sql.EQ(g.C(goods.FieldLive), true)))))
	}
}

// writtenIn keeps the goods whose name is written in lang: a goods page in
// another language shows the main language's text, no page to offer
// searchers (hreflang says the same, server/web/alternates.go).
func writtenIn(lang string) predicate.Goods {
	return func(sel *sql.Selector) {
		t := sql.Table(text.Table)
		sel.Where(sql.In(sel.C(goods.FieldID), sql.Select(t.C(text.FieldOwnerID)).From(t).
			Where(sql.And(sql.EQ(t.C(text.FieldOwnerKind), "goods"), sql.EQ(t.C(text.FieldField), "name"), sql.EQ(t.C(text.FieldLang), lang)))))
	}
}

// SitemapEntry is one goods page of a sitemap: its path without language
// prefix and when the goods last changed (the sitemap's lastmod).
type SitemapEntry struct {
	Path    string
	Updated time.Time
}

// GoodsEntries lists the pages (path without language prefix, and each
// goods' updated_at) of the goods on sale written in lang, oldest first so a
// chunk's content stays stable as goods are added.
func (s *Service) GoodsEntries(ctx context.Context, lang string, offset, limit int) ([]SitemapEntry, error) {
	rows, err := s.db.Goods.Query().Where(goods.SaleableEQ(1), Listed(), writtenIn(lang)).Order(ent.Asc(goods.FieldID)).
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

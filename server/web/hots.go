package web

import (
	"context"
	"net/url"
	"strings"
	"unicode/utf8"

	"souk/app/apperr"
	"souk/app/catalog"
	"souk/app/content"
	"souk/app/form"
	"souk/app/trend"
)

// Hots (SPEC §2 hotspage and hots/{uid}): collections of goods. Trending
// ones are ranked from what shoppers did over the last days (app/trend):
// hots/trending (everything) and hots/trending-{category}. Curated ones are
// the back office's "hots" content, hots/{uid}. The pages are cached; they
// depend on the "trending" version, which the ranking's refresh bumps when
// its order of goods changes (at most once per TRENDING_EVERY), and on
// "content:hots", which a save in the editor bumps.

// Trending is what pages read of the trending ranking.
type Trending interface {
	Ranking(ctx context.Context) (*trend.Ranking, error)
}

// Sizes of what the hots pages show.
const (
	hotsTop      = 10 // hotspage: the overall trending goods (two desktop rows)
	hotsCats     = 3  // hotspage: the top categories shown
	hotsCatGoods = 5  // hotspage: goods of each (a desktop row)
	hotsCatMin   = 2  // hotspage: a category row shows at least this many (one card is no row)
	hotsPageSize = 24 // hots/{uid}: goods a page; a collection shows at most trend.MaxRanked
	excerptLen   = 140
)

// HotsData is the page data of hotspage and hots/{uid}.
type HotsData struct {
	Trending   *hotsRow   `json:"trending,omitempty"`   // hotspage: everything's trending goods
	Categories []hotsRow  `json:"categories,omitempty"` // hotspage: the top categories' trending goods
	Curated    []hotsTile `json:"curated,omitempty"`    // hotspage: the curated collections
	Page       *hotsPage  `json:"page,omitempty"`       // hots/{uid}: the collection (its goods are PageData.Cards)
	Days       int        `json:"days"`                 // how many days trending looks back
}

// hotsRow is the first goods of a trending collection, with its link.
type hotsRow struct {
	UID   string       `json:"uid"`
	Name  *catalog.Txt `json:"name,omitempty"` // a category's name; none for everything
	Goods pageCards    `json:"goods"`
}

// hotsTile is a curated collection on hotspage.
type hotsTile struct {
	UID     string     `json:"uid"`
	Title   string     `json:"title"`
	Excerpt string     `json:"excerpt,omitempty"`
	Lan     string     `json:"lan"`
	Image   *cardImage `json:"image,omitempty"`
}

// hotsPage is one collection's heading.
type hotsPage struct {
	UID   string       `json:"uid"`
	Kind  string       `json:"kind"`            // "trending" or "curated"
	Name  *catalog.Txt `json:"name,omitempty"`  // trending in a category: its name
	Title string       `json:"title,omitempty"` // curated
	Text  string       `json:"text,omitempty"`  // curated: sanitised rich text
	Lan   string       `json:"lan,omitempty"`   // curated: the language it is written in
	// Excerpt is the start of Text as plain text (the page's description).
	Excerpt string `json:"excerpt,omitempty"`
}

// loadHotsPage is hotspage: trending goods, the top categories' trending
// goods, and the curated collections.
func loadHotsPage(ctx context.Context, s *Site, r Request) (*Loaded, error) {
	rank, names, err := s.trendingIn(ctx, r.Lang, true)
	if err != nil {
		return nil, err
	}
	curated, err := s.collections(ctx, r.Lang)
	if err != nil {
		return nil, err
	}
	// Twice as many candidates as shown: sold-out goods are left out.
	top := uidsOf(rank.Overall, 2*hotsTop)
	want := append([]string{}, top...)
	var cats []trend.CategoryRank
	for _, c := range rank.Categories {
		if _, ok := names[c.Code]; ok && len(cats) < hotsCats {
			cats = append(cats, c)
			want = append(want, uidsOf(c.Goods, 2*hotsCatGoods)...)
		}
	}
	covers := make([]string, len(curated))
	for i, c := range curated {
		covers[i] = coverOf(c, rank)
		want = append(want, covers[i])
	}
	cards, err := s.Catalog.ListedCardsByUID(ctx, want, r.Lang, r.Currency)
	if err != nil {
		return nil, err
	}
	hd := &HotsData{Days: trend.Days, Trending: &hotsRow{UID: content.TrendingUID, Goods: inStock(inOrder(cards, top), hotsTop)}}
	for _, c := range cats {
		name := names[c.Code]
		row := hotsRow{UID: trendingUID(c.Code), Name: &name, Goods: inStock(inOrder(cards, uidsOf(c.Goods, 2*hotsCatGoods)), hotsCatGoods)}
		if len(row.Goods) >= hotsCatMin {
			hd.Categories = append(hd.Categories, row)
		}
	}
	for i, c := range curated {
		t := hotsTile{UID: c.UID, Title: c.Title, Excerpt: excerpt(c.Text), Lan: c.Lan}
		if card, ok := cards[covers[i]]; ok && card.TreImage != nil {
			t.Image = cardImageOf(card.TreImage)
		}
		hd.Curated = append(hd.Curated, t)
	}
	// Every candidate's version: one coming back in stock changes the page.
	deps := append([]string{"trending", "content:" + content.HotsName, "catalog", "enums"}, goodsDeps(inOrder(cards, want))...)
	return &Loaded{Page: "hotspage", Status: 200, Data: PageData{Hots: hd}, Deps: deps}, nil
}

// loadHots is one collection, hots/{uid}: trending (everything, or one
// category's) or curated; its goods paged by ?page=.
func loadHots(ctx context.Context, s *Site, r Request) (*Loaded, error) {
	uid := r.Params["uid"]
	rank, names, err := s.trendingIn(ctx, r.Lang, false)
	if err != nil {
		return nil, err
	}
	hp := &hotsPage{UID: uid, Kind: "trending"}
	deps := []string{"trending", "catalog", "enums"}
	var cards []catalog.Card
	switch code, isCat := strings.CutPrefix(uid, content.TrendingUID+"-"); {
	case uid == content.TrendingUID:
		cards, err = s.cardsOf(ctx, uidsOf(rank.Overall, trend.MaxRanked), r)
		cards = inStock(cards, trend.MaxRanked)
	case isCat:
		name, ok := names[code]
		if !ok {
			return &Loaded{Page: "notfound", Status: 404}, nil
		}
		hp.Name = &name
		var goods []trend.Scored
		if c := rank.Category(code); c != nil {
			goods = c.Goods
		}
		cards, err = s.cardsOf(ctx, uidsOf(goods, trend.MaxRanked), r)
		cards = inStock(cards, trend.MaxRanked)
	default:
		var c *content.Collection
		if s.Content != nil {
			c, err = s.Content.Collection(ctx, r.Lang, uid)
		}
		if c == nil || err != nil {
			return notFoundOr(err)
		}
		hp.Kind, hp.Title, hp.Text, hp.Lan, hp.Excerpt = "curated", c.Title, c.Text, c.Lan, excerpt(c.Text)
		deps = append(deps, "content:"+content.HotsName)
		cards, err = s.curatedCards(ctx, c, rank, r)
	}
	if err != nil {
		return nil, err
	}
	v, page := readQuery("hots/{uid}", r.Query)
	norm := encodeQuery(v)
	from := (page - 1) * hotsPageSize
	if page > 1 && from >= len(cards) {
		return &Loaded{Page: "notfound", Status: 404}, nil // past the last page
	}
	shown := cards[from:min(from+hotsPageSize, len(cards))]
	cp := &catalog.CardPage{Cards: shown, Total: len(cards), Page: page, PageSize: hotsPageSize}
	return &Loaded{Page: "hots", Status: 200, Canonical: "/hots/" + url.PathEscape(uid), Query: norm,
		Data: PageData{Hots: &HotsData{Page: hp, Days: trend.Days}, Cards: &pageCardPage{CardPage: cp, Cards: shown}},
		Deps: append(deps, goodsDeps(shown)...)}, nil
}

// curatedCards are a curated collection's goods: its own, then (with a
// category) that category's trending goods, then its newest, each with
// its sub-categories' (as the category page lists them).
func (s *Site) curatedCards(ctx context.Context, c *content.Collection, rank *trend.Ranking, r Request) ([]catalog.Card, error) {
	uids := append([]string{}, c.Goods...)
	if c.Category != "" {
		if cr := rank.Category(c.Category); cr != nil {
			uids = append(uids, uidsOf(cr.Goods, trend.MaxRanked)...)
		}
	}
	cards, err := s.cardsOf(ctx, uids, r)
	if err != nil || c.Category == "" || len(cards) >= trend.MaxRanked {
		return cards, err
	}
	newest, err := s.Catalog.CategoryGoods(ctx, catalog.CategoryQuery{Category: c.Category, Sort: catalog.SortNew, PageSize: trend.MaxRanked}, r.Lang, r.Currency)
	if apperr.CodeOf(err) == apperr.InvalidInput {
		return cards, nil // the category went after the collection was saved
	}
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	for _, card := range cards {
		seen[card.TreID] = true
	}
	for _, card := range newest.Cards {
		if !seen[card.TreID] && len(cards) < trend.MaxRanked {
			cards = append(cards, card)
		}
	}
	return cards, nil
}

// cardsOf loads the listed goods of uids as cards, in that order, each once.
func (s *Site) cardsOf(ctx context.Context, uids []string, r Request) ([]catalog.Card, error) {
	m, err := s.Catalog.ListedCardsByUID(ctx, uids, r.Lang, r.Currency)
	if err != nil {
		return nil, err
	}
	out := inOrder(m, uids)
	return out[:min(len(out), trend.MaxRanked)], nil
}

// trendingIn is the current ranking and the names in lang of the
// categories with a trending page: every category of the tree (top: only
// the top ones, hotspage's rows, which would repeat their sub-categories'
// goods).
func (s *Site) trendingIn(ctx context.Context, lang string, top bool) (*trend.Ranking, map[string]catalog.Txt, error) {
	rank := &trend.Ranking{}
	if s.Trends != nil {
		r, err := s.Trends.Ranking(ctx)
		if err != nil {
			return nil, nil, err
		}
		rank = r
	}
	tree, err := s.Catalog.CategoryTree(ctx, lang)
	if err != nil {
		return nil, nil, err
	}
	names := map[string]catalog.Txt{}
	var walk func([]catalog.CategoryNode)
	walk = func(nodes []catalog.CategoryNode) {
		for _, n := range nodes {
			names[n.Code] = n.Name
			if !top {
				walk(n.Children)
			}
		}
	}
	walk(tree)
	return rank, names, nil
}

func (s *Site) collections(ctx context.Context, lang string) ([]content.Collection, error) {
	if s.Content == nil {
		return nil, nil
	}
	return s.Content.Collections(ctx, lang)
}

// HotsPaths are the hots pages worth a search engine's visit in lang, for
// the sitemaps: hotspage, the trending collections with goods, and the
// curated collections.
func (s *Site) HotsPaths(ctx context.Context, lang string) ([]string, error) {
	rank, names, err := s.trendingIn(ctx, lang, false)
	if err != nil {
		return nil, err
	}
	out := []string{"/hotspage"}
	if len(rank.Overall) > 0 {
		out = append(out, "/hots/"+content.TrendingUID)
	}
	for _, c := range rank.Categories {
		if _, ok := names[c.Code]; ok {
			out = append(out, "/hots/"+trendingUID(c.Code))
		}
	}
	curated, err := s.collections(ctx, lang)
	if err != nil {
		return nil, err
	}
	for _, c := range curated {
		out = append(out, "/hots/"+url.PathEscape(c.UID))
	}
	return out, nil
}

func trendingUID(category string) string { return content.TrendingUID + "-" + category }

// coverOf is the goods whose picture stands for a curated collection: its
// cover, else its first goods, else its category's top trending goods.
func coverOf(c content.Collection, rank *trend.Ranking) string {
	switch {
	case c.Cover != "":
		return c.Cover
	case len(c.Goods) > 0:
		return c.Goods[0]
	}
	if cr := rank.Category(c.Category); cr != nil && len(cr.Goods) > 0 {
		return cr.Goods[0].UID
	}
	return ""
}

func uidsOf(l []trend.Scored, n int) []string {
	out := make([]string, 0, min(n, len(l)))
	for _, g := range l[:min(n, len(l))] {
		out = append(out, g.UID)
	}
	return out
}

// inOrder picks cards by uid in uids' order, each once; uids without a
// card (deleted goods) are left out.
func inOrder(m map[string]catalog.Card, uids []string) []catalog.Card {
	out := make([]catalog.Card, 0, len(uids))
	seen := map[string]bool{}
	for _, u := range uids {
		if c, ok := m[u]; ok && !seen[u] {
			seen[u] = true
			out = append(out, c)
		}
	}
	return out
}

// inStock keeps the first n cards that can be bought: a trending
// collection does not show what is sold out (a curated one shows what its
// editor chose).
func inStock(cards []catalog.Card, n int) []catalog.Card {
	out := make([]catalog.Card, 0, min(n, len(cards)))
	for _, c := range cards {
		if c.Stock > 0 && c.Saleable == 1 && len(out) < n {
			out = append(out, c)
		}
	}
	return out
}

// excerpt is the start of rich text as plain text, cut at a word.
func excerpt(rich string) string {
	s := form.Plain(rich)
	if utf8.RuneCountInString(s) <= excerptLen {
		return s
	}
	cut := string([]rune(s)[:excerptLen])
	if i := strings.LastIndexByte(cut, ' '); i > excerptLen/2 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " ,.;:") + "…"
}

package catalog

import (
	"context"
	"fmt"
	"sort"

	"souk/app/money"
	"souk/ent"
	"souk/ent/goods"
	"souk/ent/goodsimage"
	"souk/ent/identity"
	"souk/ent/predicate"
)

// CardQuery selects a page of goods cards.
type CardQuery struct {
	OwnerUID string // only this identity's goods
	BigType  int    // 0 any, 1 consumer, 2 wholesale
	Spe      int    // -1 any, else exactly
	Category string // only this category's (a code), when set
	UIDs     []string
	Page     int // from 1
	PageSize int
	Lang     string
	Currency string
}

// CardPage is one page of cards and the total number matching.
type CardPage struct {
	Cards    []Card `json:"cards"`
	Total    int    `json:"total"`
	Page     int    `json:"page"`
	PageSize int    `json:"pageSize"`
}

// MaxPageSize bounds what one call may ask for.
const MaxPageSize = 60

// Cards lists goods as cards, newest first (or in UIDs order when given).
func (s *Service) Cards(ctx context.Context, cq CardQuery) (*CardPage, error) {
	cq.PageSize = min(max(cq.PageSize, 1), MaxPageSize)
	cq.Page = max(cq.Page, 1)
	where := []predicate.Goods{Listed()}
	if cq.OwnerUID != "" {
		where = append(where, goods.HasOwnerWith(identity.UIDEQ(cq.OwnerUID)))
	}
	if cq.BigType > 0 {
		where = append(where, goods.BigTypeEQ(cq.BigType))
	}
	if cq.Spe >= 0 {
		where = append(where, goods.SpeEQ(cq.Spe))
	}
	if cq.Category != "" {
		where = append(where, goods.CategoryEQ(cq.Category))
	}
	if len(cq.UIDs) > 0 {
		where = append(where, goods.UIDIn(cq.UIDs...))
	}
	total, err := s.db.Goods.Query().Where(where...).Count(ctx)
	if err != nil {
		return nil, fmt.Errorf("catalog: count cards: %w", err)
	}
	rows, err := s.cardQuery().Where(where...).
		Order(ent.Desc(goods.FieldID)).
		Offset((cq.Page - 1) * cq.PageSize).Limit(cq.PageSize).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("catalog: list cards: %w", err)
	}
	if len(cq.UIDs) > 0 {
		orderByUIDs(rows, cq.UIDs)
	}
	cards, err := s.cardsOf(ctx, rows, cq.Lang, cq.Currency)
	if err != nil {
		return nil, err
	}
	return &CardPage{Cards: cards, Total: total, Page: cq.Page, PageSize: cq.PageSize}, nil
}

// Listed selects goods that pages, search and sitemaps may show: not
// deleted by their seller, and with an approved version (a new item waits for review).
func Listed() predicate.Goods { return goods.And(goods.DeletedAtIsNil(), goods.LiveEQ(true)) }

// CardsByUID loads the cards of the given goods, keyed by treId, deleted
// ones included: a shopper's cart and orders still name what they hold.
func (s *Service) CardsByUID(ctx context.Context, uids []string, lang, cur string) (map[string]Card, error) {
	return s.cardsByUID(ctx, uids, lang, cur)
}

// ListedCardsByUID is CardsByUID without deleted goods, for what anyone
// browses (home, search).
func (s *Service) ListedCardsByUID(ctx context.Context, uids []string, lang, cur string) (map[string]Card, error) {
	return s.cardsByUID(ctx, uids, lang, cur, Listed())
}

func (s *Service) cardsByUID(ctx context.Context, uids []string, lang, cur string, where ...predicate.Goods) (map[string]Card, error) {
	out := map[string]Card{}
	if len(uids) == 0 {
		return out, nil
	}
	rows, err := s.cardQuery().Where(goods.UIDIn(uids...)).Where(where...).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("catalog: load cards: %w", err)
	}
	cards, err := s.cardsOf(ctx, rows, lang, cur)
	if err != nil {
		return nil, err
	}
	for _, c := range cards {
		out[c.TreID] = c
	}
	return out, nil
}

func (s *Service) cardQuery() *ent.GoodsQuery {
	return s.db.Goods.Query().WithOwner().WithPrices().WithRanges().WithSkus().
		WithAttrs().WithLabels().
		WithImages(func(q *ent.GoodsImageQuery) { q.Where(goodsimage.PositionEQ(0)) })
}

func orderByUIDs(rows []*ent.Goods, uids []string) {
	pos := make(map[string]int, len(uids))
	for i, u := range uids {
		pos[u] = i
	}
	sort.SliceStable(rows, func(i, j int) bool { return pos[rows[i].UID] < pos[rows[j].UID] })
}

func (s *Service) cardsOf(ctx context.Context, rows []*ent.Goods, lang, cur string) ([]Card, error) {
	ids := make([]int, len(rows))
	for i, g := range rows {
		ids[i] = g.ID
	}
	texts, err := loadFields(ctx, s.db, KindGoods, ids, []string{"name"})
	if err != nil {
		return nil, err
	}
	currency := s.currencyOrDefault(cur)
	cards := make([]Card, 0, len(rows))
	for _, g := range rows {
		cards = append(cards, s.card(g, texts, lang, currency))
	}
	return cards, nil
}

func (s *Service) card(g *ent.Goods, texts textSet, lang string, cur money.Currency) Card {
	c := Card{
		TreID: g.UID, TreName: texts.pick(g.ID, "name", lang, g.MainLan),
		BigType: g.BigType, Spe: g.Spe, Saleable: g.Saleable, URI: g.URI,
		PriceData: s.priceData(g, cur), Rating: g.Rating, Stock: StockOf(g),
		NeedsPick: len(g.Edges.Attrs) > 0 || len(g.Edges.Labels) > 0,
		Langs:     texts.langsOf(g.ID, "name"),
	}
	sort.Strings(c.Langs)
	if len(g.Edges.Images) > 0 {
		first := g.Edges.Images[0]
		for _, im := range g.Edges.Images {
			if im.Position < first.Position {
				first = im
			}
		}
		set := imageSet(first)
		c.TreImage = &set
	}
	if g.Edges.Owner != nil {
		c.OwnerUID = g.Edges.Owner.UID
	}
	return c
}

// StockOf is how many pieces can be bought: the goods' own stock, or the
// sum over its skus when it has them (which must be loaded), counting only
// stock that meets the minimum order quantity. A sku with 15 left against a
// minimum of 20 cannot be bought, so it does not make the goods "on sale".
func StockOf(g *ent.Goods) int {
	minQty := max(g.MinQty, 1)
	if len(g.Edges.Skus) == 0 {
		return buyable(g.Stock, minQty)
	}
	n := 0
	for _, k := range g.Edges.Skus {
		n += buyable(k.Stock, minQty)
	}
	return n
}

func buyable(stock, minQty int) int {
	if stock < minQty {
		return 0
	}
	return stock
}

package listing

import (
	"context"
	"fmt"
	"souk/app/review"
	"strings"
	"unicode/utf8"

	"souk/app/apperr"
	"souk/app/catalog"
	"souk/ent"
	"souk/ent/goods"
	"souk/ent/identity"
	"souk/ent/predicate"
	"souk/ent/sku"
	"souk/ent/text"
	"souk/ent/user"
)

// Status filters of tre/myTreList.
const (
	StatusAll      = "all"
	StatusOnSale   = "onSale"
	StatusOffSale  = "offSale"
	StatusWaiting  = "waiting"  // waiting for review or in review
	StatusRejected = "rejected" // the review failed
)

// ListQuery is tre/myTreList.
type ListQuery struct {
	Status   string
	Text     string   // part of the name, in any of its languages
	TreIDs   []string // only these goods (pages ask which of the goods they show are the viewer's)
	Page     int      // from 1
	PageSize int
	Lang     string
	Currency string
	T        func(key string) string // the reader's language, for the status labels
}

// SkuStock is one sku as the stock editor shows it.
type SkuStock struct {
	ID    string        `json:"id"`
	Names []catalog.Txt `json:"names"` // its attribute values, e.g. Red, M
	Stock int           `json:"stock"`
}

// Item is one of the seller's goods: the card (with sid, as SPEC §3 says
// of the owner's own goods), its review status and its stock by sku.
type Item struct {
	catalog.Card
	Sid           string        `json:"sid"`
	ApproveStatus int           `json:"approveStatus"`
	ReviewStatus  review.Status `json:"reviewStatus"`
	Inventory     int           `json:"inventory"` // every piece, whatever the minimum order
	GoodsStock    int           `json:"goodsStock"`
	Skus          []SkuStock    `json:"skus"`
}

// MyPage is one page of the seller's goods.
type MyPage struct {
	List     []Item `json:"list"`
	Total    int    `json:"total"`
	Page     int    `json:"page"`
	PageSize int    `json:"pageSize"`
}

// Mine lists the goods of every identity of the user, newest first.
func (s *Service) Mine(ctx context.Context, userID int, q ListQuery) (*MyPage, error) {
	where, err := s.filter(ctx, userID, &q)
	if err != nil {
		return nil, err
	}
	if q.PageSize <= 0 {
		q.PageSize = PageSize
	}
	q.Page, q.PageSize = min(max(q.Page, 1), MaxPage), min(q.PageSize, catalog.MaxPageSize)
	out := &MyPage{List: []Item{}, Page: q.Page, PageSize: q.PageSize}
	if where == nil { // a name search that matched nothing
		return out, nil
	}
	if out.Total, err = s.db.Goods.Query().Where(where...).Count(ctx); err != nil {
		return nil, fmt.Errorf("listing: count: %w", err)
	}
	rows, err := s.db.Goods.Query().Where(where...).WithOwner().
		WithSkus(func(k *ent.SkuQuery) { k.Order(ent.Asc(sku.FieldID)) }).
		Order(ent.Desc(goods.FieldID)).Offset((q.Page - 1) * q.PageSize).Limit(q.PageSize).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("listing: list: %w", err)
	}
	return out, s.items(ctx, out, rows, q)
}

// filter turns the query into predicates; nil when nothing can match.
func (s *Service) filter(ctx context.Context, userID int, q *ListQuery) ([]predicate.Goods, error) {
	where := []predicate.Goods{catalog.Listed(), goods.HasOwnerWith(identity.HasUserWith(user.IDEQ(userID)))}
	switch q.Status {
	case "", StatusAll:
	case StatusOnSale:
		where = append(where, goods.SaleableEQ(1))
	case StatusOffSale:
		where = append(where, goods.SaleableNEQ(1))
	case StatusWaiting:
		where = append(where, goods.ApproveStatusIn(review.Waiting, review.Doing))
	case StatusRejected:
		where = append(where, goods.ApproveStatusEQ(review.Rejected))
	default:
		return nil, apperr.Invalid("status", "FormatError", "MyGoodsStatusInvalid")
	}
	if len(q.TreIDs) > catalog.MaxPageSize {
		return nil, apperr.Invalid("treIds", "FormatError", "TreIdsTooMany", "max", fmt.Sprint(catalog.MaxPageSize))
	}
	if len(q.TreIDs) > 0 {
		where = append(where, goods.UIDIn(q.TreIDs...))
	}
	q.Text = strings.TrimSpace(q.Text)
	if utf8.RuneCountInString(q.Text) > MaxQuery {
		return nil, apperr.Invalid("txt", "FormatError", "SearchTooLong", "max", fmt.Sprint(MaxQuery))
	}
	if q.Text == "" {
		return where, nil
	}
	// The user's goods first, then their names: a seller has thousands of
	// goods at most, the text table holds everyone's.
	ids, err := s.db.Goods.Query().Where(where...).IDs(ctx)
	if err != nil {
		return nil, fmt.Errorf("listing: own goods: %w", err)
	}
	if len(ids) == 0 {
		return nil, nil
	}
	hits, err := s.db.Text.Query().Where(text.OwnerKindEQ(catalog.KindGoods), text.FieldEQ("name"),
		text.OwnerIDIn(ids...), text.TxtContainsFold(q.Text)).Select(text.FieldOwnerID).Ints(ctx)
	if err != nil {
		return nil, fmt.Errorf("listing: search names: %w", err)
	}
	if len(hits) == 0 {
		return nil, nil
	}
	return append(where, goods.IDIn(hits...)), nil
}

func (s *Service) items(ctx context.Context, out *MyPage, rows []*ent.Goods, q ListQuery) error {
	uids := make([]string, len(rows))
	var refs []catalog.LineRef
	for i, g := range rows {
		uids[i] = g.UID
		for _, k := range g.Edges.Skus {
			refs = append(refs, catalog.LineRef{GoodsID: g.ID, SkuUID: k.UID})
		}
	}
	cards, err := s.cat.CardsByUID(ctx, uids, q.Lang, q.Currency)
	if err != nil {
		return err
	}
	variants, err := s.cat.Variants(ctx, refs, q.Lang)
	if err != nil {
		return err
	}
	t := q.T
	if t == nil {
		t = func(k string) string { return k }
	}
	at := 0
	for _, g := range rows {
		it := Item{Card: cards[g.UID], Sid: g.Edges.Owner.UID, ApproveStatus: g.ApproveStatus,
			ReviewStatus: review.Object(g.ApproveStatus, t), GoodsStock: g.Stock, Skus: []SkuStock{}}
		it.Inventory = g.Stock
		if len(g.Edges.Skus) > 0 {
			it.Inventory = 0
		}
		for _, k := range g.Edges.Skus {
			ks := SkuStock{ID: k.UID, Stock: k.Stock, Names: []catalog.Txt{}}
			for _, c := range variants[at].Chosen {
				ks.Names = append(ks.Names, c.Value)
			}
			at++
			it.Inventory += k.Stock
			it.Skus = append(it.Skus, ks)
		}
		out.List = append(out.List, it)
	}
	return nil
}

package cart

import (
	"context"
	"fmt"
	"sort"

	"souk/app/apperr"
	"souk/app/catalog"
	"souk/ent"
	"souk/ent/cartline"
	"souk/ent/user"
)

// Line is a cart line as the cart page shows it.
type Line struct {
	ID        string         `json:"id"`
	Goods     catalog.Card   `json:"goods"`
	SkuID     string         `json:"skuId,omitempty"`
	Options   []schemaChoice `json:"scenarioOptions"`
	Quantity  int            `json:"quantity"`
	Selected  bool           `json:"selected"`
	UnitPrice catalog.Price  `json:"unitPrice"`
	Available bool           `json:"available"` // on sale and enough in stock
	// Variant names the chosen sku's attributes and options in the
	// shopper's language, with the sku's picture.
	Variant catalog.Variant `json:"variant"`
}

type schemaChoice = struct {
	LabelID  int            `json:"labelId"`
	OptionID int            `json:"optionId"`
	SizeData map[string]int `json:"sizeData,omitempty"`
}

// Group is one seller's lines.
type Group struct {
	SellerUID  string `json:"sellerUid"`
	SellerName string `json:"sellerName"`
	Lines      []Line `json:"lines"`
}

// List returns the user's cart grouped by seller, priced in cur.
func (s *Service) List(ctx context.Context, userID int, lang, cur string) ([]Group, error) {
	rows, err := s.db.CartLine.Query().Where(cartline.HasUserWith(user.IDEQ(userID))).
		WithGoods(func(q *ent.GoodsQuery) {
			q.WithOwner().WithSkus().WithRanges().WithLabels(func(l *ent.ScenarioLabelQuery) { l.WithOptions() })
		}).
		Order(ent.Asc(cartline.FieldCreatedAt)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("cart: list: %w", err)
	}
	uids := make([]string, 0, len(rows))
	for _, r := range rows {
		uids = append(uids, r.Edges.Goods.UID)
	}
	cards, err := s.cat.CardsByUID(ctx, uids, lang, cur)
	if err != nil {
		return nil, err
	}
	refs := make([]catalog.LineRef, len(rows))
	for i, r := range rows {
		refs[i] = catalog.LineRef{GoodsID: r.Edges.Goods.ID, SkuUID: r.SkuUID, Options: r.Options}
	}
	variants, err := s.cat.Variants(ctx, refs, lang)
	if err != nil {
		return nil, err
	}
	bySeller := map[string]*Group{}
	var order []string
	for i, r := range rows {
		g := r.Edges.Goods
		owner := g.Edges.Owner
		grp := bySeller[owner.UID]
		if grp == nil {
			grp = &Group{SellerUID: owner.UID, SellerName: owner.Name}
			bySeller[owner.UID] = grp
			order = append(order, owner.UID)
		}
		l := s.line(r, g, cards[g.UID], cur)
		l.Variant = variants[i]
		grp.Lines = append(grp.Lines, l)
	}
	out := make([]Group, 0, len(order))
	for _, k := range order {
		out = append(out, *bySeller[k])
	}
	return out, nil
}

func (s *Service) line(r *ent.CartLine, g *ent.Goods, card catalog.Card, cur string) Line {
	var sku *ent.Sku
	for _, k := range g.Edges.Skus {
		if k.UID == r.SkuUID {
			sku = k
		}
	}
	l := Line{ID: r.UID, Goods: card, SkuID: r.SkuUID, Quantity: r.Quantity, Selected: r.Selected,
		Available: g.Saleable == 1 && checkQuantity(g, sku, r.Quantity) == nil, Options: []schemaChoice{}}
	for _, o := range r.Options {
		l.Options = append(l.Options, schemaChoice(o))
	}
	l.UnitPrice = s.cat.UnitPrice(g, sku, r.Options, r.Quantity, cur)
	return l
}

// own finds the user's lines among ids (all of them when ids is empty);
// another user's line is never found.
func (s *Service) own(ctx context.Context, userID int, ids []string) ([]*ent.CartLine, error) {
	q := s.db.CartLine.Query().Where(cartline.HasUserWith(user.IDEQ(userID))).WithGoods(func(q *ent.GoodsQuery) { q.WithSkus() })
	if len(ids) > 0 {
		if len(ids) > 500 {
			return nil, apperr.Invalid("ids", "FormatError", "TooManyLines")
		}
		q = q.Where(cartline.UIDIn(ids...))
	}
	rows, err := q.All(ctx)
	if err != nil {
		return nil, fmt.Errorf("cart: find lines: %w", err)
	}
	if len(ids) > 0 && len(rows) != len(unique(ids)) {
		return nil, apperr.New(apperr.NotFound, "CartLineNotFound")
	}
	return rows, nil
}

func unique(ids []string) map[string]bool {
	m := map[string]bool{}
	for _, id := range ids {
		m[id] = true
	}
	return m
}

// SetQuantity sets a line's quantity within the goods' rules.
func (s *Service) SetQuantity(ctx context.Context, userID int, id string, q int) (*Line, error) {
	rows, err := s.own(ctx, userID, []string{id})
	if err != nil {
		return nil, err
	}
	r := rows[0]
	var sku *ent.Sku
	for _, k := range r.Edges.Goods.Edges.Skus {
		if k.UID == r.SkuUID {
			sku = k
		}
	}
	if err := checkQuantity(r.Edges.Goods, sku, q); err != nil {
		return nil, err
	}
	if _, err := s.db.CartLine.UpdateOneID(r.ID).SetQuantity(q).Save(ctx); err != nil {
		return nil, fmt.Errorf("cart: set quantity: %w", err)
	}
	return &Line{ID: r.UID, Quantity: q, Selected: r.Selected}, nil
}

// Step raises or lowers a line by one (never below the minimum).
func (s *Service) Step(ctx context.Context, userID int, id string, by int) (*Line, error) {
	rows, err := s.own(ctx, userID, []string{id})
	if err != nil {
		return nil, err
	}
	return s.SetQuantity(ctx, userID, id, rows[0].Quantity+by)
}

// Select marks lines (all when ids is empty) selected or not.
func (s *Service) Select(ctx context.Context, userID int, ids []string, selected bool) error {
	rows, err := s.own(ctx, userID, ids)
	if err != nil {
		return err
	}
	keys := make([]int, len(rows))
	for i, r := range rows {
		keys[i] = r.ID
	}
	return s.db.CartLine.Update().Where(cartline.IDIn(keys...)).SetSelected(selected).Exec(ctx)
}

// Remove deletes the user's lines.
func (s *Service) Remove(ctx context.Context, userID int, ids []string) error {
	if len(ids) == 0 {
		return apperr.Invalid("ids", "IncorrectEntry", "LinesToRemoveRequired")
	}
	rows, err := s.own(ctx, userID, ids)
	if err != nil {
		return err
	}
	keys := make([]int, len(rows))
	for i, r := range rows {
		keys[i] = r.ID
	}
	sort.Ints(keys)
	_, err = s.db.CartLine.Delete().Where(cartline.IDIn(keys...)).Exec(ctx)
	return err
}

package order

import (
	"context"
	"fmt"
	"math"

	"souk/app/apperr"
	"souk/app/cart"
	"souk/app/catalog"
	"souk/app/money"
	"souk/ent"
	"souk/ent/address"
	"souk/ent/cartline"
	"souk/ent/scenariolabel"
	"souk/ent/user"
)

// Problem is why a selected cart line cannot be bought as it is.
type Problem struct {
	LineID  string   `json:"lineId"`
	Name    string   `json:"name"`
	Kind    string   `json:"kind"` // offSale, stock, minQty, price
	Key     string   `json:"-"`    // catalogue key of why; Localize renders it as Message
	Args    []string `json:"-"`
	Message string   `json:"message"`
}

// priced is a selected cart line priced by the server.
type priced struct {
	row   *ent.CartLine
	g     *ent.Goods
	sku   *ent.Sku
	card  catalog.Card
	unit  int64
	total int64
}

// group is one seller's part of a checkout.
type group struct {
	seller              *ent.Identity
	lines               []*priced
	goods, ship, amount int64
	dress               bool
}

// quote is a priced checkout: groups in one currency.
type quote struct {
	cur      money.Currency
	groups   []*group
	problems []Problem
	total    int64
}

// selected loads the user's selected cart lines with all their goods need.
func selected(ctx context.Context, db *ent.Client, userID int) ([]*ent.CartLine, error) {
	rows, err := db.CartLine.Query().
		Where(cartline.HasUserWith(user.IDEQ(userID)), cartline.SelectedEQ(true)).
		WithGoods(func(q *ent.GoodsQuery) {
			q.WithOwner().WithSkus().WithRanges().WithPrices().
				WithLabels(func(l *ent.ScenarioLabelQuery) { l.WithOptions().Order(ent.Asc(scenariolabel.FieldPosition)) })
		}).Order(ent.Asc(cartline.FieldCreatedAt), ent.Asc(cartline.FieldID)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("order: selected lines: %w", err)
	}
	return rows, nil
}

// cards loads how the lines' goods are shown (names, pictures). It reads
// outside any transaction: call it before one starts, never inside, or
// concurrent checkouts wait on each other for database connections.
func (s *Service) cards(ctx context.Context, rows []*ent.CartLine, lang, cur string) (map[string]catalog.Card, error) {
	uids := make([]string, 0, len(rows))
	for _, r := range rows {
		uids = append(uids, r.Edges.Goods.UID)
	}
	return s.cat.CardsByUID(ctx, uids, lang, cur)
}

// price checks and prices lines in currency code cur.
func (s *Service) price(rows []*ent.CartLine, cards map[string]catalog.Card, cur string) (*quote, error) {
	var err error
	q := &quote{cur: s.currency(cur)}
	bySeller := map[int]*group{}
	for _, r := range rows {
		g := r.Edges.Goods
		card, ok := cards[g.UID]
		if !ok { // the cart changed since the cards were read
			return nil, apperr.New(apperr.Conflict, "CartChangedMeanwhile")
		}
		p := &priced{row: r, g: g, sku: cart.SkuOf(g, r.SkuUID), card: card}
		if err := cart.Check(g, p.sku, r.Quantity); err != nil || (r.SkuUID != "" && p.sku == nil) {
			q.problems = append(q.problems, problemOf(r.UID, p.card.TreName.Txt, g.Saleable == 1, err))
			continue
		}
		unit, c := s.cat.Unit(g, p.sku, r.Options, r.Quantity, q.cur.Code)
		if c.Code != q.cur.Code {
			return nil, fmt.Errorf("order: no exchange rate from %s to %s", g.Currency, q.cur.Code)
		}
		p.unit, p.total = unit, unit*int64(r.Quantity)
		grp := bySeller[g.Edges.Owner.ID]
		if grp == nil {
			grp = &group{seller: g.Edges.Owner}
			bySeller[g.Edges.Owner.ID] = grp
			q.groups = append(q.groups, grp)
		}
		grp.lines = append(grp.lines, p)
		grp.goods += p.total
		grp.dress = grp.dress || g.Spe == 1
	}
	for _, grp := range q.groups {
		if grp.ship, err = s.shipping(grp.goods, q.cur.Code); err != nil {
			return nil, err
		}
		grp.amount = grp.goods + grp.ship
		q.total += grp.amount
	}
	return q, nil
}

// shipping is the flat rate per seller, free from the threshold (both in
// USD, converted).
func (s *Service) shipping(goods int64, cur string) (int64, error) {
	r := s.cat.Rates()
	inUSD, err := r.Convert(goods, cur, "USD")
	if err != nil {
		return 0, fmt.Errorf("order: shipping: %w", err)
	}
	if inUSD >= FreeShippingUSD {
		return 0, nil
	}
	return r.Convert(ShippingUSD, "USD", cur)
}

func (s *Service) currency(code string) money.Currency {
	if c, ok := s.cat.Currency(code); ok {
		return c
	}
	c, _ := s.cat.Currency("USD")
	return c
}

func problemOf(lineID, name string, onSale bool, err error) Problem {
	p := Problem{LineID: lineID, Name: name, Kind: "stock", Key: "ItemUnavailable"}
	ae, ok := apperr.As(err)
	if ok {
		p.Key, p.Args = ae.Key, ae.Args
	}
	switch {
	case !onSale:
		p.Kind = "offSale"
	case ok && ae.Fields["quantity"] != "":
		p.Kind = "minQty"
	}
	return p
}

// Seen is a price the shopper saw for a line, to tell them when it changed.
type Seen struct {
	LineID    string  `json:"id"`
	UnitPrice float64 `json:"unitPrice"`
}

// CheckResult answers order/createCheck.
type CheckResult struct {
	OK       bool      `json:"ok"`
	Problems []Problem `json:"problems"`
}

// CreateCheck tells whether the selected lines can be checked out as they
// are: on sale, in stock, quantity rules kept, prices as the shopper saw.
func (s *Service) CreateCheck(ctx context.Context, userID int, seen []Seen, lang, cur string) (*CheckResult, error) {
	rows, err := selected(ctx, s.db, userID)
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, apperr.Invalid("lines", "IncorrectEntry", "CartNothingSelected")
	}
	cards, err := s.cards(ctx, rows, lang, cur)
	if err != nil {
		return nil, err
	}
	q, err := s.price(rows, cards, cur)
	if err != nil {
		return nil, err
	}
	was := map[string]float64{}
	for _, x := range seen {
		was[x.LineID] = x.UnitPrice
	}
	digits := s.cat.Rates().Digits(q.cur.Code)
	for _, g := range q.groups {
		for _, p := range g.lines {
			if v, ok := was[p.row.UID]; ok && int64(math.Round(v*math.Pow10(digits))) != p.unit {
				q.problems = append(q.problems, Problem{LineID: p.row.UID, Name: p.card.TreName.Txt, Kind: "price",
					Key: "PriceChangedTo", Args: []string{"price", s.moneyText(p.unit, q.cur.Code)}})
			}
		}
	}
	return &CheckResult{OK: len(q.problems) == 0, Problems: orNone(q.problems)}, nil
}

func orNone(p []Problem) []Problem {
	if p == nil {
		return []Problem{}
	}
	return p
}

// chosenAddress is the user's address id, or their default when id is
// empty (nil when they have none).
func chosenAddress(ctx context.Context, db *ent.Client, userID int, id string) (*ent.Address, error) {
	q := db.Address.Query().Where(address.UserIDEQ(userID))
	if id != "" {
		q = q.Where(address.UIDEQ(id))
	} else {
		q = q.Order(ent.Desc(address.FieldIsDefault), ent.Desc(address.FieldUpdatedAt))
	}
	a, err := q.First(ctx)
	if ent.IsNotFound(err) {
		if id != "" {
			return nil, apperr.New(apperr.NotFound, "AddressNotFound")
		}
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("order: address: %w", err)
	}
	return a, nil
}

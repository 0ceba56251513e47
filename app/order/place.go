package order

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"time"

	addresses "souk/app/address"
	"souk/app/apperr"
	"souk/app/cart"
	"souk/app/catalog"
	"souk/app/payment"
	"souk/app/store"
	"souk/ent"
	"souk/ent/cartline"
	"souk/ent/goods"
	"souk/ent/order"
	entpay "souk/ent/payment"
	"souk/ent/schema"
	"souk/ent/sku"
)

// GroupView is one seller's part of a checkout preview.
type GroupView struct {
	SellerUID  string        `json:"sellerUid"`
	SellerName string        `json:"sellerName"`
	Lines      []Line        `json:"lines"`
	GoodsTotal catalog.Price `json:"goodsTotal"`
	Shipping   catalog.Price `json:"shipping"`
	Total      catalog.Price `json:"total"`
	Delivery   *Delivery     `json:"delivery,omitempty"`
}

// Preview answers order/preOrderData.
type Preview struct {
	Address    *addresses.Address `json:"address"`
	Groups     []GroupView        `json:"groups"`
	Problems   []Problem          `json:"problems"`
	GoodsTotal catalog.Price      `json:"goodsTotal"`
	Shipping   catalog.Price      `json:"shipping"`
	Total      catalog.Price      `json:"total"`
	PayMethods []int              `json:"payMethods"`
}

// Preview prices the selected lines for the checkout page.
func (s *Service) Preview(ctx context.Context, userID int, addressID, lang, cur string) (*Preview, error) {
	rows, err := selected(ctx, s.db, userID)
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, apperr.Invalid("lines", "IncorrectEntry", "CartNothingSelected")
	}
	addr, err := chosenAddress(ctx, s.db, userID, addressID)
	if err != nil {
		return nil, err
	}
	cards, err := s.cards(ctx, rows, lang, cur)
	if err != nil {
		return nil, err
	}
	q, err := s.price(rows, cards, cur)
	if err != nil {
		return nil, err
	}
	out := &Preview{Address: addresses.ViewOf(addr), Groups: []GroupView{}, Problems: orNone(q.problems), PayMethods: payment.Methods}
	var goodsSum, shipSum int64
	for _, g := range q.groups {
		gv := GroupView{SellerUID: g.seller.UID, SellerName: g.seller.Name, Lines: []Line{},
			GoodsTotal: s.cat.Money(g.goods, q.cur.Code), Shipping: s.cat.Money(g.ship, q.cur.Code), Total: s.cat.Money(g.amount, q.cur.Code)}
		for _, p := range g.lines {
			gv.Lines = append(gv.Lines, s.lineView(p, q.cur.Code))
		}
		if g.dress {
			gv.Delivery = deliveryOf(dressDelivery(s.opts.Now()))
		}
		goodsSum, shipSum = goodsSum+g.goods, shipSum+g.ship
		out.Groups = append(out.Groups, gv)
	}
	out.GoodsTotal, out.Shipping, out.Total = s.cat.Money(goodsSum, q.cur.Code), s.cat.Money(shipSum, q.cur.Code), s.cat.Money(q.total, q.cur.Code)
	var lines []*Line
	var refs []catalog.LineRef
	for i, g := range q.groups {
		for j, p := range g.lines {
			lines = append(lines, &out.Groups[i].Lines[j])
			refs = append(refs, catalog.LineRef{GoodsID: p.g.ID, SkuUID: p.row.SkuUID, Options: p.row.Options})
		}
	}
	if err := s.For(lang).nameLines(ctx, lines, refs); err != nil {
		return nil, err
	}
	return out, nil
}

func (s *Service) lineView(p *priced, cur string) Line {
	l := Line{GoodsUID: p.g.UID, SkuUID: p.row.SkuUID, Name: p.card.TreName.Txt, Options: orEmpty(p.row.Options),
		Quantity: p.row.Quantity, UnitPrice: s.cat.Money(p.unit, cur), LineTotal: s.cat.Money(p.total, cur)}
	if p.card.TreImage != nil {
		l.ImageURL = p.card.TreImage.Small.URL
	}
	return l
}

// PlaceInput is order/makeOrderData.
type PlaceInput struct {
	RequestID string
	AddressID string
	Total     float64 // what the shopper saw; compared, never used
	Note      string
	Lang, Cur string
}

// Placed answers order/makeOrderData.
type Placed struct {
	PayUID       string        `json:"payUid"`
	OrderNumbers []string      `json:"orderNumbers"`
	Total        catalog.Price `json:"total"`
}

// Place makes one order per seller from the selected lines, in one
// transaction that holds their stock and empties those cart lines. The
// same requestId again answers the first result and changes nothing.
func (s *Service) Place(ctx context.Context, userID int, in PlaceInput) (*Placed, error) {
	if err := checkPlace(in); err != nil {
		return nil, err
	}
	if done, err := s.replay(ctx, userID, in.RequestID); done != nil || err != nil {
		return done, err
	}
	before, err := selected(ctx, s.db, userID)
	if err != nil {
		return nil, err
	}
	cards, err := s.cards(ctx, before, in.Lang, in.Cur)
	if err != nil {
		return nil, err
	}
	var res *Placed
	var touched []string
	var made []*ent.Order
	err = store.InTx(ctx, s.db, func(tx *ent.Tx) error {
		var err error
		res, made, touched, err = s.place(ctx, tx, userID, in, cards)
		return err
	})
	if err != nil {
		return s.raced(ctx, userID, in.RequestID, err)
	}
	for _, uid := range touched {
		s.opts.OnStock(uid)
	}
	s.rememberLang(ctx, userID, in.Lang) // the buyer's notices follow in it
	for _, o := range made {
		s.For(in.Lang).notify(ctx, o, AwaitingPayment) // names what was chosen in the shopper's language
	}
	return res, nil
}

// checkPlace checks what a placing call says besides the goods.
func checkPlace(in PlaceInput) error {
	if in.RequestID == "" || len(in.RequestID) > 64 {
		return apperr.Invalid("requestId", "IncorrectEntry", "RequestIdInvalid")
	}
	if len([]rune(in.Note)) > 500 {
		return apperr.Invalid("note", "FormatError", "OrderNoteTooLong", "max", "500")
	}
	if math.IsNaN(in.Total) || math.IsInf(in.Total, 0) || in.Total <= 0 {
		return apperr.Invalid("total", "FormatError", "OrderTotalMissing")
	}
	return nil
}

func (s *Service) place(ctx context.Context, tx *ent.Tx, userID int, in PlaceInput, cards map[string]catalog.Card) (*Placed, []*ent.Order, []string, error) {
	db := tx.Client()
	rows, err := selected(ctx, db, userID)
	if err != nil {
		return nil, nil, nil, err
	}
	if len(rows) == 0 {
		return nil, nil, nil, apperr.Invalid("lines", "IncorrectEntry", "CartNothingSelected")
	}
	addr, err := chosenAddress(ctx, db, userID, in.AddressID)
	if err != nil {
		return nil, nil, nil, err
	}
	if addr == nil {
		return nil, nil, nil, apperr.Invalid("addressId", "IncorrectEntry", "AddressRequired")
	}
	q, err := s.price(rows, cards, in.Cur)
	if err != nil {
		return nil, nil, nil, err
	}
	if len(q.problems) > 0 {
		p := q.problems[0]
		return nil, nil, nil, apperr.New(apperr.Conflict, "OrderLineUnavailable", "name", p.Name)
	}
	if seen := int64(math.Round(in.Total * math.Pow10(s.cat.Rates().Digits(q.cur.Code)))); seen != q.total {
		return nil, nil, nil, apperr.New(apperr.Conflict, "PricesChangedTotal", "total", s.moneyText(q.total, q.cur.Code))
	}
	if err := claimLines(ctx, tx, q); err != nil {
		return nil, nil, nil, err
	}
	touched, err := holdStock(ctx, tx, q)
	if err != nil {
		return nil, nil, nil, err
	}
	now := s.opts.Now()
	pay, err := newPayment(ctx, tx, userID, in.RequestID, q.cur.Code, q.total)
	if err != nil {
		return nil, nil, nil, err
	}
	res := &Placed{PayUID: pay.UID, OrderNumbers: []string{}, Total: s.cat.Money(q.total, q.cur.Code)}
	var made []*ent.Order
	for _, g := range q.groups {
		spec := orderSpec{userID: userID, sellerID: g.seller.ID, payUID: pay.UID, cur: q.cur.Code, note: in.Note,
			goods: g.goods, ship: g.ship, amount: g.amount, addr: snapshot(addr), payBy: now.Add(s.opts.PayWindow), now: now}
		if g.dress {
			spec.delivery = dressDelivery(now)
		}
		for _, p := range g.lines {
			lc := tx.OrderLine.Create().SetGoodsID(p.g.ID).SetGoodsUID(p.g.UID).SetSkuUID(p.row.SkuUID).
				SetName(p.card.TreName.Txt).SetOptions(p.row.Options).SetQuantity(p.row.Quantity).
				SetUnitPrice(p.unit).SetLineTotal(p.total)
			if p.card.TreImage != nil {
				lc.SetImageURL(p.card.TreImage.Small.URL)
			}
			spec.lines = append(spec.lines, lc)
		}
		o, err := newOrder(ctx, tx, spec)
		if err != nil {
			return nil, nil, nil, err
		}
		res.OrderNumbers = append(res.OrderNumbers, o.Number)
		made = append(made, o)
	}
	return res, made, touched, nil
}

// newPayment is the one payment of a checkout. A constraint error means
// the same request is being placed right now.
func newPayment(ctx context.Context, tx *ent.Tx, userID int, requestID, cur string, amount int64) (*ent.Payment, error) {
	return tx.Payment.Create().SetUID(store.NewUID("pay")).SetUserID(userID).SetRequestID(requestID).
		SetCurrency(cur).SetAmount(amount).Save(ctx)
}

func snapshot(a *ent.Address) schema.AddressSnapshot {
	return schema.AddressSnapshot{Name: a.Name, Phone: a.Phone, Country: a.Country, Region: a.Region,
		City: a.City, Line1: a.Line1, Line2: a.Line2, PostalCode: a.PostalCode}
}

// orderSpec is one order to make: one seller's part of a checkout, or a
// make-line piece (makeLine is its quote's uid).
type orderSpec struct {
	userID, sellerID          int
	number, payUID, cur, note string
	makeLine                  string
	goods, ship, amount       int64
	addr                      schema.AddressSnapshot
	delivery                  *schema.Delivery
	payBy, now                time.Time
	lines                     []*ent.OrderLineCreate // the order is set here
}

// newOrder writes an order awaiting payment, its lines and its first step.
func newOrder(ctx context.Context, tx *ent.Tx, sp orderSpec) (*ent.Order, error) {
	if sp.number == "" {
		sp.number = newNumber(sp.now)
	}
	c := tx.Order.Create().SetNumber(sp.number).SetUserID(sp.userID).SetSellerID(sp.sellerID).
		SetPaymentUID(sp.payUID).SetStatus(AwaitingPayment).SetCurrency(sp.cur).SetGoodsTotal(sp.goods).
		SetShipping(sp.ship).SetTotal(sp.amount).SetAddress(sp.addr).SetNote(sp.note).SetPayBy(sp.payBy).
		SetMakelineUID(sp.makeLine)
	if sp.delivery != nil {
		c.SetDelivery(sp.delivery)
	}
	if sp.makeLine != "" {
		c.SetStockHeld(false) // made to order: no stock is taken
	}
	o, err := c.Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("order: create: %w", err)
	}
	for _, l := range sp.lines {
		l.SetOrder(o)
	}
	if err := tx.OrderLine.CreateBulk(sp.lines...).Exec(ctx); err != nil {
		return nil, fmt.Errorf("order: lines: %w", err)
	}
	if err := tx.OrderEvent.Create().SetOrder(o).SetStatus(AwaitingPayment).SetNote("NoteOrderPlaced").SetAt(sp.now).Exec(ctx); err != nil {
		return nil, fmt.Errorf("order: event: %w", err)
	}
	return o, nil
}

// claimLines deletes exactly the cart lines this checkout priced, first
// thing in the transaction. Two tabs placing the same cart with different
// requestIds both read the lines, but only one delete can remove them: on
// PostgreSQL the second waits on the first's row locks and then finds
// fewer rows; on SQLite writers are serialised. The loser rolls back with
// nothing written and no stock taken.
func claimLines(ctx context.Context, tx *ent.Tx, q *quote) error {
	var ids []int
	for _, g := range q.groups {
		for _, p := range g.lines {
			ids = append(ids, p.row.ID)
		}
	}
	n, err := tx.CartLine.Delete().Where(cartline.IDIn(ids...)).Exec(ctx)
	if err != nil {
		return fmt.Errorf("order: claim cart lines: %w", err)
	}
	if n != len(ids) {
		return apperr.New(apperr.Conflict, "CartAlreadyOrdered")
	}
	return nil
}

// holdStock takes each line's quantity from the sku's or the goods' stock,
// only where enough is left: two checkouts can never sell the same piece.
func holdStock(ctx context.Context, tx *ent.Tx, q *quote) ([]string, error) {
	var touched []string
	for _, g := range q.groups {
		for _, p := range g.lines {
			n, err := take(ctx, tx, p.g.ID, p.sku, p.row.Quantity)
			if err != nil {
				return nil, fmt.Errorf("order: hold stock: %w", err)
			}
			if n == 0 {
				return nil, apperr.New(apperr.Conflict, "SoldOutJustNow", "name", p.card.TreName.Txt)
			}
			touched = append(touched, p.g.UID)
		}
	}
	return touched, nil
}

func take(ctx context.Context, tx *ent.Tx, goodsID int, k *ent.Sku, q int) (int, error) {
	if k != nil {
		return tx.Sku.Update().Where(sku.IDEQ(k.ID), sku.StockGTE(q)).AddStock(-q).Save(ctx)
	}
	return tx.Goods.Update().Where(goods.IDEQ(goodsID), goods.StockGTE(q)).AddStock(-q).AddVersion(1).Save(ctx)
}

// raced answers a placing that failed with err: when the same request won a
// race a moment ago (a constraint error), that request's result.
func (s *Service) raced(ctx context.Context, userID int, requestID string, err error) (*Placed, error) {
	if ent.IsConstraintError(err) {
		if done, rerr := s.replay(ctx, userID, requestID); done != nil {
			return done, rerr
		}
	}
	return nil, err
}

// replay answers a makeOrderData already done under requestId.
func (s *Service) replay(ctx context.Context, userID int, requestID string) (*Placed, error) {
	p, err := s.db.Payment.Query().Where(entpay.UserIDEQ(userID), entpay.RequestIDEQ(requestID)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("order: find request: %w", err)
	}
	orders, err := s.db.Order.Query().Where(order.PaymentUIDEQ(p.UID)).Order(ent.Asc(order.FieldID)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("order: replay: %w", err)
	}
	res := &Placed{PayUID: p.UID, OrderNumbers: []string{}, Total: s.cat.Money(p.Amount, p.Currency)}
	for _, o := range orders {
		res.OrderNumbers = append(res.OrderNumbers, o.Number)
	}
	return res, nil
}

// QuickLine is one configuration to price (calPrice/quick).
type QuickLine struct {
	TreID    string                  `json:"treId"`
	SkuID    string                  `json:"skuId"`
	Quantity int                     `json:"quantity"`
	Options  []schema.ScenarioChoice `json:"scenarioOptions"`
}

// QuickPrice is a priced configuration.
type QuickPrice struct {
	TreID     string        `json:"treId"`
	UnitPrice catalog.Price `json:"unitPrice"`
	LineTotal catalog.Price `json:"lineTotal"`
}

// Quick prices configurations without a cart (product page quantity
// changes): the same rules as checkout.
func (s *Service) Quick(ctx context.Context, lines []QuickLine, cur string) ([]QuickPrice, catalog.Price, error) {
	if len(lines) == 0 || len(lines) > 100 {
		return nil, catalog.Price{}, apperr.Invalid("lines", "FormatError", "QuickLinesRange", "max", "100")
	}
	c := s.currency(cur)
	uids := make([]string, 0, len(lines))
	for _, l := range lines {
		uids = append(uids, l.TreID)
	}
	rows, err := s.db.Goods.Query().Where(goods.UIDIn(uids...)).WithSkus().WithRanges().WithPrices().
		WithLabels(func(q *ent.ScenarioLabelQuery) { q.WithOptions() }).All(ctx)
	if err != nil {
		return nil, catalog.Price{}, fmt.Errorf("order: quick: %w", err)
	}
	byUID := make(map[string]*ent.Goods, len(rows))
	for _, g := range rows {
		byUID[g.UID] = g
	}
	out := make([]QuickPrice, 0, len(lines))
	var total int64
	for _, l := range lines {
		g := byUID[l.TreID]
		if g == nil {
			return nil, catalog.Price{}, apperr.New(apperr.NotFound, "GoodsNotFound")
		}
		k := cart.SkuOf(g, l.SkuID)
		if l.SkuID != "" && k == nil {
			return nil, catalog.Price{}, apperr.Invalid("skuId", "PSSp", "NoSuchSpecification")
		}
		if l.Quantity < max(g.MinQty, 1) || l.Quantity > cart.MaxQuantity {
			return nil, catalog.Price{}, apperr.Invalid("quantity", "MinQty", "QuantityRange",
				"min", strconv.Itoa(max(g.MinQty, 1)), "max", strconv.Itoa(cart.MaxQuantity))
		}
		unit, _ := s.cat.Unit(g, k, l.Options, l.Quantity, c.Code)
		line := unit * int64(l.Quantity)
		total += line
		out = append(out, QuickPrice{TreID: l.TreID, UnitPrice: s.cat.Money(unit, c.Code), LineTotal: s.cat.Money(line, c.Code)})
	}
	return out, s.cat.Money(total, c.Code), nil
}

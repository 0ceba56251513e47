package order

import (
	"context"
	"fmt"
	"strings"
	"time"

	"souk/app/apperr"
	"souk/app/store"
	"souk/ent"
	"souk/ent/identity"
	"souk/ent/maillanguage"
	"souk/ent/order"
	"souk/ent/predicate"
	"souk/ent/user"
)

// Scope is the orders a user may read and change as their seller: the
// orders of Identities, or every order when All (an operator, next issue).
type Scope struct {
	All        bool
	Identities []int
}

// Authorizer decides a user's Scope. The default (Owners) is the user's
// own identities: the user of an order's seller identity is its seller. An
// operator authorizer (admins see every order) wraps it in the operations
// work; nothing else in this package decides who may act.
type Authorizer interface {
	Scope(ctx context.Context, userID int) (Scope, error)
}

// Owners is the default Authorizer.
type Owners struct{ DB *ent.Client }

// Scope lists the identities the user owns.
func (o Owners) Scope(ctx context.Context, userID int) (Scope, error) {
	ids, err := o.DB.Identity.Query().Where(identity.HasUserWith(user.IDEQ(userID))).IDs(ctx)
	if err != nil {
		return Scope{}, fmt.Errorf("order: seller scope: %w", err)
	}
	return Scope{Identities: ids}, nil
}

func (sc Scope) empty() bool { return !sc.All && len(sc.Identities) == 0 }

func (sc Scope) where() []predicate.Order {
	if sc.All {
		return nil
	}
	return []predicate.Order{order.SellerIDIn(sc.Identities...)}
}

// Actor is the user acting on the seller side, in the language of their
// request (the language their notices are mailed in from then on).
type Actor struct {
	UserID int
	Lang   string
}

// scope authorizes the actor and remembers their language; a user with no
// orders to see is told "not found" like any stranger.
func (s *Service) scope(ctx context.Context, a Actor) (Scope, error) {
	if a.UserID <= 0 {
		return Scope{}, apperr.New(apperr.Unauthorized, "LoginRequired")
	}
	sc, err := s.opts.Auth.Scope(ctx, a.UserID)
	if err != nil {
		return Scope{}, err
	}
	if sc.empty() {
		return Scope{}, apperr.New(apperr.NotFound, "OrderNotFound")
	}
	s.rememberLang(ctx, a.UserID, a.Lang)
	return sc, nil
}

// sellerOrder finds an order in the actor's scope; any other order, or a
// malformed number, is not found (never "forbidden": that would confirm it
// exists).
func (s *Service) sellerOrder(ctx context.Context, a Actor, number string) (*ent.Order, error) {
	sc, err := s.scope(ctx, a)
	if err != nil {
		return nil, err
	}
	number = strings.TrimSpace(number)
	if number == "" || len(number) > 32 {
		return nil, apperr.New(apperr.NotFound, "OrderNotFound")
	}
	o, err := s.db.Order.Query().Where(order.NumberEQ(number)).Where(sc.where()...).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, apperr.New(apperr.NotFound, "OrderNotFound")
	}
	if err != nil {
		return nil, fmt.Errorf("order: seller find: %w", err)
	}
	return o, nil
}

// rememberLang keeps the language a user's notices are mailed in. It is a
// nicety: a failure is logged, never the caller's problem.
func (s *Service) rememberLang(ctx context.Context, userID int, lang string) {
	if lang == "" || len(lang) > 16 {
		return
	}
	n, err := s.db.MailLanguage.Update().Where(maillanguage.UserIDEQ(userID), maillanguage.LangNEQ(lang)).SetLang(lang).Save(ctx)
	if err == nil && n == 0 {
		err = s.db.MailLanguage.Create().SetUserID(userID).SetLang(lang).Exec(ctx)
		if ent.IsConstraintError(err) {
			err = nil // there already (same language, or a parallel call made it)
		}
	}
	if err != nil {
		s.opts.Log.Warn("order: remember language", "user", userID, "err", err)
	}
}

// mailLang is the language to mail a user in: the one they last used for
// an order, English when unknown.
func (s *Service) mailLang(ctx context.Context, userID int) string {
	m, err := s.db.MailLanguage.Query().Where(maillanguage.UserIDEQ(userID)).Only(ctx)
	if err != nil {
		return "en"
	}
	return m.Lang
}

// SellerActions are what the seller may do with an order now.
type SellerActions struct {
	Produce bool `json:"produce"` // mark made-to-measure work in production
	Ship    bool `json:"ship"`
	Track   bool `json:"track"` // add a tracking event
	// Accept and Decline answer a paid make-line order (app/makeline).
	Accept  bool `json:"accept"`
	Decline bool `json:"decline"`
}

func sellerActionsFor(o *ent.Order) SellerActions {
	waiting := awaitingMaker(o)
	return SellerActions{
		Produce: o.Status == Paid && madeToMeasure(o) && !waiting,
		Ship:    (o.Status == Paid || o.Status == InProduction) && !waiting,
		Track:   o.Status == Shipped,
		Accept:  waiting,
		Decline: waiting,
	}
}

// madeToMeasure: the order holds made-to-order goods (spe 1, dresses),
// which is when checkout fixed a delivery promise.
func madeToMeasure(o *ent.Order) bool { return o.Delivery != nil }

// SellerView is an order as its seller sees it: the buyer's view (lines,
// address, timeline), what the seller may do, and the choices of the forms.
type SellerView struct {
	View
	Seller        SellerActions `json:"sellerActions"`
	MadeToMeasure bool          `json:"madeToMeasure"`
	Carriers      []Carrier     `json:"carriers"`
	TrackKeys     []string      `json:"trackKeys"`
	Admin         *AdminInfo    `json:"admin,omitempty"` // for admins only
}

// SellerDetail is one order of the actor's identities.
func (s *Service) SellerDetail(ctx context.Context, a Actor, number string) (*SellerView, error) {
	o, err := s.sellerOrder(ctx, a, number)
	if err != nil {
		return nil, err
	}
	return s.sellerDetailAs(ctx, a, o.ID)
}

// sellerDetailAs is sellerDetail with what an admin also sees.
func (s *Service) sellerDetailAs(ctx context.Context, a Actor, id int) (*SellerView, error) {
	v, err := s.sellerDetail(ctx, id)
	if err != nil {
		return nil, err
	}
	o, err := s.db.Order.Get(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("order: seller detail: %w", err)
	}
	if v.Admin, err = s.admin(ctx, a, o); err != nil {
		return nil, err
	}
	return v, nil
}

func (s *Service) sellerDetail(ctx context.Context, id int) (*SellerView, error) {
	o, err := withDetail(s.db.Order.Query().Where(order.IDEQ(id))).Only(ctx)
	if err != nil {
		return nil, fmt.Errorf("order: seller detail: %w", err)
	}
	v, err := s.views(ctx, s.db, []*ent.Order{o})
	if err != nil {
		return nil, err
	}
	return &SellerView{View: v[0], Seller: sellerActionsFor(o), MadeToMeasure: madeToMeasure(o),
		Carriers: Carriers, TrackKeys: TrackKeys}, nil
}

// sellerGroups are the seller's list tabs: what needs doing first.
var sellerGroups = map[int][]int{
	Paid:            {Paid, InProduction}, // to ship
	InProduction:    {InProduction},
	Shipped:         {Shipped},
	Received:        {Received},
	AwaitingPayment: {AwaitingPayment, PaymentProcessing},
	Cancelled:       {Cancelled, RefundPending, Refunded},
}

// SellerQuery is operations/order/list.
type SellerQuery struct {
	Status   int    // 0 all, else a key of sellerGroups
	Search   string // part of an order number; an admin's may be part of the buyer's email
	Page     int
	PageSize int
}

// SellerRow is one order in the seller's list.
type SellerRow struct {
	View
	Seller SellerActions `json:"sellerActions"`
	Buyer  string        `json:"buyer,omitempty"` // the buyer's email, for admins
}

// SellerListResult answers operations/order/list.
type SellerListResult struct {
	List    []SellerRow `json:"list"`
	HasNext bool        `json:"hasNext"`
	Total   int         `json:"total"`
	Admin   bool        `json:"admin,omitempty"` // every seller's orders: search takes buyers' emails too
}

// Localize renders every row's messages.
func (r *SellerListResult) Localize(t apperr.Translator) {
	for i := range r.List {
		r.List[i].Localize(t)
	}
}

// SellerList pages through the orders of the actor's identities, newest
// first. Orders a buyer deleted stay listed: the seller still owes or
// keeps the record.
func (s *Service) SellerList(ctx context.Context, a Actor, q SellerQuery) (*SellerListResult, error) {
	if q.PageSize <= 0 {
		q.PageSize = 20
	}
	if q.Page <= 0 {
		q.Page = 1
	}
	if q.Page > 10_000 || q.PageSize > 50 {
		return nil, apperr.Invalid("page", "FormatError", "PageSizeInvalid", "max", "50")
	}
	search := strings.TrimSpace(q.Search)
	if len(search) > 254 || !strings.Contains(search, "@") && len(search) > 32 {
		return nil, apperr.Invalid("search", "FormatError", "OrderSearchTooLong", "max", "32")
	}
	sc, err := s.scope(ctx, a)
	if err != nil {
		return nil, err
	}
	byEmail := sc.All && strings.Contains(search, "@")
	query := s.db.Order.Query().Where(sc.where()...)
	if q.Status != 0 {
		group, ok := sellerGroups[q.Status]
		if !ok {
			return nil, apperr.Invalid("status", "FormatError", "OrderFilterUnknown")
		}
		query = query.Where(order.StatusIn(group...))
	}
	switch {
	case byEmail:
		ids, err := s.buyerEmails(ctx, search)
		if err != nil {
			return nil, err
		}
		query = query.Where(order.UserIDIn(ids...))
	case search != "":
		query = query.Where(order.NumberContains(strings.ToUpper(search)))
	}
	total, err := query.Clone().Count(ctx)
	if err != nil {
		return nil, fmt.Errorf("order: seller count: %w", err)
	}
	rows, err := withDetail(query).Order(ent.Desc(order.FieldCreatedAt), ent.Desc(order.FieldID)).
		Offset((q.Page - 1) * q.PageSize).Limit(q.PageSize + 1).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("order: seller list: %w", err)
	}
	res := &SellerListResult{HasNext: len(rows) > q.PageSize, Total: total, List: []SellerRow{}, Admin: sc.All}
	if res.HasNext {
		rows = rows[:q.PageSize]
	}
	views, err := s.views(ctx, s.db, rows)
	if err != nil {
		return nil, err
	}
	buyers := map[int]string{}
	if sc.All { // admins see whose order it is
		ids := make([]int, len(rows))
		for i, o := range rows {
			ids[i] = o.UserID
		}
		us, err := s.db.User.Query().Where(user.IDIn(ids...)).All(ctx)
		if err != nil {
			return nil, fmt.Errorf("order: buyers: %w", err)
		}
		for _, u := range us {
			if u.Email != nil {
				buyers[u.ID] = *u.Email
			}
		}
	}
	for i, v := range views {
		res.List = append(res.List, SellerRow{View: v, Seller: sellerActionsFor(rows[i]), Buyer: buyers[rows[i].UserID]})
	}
	return res, nil
}

// sellerMove runs one seller change on a fresh copy of the order inside a
// transaction, then mails and answers the seller's view.
func (s *Service) sellerMove(ctx context.Context, a Actor, number string, fn func(tx *ent.Tx, o *ent.Order) (changed, error)) (*SellerView, error) {
	o, err := s.sellerOrder(ctx, a, number)
	if err != nil {
		return nil, err
	}
	var c changed
	err = store.InTx(ctx, s.db, func(tx *ent.Tx) error {
		fresh, err := tx.Order.Get(ctx, o.ID)
		if err != nil {
			return err
		}
		c, err = fn(tx, fresh)
		return err
	})
	if err != nil {
		return nil, err
	}
	s.after(ctx, c)
	return s.sellerDetailAs(ctx, a, o.ID)
}

// now is the service clock, in UTC.
func (s *Service) now() time.Time { return s.opts.Now().UTC() }

// Package cart keeps shoppers' carts: adding with the right selection
// (SPEC §4, §5), idempotent by requestId, quantities within the minimum
// order quantity and the stock, and prices computed by the server.
package cart

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"sort"
	"strings"

	"souk/app/apperr"
	"souk/app/catalog"
	"souk/app/store"
	"souk/ent"
	"souk/ent/cartline"
	"souk/ent/cartrequest"
	"souk/ent/goods"
	"souk/ent/scenariolabel"
	"souk/ent/schema"
	"souk/ent/user"
)

// MaxQuantity bounds one line.
const MaxQuantity = 9999

// Service is the cart service.
type Service struct {
	db  *ent.Client
	cat *catalog.Service
	// OnAdd is told, after commit, of each add that put pieces of goods in
	// a cart (not of a repeated request): a signal for trending goods.
	OnAdd func(ctx context.Context, goodsID int)
}

// New makes the service.
func New(db *ent.Client, cat *catalog.Service) *Service { return &Service{db: db, cat: cat} }

// AddInput is shoppingIncrRP {requestId, treId, skuId, scenarioOptions, scenarioAttrsUid}.
type AddInput struct {
	RequestID        string
	TreID            string
	SkuID            string
	Options          []schema.ScenarioChoice
	ScenarioAttrsUID string
}

// AddResult says what an add did: incr is how many pieces were added (0
// when the request was already done).
type AddResult struct {
	Incr     int    `json:"incr"`
	LineID   string `json:"lineId"`
	Quantity int    `json:"quantity"`
	CartQty  int    `json:"shoppingQuantity"`
}

// Add puts a goods configuration in the user's cart, or adds to its line.
func (s *Service) Add(ctx context.Context, userID int, in AddInput) (*AddResult, error) {
	if in.RequestID == "" || len(in.RequestID) > 64 {
		return nil, apperr.Invalid("requestId", "IncorrectEntry", "RequestIdInvalid")
	}
	g, err := s.db.Goods.Query().Where(goods.UIDEQ(in.TreID), catalog.Listed()).WithSkus().WithAttrs().
		WithLabels(func(q *ent.ScenarioLabelQuery) { q.WithOptions().Order(ent.Asc(scenariolabel.FieldPosition)) }).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, apperr.New(apperr.NotFound, "GoodsNotFound")
	}
	if err != nil {
		return nil, fmt.Errorf("cart: load goods: %w", err)
	}
	sku, err := checkSelection(g, in)
	if err != nil {
		return nil, err
	}
	var res *AddResult
	err = store.InTx(ctx, s.db, func(tx *ent.Tx) error {
		var err error
		res, err = s.add(ctx, tx, userID, g, sku, in)
		return err
	})
	if err != nil && ent.IsConstraintError(err) {
		return s.replay(ctx, userID, in.RequestID) // the same request won a race a moment ago
	}
	if err != nil {
		return nil, err
	}
	if res.Incr > 0 && s.OnAdd != nil {
		s.OnAdd(ctx, g.ID)
	}
	res.CartQty, err = s.Count(ctx, userID)
	return res, err
}

func (s *Service) add(ctx context.Context, tx *ent.Tx, userID int, g *ent.Goods, sku *ent.Sku, in AddInput) (*AddResult, error) {
	done, err := tx.CartRequest.Query().Where(cartrequest.UserIDEQ(userID), cartrequest.RequestIDEQ(in.RequestID)).Only(ctx)
	if err == nil {
		l, err := tx.CartLine.Query().Where(cartline.UIDEQ(done.LineUID)).Only(ctx)
		if err != nil {
			return &AddResult{LineID: done.LineUID}, nil
		}
		return &AddResult{LineID: l.UID, Quantity: l.Quantity}, nil
	}
	if !ent.IsNotFound(err) {
		return nil, fmt.Errorf("cart: find request: %w", err)
	}
	key := lineKey(g.UID, sku, in.Options)
	line, err := tx.CartLine.Query().Where(cartline.LineKeyEQ(key), cartline.HasUserWith(user.IDEQ(userID))).Only(ctx)
	if err != nil && !ent.IsNotFound(err) {
		return nil, fmt.Errorf("cart: find line: %w", err)
	}
	minQty := max(g.MinQty, 1)
	qty, incr := minQty, minQty
	if line != nil {
		qty, incr = line.Quantity+1, 1
	}
	if err := checkQuantity(g, sku, qty); err != nil {
		return nil, err
	}
	if line == nil {
		c := tx.CartLine.Create().SetUID(newUID()).SetLineKey(key).SetUserID(userID).SetGoodsID(g.ID).
			SetQuantity(qty).SetOptions(in.Options).SetScenarioAttrsUID(in.ScenarioAttrsUID)
		if sku != nil {
			c.SetSkuUID(sku.UID)
		}
		if line, err = c.Save(ctx); err != nil {
			return nil, err
		}
	} else if line, err = tx.CartLine.UpdateOneID(line.ID).SetQuantity(qty).SetSelected(true).Save(ctx); err != nil {
		return nil, fmt.Errorf("cart: raise quantity: %w", err)
	}
	if err := tx.CartRequest.Create().SetUserID(userID).SetRequestID(in.RequestID).SetLineUID(line.UID).Exec(ctx); err != nil {
		return nil, err // a constraint error: the same request is being added right now
	}
	return &AddResult{Incr: incr, LineID: line.UID, Quantity: line.Quantity}, nil
}

// replay answers a request that was already done, as it was.
func (s *Service) replay(ctx context.Context, userID int, requestID string) (*AddResult, error) {
	done, err := s.db.CartRequest.Query().Where(cartrequest.UserIDEQ(userID), cartrequest.RequestIDEQ(requestID)).Only(ctx)
	if err != nil {
		return nil, apperr.New(apperr.Conflict, "CartChangedTryAgain")
	}
	res := &AddResult{LineID: done.LineUID}
	if l, err := s.db.CartLine.Query().Where(cartline.UIDEQ(done.LineUID)).Only(ctx); err == nil {
		res.Quantity = l.Quantity
	}
	res.CartQty, err = s.Count(ctx, userID)
	return res, err
}

// Count is how many pieces the user's cart holds (the badge).
func (s *Service) Count(ctx context.Context, userID int) (int, error) {
	lines, err := s.db.CartLine.Query().Where(cartline.HasUserWith(user.IDEQ(userID))).All(ctx)
	if err != nil {
		return 0, fmt.Errorf("cart: count: %w", err)
	}
	n := 0
	for _, l := range lines {
		n += l.Quantity
	}
	return n, nil
}

// lineKey names a configuration: goods, sku, and the options in order.
func lineKey(treID string, sku *ent.Sku, opts []schema.ScenarioChoice) string {
	parts := []string{treID}
	if sku != nil {
		parts = append(parts, sku.UID)
	}
	sorted := append([]schema.ScenarioChoice(nil), opts...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].LabelID < sorted[j].LabelID })
	for _, o := range sorted {
		p := fmt.Sprintf("%d:%d", o.LabelID, o.OptionID)
		keys := make([]string, 0, len(o.SizeData))
		for k := range o.SizeData {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			p += fmt.Sprintf(",%s=%d", k, o.SizeData[k])
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, "|")
}

func newUID() string {
	b := make([]byte, 9)
	_, _ = rand.Read(b)
	return "cl" + hex.EncodeToString(b)
}

package order

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"souk/app/apperr"
	"souk/app/cart"
	"souk/app/catalog"
	"souk/app/payment"
	"souk/ent"
	"souk/ent/creationversion"
	"souk/ent/goods"
	"souk/ent/identity"
	"souk/ent/makelinequote"
	"souk/ent/scenariolabel"
	"souk/ent/schema"
)

// Make-line orders (SPEC makeline/{uid}; order/preMakeLineData,
// order/getPreMakeLineUid, order/makeLineOrderData): one piece, made by a
// Maker identity, of either a creation version (its goods with the options
// chosen) or a made-to-measure dress (custom size chosen).
//
//	MakeLinePrice ── FixMakeLine (a stored quote, expires) ── PlaceMakeLine
//	(claims the quote, one payment and one order through the usual
//	checkout) ── Pay (pay.go) ── Paid ── maker accepts in time, or declines,
//	or lets it expire (refunded) ── InProduction ── Shipped
//
// The price is the server's: base price, options, custom size surcharge
// and shipping, fixed in the quote; the client names only the quote's uid.

// Make-line limits.
const (
	MaxMakers          = 20  // makers offered for one piece
	MakeLineQuotesHour = 120 // quotes one user may fix an hour
	DefaultQuoteTTL    = 30 * time.Minute
	DefaultRespond     = 48 * time.Hour
)

// MakeLineAsk is what the shopper wants made.
type MakeLineAsk struct {
	TreID      string                  // a made-to-measure dress (without VersionUID)
	VersionUID string                  // a creation version (createVUid)
	SkuID      string                  // the sku, when the goods have attributes
	Options    []schema.ScenarioChoice // one option of every label; sizeData for custom size
	MakerUID   string                  // empty: the default maker
	AddressID  string                  // the address to show; empty: the default
}

// Maker is a maker the shopper may choose.
type Maker struct {
	UID     string `json:"uid"`
	Name    string `json:"name"`
	Country string `json:"country"`
}

// MakeLinePrice answers order/preMakeLineData (and, with a uid, is the
// fixed quote of order/getPreMakeLineUid).
type MakeLinePrice struct {
	UID           string                  `json:"uid,omitempty"`
	ExpiresAt     *time.Time              `json:"expiresAt,omitempty"`
	TreID         string                  `json:"treId"`
	VersionUID    string                  `json:"createVUid,omitempty"`
	Name          string                  `json:"name"`
	ImageURL      string                  `json:"imageUrl"`
	SkuID         string                  `json:"skuId"`
	Options       []schema.ScenarioChoice `json:"options"`
	Base          catalog.Price           `json:"basePrice"`
	OptionsPrice  catalog.Price           `json:"optionsPrice"`
	SizeSurcharge catalog.Price           `json:"customSizePrice"`
	Unit          catalog.Price           `json:"unitPrice"`
	Shipping      catalog.Price           `json:"shipping"`
	Total         catalog.Price           `json:"total"`
	Delivery      Delivery                `json:"delivery"`
	MakerUID      string                  `json:"makerUid"`
	Makers        []Maker                 `json:"makers"`
	RespondHours  int                     `json:"respondHours"` // how long the maker has to accept
	// Priced is false when nothing was chosen yet: then Goods holds what
	// there is to choose (skus, options, custom size) and no price is set.
	Priced bool           `json:"priced"`
	Goods  *catalog.Goods `json:"goods,omitempty"`
	// The buyer's address to deliver to (the default unless AddressID
	// chose one; nil when they have none) and how they may pay.
	Address    *AddressView `json:"address"`
	PayMethods []int        `json:"payMethods"`
}

// makeJob is an ask checked and priced.
type makeJob struct {
	g        *ent.Goods
	sku      *ent.Sku
	version  *ent.CreationVersion
	maker    *ent.Identity
	makers   []*ent.Identity
	opts     []schema.ScenarioChoice
	cur      string
	base     int64
	options  int64
	size     int64
	shipping int64
}

func (j *makeJob) unit() int64  { return j.base + j.options + j.size }
func (j *makeJob) total() int64 { return j.unit() + j.shipping }

// PreviewMakeLine prices what the shopper wants made (nothing is stored).
func (s *Service) PreviewMakeLine(ctx context.Context, userID int, ask MakeLineAsk, lang, cur string) (*MakeLinePrice, error) {
	var out *MakeLinePrice
	var err error
	if len(ask.Options) == 0 && ask.SkuID == "" {
		out, err = s.makeStart(ctx, userID, ask, lang, cur)
	} else {
		var j *makeJob
		if j, err = s.makeJob(ctx, userID, ask, cur); err == nil {
			out, err = s.makePrice(ctx, j, lang)
		}
	}
	if err != nil {
		return nil, err
	}
	return out, s.buying(ctx, userID, ask.AddressID, out)
}

// buying adds the buyer's address and the payment methods.
func (s *Service) buying(ctx context.Context, userID int, addressID string, out *MakeLinePrice) error {
	if len(addressID) > 64 || !printable(addressID) {
		return apperr.New(apperr.NotFound, "AddressNotFound")
	}
	a, err := chosenAddress(ctx, s.db, userID, addressID)
	if err != nil {
		return err
	}
	out.Address, out.PayMethods = addressView(a), payment.Methods
	return nil
}

// FixMakeLine prices the ask and stores the quote: from now on the client
// names only its uid, until it expires or an order claims it.
func (s *Service) FixMakeLine(ctx context.Context, userID int, ask MakeLineAsk, lang, cur string) (*MakeLinePrice, error) {
	now := s.opts.Now()
	n, err := s.db.MakeLineQuote.Query().Where(makelinequote.UserIDEQ(userID), makelinequote.CreatedAtGT(now.Add(-time.Hour))).Count(ctx)
	if err != nil {
		return nil, fmt.Errorf("order: count quotes: %w", err)
	}
	if n >= MakeLineQuotesHour {
		return nil, apperr.New(apperr.RateLimited, "MakeLineTooManyQuotes")
	}
	j, err := s.makeJob(ctx, userID, ask, cur)
	if err != nil {
		return nil, err
	}
	c := s.db.MakeLineQuote.Create().SetUID(newUID("ml")).SetUserID(userID).SetGoodsID(j.g.ID).SetMakerID(j.maker.ID).
		SetOptions(j.opts).SetCurrency(j.cur).SetBase(j.base).SetOptionsAmount(j.options).SetSizeAmount(j.size).
		SetShipping(j.shipping).SetTotal(j.total()).SetCreatedAt(now).SetExpiresAt(now.Add(s.opts.MakeLineQuoteTTL))
	if j.sku != nil {
		c.SetSkuUID(j.sku.UID)
	}
	if j.version != nil {
		c.SetVersionID(j.version.ID)
	}
	q, err := c.Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("order: fix quote: %w", err)
	}
	out, err := s.makePrice(ctx, j, lang)
	if err != nil {
		return nil, err
	}
	out.UID, out.ExpiresAt = q.UID, &q.ExpiresAt
	return out, s.buying(ctx, userID, ask.AddressID, out)
}

// MakeLineQuote is a fixed quote as its owner reads it again (the page
// after a reload): another user's quote is not found.
func (s *Service) MakeLineQuote(ctx context.Context, userID int, uid, addressID, lang string) (*MakeLinePrice, error) {
	q, err := s.ownQuote(ctx, userID, uid)
	if err != nil {
		return nil, err
	}
	j, err := s.quoteJob(ctx, q)
	if err != nil {
		return nil, err
	}
	out, err := s.makePrice(ctx, j, lang)
	if err != nil {
		return nil, err
	}
	out.UID, out.ExpiresAt = q.UID, &q.ExpiresAt
	return out, s.buying(ctx, userID, addressID, out)
}

// ownQuote finds the user's quote; a malformed uid or another user's quote
// is not found.
func (s *Service) ownQuote(ctx context.Context, userID int, uid string) (*ent.MakeLineQuote, error) {
	if uid == "" || len(uid) > 64 || !printable(uid) {
		return nil, apperr.New(apperr.NotFound, "MakeLineQuoteNotFound")
	}
	q, err := s.db.MakeLineQuote.Query().Where(makelinequote.UIDEQ(uid), makelinequote.UserIDEQ(userID)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, apperr.New(apperr.NotFound, "MakeLineQuoteNotFound")
	}
	if err != nil {
		return nil, fmt.Errorf("order: quote: %w", err)
	}
	return q, nil
}

// quoteJob rebuilds a stored quote's job with its stored amounts.
func (s *Service) quoteJob(ctx context.Context, q *ent.MakeLineQuote) (*makeJob, error) {
	g, err := makeGoods(s.db.Goods.Query().Where(goods.IDEQ(q.GoodsID))).Only(ctx)
	if err != nil {
		return nil, fmt.Errorf("order: quote goods: %w", err)
	}
	j := &makeJob{g: g, sku: cart.SkuOf(g, q.SkuUID), opts: q.Options, cur: q.Currency, base: q.Base,
		options: q.OptionsAmount, size: q.SizeAmount, shipping: q.Shipping}
	if q.VersionID != nil {
		if j.version, err = s.db.CreationVersion.Get(ctx, *q.VersionID); err != nil {
			return nil, fmt.Errorf("order: quote version: %w", err)
		}
	}
	if j.maker, err = s.db.Identity.Get(ctx, q.MakerID); err != nil {
		return nil, fmt.Errorf("order: quote maker: %w", err)
	}
	j.makers = []*ent.Identity{j.maker}
	return j, nil
}

func makeGoods(q *ent.GoodsQuery) *ent.GoodsQuery {
	return q.WithOwner().WithSkus().WithAttrs().WithRanges().WithPrices().
		WithLabels(func(l *ent.ScenarioLabelQuery) { l.WithOptions().Order(ent.Asc(scenariolabel.FieldPosition)) })
}

// makeJob checks an ask and prices it.
func (s *Service) makeJob(ctx context.Context, userID int, ask MakeLineAsk, cur string) (*makeJob, error) {
	if err := checkAskText(ask); err != nil {
		return nil, err
	}
	j := &makeJob{opts: ask.Options}
	var err error
	if j.g, j.version, err = s.makeTarget(ctx, userID, ask); err != nil {
		return nil, err
	}
	if j.sku, err = cart.CheckChoice(j.g, ask.SkuID, ask.Options); err != nil {
		return nil, err
	}
	if j.version == nil && !customSize(ask.Options) {
		return nil, apperr.Invalid("sizeData", "MeasureRequired", "MakeLineNeedsMeasures")
	}
	if j.makers, j.maker, err = s.chooseMaker(ctx, j.g, ask.MakerUID); err != nil {
		return nil, err
	}
	return j, s.priceJob(j, cur)
}

// checkAskText refuses malformed identifiers before any lookup.
func checkAskText(ask MakeLineAsk) error {
	for _, v := range []string{ask.TreID, ask.VersionUID, ask.SkuID, ask.MakerUID} {
		if len(v) > 64 || !utf8.ValidString(v) || strings.ContainsRune(v, 0) || !printable(v) {
			return apperr.Invalid("uid", "IncorrectEntry", "InvalidCharacters")
		}
	}
	if ask.TreID == "" && ask.VersionUID == "" {
		return apperr.Invalid("uid", "IncorrectEntry", "MakeLineNothingChosen")
	}
	if len(ask.Options) > 20 {
		return apperr.Invalid("scenarioOptions", "PSSp", "PSSp")
	}
	return nil
}

func customSize(opts []schema.ScenarioChoice) bool {
	for _, o := range opts {
		if o.LabelID == catalog.LabelSize && o.OptionID == catalog.CustomSizeOption {
			return true
		}
	}
	return false
}

// makeTarget finds the goods to make: a creation version's (the user's own,
// or one shared or published) or a dress offering a custom size.
func (s *Service) makeTarget(ctx context.Context, userID int, ask MakeLineAsk) (*ent.Goods, *ent.CreationVersion, error) {
	var v *ent.CreationVersion
	q := s.db.Goods.Query().Where(goods.UIDEQ(ask.TreID))
	if ask.VersionUID != "" {
		var err error
		v, err = s.db.CreationVersion.Query().Where(creationversion.UIDEQ(ask.VersionUID), creationversion.StatusEQ("done"),
			creationversion.Or(creationversion.UserIDEQ(userID), creationversion.SharedEQ(true), creationversion.DesignOfNotNil())).Only(ctx)
		if ent.IsNotFound(err) {
			return nil, nil, apperr.New(apperr.NotFound, "CreationNotFound")
		}
		if err != nil {
			return nil, nil, fmt.Errorf("order: make version: %w", err)
		}
		q = s.db.Goods.Query().Where(goods.IDEQ(v.GoodsID))
	}
	g, err := makeGoods(q.Where(catalog.Listed())).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, nil, apperr.New(apperr.NotFound, "GoodsNotFound")
	}
	if err != nil {
		return nil, nil, fmt.Errorf("order: make goods: %w", err)
	}
	if v == nil && g.Spe != 1 {
		return nil, nil, apperr.New(apperr.Conflict, "MakeLineNotMadeToMeasure")
	}
	return g, v, nil
}

// chooseMaker lists the makers (approved, public Maker identities with a
// user, best rated first) and picks the asked one; by default the goods'
// own owner when it is a maker, else the best rated maker of goods of the
// same kind and category, else the best rated.
func (s *Service) chooseMaker(ctx context.Context, g *ent.Goods, uid string) ([]*ent.Identity, *ent.Identity, error) {
	makers, err := s.db.Identity.Query().Where(identity.IdentityTypeEQ(catalog.IdentityMaker), identity.PublicEQ(true),
		identity.ReviewStatusEQ(2), identity.HasUser()).
		Order(ent.Desc(identity.FieldRating), ent.Asc(identity.FieldID)).Limit(MaxMakers).All(ctx)
	if err != nil {
		return nil, nil, fmt.Errorf("order: makers: %w", err)
	}
	if len(makers) == 0 {
		return nil, nil, apperr.New(apperr.Conflict, "MakeLineNoMaker")
	}
	if owner := g.Edges.Owner; uid == "" && owner != nil && owner.IdentityType == catalog.IdentityMaker {
		uid = owner.UID
	}
	if uid == "" { // a maker who makes goods of the kind (a dress maker for a dress), if any
		kind, err := s.db.Identity.Query().Where(identity.IDIn(identityIDs(makers)...),
			identity.HasGoodsWith(goods.SpeEQ(g.Spe), goods.CategoryEQ(g.Category))).
			Order(ent.Desc(identity.FieldRating), ent.Asc(identity.FieldID)).First(ctx)
		if err != nil && !ent.IsNotFound(err) {
			return nil, nil, fmt.Errorf("order: makers of the kind: %w", err)
		}
		if kind != nil {
			uid = kind.UID
		}
	}
	for _, m := range makers {
		if m.UID == uid {
			return makers, m, nil
		}
	}
	if uid != "" && (g.Edges.Owner == nil || uid != g.Edges.Owner.UID) {
		return nil, nil, apperr.Invalid("makerUid", "IncorrectEntry", "MakeLineMakerUnknown")
	}
	return makers, makers[0], nil
}

func identityIDs(rows []*ent.Identity) []int {
	ids := make([]int, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	return ids
}

// priceJob prices one piece: base, options, custom size and shipping.
func (s *Service) priceJob(j *makeJob, cur string) error {
	var size, rest []schema.ScenarioChoice
	for _, o := range j.opts {
		if o.LabelID == catalog.LabelSize && o.OptionID == catalog.CustomSizeOption {
			size = append(size, o)
		} else {
			rest = append(rest, o)
		}
	}
	base, c := s.cat.Unit(j.g, j.sku, nil, 1, cur)
	withRest, _ := s.cat.Unit(j.g, j.sku, rest, 1, c.Code)
	all, _ := s.cat.Unit(j.g, j.sku, j.opts, 1, c.Code)
	j.cur, j.base, j.options, j.size = c.Code, base, withRest-base, all-withRest
	var err error
	j.shipping, err = s.shipping(j.unit(), c.Code)
	return err
}

// makeStart answers an ask with nothing chosen yet: the goods to choose
// from, the makers and the delivery promise, without a price.
func (s *Service) makeStart(ctx context.Context, userID int, ask MakeLineAsk, lang, cur string) (*MakeLinePrice, error) {
	if err := checkAskText(ask); err != nil {
		return nil, err
	}
	g, v, err := s.makeTarget(ctx, userID, ask)
	if err != nil {
		return nil, err
	}
	detail, err := s.cat.Detail(ctx, catalog.Ref{TreID: g.UID}, lang, cur)
	if err != nil {
		return nil, err
	}
	j := &makeJob{g: g, version: v, cur: s.currency(cur).Code}
	if j.makers, j.maker, err = s.chooseMaker(ctx, g, ask.MakerUID); err != nil {
		return nil, err
	}
	out, err := s.makePrice(ctx, j, lang)
	if err != nil {
		return nil, err
	}
	out.Goods = detail
	return out, nil
}

// makePrice is the job as the page shows it.
func (s *Service) makePrice(ctx context.Context, j *makeJob, lang string) (*MakeLinePrice, error) {
	cards, err := s.cat.CardsByUID(ctx, []string{j.g.UID}, lang, j.cur)
	if err != nil {
		return nil, fmt.Errorf("order: make card: %w", err)
	}
	card := cards[j.g.UID]
	out := &MakeLinePrice{TreID: j.g.UID, Name: card.TreName.Txt, Options: orEmpty(j.opts),
		Base: s.cat.Money(j.base, j.cur), OptionsPrice: s.cat.Money(j.options, j.cur), SizeSurcharge: s.cat.Money(j.size, j.cur),
		Unit: s.cat.Money(j.unit(), j.cur), Shipping: s.cat.Money(j.shipping, j.cur), Total: s.cat.Money(j.total(), j.cur),
		Delivery: *deliveryOf(dressDelivery(s.opts.Now())),
		MakerUID: j.maker.UID, Makers: []Maker{}, RespondHours: int(s.opts.MakeLineRespond / time.Hour), Priced: j.base > 0}
	if card.TreImage != nil {
		out.ImageURL = card.TreImage.Small.URL
	}
	if j.sku != nil {
		out.SkuID = j.sku.UID
	}
	if v := j.version; v != nil {
		out.VersionUID = v.UID
		if len(v.Images) > 0 {
			out.ImageURL = v.Images[0].SmallURL
		}
	}
	for _, m := range j.makers {
		out.Makers = append(out.Makers, Maker{UID: m.UID, Name: m.Name, Country: m.Country})
	}
	return out, nil
}

package makeline

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"souk/app/apperr"
	"souk/app/cart"
	"souk/app/catalog"
	"souk/app/form"
	"souk/app/order"
	"souk/ent"
	"souk/ent/creationversion"
	"souk/ent/goods"
	"souk/ent/identity"
	"souk/ent/schema"
)

// What a make-line ask is checked against and how it is priced.

// makeJob checks an ask and prices it.
func (s *Service) makeJob(ctx context.Context, userID int, ask Ask, cur string) (*makeJob, error) {
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
func checkAskText(ask Ask) error {
	for _, v := range []string{ask.TreID, ask.VersionUID, ask.SkuID, ask.MakerUID} {
		if len(v) > 64 || !utf8.ValidString(v) || strings.ContainsRune(v, 0) || !form.Printable(v) {
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
func (s *Service) makeTarget(ctx context.Context, userID int, ask Ask) (*ent.Goods, *ent.CreationVersion, error) {
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
			return nil, nil, fmt.Errorf("makeline: make version: %w", err)
		}
		q = s.db.Goods.Query().Where(goods.IDEQ(v.GoodsID))
	}
	g, err := makeGoods(q.Where(catalog.Listed())).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, nil, apperr.New(apperr.NotFound, "GoodsNotFound")
	}
	if err != nil {
		return nil, nil, fmt.Errorf("makeline: make goods: %w", err)
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
		return nil, nil, fmt.Errorf("makeline: makers: %w", err)
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
			return nil, nil, fmt.Errorf("makeline: makers of the kind: %w", err)
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
	j.shipping, err = s.orders.Shipping(j.unit(), c.Code)
	return err
}

// makeStart answers an ask with nothing chosen yet: the goods to choose
// from, the makers and the delivery promise, without a price.
func (s *Service) makeStart(ctx context.Context, userID int, ask Ask, lang, cur string) (*Price, error) {
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
	j := &makeJob{g: g, version: v, cur: s.orders.Currency(cur).Code}
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
func (s *Service) makePrice(ctx context.Context, j *makeJob, lang string) (*Price, error) {
	cards, err := s.cat.CardsByUID(ctx, []string{j.g.UID}, lang, j.cur)
	if err != nil {
		return nil, fmt.Errorf("makeline: make card: %w", err)
	}
	card := cards[j.g.UID]
	out := &Price{TreID: j.g.UID, Name: card.TreName.Txt, Options: append([]schema.ScenarioChoice{}, j.opts...), // [] in JSON, never null
		Base: s.cat.Money(j.base, j.cur), OptionsPrice: s.cat.Money(j.options, j.cur), SizeSurcharge: s.cat.Money(j.size, j.cur),
		Unit: s.cat.Money(j.unit(), j.cur), Shipping: s.cat.Money(j.shipping, j.cur), Total: s.cat.Money(j.total(), j.cur),
		Delivery: *order.DressDelivery(s.opts.Now()),
		MakerUID: j.maker.UID, Makers: []Maker{}, RespondHours: int(s.orders.MakerRespond() / time.Hour), Priced: j.base > 0}
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

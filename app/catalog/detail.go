package catalog

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"souk/app/apperr"
	"souk/app/money"
	"souk/ent"
	"souk/ent/goods"
	"souk/ent/scenariolabel"
	"souk/ent/scenariooption"
)

// Ref names a goods item: its public id, or a legacy numeric id.
type Ref struct {
	TreID string
	OldID int64
}

// ParseRef reads the treId path segment: digits are an old id (SPEC §2),
// 0 means none.
func ParseRef(treID string) (Ref, error) {
	treID = strings.TrimSpace(treID)
	if treID == "" || treID == "0" {
		return Ref{}, apperr.New(apperr.NotFound, "GoodsNotFound")
	}
	if n, err := strconv.ParseInt(treID, 10, 64); err == nil {
		if n <= 0 {
			return Ref{}, apperr.New(apperr.NotFound, "GoodsNotFound")
		}
		return Ref{OldID: n}, nil
	}
	if len(treID) > 64 {
		return Ref{}, apperr.Invalid("treId", "FormatError", "GoodsIdInvalid")
	}
	return Ref{TreID: treID}, nil
}

func (r Ref) predicate() func(*ent.GoodsQuery) *ent.GoodsQuery {
	return func(q *ent.GoodsQuery) *ent.GoodsQuery {
		q = q.Where(Listed()) // a deleted item's page is gone
		if r.OldID > 0 {
			return q.Where(goods.OldIDEQ(r.OldID))
		}
		return q.Where(goods.UIDEQ(r.TreID))
	}
}

// Detail loads the full goods item in lang, prices in currency code cur.
func (s *Service) Detail(ctx context.Context, ref Ref, lang, cur string) (*Goods, error) {
	q := ref.predicate()(s.db.Goods.Query()).
		WithOwner().WithImages().WithPrices().WithRanges().WithAttrs().WithSkus().
		WithLabels(func(q *ent.ScenarioLabelQuery) {
			q.Order(ent.Asc(scenariolabel.FieldPosition)).
				WithOptions(func(o *ent.ScenarioOptionQuery) { o.Order(ent.Asc(scenariooption.FieldPosition)) })
		})
	g, err := q.Where(goods.LiveEQ(true)).Only(ctx) // an item never approved has no public page
	if ent.IsNotFound(err) {
		return nil, apperr.New(apperr.NotFound, "GoodsNotFound")
	}
	if err != nil {
		return nil, fmt.Errorf("catalog: load goods %+v: %w", ref, err)
	}
	currency := s.currencyOrDefault(cur)
	texts, err := loadTexts(ctx, s.db, KindGoods, []int{g.ID})
	if err != nil {
		return nil, err
	}
	out := &Goods{Card: s.card(g, texts, lang, currency)}
	s.fillDetail(out, g, texts, lang)
	if err := s.fillSkus(ctx, out, g, lang, currency); err != nil {
		return nil, err
	}
	if err := s.fillLabels(ctx, out, g, lang, currency); err != nil {
		return nil, err
	}
	return out, nil
}

func (s *Service) currencyOrDefault(code string) money.Currency {
	if c, ok := s.Currency(code); ok {
		return c
	}
	c, _ := s.Currency("USD")
	return c
}

func (s *Service) fillDetail(out *Goods, g *ent.Goods, texts textSet, lang string) {
	if g.OldID != nil {
		out.OldID = *g.OldID
	}
	out.TreType, out.ApproveStatus = g.TreType, g.ApproveStatus
	out.Brief = texts.pick(g.ID, "brief", lang, g.MainLan)
	out.IntroHTML = texts.pick(g.ID, "intro", lang, g.MainLan)
	out.Description = out.Brief.Txt
	out.RatingCount, out.BestRating, out.CommentCount, out.Sales = g.RatingCount, g.BestRating, g.CommentCount, g.Sales
	out.SkuTag, out.UseScenarioLabel, out.MainLan, out.Category = g.SkuTag, g.UseScenarioLabel, g.MainLan, g.Category
	out.UpdatedAt = g.UpdatedAt.UnixMilli()
	out.TestResults = []TestResult{}
	for _, id := range g.TestResults {
		out.TestResults = append(out.TestResults, TestResult{TestID: id})
	}
	out.AIGenModels = []AIGenModel{}
	for _, m := range g.AiGenModels {
		out.AIGenModels = append(out.AIGenModels, AIGenModel(m))
	}
	out.TreImages = images(g.Edges.Images)
	out.IntroAttrs = []IntroAttr{}
	for i := 0; ; i++ {
		k := texts.pick(g.ID, fmt.Sprintf("attr.%d.k", i), lang, g.MainLan)
		if k.Txt == "" {
			break
		}
		out.IntroAttrs = append(out.IntroAttrs, IntroAttr{K: k, V: texts.pick(g.ID, fmt.Sprintf("attr.%d.v", i), lang, g.MainLan)})
	}
	if o := g.Edges.Owner; o != nil {
		out.Owner = OwnerRef{UID: o.UID, Name: o.Name, IdentityType: o.IdentityType, AvatarURL: o.AvatarURL}
	}
}

func images(rows []*ent.GoodsImage) []Image {
	sort.Slice(rows, func(i, j int) bool { return rows[i].Position < rows[j].Position })
	out := make([]Image, 0, len(rows))
	for _, im := range rows {
		out = append(out, Image{ID: im.UID, Image: imageSet(im)})
	}
	return out
}

func imageSet(im *ent.GoodsImage) ImageSet {
	return ImageSet{
		Large: Thumb{URL: im.LargeURL, Width: im.LargeW, Height: im.LargeH},
		Small: Thumb{URL: im.SmallURL, Width: im.SmallW, Height: im.SmallH},
		Tiny:  Thumb{URL: im.TinyURL, Width: im.TinyW, Height: im.TinyH},
	}
}

func (s *Service) fillSkus(ctx context.Context, out *Goods, g *ent.Goods, lang string, cur money.Currency) error {
	attrs := g.Edges.Attrs
	sort.Slice(attrs, func(i, j int) bool {
		if attrs[i].GroupNo != attrs[j].GroupNo {
			return attrs[i].GroupNo < attrs[j].GroupNo
		}
		return attrs[i].Position < attrs[j].Position
	})
	ids := make([]int, len(attrs))
	for i, a := range attrs {
		ids[i] = a.ID
	}
	texts, err := loadTexts(ctx, s.db, KindAttr, ids, lang, g.MainLan, "en")
	if err != nil {
		return err
	}
	mod := SkuModule{GroupNames: []Txt{}, Attrs: [][]Attr{}, Skus: map[string]SkuView{}}
	for _, a := range attrs {
		for len(mod.Attrs) < a.GroupNo {
			mod.Attrs = append(mod.Attrs, []Attr{})
			mod.GroupNames = append(mod.GroupNames, texts.pick(a.ID, "group", lang, g.MainLan))
		}
		mod.Attrs[a.GroupNo-1] = append(mod.Attrs[a.GroupNo-1], Attr{ID: a.UID, Name: texts.pick(a.ID, "name", lang, g.MainLan), ImgID: a.ImgUID})
	}
	c := s.payCurrency(g, cur.Code)
	for _, k := range g.Edges.Skus {
		tiers := s.tiers(g, k, c)
		mod.Skus[k.AttrKey] = SkuView{ID: k.UID, Prices: tiers[0].Prices, Tiers: tiers, ImgID: k.ImgUID, Stock: k.Stock}
	}
	out.SkuModule = mod
	out.Tiers = s.tiers(g, nil, c)
	return nil
}

func (s *Service) fillLabels(ctx context.Context, out *Goods, g *ent.Goods, lang string, cur money.Currency) error {
	var labelIDs, optIDs []int
	for _, l := range g.Edges.Labels {
		labelIDs = append(labelIDs, l.ID)
		for _, o := range l.Edges.Options {
			optIDs = append(optIDs, o.ID)
		}
	}
	lt, err := loadTexts(ctx, s.db, KindLabel, labelIDs, lang, g.MainLan, "en")
	if err != nil {
		return err
	}
	ot, err := loadTexts(ctx, s.db, KindOption, optIDs, lang, g.MainLan, "en")
	if err != nil {
		return err
	}
	out.ScenarioLabels = []ScenarioLabel{}
	for _, l := range g.Edges.Labels {
		sl := ScenarioLabel{LabelID: l.LabelID, LabelName: lt.pick(l.ID, "name", lang, g.MainLan), Values: []ScenarioValue{}}
		for _, o := range l.Edges.Options {
			sl.Values = append(sl.Values, ScenarioValue{
				ID: o.OptionID, Name: ot.pick(o.ID, "name", lang, g.MainLan),
				AddPrice: []Price{s.optionPrice(g, o, cur)}, Swatch: o.Swatch,
			})
		}
		out.ScenarioLabels = append(out.ScenarioLabels, sl)
	}
	return nil
}

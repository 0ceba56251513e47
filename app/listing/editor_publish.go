package listing

import (
	"context"
	"fmt"
	"path"
	"regexp"
	"strconv"
	"strings"

	"souk/app/catalog"
	"souk/app/form"
	"souk/app/review"
	"souk/ent"
	"souk/ent/goodsimage"
	"souk/ent/goodsprice"
	"souk/ent/pricerange"
	"souk/ent/scenariolabel"
	"souk/ent/scenariooption"
	"souk/ent/sku"
	"souk/ent/skuattr"
	"souk/ent/text"
)

func editorList(v form.Values, key string) []map[string]any {
	l, _ := v[key].([]any)
	out := make([]map[string]any, 0, len(l))
	for _, x := range l {
		if m, ok := x.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

func editorStr(v any) string { s, _ := v.(string); return s }

func (e *Editor) editorDigits(code string) int {
	if c, ok := e.cat.Currency(code); ok {
		return c.Digits
	}
	return 2
}

func (e *Editor) editorAmount(v any, digits int) int64 {
	n, _ := editorMinor(v, digits)
	return n
}

// editorSkuKeys gives each sku of v its attribute key ('id1' or 'id1,id2').
func editorSkuKeys(v form.Values) map[string]string {
	groups := editorList(v, "attrs")
	out := map[string]string{}
	for _, s := range editorList(v, "skus") {
		a, _ := s["a"].([]any)
		var parts []string
		for g, x := range a {
			i, _ := editorInt(x)
			if g < len(groups) {
				vals, _ := groups[g]["values"].([]any)
				if i >= 0 && i < len(vals) {
					vm, _ := vals[i].(map[string]any)
					parts = append(parts, editorStr(vm["id"]))
				}
			}
		}
		out[editorStr(s["id"])] = strings.Join(parts, ",")
	}
	return out
}

// editorApplyPrices writes what applies at once: price type, prices per
// currency, ranges, minimum quantity, stock, and the price and stock of
// the skus the live item already has (by id and combination). all also
// writes the skus themselves (a first publish).
func (e *Editor) editorApplyPrices(ctx context.Context, tx *ent.Tx, g *ent.Goods, v form.Values, all bool) error {
	prices := editorList(v, "prices")
	if len(prices) == 0 {
		return nil
	}
	base := editorStr(prices[0]["c"])
	digits := e.editorDigits(base)
	pt, _ := strconv.Atoi(editorStr(v["priceType"]))
	minQty, _ := editorInt(v["minQty"])
	stock, _ := editorInt(v["stock"])
	err := tx.Goods.UpdateOneID(g.ID).SetCurrency(base).SetPrice(e.editorAmount(prices[0]["amount"], digits)).
		SetPriceCalType(pt).SetMinQty(max(minQty, 1)).SetStock(max(stock, 0)).AddVersion(1).Exec(ctx)
	if err != nil {
		return fmt.Errorf("listing: prices: %w", err)
	}
	if _, err := tx.GoodsPrice.Delete().Where(goodsprice.HasGoodsWith(editorGoodsID(g.ID))).Exec(ctx); err != nil {
		return fmt.Errorf("listing: clear prices: %w", err)
	}
	for _, p := range prices[1:] {
		c := editorStr(p["c"])
		if err := tx.GoodsPrice.Create().SetGoodsID(g.ID).SetCurrency(c).SetAmount(e.editorAmount(p["amount"], e.editorDigits(c))).Exec(ctx); err != nil {
			return fmt.Errorf("listing: price: %w", err)
		}
	}
	if _, err := tx.PriceRange.Delete().Where(pricerange.HasGoodsWith(editorGoodsID(g.ID))).Exec(ctx); err != nil {
		return fmt.Errorf("listing: clear ranges: %w", err)
	}
	for _, r := range editorList(v, "ranges") {
		q, _ := editorInt(r["startQty"])
		if err := tx.PriceRange.Create().SetGoodsID(g.ID).SetStartQty(q).SetAmount(e.editorAmount(r["amount"], digits)).Exec(ctx); err != nil {
			return fmt.Errorf("listing: range: %w", err)
		}
	}
	if all {
		return nil
	}
	keys := editorSkuKeys(v)
	for _, s := range editorList(v, "skus") {
		id := editorStr(s["id"])
		st, _ := editorInt(s["stock"])
		_, err := tx.Sku.Update().Where(sku.UIDEQ(id), sku.AttrKeyEQ(keys[id]), sku.HasGoodsWith(editorGoodsID(g.ID))).
			SetPrice(e.editorAmount(s["price"], digits)).SetStock(st).Save(ctx)
		if err != nil {
			return fmt.Errorf("listing: sku price: %w", err)
		}
	}
	return nil
}

// editorPublish makes the pending version of g live: texts in its main
// language, images, attribute groups, skus and scenario options. A first
// publish also writes prices and puts the item on sale; later ones leave
// prices and stock as they are (they applied at once), so stock sold
// meanwhile is not restored.
func (e *Editor) editorPublish(ctx context.Context, tx *ent.Tx, g *ent.Goods) error {
	v, lang := g.Pending, g.PendingLang
	if lang == "" {
		lang = g.MainLan
	}
	first := !g.Live
	bigType, _ := strconv.Atoi(editorStr(v["bigType"]))
	spe, _ := strconv.Atoi(editorStr(v["spe"]))
	up := tx.Goods.UpdateOneID(g.ID).SetBigType(max(bigType, 1)).SetSpe(spe).SetMainLan(lang).
		SetURI(editorSlug(editorStr(v["name"]))).SetUseScenarioLabel(len(editorList(v, "scenario")) > 0).
		SetLive(true).ClearPending().SetPendingLang("").ClearPendingTexts().ClearPendingMachine().SetApproveStatus(review.Pass).SetRejectReason("").
		ClearReviewerID().AddVersion(1)
	if first {
		up.SetSaleable(1)
	}
	// A change saved before goods had a category keeps the one it has.
	if c := editorStr(v["category"]); c != "" {
		up.SetCategory(c)
	}
	if extra := editorExtra(v); len(extra) > 0 {
		up.SetExtraValues(extra)
	} else {
		up.ClearExtraValues()
	}
	if err := up.Exec(ctx); err != nil {
		return fmt.Errorf("listing: publish: %w", err)
	}
	if err := e.editorPublishTexts(ctx, tx, g, v, lang); err != nil {
		return err
	}
	imgUID, err := e.editorPublishImages(ctx, tx, g, v)
	if err != nil {
		return err
	}
	if err := e.editorPublishSkus(ctx, tx, g, v, lang, imgUID, first); err != nil {
		return err
	}
	if err := e.editorPublishLabels(ctx, tx, g, v, lang); err != nil {
		return err
	}
	if err := litPublish(ctx, tx, g.ID, g.PendingTexts, g.PendingMachine, lang); err != nil {
		return err
	}
	if first {
		return e.editorApplyPrices(ctx, tx, g, v, true)
	}
	return nil
}

// editorExtra are the values of fields the built-in goods form lacks:
// fields an operator added (operations/EditForm), kept as they were passed.
func editorExtra(v form.Values) map[string]any {
	builtin := map[string]bool{}
	for _, fd := range editorGoodsForm.Fields {
		builtin[fd.Key] = true
	}
	out := map[string]any{}
	for k, x := range v {
		if !builtin[k] {
			out[k] = x
		}
	}
	return out
}

func editorSetText(ctx context.Context, tx *ent.Tx, kind string, id int, field, lang, txt string) error {
	return setText(ctx, tx, kind, id, field, lang, txt, false)
}

// setText writes one text row; machine says a translation engine made it
// (a person's text replacing it clears the mark).
func setText(ctx context.Context, tx *ent.Tx, kind string, id int, field, lang, txt string, machine bool) error {
	if txt == "" {
		return nil
	}
	return tx.Text.Create().SetOwnerKind(kind).SetOwnerID(id).SetField(field).SetLang(lang).SetTxt(txt).SetMachine(machine).
		OnConflictColumns(text.FieldOwnerKind, text.FieldOwnerID, text.FieldField, text.FieldLang).UpdateTxt().UpdateMachine().Exec(ctx)
}

func (e *Editor) editorPublishTexts(ctx context.Context, tx *ent.Tx, g *ent.Goods, v form.Values, lang string) error {
	// Other languages' intro attributes are translations by position: when
	// the main ones change, they would label the wrong rows, so they go
	// (the page shows the main language's until translated again).
	if moved, err := editorIntroChanged(ctx, tx, g.ID, v, lang); err != nil {
		return err
	} else if moved {
		if _, err := tx.Text.Delete().Where(text.OwnerKindEQ(catalog.KindGoods), text.OwnerIDEQ(g.ID), text.LangNEQ(lang),
			text.FieldHasPrefix("attr.")).Exec(ctx); err != nil {
			return fmt.Errorf("listing: clear intro translations: %w", err)
		}
	}
	// The main language's texts are replaced; other languages stay.
	_, err := tx.Text.Delete().Where(text.OwnerKindEQ(catalog.KindGoods), text.OwnerIDEQ(g.ID), text.LangEQ(lang),
		text.Or(text.FieldIn("name", "brief", "intro"), text.FieldHasPrefix("attr."))).Exec(ctx)
	if err != nil {
		return fmt.Errorf("listing: clear texts: %w", err)
	}
	for _, f := range []string{"name", "brief", "intro"} {
		if err := editorSetText(ctx, tx, catalog.KindGoods, g.ID, f, lang, editorStr(v[f])); err != nil {
			return fmt.Errorf("listing: text %s: %w", f, err)
		}
	}
	for i, p := range editorList(v, "introAttrs") {
		if err := editorSetText(ctx, tx, catalog.KindGoods, g.ID, fmt.Sprintf("attr.%d.k", i), lang, editorStr(p["k"])); err != nil {
			return fmt.Errorf("listing: intro attr: %w", err)
		}
		if err := editorSetText(ctx, tx, catalog.KindGoods, g.ID, fmt.Sprintf("attr.%d.v", i), lang, editorStr(p["v"])); err != nil {
			return fmt.Errorf("listing: intro attr: %w", err)
		}
	}
	return nil
}

// editorIntroChanged reports whether the main language's intro attributes
// of v differ from the live ones.
func editorIntroChanged(ctx context.Context, tx *ent.Tx, goodsID int, v form.Values, lang string) (bool, error) {
	rows, err := tx.Text.Query().Where(text.OwnerKindEQ(catalog.KindGoods), text.OwnerIDEQ(goodsID), text.LangEQ(lang),
		text.FieldHasPrefix("attr.")).All(ctx)
	if err != nil {
		return false, fmt.Errorf("listing: intro texts: %w", err)
	}
	live := map[string]string{}
	for _, r := range rows {
		live[r.Field] = r.Txt
	}
	next := map[string]string{}
	for i, p := range editorList(v, "introAttrs") {
		for _, kv := range []string{"k", "v"} {
			if s := editorStr(p[kv]); s != "" {
				next[fmt.Sprintf("attr.%d.%s", i, kv)] = s
			}
		}
	}
	if len(live) != len(next) {
		return true, nil
	}
	for f, s := range next {
		if live[f] != s {
			return true, nil
		}
	}
	return false, nil
}

var editorUploadID = regexp.MustCompile(`([0-9a-f]{32})-b\.jpg$`)

// editorPublishImages rewrites the pictures in their new order and answers
// each picture's uid by its large URL.
func (e *Editor) editorPublishImages(ctx context.Context, tx *ent.Tx, g *ent.Goods, v form.Values) (map[string]string, error) {
	old := map[string]*ent.GoodsImage{}
	for _, im := range g.Edges.Images {
		old[im.LargeURL] = im
	}
	if _, err := tx.GoodsImage.Delete().Where(goodsimage.HasGoodsWith(editorGoodsID(g.ID))).Exec(ctx); err != nil {
		return nil, fmt.Errorf("listing: clear images: %w", err)
	}
	crop := []int{360, 480, 900, 1200}
	if f, err := e.forms.Get(ctx, GoodsFormName); err == nil {
		for _, fd := range f.Fields {
			if fd.Key == "images" && len(fd.Crop) == 4 {
				crop = fd.Crop
			}
		}
	}
	uids := map[string]string{}
	list, _ := v["images"].([]any)
	for i, x := range list {
		url := editorStr(x)
		q := tx.GoodsImage.Create().SetGoodsID(g.ID).SetPosition(i)
		if im, ok := old[url]; ok {
			q.SetUID(im.UID).SetLargeURL(im.LargeURL).SetLargeW(im.LargeW).SetLargeH(im.LargeH).
				SetSmallURL(im.SmallURL).SetSmallW(im.SmallW).SetSmallH(im.SmallH).
				SetTinyURL(im.TinyURL).SetTinyW(im.TinyW).SetTinyH(im.TinyH)
			uids[url] = im.UID
		} else {
			m := editorUploadID.FindStringSubmatch(path.Base(url))
			if m == nil {
				continue // validated as an upload; cannot happen
			}
			small := strings.TrimSuffix(url, "-b.jpg") + "-s.jpg"
			uid := m[1] + g.UID // one upload may picture several items
			q.SetUID(uid).SetLargeURL(url).SetLargeW(crop[2]).SetLargeH(crop[3]).
				SetSmallURL(small).SetSmallW(crop[0]).SetSmallH(crop[1]).
				SetTinyURL(small).SetTinyW(crop[0]).SetTinyH(crop[1])
			uids[url] = uid
		}
		if err := q.Exec(ctx); err != nil {
			return nil, fmt.Errorf("listing: image: %w", err)
		}
	}
	return uids, nil
}

func (e *Editor) editorPublishSkus(ctx context.Context, tx *ent.Tx, g *ent.Goods, v form.Values, lang string, imgUID map[string]string, first bool) error {
	oldSku := map[string]*ent.Sku{}
	for _, s := range g.Edges.Skus {
		oldSku[s.UID] = s
	}
	var attrIDs []int
	attrKey := map[int]string{}
	for _, a := range g.Edges.Attrs {
		attrIDs = append(attrIDs, a.ID)
		attrKey[a.ID] = a.UID
	}
	// The other languages' names of values that stay (by id) are kept.
	kept, err := litKeep(ctx, tx, catalog.KindAttr, attrIDs, lang, attrKey)
	if err != nil {
		return err
	}
	if _, err := tx.Text.Delete().Where(text.OwnerKindEQ(catalog.KindAttr), text.OwnerIDIn(attrIDs...)).Exec(ctx); err != nil {
		return fmt.Errorf("listing: clear attr texts: %w", err)
	}
	if _, err := tx.SkuAttr.Delete().Where(skuattr.HasGoodsWith(editorGoodsID(g.ID))).Exec(ctx); err != nil {
		return fmt.Errorf("listing: clear attrs: %w", err)
	}
	if _, err := tx.Sku.Delete().Where(sku.HasGoodsWith(editorGoodsID(g.ID))).Exec(ctx); err != nil {
		return fmt.Errorf("listing: clear skus: %w", err)
	}
	attrImg := map[string]string{}
	for gi, grp := range editorList(v, "attrs") {
		vals, _ := grp["values"].([]any)
		for k, x := range vals {
			vm, _ := x.(map[string]any)
			id := editorStr(vm["id"])
			attrImg[id] = imgUID[editorStr(vm["img"])]
			a, err := tx.SkuAttr.Create().SetGoodsID(g.ID).SetUID(id).SetGroupNo(gi + 1).
				SetGroupName(editorStr(grp["name"])).SetPosition(k).SetImgUID(attrImg[id]).Save(ctx)
			if err != nil {
				return fmt.Errorf("listing: attr: %w", err)
			}
			if err := editorSetText(ctx, tx, catalog.KindAttr, a.ID, "name", lang, editorStr(vm["name"])); err != nil {
				return fmt.Errorf("listing: attr name: %w", err)
			}
			if err := editorSetText(ctx, tx, catalog.KindAttr, a.ID, "group", lang, editorStr(grp["name"])); err != nil {
				return fmt.Errorf("listing: attr group: %w", err)
			}
			if err := kept.restore(ctx, tx, catalog.KindAttr, id, a.ID); err != nil {
				return err
			}
		}
	}
	digits := e.editorDigits(g.Currency)
	if first {
		if p := editorList(v, "prices"); len(p) > 0 {
			digits = e.editorDigits(editorStr(p[0]["c"]))
		}
	}
	keys := editorSkuKeys(v)
	for _, s := range editorList(v, "skus") {
		id := editorStr(s["id"])
		price := e.editorAmount(s["price"], digits)
		stock, _ := editorInt(s["stock"])
		if o, ok := oldSku[id]; ok && !first { // price and stock applied at once: keep what sales made of them
			price, stock = o.Price, o.Stock
		}
		img := ""
		for _, part := range strings.Split(keys[id], ",") {
			if img == "" {
				img = attrImg[part]
			}
		}
		if err := tx.Sku.Create().SetGoodsID(g.ID).SetUID(id).SetAttrKey(keys[id]).SetImgUID(img).
			SetPrice(price).SetStock(stock).Exec(ctx); err != nil {
			return fmt.Errorf("listing: sku: %w", err)
		}
	}
	return nil
}

// Label names in English; translators of the item add other languages.
var editorLabelNames = map[int]string{catalog.LabelColour: "Colour", catalog.LabelSize: "Size"}

func (e *Editor) editorPublishLabels(ctx context.Context, tx *ent.Tx, g *ent.Goods, v form.Values, lang string) error {
	var labelIDs, optIDs []int
	optKey := map[int]string{}
	for _, l := range g.Edges.Labels {
		labelIDs = append(labelIDs, l.ID)
		for _, o := range l.Edges.Options {
			optIDs = append(optIDs, o.ID)
			optKey[o.ID] = fmt.Sprintf("%d.%d", l.LabelID, o.OptionID)
		}
	}
	kept, err := litKeep(ctx, tx, catalog.KindOption, optIDs, lang, optKey)
	if err != nil {
		return err
	}
	if _, err := tx.Text.Delete().Where(text.Or(text.And(text.OwnerKindEQ(catalog.KindOption), text.OwnerIDIn(optIDs...)),
		text.And(text.OwnerKindEQ(catalog.KindLabel), text.OwnerIDIn(labelIDs...)))).Exec(ctx); err != nil {
		return fmt.Errorf("listing: clear option texts: %w", err)
	}
	if _, err := tx.ScenarioOption.Delete().Where(scenariooption.HasLabelWith(scenariolabel.IDIn(labelIDs...))).Exec(ctx); err != nil {
		return fmt.Errorf("listing: clear options: %w", err)
	}
	if _, err := tx.ScenarioLabel.Delete().Where(scenariolabel.IDIn(labelIDs...)).Exec(ctx); err != nil {
		return fmt.Errorf("listing: clear labels: %w", err)
	}
	digits := e.editorDigits(g.Currency)
	if p := editorList(v, "prices"); len(p) > 0 && !g.Live {
		digits = e.editorDigits(editorStr(p[0]["c"]))
	}
	for i, l := range editorList(v, "scenario") {
		id, _ := editorInt(l["labelId"])
		row, err := tx.ScenarioLabel.Create().SetGoodsID(g.ID).SetLabelID(id).SetPosition(i).Save(ctx)
		if err != nil {
			return fmt.Errorf("listing: label: %w", err)
		}
		if err := editorSetText(ctx, tx, catalog.KindLabel, row.ID, "name", "en", editorLabelNames[id]); err != nil {
			return fmt.Errorf("listing: label name: %w", err)
		}
		opts, _ := l["options"].([]any)
		for k, x := range opts {
			om, _ := x.(map[string]any)
			oid, _ := editorInt(om["optionId"])
			o, err := tx.ScenarioOption.Create().SetLabelID(row.ID).SetOptionID(oid).SetPosition(k).
				SetAddPrice(e.editorAmount(om["addPrice"], digits)).SetSwatch(editorStr(om["swatch"])).Save(ctx)
			if err != nil {
				return fmt.Errorf("listing: option: %w", err)
			}
			name := editorStr(om["name"])
			if id == catalog.LabelSize {
				name = catalog.SizeLabel(oid)
				if oid == catalog.CustomSizeOption {
					name = "Custom size"
				}
			}
			if err := editorSetText(ctx, tx, catalog.KindOption, o.ID, "name", lang, name); err != nil {
				return fmt.Errorf("listing: option name: %w", err)
			}
			if err := kept.restore(ctx, tx, catalog.KindOption, fmt.Sprintf("%d.%d", id, oid), o.ID); err != nil {
				return err
			}
		}
	}
	return nil
}

var editorSlugRe = regexp.MustCompile(`[^\p{L}\p{N}]+`)

// editorSlug makes the /tredetail/{treId}/{suri} slug of a name.
func editorSlug(name string) string {
	s := strings.Trim(editorSlugRe.ReplaceAllString(strings.ToLower(name), "-"), "-")
	if r := []rune(s); len(r) > 60 {
		s = strings.Trim(string(r[:60]), "-")
	}
	return s
}

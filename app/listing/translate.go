package listing

import (
	"context"
	"fmt"
	"maps"
	"sort"
	"strings"

	"souk/app/apperr"
	"souk/app/catalog"
	"souk/app/form"
	"souk/app/review"
	"souk/app/store"
	"souk/ent"
	"souk/ent/goods"
	entid "souk/ent/identity"
	"souk/ent/text"
	"souk/ent/user"
)

// An item's owner writes its texts in the main language through the goods
// form, and any other language here, field by field (SPEC: tre/getMyTreLit/
// i18nOne). Field keys name what is translated:
//
//	name, brief, intro      the item's texts
//	attr.N.k, attr.N.v      the Nth intro attribute's name and value
//	g.N                     the name of attribute group N (1 or 2)
//	a.{attrUid}             the name of one attribute value
//	o.{labelId}.{optionId}  the name of a colour option
//
// A translation is a change of texts, so it waits for review like one (the
// live translation stays meanwhile); an empty text removes the field's
// translation, and the page falls back to the main language for it.

// LitField is one translatable field: the main language's text beside the
// translation (the waiting one when there is one).
type LitField struct {
	Key     string `json:"key"`
	Type    string `json:"type"`  // text, textarea or richtext
	Label   string `json:"label"` // a catalogue key
	MaxLen  int    `json:"maxLen"`
	Main    string `json:"main"`
	Txt     string `json:"txt"`
	Pending bool   `json:"pending"` // Txt waits for review
	Machine bool   `json:"machine"` // Txt was made by a translation engine
}

// Lit is i18nOne's answer: an item's texts in one language.
type Lit struct {
	TreID   string        `json:"treId"`
	Sid     string        `json:"sid"`
	MaLan   string        `json:"maLan"`
	LanCode string        `json:"lanCode"`
	Langs   []string      `json:"langs"` // languages the item has a name in, live or waiting
	Status  review.Status `json:"approveStatus"`
	Fields  []LitField    `json:"fields"`
}

// LitSave is one save of an item's texts in one language.
type LitSave struct {
	TreID, Sid, Lang string
	Texts            map[string]any
}

func litErrMainLang() error {
	return apperr.Invalid("lanCode", "FormNotInList", "LitIsMainLang")
}

// litFields are the translatable fields of the values v (the pending
// change, else the live version), with their main texts.
func litFields(f *form.Form, v form.Values) ([]LitField, *form.Form) {
	limit := map[string]int{"name": 120, "brief": 500, "intro": 5000, "introAttrs": 80}
	for _, fd := range f.Fields {
		if _, ok := limit[fd.Key]; ok && fd.MaxLen > 0 {
			limit[fd.Key] = fd.MaxLen
		}
	}
	var out []LitField
	add := func(key, typ, label, main string, max int) {
		if main != "" {
			out = append(out, LitField{Key: key, Type: typ, Label: label, MaxLen: max, Main: main})
		}
	}
	add("name", form.Text, "GoodsFormName", editorStr(v["name"]), limit["name"])
	add("brief", form.TextArea, "GoodsFormBrief", editorStr(v["brief"]), limit["brief"])
	add("intro", form.RichText, "GoodsFormIntro", editorStr(v["intro"]), limit["intro"])
	for i, p := range editorList(v, "introAttrs") {
		add(fmt.Sprintf("attr.%d.k", i), form.Text, "LitIntroKey", editorStr(p["k"]), limit["introAttrs"])
		add(fmt.Sprintf("attr.%d.v", i), form.Text, "LitIntroValue", editorStr(p["v"]), limit["introAttrs"])
	}
	for gi, grp := range editorList(v, "attrs") {
		add(fmt.Sprintf("g.%d", gi+1), form.Text, "LitGroup", editorStr(grp["name"]), 40)
		vals, _ := grp["values"].([]any)
		for _, x := range vals {
			vm, _ := x.(map[string]any)
			add("a."+editorStr(vm["id"]), form.Text, "LitValue", editorStr(vm["name"]), 40)
		}
	}
	for _, l := range editorList(v, "scenario") {
		if id, _ := editorInt(l["labelId"]); id == catalog.LabelColour {
			opts, _ := l["options"].([]any)
			for _, x := range opts {
				om, _ := x.(map[string]any)
				oid, _ := editorInt(om["optionId"])
				add(fmt.Sprintf("o.%d.%d", id, oid), form.Text, "LitColour", editorStr(om["name"]), 40)
			}
		}
	}
	def := &form.Form{Name: "goodsLit"}
	for _, lf := range out {
		def.Fields = append(def.Fields, form.Field{Key: lf.Key, Type: lf.Type, Label: lf.Label, MaxLen: lf.MaxLen})
	}
	return out, def
}

// litLoad is the caller's item with its current values and the sid check.
func (e *Editor) litLoad(ctx context.Context, db *ent.Client, userID int, treID, sid string) (*ent.Goods, *ent.Identity, form.Values, error) {
	seller, err := e.editorSeller(ctx, userID)
	if err != nil {
		return nil, nil, nil, err
	}
	if sid != "" && sid != seller.UID {
		return nil, nil, nil, apperr.New(apperr.Forbidden, "NotYourGoods")
	}
	g, err := e.editorOwned(ctx, db, seller, treID)
	if err != nil {
		return nil, nil, nil, err
	}
	v := g.Pending
	if v == nil {
		if v, err = e.editorLiveValues(ctx, db, g); err != nil {
			return nil, nil, nil, err
		}
	}
	return g, seller, v, nil
}

// litMain is the language the item's main texts are (or will be) in.
func litMain(g *ent.Goods) string {
	if g.Pending != nil && g.PendingLang != "" {
		return g.PendingLang
	}
	return g.MainLan
}

// Lit is i18nOne: the caller's item's texts in lang beside the main ones.
func (e *Editor) Lit(ctx context.Context, userID int, treID, lang string, t func(string) string) (*Lit, error) {
	g, seller, v, err := e.litLoad(ctx, e.db, userID, treID, "")
	if err != nil {
		return nil, err
	}
	if lang == "" {
		return nil, apperr.Invalid("lanCode", "FormNotInList", "LitUnknownLang")
	}
	if lang == litMain(g) {
		return nil, litErrMainLang()
	}
	f, err := e.forms.Get(ctx, GoodsFormName)
	if err != nil {
		return nil, err
	}
	fields, _ := litFields(f, v)
	live, liveMachine, err := e.litLive(ctx, e.db, g, lang)
	if err != nil {
		return nil, err
	}
	waiting, waitingMachine := g.PendingTexts[lang], litSet(g.PendingMachine[lang])
	for i := range fields {
		k := fields[i].Key
		fields[i].Txt, fields[i].Machine = live[k], liveMachine[k]
		if w, ok := waiting[k]; ok {
			fields[i].Txt, fields[i].Pending, fields[i].Machine = w, true, waitingMachine[k]
		}
	}
	langs, err := e.litLangs(ctx, g)
	if err != nil {
		return nil, err
	}
	return &Lit{TreID: g.UID, Sid: seller.UID, MaLan: litMain(g), LanCode: lang, Langs: langs,
		Status: review.Object(g.ApproveStatus, t), Fields: fields}, nil
}

// litLangs are the languages the item has a name in, live or waiting.
func (e *Editor) litLangs(ctx context.Context, g *ent.Goods) ([]string, error) {
	gt, err := editorTexts(ctx, e.db, catalog.KindGoods, []int{g.ID})
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{litMain(g): true}
	for l := range gt[g.ID]["name"] {
		seen[l] = true
	}
	for l, m := range g.PendingTexts {
		if m["name"] != "" {
			seen[l] = true
		} else if _, removed := m["name"]; removed {
			delete(seen, l)
		}
	}
	out := make([]string, 0, len(seen))
	for l := range seen {
		out = append(out, l)
	}
	sort.Strings(out)
	return out, nil
}

// SaveLit saves the caller's translations of one language: they wait for
// review on a live item (a draft keeps them until it is submitted), and an
// unchanged translation waits for nothing.
func (e *Editor) SaveLit(ctx context.Context, userID int, in LitSave, t func(string) string) (*Lit, error) {
	if in.Lang == "" {
		return nil, apperr.Invalid("lanCode", "FormNotInList", "LitUnknownLang")
	}
	f, err := e.forms.Get(ctx, GoodsFormName)
	if err != nil {
		return nil, err
	}
	err = store.InTx(ctx, e.db, func(tx *ent.Tx) error {
		// Claim the row before reading it: two tabs saving two languages at
		// once would otherwise each keep the other's waiting texts out.
		if len(in.TreID) <= 64 {
			err := tx.Goods.Update().Where(goods.UIDEQ(in.TreID), goods.HasOwnerWith(entid.HasUserWith(user.IDEQ(userID)))).
				AddVersion(0).Exec(ctx)
			if err != nil {
				return fmt.Errorf("listing: claim goods: %w", err)
			}
		}
		g, _, v, err := e.litLoad(ctx, tx.Client(), userID, in.TreID, in.Sid)
		if err != nil {
			return err
		}
		if in.Lang == litMain(g) {
			return litErrMainLang()
		}
		_, def := litFields(f, v)
		clean, err := form.Validate(def, in.Texts, "")
		if err != nil {
			return err
		}
		return e.litStore(ctx, tx, g, v, in.Lang, def, clean, nil)
	})
	if err != nil {
		return nil, err
	}
	return e.Lit(ctx, userID, in.TreID, in.Lang, t)
}

// litStore keeps what differs from the live translation as waiting, and
// sends the item to review when something waits. Nothing changes while an
// operator holds the item (Doing). made are the keys a translation engine
// wrote in this save; a waiting machine text saved again unchanged stays
// marked as machine-made, and any text a person changed loses the mark.
func (e *Editor) litStore(ctx context.Context, tx *ent.Tx, g *ent.Goods, v form.Values, lang string, def *form.Form, clean form.Values, made map[string]bool) error {
	live, _, err := e.litLive(ctx, tx.Client(), g, lang)
	if err != nil {
		return err
	}
	diff := map[string]string{}
	var machine []string
	wasMachine := litSet(g.PendingMachine[lang])
	for _, fd := range def.Fields {
		s, _ := clean[fd.Key].(string)
		if s != live[fd.Key] {
			diff[fd.Key] = s
			if made[fd.Key] || (wasMachine[fd.Key] && s == g.PendingTexts[lang][fd.Key]) {
				machine = append(machine, fd.Key)
			}
		}
	}
	all, allMachine := map[string]map[string]string{}, map[string][]string{}
	for l, m := range g.PendingTexts {
		if l != lang {
			all[l], allMachine[l] = m, g.PendingMachine[l]
		}
	}
	if len(diff) > 0 {
		all[lang] = diff
	}
	if len(machine) > 0 {
		allMachine[lang] = machine
	}
	maps.DeleteFunc(allMachine, func(_ string, keys []string) bool { return len(keys) == 0 })
	q := tx.Goods.Update().Where(goods.IDEQ(g.ID), goods.ApproveStatusNEQ(review.Doing))
	if len(all) == 0 {
		q.ClearPendingTexts()
	} else {
		q.SetPendingTexts(all)
	}
	if len(allMachine) == 0 {
		q.ClearPendingMachine()
	} else {
		q.SetPendingMachine(allMachine)
	}
	switch {
	case g.Live && len(diff) > 0 && g.ApproveStatus != review.None:
		// The change of the main texts, if any, goes with it; without one
		// the reviewer sees the live values beside the translation.
		if g.Pending == nil {
			q.SetPending(v).SetPendingLang(g.MainLan)
		}
		q.SetApproveStatus(review.Waiting).SetRejectReason("")
	case g.Live && len(all) == 0 && g.ApproveStatus == review.Waiting:
		// The translation went back to what is live: when no change of the
		// main texts waits either, nothing is left to review.
		live, err := e.editorLiveValues(ctx, tx.Client(), g)
		if err != nil {
			return err
		}
		if g.Pending == nil || (editorSame(g.Pending, live) && litMain(g) == g.MainLan) {
			q.ClearPending().SetPendingLang("").SetApproveStatus(review.Pass)
		}
	}
	n, err := q.Save(ctx)
	if err != nil {
		return fmt.Errorf("listing: save translation: %w", err)
	}
	if n == 0 {
		return editorErrInReview()
	}
	return nil
}

// litLive are the live texts of g in lang by field key, and which of
// them a translation engine made.
func (e *Editor) litLive(ctx context.Context, db *ent.Client, g *ent.Goods, lang string) (map[string]string, map[string]bool, error) {
	out, machine := map[string]string{}, map[string]bool{}
	put := func(key string, r *ent.Text) {
		if r != nil && r.Txt != "" {
			out[key], machine[key] = r.Txt, r.Machine
		}
	}
	gt, err := litRows(ctx, db, catalog.KindGoods, []int{g.ID}, lang)
	if err != nil {
		return nil, nil, err
	}
	for f, r := range gt[g.ID] {
		if f == "name" || f == "brief" || f == "intro" || strings.HasPrefix(f, "attr.") {
			put(f, r)
		}
	}
	var attrIDs, optIDs []int
	for _, a := range g.Edges.Attrs {
		attrIDs = append(attrIDs, a.ID)
	}
	optKey := map[int]string{}
	for _, l := range g.Edges.Labels {
		for _, o := range l.Edges.Options {
			optIDs = append(optIDs, o.ID)
			optKey[o.ID] = fmt.Sprintf("o.%d.%d", l.LabelID, o.OptionID)
		}
	}
	at, err := litRows(ctx, db, catalog.KindAttr, attrIDs, lang)
	if err != nil {
		return nil, nil, err
	}
	for _, a := range g.Edges.Attrs {
		put("a."+a.UID, at[a.ID]["name"])
		put(fmt.Sprintf("g.%d", a.GroupNo), at[a.ID]["group"])
	}
	ot, err := litRows(ctx, db, catalog.KindOption, optIDs, lang)
	if err != nil {
		return nil, nil, err
	}
	for id, key := range optKey {
		put(key, ot[id]["name"])
	}
	return out, machine, nil
}

// litRows are the text rows of the owners ids of kind in lang: owner →
// field → row.
func litRows(ctx context.Context, db *ent.Client, kind string, ids []int, lang string) (map[int]map[string]*ent.Text, error) {
	out := map[int]map[string]*ent.Text{}
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := db.Text.Query().Where(text.OwnerKindEQ(kind), text.OwnerIDIn(ids...), text.LangEQ(lang)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("listing: translation texts: %w", err)
	}
	for _, r := range rows {
		if out[r.OwnerID] == nil {
			out[r.OwnerID] = map[string]*ent.Text{}
		}
		out[r.OwnerID][r.Field] = r
	}
	return out, nil
}

// litSet is a list of field keys as a set.
func litSet(keys []string) map[string]bool {
	m := make(map[string]bool, len(keys))
	for _, k := range keys {
		m[k] = true
	}
	return m
}

package content

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"souk/app/apperr"
	"souk/app/catalog"
	"souk/app/form"
	"souk/ent"
	"souk/ent/category"
	"souk/ent/contentdoc"
	"souk/ent/goods"
)

// TextValue is a page's text (about, contact); Text is rich text.
type TextValue struct {
	Title string `json:"title"`
	Text  string `json:"text"`
}

// FAQValue is the dresses FAQ; answers are rich text.
type FAQValue struct {
	Entries []QA `json:"entries"`
}

// QA is one question and its answer.
type QA struct {
	Q string `json:"q"`
	A string `json:"a"`
}

// HotsValue lists the hots pages (hots/{uid}).
type HotsValue struct {
	Pages []HotsPage `json:"pages"`
}

// HotsPage is one hots page, a curated collection: its text, the goods it
// shows, and optionally a category whose trending goods follow them and
// the goods whose picture is its cover (else its first goods').
type HotsPage struct {
	UID      string   `json:"uid"`
	Title    string   `json:"title"`
	Text     string   `json:"text"`
	Goods    []string `json:"goods"`
	Category string   `json:"category,omitempty"`
	Cover    string   `json:"cover,omitempty"`
}

// FormValue is a form's field definitions.
type FormValue struct {
	Fields []form.Field `json:"fields"`
}

// emptyValue is the value of a document nobody wrote yet in a language.
func emptyValue(kind string) any {
	switch kind {
	case KindFAQ:
		return FAQValue{Entries: []QA{}}
	case KindHots:
		return HotsValue{Pages: []HotsPage{}}
	}
	return TextValue{}
}

// typed turns a stored payload into the kind's value.
func typed(kind string, payload map[string]any) (any, error) {
	raw, err := json.Marshal(payload)
	if err != nil {
		return nil, err
	}
	v := reflect.New(reflect.TypeOf(emptyValue(kind)))
	if err := json.Unmarshal(raw, v.Interface()); err != nil {
		return nil, fmt.Errorf("content: stored %s: %w", kind, err)
	}
	return v.Elem().Interface(), nil
}

// asPayload is a value as stored.
func asPayload(v any) (map[string]any, error) {
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	m := map[string]any{}
	return m, json.Unmarshal(raw, &m)
}

func (s *Service) readDoc(ctx context.Context, d *Doc) error {
	v, version, err := s.docValue(ctx, s.db.ContentDoc, d.Name, d.Lang, d.Kind)
	if err != nil {
		return err
	}
	d.Value, d.Version = v, version
	if d.Lang != "en" {
		if d.Fallback, _, err = s.docValue(ctx, s.db.ContentDoc, d.Name, "en", d.Kind); err != nil {
			return err
		}
	}
	return nil
}

// docValue reads a document through c; one never written is empty at version 0.
func (s *Service) docValue(ctx context.Context, c *ent.ContentDocClient, name, lang, kind string) (any, int, error) {
	row, err := c.Query().Where(contentdoc.NameEQ(name), contentdoc.LangEQ(lang)).Only(ctx)
	if ent.IsNotFound(err) {
		return emptyValue(kind), 0, nil
	}
	if err != nil {
		return nil, 0, fmt.Errorf("content: load %s/%s: %w", name, lang, err)
	}
	v, err := typed(kind, row.Payload)
	return v, row.Version, err
}

// checkDoc decodes and cleans a document's value.
func checkDoc(ctx context.Context, tx *ent.Tx, kind string, raw json.RawMessage) (any, error) {
	c := newChecker()
	var out any
	switch kind {
	case KindText:
		var v TextValue
		if err := decode(raw, &v); err != nil {
			return nil, err
		}
		out = TextValue{Title: c.line("title", v.Title, MaxTitle, true), Text: c.rich("text", v.Text, MaxRich, true)}
	case KindFAQ:
		var v FAQValue
		if err := decode(raw, &v); err != nil {
			return nil, err
		}
		c.count("entries", len(v.Entries), MaxEntries)
		for i, e := range v.Entries {
			p := "entries." + strconv.Itoa(i)
			v.Entries[i] = QA{Q: c.line(p+".q", e.Q, MaxQuestion, true), A: c.rich(p+".a", e.A, MaxRich, true)}
		}
		out = FAQValue{Entries: nonNil(v.Entries)}
	case KindHots:
		v, err := checkHots(ctx, tx, c, raw)
		if err != nil {
			return nil, err
		}
		out = v
	}
	return out, c.err()
}

func checkHots(ctx context.Context, tx *ent.Tx, c *checker, raw json.RawMessage) (HotsValue, error) {
	var v HotsValue
	if err := decode(raw, &v); err != nil {
		return v, err
	}
	c.count("pages", len(v.Pages), MaxPages)
	seen := map[string]bool{}
	lists := map[string][]string{}
	cats := map[string]string{}
	for i, pg := range v.Pages {
		p := "pages." + strconv.Itoa(i)
		uid := c.line(p+".uid", pg.UID, 40, true)
		if uid != "" && (!uidRe.MatchString(uid) || seen[uid] || reservedHots(uid)) {
			c.fail(p+".uid", form.ErrText, apperr.New(apperr.InvalidInput, "EditUIDBad", "where", p+".uid"))
		}
		seen[uid] = true
		v.Pages[i] = HotsPage{UID: uid, Title: c.line(p+".title", pg.Title, MaxTitle, true),
			Text: c.rich(p+".text", pg.Text, MaxRich, false), Goods: nonNil(c.goods(p+".goods", pg.Goods)),
			Category: c.line(p+".category", pg.Category, 64, false), Cover: c.line(p+".cover", pg.Cover, 64, false)}
		lists[p+".goods"] = v.Pages[i].Goods
		if v.Pages[i].Cover != "" {
			lists[p+".cover"] = []string{v.Pages[i].Cover}
		}
		if v.Pages[i].Category != "" {
			cats[p+".category"] = v.Pages[i].Category
		} else if len(v.Pages[i].Goods) == 0 && uid != "" {
			c.fail(p+".goods", form.ErrRequired, apperr.New(apperr.InvalidInput, "EditHotsEmpty", "where", p+".goods"))
		}
	}
	v.Pages = nonNil(v.Pages)
	if err := knownCategories(ctx, tx, c, cats); err != nil {
		return v, err
	}
	return v, listedGoods(ctx, tx, c, lists)
}

// reservedHots: hots/trending and hots/trending-{category} are the
// trending collections, never a curated page.
func reservedHots(uid string) bool {
	return uid == TrendingUID || strings.HasPrefix(uid, TrendingUID+"-")
}

// knownCategories marks the category codes (by path) the store does not have.
func knownCategories(ctx context.Context, tx *ent.Tx, c *checker, cats map[string]string) error {
	if len(cats) == 0 {
		return nil
	}
	codes := make([]string, 0, len(cats))
	for _, code := range cats {
		codes = append(codes, code)
	}
	found, err := tx.Category.Query().Where(category.CodeIn(codes...)).Select(category.FieldCode).Strings(ctx)
	if err != nil {
		return fmt.Errorf("content: check categories: %w", err)
	}
	for p, code := range cats {
		if !slices.Contains(found, code) {
			c.fail(p, form.ErrText, apperr.New(apperr.InvalidInput, "EditCategoryUnknown", "where", p, "code", safeUID(code)))
		}
	}
	return nil
}

// listedGoods marks the uids (lists by path) that name no listed goods.
func listedGoods(ctx context.Context, tx *ent.Tx, c *checker, lists map[string][]string) error {
	var all []string
	for _, l := range lists {
		all = append(all, l...)
	}
	if len(all) == 0 {
		return nil
	}
	found, err := tx.Goods.Query().Where(goods.UIDIn(all...), catalog.Listed()).Select(goods.FieldUID).Strings(ctx)
	if err != nil {
		return fmt.Errorf("content: check goods: %w", err)
	}
	ok := map[string]bool{}
	for _, u := range found {
		ok[u] = true
	}
	for p, l := range lists {
		for i, u := range l {
			if !ok[u] {
				c.fail(p+"."+strconv.Itoa(i), form.ErrText, apperr.New(apperr.InvalidInput, "EditGoodsUnknown", "where", p+"."+strconv.Itoa(i), "uid", u))
			}
		}
	}
	return nil
}

func nonNil[T any](l []T) []T {
	if l == nil {
		return []T{}
	}
	return l
}

// saveDoc stores a document of name in lang, claimed at the version the
// admin edited (0: never written in this language).
func (s *Service) saveDoc(ctx context.Context, tx *ent.Tx, u *ent.User, kind string, e Edit) (bool, error) {
	value, err := checkDoc(ctx, tx, kind, e.Value)
	if err != nil {
		return false, err
	}
	payload, err := asPayload(value)
	if err != nil {
		return false, err
	}
	before, version, err := s.docValue(ctx, tx.ContentDoc, e.Name, e.Lang, kind)
	if err != nil {
		return false, err
	}
	if version != e.Version {
		return false, form.ErrStale()
	}
	if reflect.DeepEqual(before, value) {
		return false, nil // nothing to save, nothing to audit
	}
	if version == 0 {
		err = tx.ContentDoc.Create().SetName(e.Name).SetLang(e.Lang).SetPayload(payload).SetVersion(1).Exec(ctx)
		if ent.IsConstraintError(err) { // another tab wrote it first
			return false, form.ErrStale()
		}
	} else {
		var n int
		n, err = tx.ContentDoc.Update().Where(contentdoc.NameEQ(e.Name), contentdoc.LangEQ(e.Lang), contentdoc.VersionEQ(version)).
			SetPayload(payload).SetVersion(version + 1).Save(ctx)
		if err == nil && n == 0 {
			return false, form.ErrStale()
		}
	}
	if err != nil {
		return false, fmt.Errorf("content: save %s/%s: %w", e.Name, e.Lang, err)
	}
	if version == 0 {
		before = nil
	}
	return true, s.record(ctx, tx, u, auditContent, e.Name, e.Lang, before, value)
}

// Page is a page's text as the storefront shows it.
type Page struct {
	Title string `json:"title"`
	Text  string `json:"text"` // sanitised rich text
	Lan   string `json:"lan"`  // the language it is written in (English when lang has none)
}

// PageText answers the text document name (about, contact) in lang, or in
// English when lang has none yet.
func (s *Service) PageText(ctx context.Context, name, lang string) (*Page, error) {
	if docKinds[name] != KindText {
		return nil, apperr.New(apperr.NotFound, "EditNameUnknown")
	}
	for _, l := range []string{lang, "en"} {
		v, _, err := s.docValue(ctx, s.db.ContentDoc, name, l, KindText)
		if err != nil {
			return nil, err
		}
		if t := v.(TextValue); t.Title != "" {
			return &Page{Title: t.Title, Text: t.Text, Lan: l}, nil
		}
	}
	return nil, apperr.New(apperr.NotFound, "EditNameUnknown")
}

package catalog

import (
	"context"
	"fmt"

	"souk/ent"
	"souk/ent/text"
)

// Text owner kinds.
const (
	KindGoods    = "goods"
	KindAttr     = "attr"
	KindLabel    = "label"
	KindOption   = "option"
	KindIdentity = "identity"
	KindCategory = "category"
	KindClass    = "class"
)

// textSet holds the texts of some owners in several languages:
// owner id → field → language → text.
type textSet map[int]map[string]map[string]textRow

// textRow is one stored text; machine says a translation engine made it.
type textRow struct {
	txt     string
	machine bool
}

// loadTexts reads the texts of owners of one kind, in langs only when langs
// is non-empty.
func loadTexts(ctx context.Context, db *ent.Client, kind string, ids []int, langs ...string) (textSet, error) {
	return loadFields(ctx, db, kind, ids, nil, langs...)
}

// loadFields is loadTexts limited to some fields (all when fields is nil).
func loadFields(ctx context.Context, db *ent.Client, kind string, ids []int, fields []string, langs ...string) (textSet, error) {
	out := textSet{}
	if len(ids) == 0 {
		return out, nil
	}
	q := db.Text.Query().Where(text.OwnerKindEQ(kind), text.OwnerIDIn(ids...))
	if len(fields) > 0 {
		q = q.Where(text.FieldIn(fields...))
	}
	if len(langs) > 0 {
		q = q.Where(text.LangIn(langs...))
	}
	rows, err := q.All(ctx)
	if err != nil {
		return nil, fmt.Errorf("catalog: load %s texts: %w", kind, err)
	}
	for _, r := range rows {
		byField := out[r.OwnerID]
		if byField == nil {
			byField = map[string]map[string]textRow{}
			out[r.OwnerID] = byField
		}
		if byField[r.Field] == nil {
			byField[r.Field] = map[string]textRow{}
		}
		byField[r.Field][r.Lang] = textRow{r.Txt, r.Machine}
	}
	return out, nil
}

// pick resolves a field for lang: the language itself, then the owner's main
// language, then English, then any language at all.
func (t textSet) pick(id int, field, lang, mainLan string) Txt {
	m := t[id][field]
	for _, l := range []string{lang, mainLan, "en"} {
		if v, ok := m[l]; ok && v.txt != "" {
			return Txt{Txt: v.txt, Lan: l, Machine: v.machine}
		}
	}
	for l, v := range m { // deterministic enough: only reached for odd data
		if v.txt != "" {
			return Txt{Txt: v.txt, Lan: l, Machine: v.machine}
		}
	}
	return Txt{}
}

// langsOf lists the languages a field exists in.
func (t textSet) langsOf(id int, field string) []string {
	out := make([]string, 0, len(t[id][field]))
	for l := range t[id][field] {
		out = append(out, l)
	}
	return out
}

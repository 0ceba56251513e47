package listing

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"souk/app/catalog"
	"souk/ent"
	"souk/ent/goods"
	"souk/ent/scenariolabel"
	"souk/ent/skuattr"
	"souk/ent/text"
)

// litKept are the other languages' texts of rows a publish rewrites
// (attribute values, colour options), by a key that survives the rewrite:
// key → field → lang → row (its text and machine mark).
type litKept map[string]map[string]map[string]*ent.Text

// litKeep reads the texts of the rows ids of kind in every language but
// main, keyed by keyOf.
func litKeep(ctx context.Context, tx *ent.Tx, kind string, ids []int, main string, keyOf map[int]string) (litKept, error) {
	out := litKept{}
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := tx.Text.Query().Where(text.OwnerKindEQ(kind), text.OwnerIDIn(ids...), text.LangNEQ(main)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("listing: keep translations: %w", err)
	}
	for _, r := range rows {
		k := keyOf[r.OwnerID]
		if out[k] == nil {
			out[k] = map[string]map[string]*ent.Text{}
		}
		if out[k][r.Field] == nil {
			out[k][r.Field] = map[string]*ent.Text{}
		}
		out[k][r.Field][r.Lang] = r
	}
	return out, nil
}

// restore writes the kept translations of key onto the new row id.
func (k litKept) restore(ctx context.Context, tx *ent.Tx, kind, key string, id int) error {
	for field, byLang := range k[key] {
		for lang, r := range byLang {
			if err := setText(ctx, tx, kind, id, field, lang, r.Txt, r.Machine); err != nil {
				return fmt.Errorf("listing: restore translation: %w", err)
			}
		}
	}
	return nil
}

// litPublish writes the owner's waiting translations (language → key →
// text) onto the item's live rows, marked machine-made where machine says
// so; an empty text removes a translation. The main language is the
// form's and is skipped.
func litPublish(ctx context.Context, tx *ent.Tx, goodsID int, pending map[string]map[string]string, machine map[string][]string, main string) error {
	if len(pending) == 0 {
		return nil
	}
	attrs, err := tx.SkuAttr.Query().Where(skuattr.HasGoodsWith(goods.IDEQ(goodsID))).All(ctx)
	if err != nil {
		return fmt.Errorf("listing: translation attrs: %w", err)
	}
	labels, err := tx.ScenarioLabel.Query().Where(scenariolabel.HasGoodsWith(goods.IDEQ(goodsID))).WithOptions().All(ctx)
	if err != nil {
		return fmt.Errorf("listing: translation labels: %w", err)
	}
	for lang, texts := range pending {
		if lang == main {
			continue
		}
		made := litSet(machine[lang])
		for key, txt := range texts {
			for _, o := range litOwners(key, goodsID, attrs, labels) {
				if err := litWrite(ctx, tx, o, lang, txt, made[key]); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// litOwner is the text row a translation key writes.
type litOwner struct {
	kind  string
	id    int
	field string
}

// litOwners resolves a field key (see translate.go) to its rows: none
// when the thing it named is gone from the published version.
func litOwners(key string, goodsID int, attrs []*ent.SkuAttr, labels []*ent.ScenarioLabel) []litOwner {
	switch {
	case key == "name" || key == "brief" || key == "intro" || strings.HasPrefix(key, "attr."):
		return []litOwner{{catalog.KindGoods, goodsID, key}}
	case strings.HasPrefix(key, "a."):
		for _, a := range attrs {
			if a.UID == key[2:] {
				return []litOwner{{catalog.KindAttr, a.ID, "name"}}
			}
		}
	case strings.HasPrefix(key, "g."):
		no, _ := strconv.Atoi(key[2:])
		var out []litOwner
		for _, a := range attrs {
			if a.GroupNo == no {
				out = append(out, litOwner{catalog.KindAttr, a.ID, "group"})
			}
		}
		return out
	case strings.HasPrefix(key, "o."):
		parts := strings.Split(key, ".")
		if len(parts) != 3 {
			return nil
		}
		lid, _ := strconv.Atoi(parts[1])
		oid, _ := strconv.Atoi(parts[2])
		for _, l := range labels {
			for _, o := range l.Edges.Options {
				if l.LabelID == lid && o.OptionID == oid {
					return []litOwner{{catalog.KindOption, o.ID, "name"}}
				}
			}
		}
	}
	return nil
}

func litWrite(ctx context.Context, tx *ent.Tx, o litOwner, lang, txt string, machine bool) error {
	if txt != "" {
		return setText(ctx, tx, o.kind, o.id, o.field, lang, txt, machine)
	}
	_, err := tx.Text.Delete().Where(text.OwnerKindEQ(o.kind), text.OwnerIDEQ(o.id), text.FieldEQ(o.field), text.LangEQ(lang)).Exec(ctx)
	if err != nil {
		return fmt.Errorf("listing: remove translation: %w", err)
	}
	return nil
}

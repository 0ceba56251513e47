package content

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strconv"

	"souk/app/apperr"
	"souk/app/catalog"
	"souk/app/form"
	"souk/ent"
	"souk/ent/homeblock"
)

// Block is one home block (index data, SPEC §3) as edited in one language:
// its texts in that language, and its link and goods, which every
// language shares.
type Block struct {
	Key   string   `json:"key"`
	Title string   `json:"title"`
	Text  string   `json:"text"`
	CTA   string   `json:"cta"`
	Link  string   `json:"link"`
	Goods []string `json:"goods"`
}

// blockEdit is a block as a save sends it: a link or goods list left out
// stays as it is (every language shares them).
type blockEdit struct {
	Key   string    `json:"key"`
	Title string    `json:"title"`
	Text  string    `json:"text"`
	CTA   string    `json:"cta"`
	Link  *string   `json:"link"`
	Goods *[]string `json:"goods"`
}

// HomeValue is the home page's blocks in page order.
type HomeValue struct {
	Blocks []Block `json:"blocks"`
}

// homeRows loads the blocks by key and the home's version: the sum of the
// blocks' versions, which any save of any block moves.
func homeRows(ctx context.Context, c *ent.HomeBlockClient) (map[string]*ent.HomeBlock, int, error) {
	rows, err := c.Query().Where(homeblock.KeyIn(catalog.HomeKeys...)).All(ctx)
	if err != nil {
		return nil, 0, fmt.Errorf("content: load home: %w", err)
	}
	by, sum := map[string]*ent.HomeBlock{}, 0
	for _, r := range rows {
		by[r.Key] = r
		sum += r.Version
	}
	return by, sum, nil
}

func (s *Service) readHome(ctx context.Context, d *Doc) error {
	rows, version, err := homeRows(ctx, s.db.HomeBlock)
	if err != nil {
		return err
	}
	d.Version, d.Value = version, homeValue(rows, d.Lang)
	if d.Lang != "en" {
		d.Fallback = homeValue(rows, "en")
	}
	return nil
}

func homeValue(rows map[string]*ent.HomeBlock, lang string) HomeValue {
	v := HomeValue{Blocks: []Block{}}
	for _, k := range catalog.HomeKeys {
		if r := rows[k]; r != nil {
			v.Blocks = append(v.Blocks, blockOf(r.Key, r.Payload, lang))
		}
	}
	return v
}

func blockOf(key string, p map[string]any, lang string) Block {
	b := Block{Key: key, Title: langText(p, "title", lang), Text: langText(p, "text", lang), CTA: langText(p, "cta", lang), Goods: []string{}}
	b.Link, _ = p["link"].(string)
	list, _ := p["goods"].([]any)
	for _, x := range list {
		if s, ok := x.(string); ok {
			b.Goods = append(b.Goods, s)
		}
	}
	return b
}

func langText(p map[string]any, field, lang string) string {
	m, _ := p[field].(map[string]any)
	s, _ := m[lang].(string)
	return s
}

// setLang writes one language of a {lang: text} member; empty removes it,
// so the page falls back to English.
func setLang(p map[string]any, field, lang, text string) {
	m, _ := p[field].(map[string]any)
	if m == nil {
		m = map[string]any{}
	}
	if text == "" {
		delete(m, lang)
	} else {
		m[lang] = text
	}
	if len(m) == 0 {
		delete(p, field)
	} else {
		p[field] = m
	}
}

// checkHome cleans the edited blocks; a block left out stays as it is.
func checkHome(ctx context.Context, tx *ent.Tx, rows map[string]*ent.HomeBlock, lang string, raw json.RawMessage) ([]Block, error) {
	var v struct {
		Blocks []blockEdit `json:"blocks"`
	}
	if err := decode(raw, &v); err != nil {
		return nil, err
	}
	c := newChecker()
	if !c.count("blocks", len(v.Blocks), len(catalog.HomeKeys)) {
		return nil, c.err()
	}
	seen := map[string]bool{}
	lists := map[string][]string{}
	out := make([]Block, 0, len(v.Blocks))
	for i, b := range v.Blocks {
		p := "blocks." + strconv.Itoa(i)
		if rows[b.Key] == nil || seen[b.Key] {
			c.fail(p+".key", form.ErrText, apperr.New(apperr.InvalidInput, "EditBlockUnknown", "where", p+".key"))
			continue
		}
		seen[b.Key] = true
		stored := blockOf(b.Key, rows[b.Key].Payload, lang)
		// English is what every other language falls back to: it keeps a title.
		nb := Block{Key: b.Key, Title: c.line(p+".title", b.Title, MaxTitle, lang == "en"),
			Text: c.plain(p+".text", b.Text, MaxHomeText, false), CTA: c.line(p+".cta", b.CTA, MaxCTA, false),
			Link: stored.Link, Goods: stored.Goods}
		if b.Link != nil {
			nb.Link = c.link(p+".link", *b.Link)
		}
		if b.Goods != nil {
			nb.Goods = nonNil(c.goods(p+".goods", *b.Goods))
			lists[p+".goods"] = nb.Goods
		}
		out = append(out, nb)
	}
	if err := listedGoods(ctx, tx, c, lists); err != nil {
		return nil, err
	}
	return out, c.err()
}

// saveHome writes the changed blocks, each claimed at the version read.
func (s *Service) saveHome(ctx context.Context, tx *ent.Tx, u *ent.User, e Edit) (bool, error) {
	rows, version, err := homeRows(ctx, tx.HomeBlock)
	if err != nil {
		return false, err
	}
	blocks, err := checkHome(ctx, tx, rows, e.Lang, e.Value)
	if err != nil {
		return false, err
	}
	if version != e.Version {
		return false, form.ErrStale()
	}
	before, after := map[string]Block{}, map[string]Block{}
	for _, b := range blocks {
		r := rows[b.Key]
		p, err := asPayload(r.Payload)
		if err != nil {
			return false, err
		}
		setLang(p, "title", e.Lang, b.Title)
		setLang(p, "text", e.Lang, b.Text)
		setLang(p, "cta", e.Lang, b.CTA)
		if b.Link == "" {
			delete(p, "link")
		} else {
			p["link"] = b.Link
		}
		p["goods"] = anyList(b.Goods)
		if same(p, r.Payload) {
			continue
		}
		n, err := tx.HomeBlock.Update().Where(homeblock.IDEQ(r.ID), homeblock.VersionEQ(r.Version)).
			SetPayload(p).SetVersion(r.Version + 1).Save(ctx)
		if err != nil {
			return false, fmt.Errorf("content: save home block %s: %w", b.Key, err)
		}
		if n == 0 {
			return false, form.ErrStale()
		}
		before[b.Key], after[b.Key] = blockOf(b.Key, r.Payload, e.Lang), b
	}
	if len(after) == 0 {
		return false, nil
	}
	return true, s.record(ctx, tx, u, auditContent, HomeName, e.Lang, before, after)
}

func anyList(l []string) []any {
	out := make([]any, len(l))
	for i, s := range l {
		out[i] = s
	}
	return out
}

// same compares two payloads as JSON (maps encode with sorted keys).
func same(a, b map[string]any) bool {
	x, err1 := json.Marshal(a)
	y, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && bytes.Equal(x, y)
}

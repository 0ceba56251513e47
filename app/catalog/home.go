package catalog

import (
	"context"
	"fmt"

	"souk/ent"
)

// HomeKeys are the index data blocks of SPEC §3, in page order.
var HomeKeys = []string{"makeTre", "ad1", "wn3", "wn4", "bt1", "drT1", "drT2", "dress1", "dress2"}

// HomeBlock is one block of the home page, resolved for a language.
type HomeBlock struct {
	Title Txt       `json:"title"`
	Text  Txt       `json:"text,omitempty"`
	CTA   Txt       `json:"cta,omitempty"`
	Link  string    `json:"link,omitempty"`
	Image *ImageSet `json:"image,omitempty"`
	Goods []Card    `json:"goods"`
}

// Home resolves the index data (wn3, wn4, makeTre, ad1, drT1, drT2, bt1,
// dress1, dress2) for lang and currency.
func (s *Service) Home(ctx context.Context, lang, cur string) (map[string]HomeBlock, error) {
	rows, err := s.db.HomeBlock.Query().All(ctx)
	if err != nil {
		return nil, fmt.Errorf("catalog: load home blocks: %w", err)
	}
	// One query for the goods of every block: the home page is rendered
	// often enough that nine round trips per block showed in the benchmarks.
	var uids []string
	for _, r := range rows {
		uids = append(uids, stringList(r.Payload["goods"])...)
	}
	cards, err := s.ListedCardsByUID(ctx, uids, lang, cur)
	if err != nil {
		return nil, err
	}
	out := make(map[string]HomeBlock, len(rows))
	for _, r := range rows {
		if r.Key == "steps" || r.Key == "refund" {
			continue // texts of the product page, not home blocks
		}
		out[r.Key] = homeBlock(r, lang, cards)
	}
	return out, nil
}

func homeBlock(r *ent.HomeBlock, lang string, cards map[string]Card) HomeBlock {
	p := r.Payload
	b := HomeBlock{Title: langPick(p["title"], lang), Text: langPick(p["text"], lang), CTA: langPick(p["cta"], lang), Goods: []Card{}}
	b.Link, _ = p["link"].(string)
	for _, uid := range stringList(p["goods"]) {
		if c, ok := cards[uid]; ok {
			b.Goods = append(b.Goods, c)
		}
	}
	if img, ok := p["imageOf"].(string); ok {
		if c, ok := cards[img]; ok {
			b.Image = c.TreImage
		}
	}
	return b
}

// langPick reads a {lang: text} map from JSON.
func langPick(v any, lang string) Txt {
	m, _ := v.(map[string]any)
	for _, l := range []string{lang, "en"} {
		if s, ok := m[l].(string); ok && s != "" {
			return Txt{Txt: s, Lan: l}
		}
	}
	return Txt{}
}

func stringList(v any) []string {
	list, _ := v.([]any)
	out := make([]string, 0, len(list))
	for _, x := range list {
		if s, ok := x.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

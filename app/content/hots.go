package content

import (
	"context"

	"souk/app/apperr"
)

// HotsName is the EditName of the curated collections (hots/{uid}).
const HotsName = "hots"

// TrendingUID is hots/trending, the trending collection of everything;
// hots/trending-{category} is one category's. No curated page takes it.
const TrendingUID = "trending"

// Collection is a curated hots page as the storefront shows it.
type Collection struct {
	HotsPage
	Lan string `json:"lan"` // the language it is written in (English until lang has it)
}

// Collections answers the curated collections in lang: the English ones in
// their order, each replaced by lang's page of the same uid where lang has
// one, then the pages only lang has.
func (s *Service) Collections(ctx context.Context, lang string) ([]Collection, error) {
	en, err := s.hotsPages(ctx, "en")
	if err != nil {
		return nil, err
	}
	if lang == "en" {
		return inLang(en, "en"), nil
	}
	own, err := s.hotsPages(ctx, lang)
	if err != nil {
		return nil, err
	}
	mine := map[string]HotsPage{}
	for _, p := range own {
		mine[p.UID] = p
	}
	out := make([]Collection, 0, len(en)+len(own))
	for _, p := range en {
		if m, ok := mine[p.UID]; ok {
			out = append(out, Collection{HotsPage: m, Lan: lang})
			delete(mine, p.UID)
		} else {
			out = append(out, Collection{HotsPage: p, Lan: "en"})
		}
	}
	for _, p := range own {
		if _, ok := mine[p.UID]; ok {
			out = append(out, Collection{HotsPage: p, Lan: lang})
		}
	}
	return out, nil
}

// Collection answers the curated collection uid in lang (as Collections
// resolves it), or not found.
func (s *Service) Collection(ctx context.Context, lang, uid string) (*Collection, error) {
	all, err := s.Collections(ctx, lang)
	if err != nil {
		return nil, err
	}
	for i := range all {
		if all[i].UID == uid {
			return &all[i], nil
		}
	}
	return nil, apperr.New(apperr.NotFound, "HotsNotFound")
}

func (s *Service) hotsPages(ctx context.Context, lang string) ([]HotsPage, error) {
	v, _, err := s.docValue(ctx, s.db.ContentDoc, HotsName, lang, KindHots)
	if err != nil {
		return nil, err
	}
	return v.(HotsValue).Pages, nil
}

func inLang(pages []HotsPage, lang string) []Collection {
	out := make([]Collection, len(pages))
	for i, p := range pages {
		out[i] = Collection{HotsPage: p, Lan: lang}
	}
	return out
}

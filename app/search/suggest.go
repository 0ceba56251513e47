package search

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"souk/app/catalog"
	"souk/ent/goods"
)

// Suggestions are what a search that found nothing offers instead: the
// query spelt right, and the broader category of what it asks for. Each is
// offered only if it leads to goods.
type Suggestions struct {
	Spelling string        `json:"spelling,omitempty"` // the query with its misspelt words corrected
	Category *CategoryHint `json:"category,omitempty"`
}

// CategoryHint is a category to browse: its code (its page is
// /category/{code}) and its name in the page's language.
type CategoryHint struct {
	Code string `json:"code"`
	Name string `json:"name"`
}

// Empty reports whether there is nothing to suggest.
func (s Suggestions) Empty() bool { return s.Spelling == "" && s.Category == nil }

// speller is what spelling suggestions need of the lexicon
// (lexicon.Lexicon.Closest).
type speller interface {
	Closest(w, lang string, maxEdits int) (string, bool)
}

// suggestSample is how many goods of the product term decide its category.
const suggestSample = 40

// Suggest finds suggestions for a query that found nothing. It costs a few
// searches, so callers ask only when both groups came back empty.
func (s *Service) Suggest(ctx context.Context, u Understood, lang, cur string) (Suggestions, error) {
	return s.suggest(ctx, u, lang, cur, true)
}

// suggest is Suggest; without spelling it offers the category only (a
// search whose correction was already searched and found nothing).
func (s *Service) suggest(ctx context.Context, u Understood, lang, cur string, spelling bool) (Suggestions, error) {
	var out Suggestions
	if spelling {
		v, ok, err := s.correction(ctx, u)
		if err != nil {
			return out, err
		}
		if ok {
			if ok, err = s.finds(ctx, v, cur); err != nil {
				return out, err
			}
		}
		if ok {
			out.Spelling, u = v.Raw, v
		}
	}
	cat, err := s.categoryOf(ctx, u, lang)
	if err != nil {
		return out, err
	}
	out.Category = cat
	return out, nil
}

// editsFor is how many edits a correction of a word of n letters may make:
// none under five letters (too many words are one edit apart), two from
// eight.
func editsFor(n int) int {
	switch {
	case n < 5:
		return 0
	case n < 8:
		return 1
	}
	return 2
}

// respell corrects the query's words the lexicon does not know to the
// nearest words it does. It offers a correction only when every word is
// known afterwards: a suggestion that keeps an unknown word would find
// goods by the other words alone.
func (s *Service) respell(u Understood) (string, []string, bool) {
	sp, ok := s.lex.(speller)
	if !ok || len(u.Words) == 0 || u.Code != "" {
		return "", nil, false
	}
	fixes := map[string]string{}
	for _, w := range u.Words {
		if _, known := s.lex.Term(w); known {
			continue
		}
		n := utf8.RuneCountInString(w)
		if hasCJK(w) || editsFor(n) == 0 {
			return "", nil, false
		}
		c, ok := sp.Closest(w, u.Lang, editsFor(n))
		if !ok {
			return "", nil, false
		}
		fixes[w] = c
	}
	if len(fixes) == 0 {
		return "", nil, false
	}
	var words []string
	for _, c := range fixes {
		words = append(words, c)
	}
	fields := strings.Fields(u.Raw)
	changed := false
	for i, f := range fields {
		core := strings.TrimFunc(strings.ToLower(f), func(r rune) bool { return unicode.IsPunct(r) })
		if c, ok := fixes[core]; ok {
			fields[i], changed = c, true
		}
	}
	return strings.Join(fields, " "), words, changed
}

// textChecker is an engine that can tell whether goods use some words as
// they are (Bleve.HasText).
type textChecker interface {
	HasText(ctx context.Context, words string) (bool, error)
}

// correction is u with its misspelt words corrected (respell), understood,
// when the catalogue uses each corrected word as it is: "blanket" is a
// lexicon word, but offering it where no blanket is sold would list
// notebooks with blank pages through the typo allowance. It looks words up
// in the index but searches no goods.
func (s *Service) correction(ctx context.Context, u Understood) (Understood, bool, error) {
	fixed, words, ok := s.respell(u)
	if !ok {
		return u, false, nil
	}
	if tc, ok := s.eng.(textChecker); ok {
		for _, w := range words {
			if has, err := tc.HasText(ctx, w); err != nil || !has {
				return u, false, err
			}
		}
	}
	return Understand(fixed, u.Lang, s.lex), true, nil
}

// finds reports whether v finds goods in either group (priced in cur).
func (s *Service) finds(ctx context.Context, v Understood, cur string) (bool, error) {
	for _, g := range []int{Consumer, Wholesale} {
		q := Query{U: v, BigType: g, Size: 1}
		q.MaxPriceUSD, q.MinPriceUSD = s.usd(v.MaxPrice, v.Currency, cur), s.usd(v.MinPrice, v.Currency, cur)
		res, err := s.eng.Search(ctx, q)
		if err != nil {
			return false, err
		}
		if res.Total > 0 {
			return true, nil
		}
	}
	return false, nil
}

// categoryOf is the category most goods of the query's product term are
// in: the term alone, without its colour, size, price or other words.
func (s *Service) categoryOf(ctx context.Context, u Understood, lang string) (*CategoryHint, error) {
	var words []string
	for _, w := range u.Words {
		if k, ok := s.lex.Term(w); ok && s.lex.Kind(k) == "goods" {
			words = append(words, w)
		}
	}
	if len(words) == 0 {
		return nil, nil
	}
	var uids []string
	for _, g := range []int{Consumer, Wholesale} {
		res, err := s.eng.Search(ctx, Query{U: Understood{Lang: u.Lang, Words: words}, BigType: g, Size: suggestSample})
		if err != nil {
			return nil, err
		}
		uids = append(uids, uidsOfHits(res.Hits)...)
	}
	if len(uids) == 0 {
		return nil, nil
	}
	codes, err := s.db.Goods.Query().Where(goods.UIDIn(uids...), catalog.Listed()).Select(goods.FieldCategory).Strings(ctx)
	if err != nil {
		return nil, fmt.Errorf("search: categories of goods: %w", err)
	}
	code := mostCommon(codes)
	if code == "" {
		return nil, nil
	}
	tree, err := s.cat.CategoryTree(ctx, lang)
	if err != nil {
		return nil, err
	}
	path, ok := catalog.FindCategory(tree, code)
	if !ok {
		return nil, nil
	}
	return &CategoryHint{Code: code, Name: path[len(path)-1].Name.Txt}, nil
}

// mostCommon is the most frequent non-empty string (the first
// alphabetically of equally frequent ones).
func mostCommon(xs []string) string {
	n := map[string]int{}
	for _, x := range xs {
		if x != "" {
			n[x]++
		}
	}
	keys := make([]string, 0, len(n))
	for k := range n {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if n[keys[i]] != n[keys[j]] {
			return n[keys[i]] > n[keys[j]]
		}
		return keys[i] < keys[j]
	})
	if len(keys) == 0 {
		return ""
	}
	return keys[0]
}

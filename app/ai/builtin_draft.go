package ai

import (
	"context"
	"slices"
	"strings"
	"unicode"

	"souk/app/search/lexicon"
)

// facets are what the built-in engine understood of an item's facts.
type facets struct {
	goods, materials, styles, colours, sizes []string // lexicon keys
	rest                                     []string // the seller's words it did not know
}

// Draft composes a listing from the lexicon's words for what the facts
// name: "Red Silk Dress" from "silk dress" and a red colour option. It
// writes in facts.Lang when the lexicon covers it, else in English.
func (b *Builtin) Draft(_ context.Context, facts Facts) (*Draft, error) {
	lang := facts.Lang
	if !slices.Contains(lexicon.Langs, lang) {
		lang = "en"
	}
	f := b.understand(facts)
	d := &Draft{Engine: b.Name(), Lang: lang}
	d.Name = b.compose(f, facts, lang)
	d.IntroAttrs = b.introAttrs(f, facts, lang)
	brief := []string{d.Name}
	if len(f.rest) > 0 {
		brief = append(brief, strings.Join(f.rest, " "))
	}
	d.Brief = strings.Join(brief, " · ")
	var intro []string
	for _, p := range d.IntroAttrs {
		intro = append(intro, p.K+": "+p.V)
	}
	if w := strings.TrimSpace(facts.Words); w != "" {
		intro = append(intro, w)
	}
	d.Intro = strings.Join(intro, "\n")
	return clampDraft(d), nil
}

// understand sorts the words of the facts into lexicon keys.
func (b *Builtin) understand(facts Facts) facets {
	var f facets
	note := func(e entry) bool {
		switch e.kind {
		case lexicon.KindGoods:
			f.goods = appendNew(f.goods, e.key)
		case lexicon.KindMaterial:
			f.materials = appendNew(f.materials, e.key)
		case lexicon.KindStyle, lexicon.KindFeature:
			f.styles = appendNew(f.styles, e.key)
		case kindColour:
			f.colours = appendNew(f.colours, e.key)
		case kindSize:
			f.sizes = appendNew(f.sizes, e.key)
		default:
			return false
		}
		return true
	}
	for _, c := range facts.Colours {
		if e, ok := b.index[lexicon.Normalize(c)]; ok {
			note(e)
		}
	}
	for _, s := range facts.Sizes {
		if k, ok := b.lex.Size(s); ok {
			f.sizes = appendNew(f.sizes, k)
		}
	}
	for _, p := range facts.Attributes {
		for _, v := range strings.Split(p.V, ",") {
			if e, ok := b.index[lexicon.Normalize(v)]; ok {
				note(e)
			}
		}
	}
	for _, tok := range b.lex.Join(strings.FieldsFunc(lexicon.Normalize(clip(facts.Words, MaxWordsLen)), isSep)) {
		if e, ok := b.index[tok]; ok && note(e) {
			continue
		}
		if k, ok := b.lex.Term(tok); ok && note(entry{b.lex.Kind(k), k}) {
			continue
		}
		if !b.lex.IsStopword(facts.Lang, tok) {
			f.rest = append(f.rest, tok)
		}
	}
	return f
}

func isSep(r rune) bool { return unicode.IsSpace(r) || (unicode.IsPunct(r) && r != '-' && r != '\'') }

func appendNew(s []string, k string) []string {
	if slices.Contains(s, k) {
		return s
	}
	return append(s, k)
}

// nounFirst are languages that put adjectives after the noun.
var nounFirst = map[string]bool{"es": true, "fr": true, "pt": true, "it": true, "ar": true}

// compose writes the name: style, colour and material words around the
// goods word (or the category when the words name no goods).
func (b *Builtin) compose(f facets, facts Facts, lang string) string {
	var adj []string
	for _, k := range f.styles[:min(1, len(f.styles))] {
		adj = append(adj, b.word(entry{lexicon.KindStyle, k}, lang))
	}
	if len(f.colours) == 1 {
		adj = append(adj, b.word(entry{kindColour, f.colours[0]}, lang))
	}
	for _, k := range f.materials[:min(1, len(f.materials))] {
		adj = append(adj, nounCase(b.word(entry{lexicon.KindMaterial, k}, lang), lang))
	}
	noun := facts.Category
	if len(f.goods) > 0 {
		noun = nounCase(b.word(entry{lexicon.KindGoods, f.goods[0]}, lang), lang)
	}
	if noun == "" && len(f.rest) > 0 {
		noun = strings.Join(f.rest[:min(3, len(f.rest))], " ")
	}
	parts := append(adj, noun)
	if nounFirst[lang] {
		parts = append([]string{noun}, adj...)
	}
	parts = slices.DeleteFunc(parts, func(s string) bool { return s == "" })
	sep := " "
	if lang == "zh" || lang == "ja" {
		sep = ""
	}
	name := strings.Join(parts, sep)
	if name == "" {
		name = strings.TrimSpace(facts.BigType)
	}
	if lang == "en" {
		return titleCase(name)
	}
	return upperFirst(name)
}

// nounCase writes a noun as its language does (German capitalises nouns).
func nounCase(w, lang string) string {
	if lang == "de" {
		return upperFirst(w)
	}
	return w
}

// titleCase capitalises every word, as English product names are written.
func titleCase(s string) string {
	ws := strings.Fields(s)
	for i, w := range ws {
		ws[i] = upperFirst(w)
	}
	return strings.Join(ws, " ")
}

// introAttrs state the colours, materials, sizes, style and category.
func (b *Builtin) introAttrs(f facets, facts Facts, lang string) []Pair {
	var out []Pair
	add := func(name, kind string, keys []string) {
		var ws []string
		for _, k := range keys {
			if w := b.word(entry{kind, k}, lang); w != "" {
				ws = append(ws, upperFirst(w))
			}
		}
		if len(ws) > 0 {
			out = append(out, Pair{K: b.names[name][lang], V: strings.Join(ws, listSep(lang))})
		}
	}
	add("colour", kindColour, f.colours)
	add("material", lexicon.KindMaterial, f.materials)
	add("size", kindSize, f.sizes)
	add("style", lexicon.KindStyle, f.styles)
	if facts.Category != "" {
		out = append(out, Pair{K: b.names["category"][lang], V: facts.Category})
	}
	return out
}

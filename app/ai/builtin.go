package ai

import (
	"context"
	"strings"
	"unicode"
	"unicode/utf8"

	"souk/app/search/lexicon"
)

// Builtin is the embedded engine: deterministic, offline, and honest about
// its reach. It translates what the lexicon knows (attribute names and
// values, colours, sizes, goods and materials) into every language the
// lexicon covers, and leaves any other text in its language, marked
// untranslated. It drafts a listing by composing the lexicon's words for
// what the item's facts name.
type Builtin struct {
	lex   *lexicon.Lexicon
	index map[string]entry             // normalized word → what it names
	words map[string]lexicon.ByLang    // term or colour key → words
	names map[string]map[string]string // attribute name key → lang → name
}

// entry is what a known word names.
type entry struct{ kind, key string }

// Kinds of entry beside the lexicon's term kinds.
const (
	kindColour = "colour"
	kindName   = "name"
	kindSize   = "size"
)

// NewBuiltin indexes the lexicon's words for exact lookups (fuzzy search
// matching would translate "Lederjacke" as just "jacket").
func NewBuiltin(lex *lexicon.Lexicon) *Builtin {
	b := &Builtin{lex: lex, index: map[string]entry{}, words: map[string]lexicon.ByLang{}, names: attrNames}
	add := func(w string, e entry) {
		if n := lexicon.Normalize(w); n != "" {
			if _, taken := b.index[n]; !taken {
				b.index[n] = e
			}
		}
	}
	for key, byLang := range attrNames {
		for _, w := range byLang {
			add(w, entry{kindName, key})
		}
	}
	for w, key := range otherSpellings {
		add(w, entry{kindName, key})
	}
	for size := range lex.Sizes {
		add(size, entry{kindSize, size})
	}
	for _, c := range lex.Colors {
		b.words[c.Key] = c.Words
		add(c.Key, entry{kindColour, c.Key}) // a picture's colour comes as its key
		for _, ws := range c.Words {
			for _, w := range ws {
				add(w, entry{kindColour, c.Key})
			}
		}
	}
	for _, t := range lex.Terms {
		b.words[t.Key] = t.Words
		for _, ws := range t.Words {
			for _, w := range ws {
				add(w, entry{t.Kind, t.Key})
			}
		}
	}
	return b
}

// Name is the engine's name as shown on screen.
func (b *Builtin) Name() string { return EngineBuiltin }

// Langs are the languages the engine can write in.
func (b *Builtin) Langs() []string { return lexicon.Langs }

// word is e in lang, or "" when the lexicon has no word for it there.
func (b *Builtin) word(e entry, lang string) string {
	switch e.kind {
	case kindName:
		return b.names[e.key][lang]
	case kindSize:
		return e.key // XS…XXL are written alike everywhere
	}
	if ws := b.words[e.key][lang]; len(ws) > 0 {
		return ws[0]
	}
	return ""
}

// Translate translates each text whose every comma- or slash-separated
// part the lexicon knows; others come back untranslated.
func (b *Builtin) Translate(_ context.Context, from string, to []string, texts []Source) (*Translations, error) {
	out := &Translations{Engine: b.Name(), Texts: map[string]map[string]Result{}}
	for _, l := range to {
		out.Texts[l] = map[string]Result{}
		for _, s := range texts {
			if t, ok := b.translate(s.Txt, l); ok {
				out.Texts[l][s.Key] = Result{Txt: t}
			} else {
				out.Texts[l][s.Key] = Result{Txt: s.Txt, Untranslated: true}
			}
		}
	}
	return out, nil
}

// separators split a list of values ("Red, Blue", "S/M").
var separators = []string{", ", ",", " / ", "/", "、", "，", "،"}

func (b *Builtin) translate(txt, lang string) (string, bool) {
	txt = strings.TrimSpace(txt)
	if txt == "" || !strings.ContainsFunc(txt, unicode.IsLetter) {
		return txt, txt != "" // numbers and measures read alike
	}
	for _, sep := range separators {
		if !strings.Contains(txt, sep) {
			continue
		}
		parts := strings.Split(txt, sep)
		for i, p := range parts {
			t, ok := b.translate(p, lang)
			if !ok {
				return "", false
			}
			parts[i] = t
		}
		return strings.Join(parts, listSep(lang)), true
	}
	e, ok := b.index[lexicon.Normalize(txt)]
	if !ok {
		return "", false
	}
	w := b.word(e, lang)
	if w == "" {
		return "", false
	}
	if r, _ := utf8.DecodeRuneInString(txt); unicode.IsUpper(r) {
		w = upperFirst(w)
	}
	return w, true
}

func listSep(lang string) string {
	switch lang {
	case "zh", "ja":
		return "、"
	case "ar":
		return "، "
	}
	return ", "
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

package lexicon

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// colorEndings are the adjective endings a colour word takes in German,
// Russian, Portuguese and Spanish, each with the endings the lexicon lists
// the word by: "schwarzen" → "schwarz", "чёрную" → "чёрный", "amarelas" →
// "amarelo". Swapping whole endings, unlike a stemmer, leaves nouns that
// merely begin like a colour alone: "Rosen" (roses) is no "rosa", "белья"
// (linen) no "белый". The colour word found must be one of the endings'
// languages: German endings on English "red" made Portuguese "rede"
// (hammock) a red filter.
var colorEndings = []struct {
	langs    []string
	suffixes []string
	bases    []string
}{
	{[]string{"ru"}, []string{"ыми", "ими", "ого", "его", "ому", "ему", "ую", "юю", "ая", "яя", "ое", "ее", "ые", "ие", "ым", "им", "ых", "их", "ой"}, []string{"ый", "ий", "ой"}},
	{[]string{"de"}, []string{"en", "er", "es", "em", "e"}, []string{""}},
	{[]string{"pt", "es"}, []string{"os", "as", "a"}, []string{"o"}},
}

// minColorBase is the shortest colour word found by its endings: German
// "rot" (red) is three letters.
const minColorBase = 3

// colorInflected finds the colour of an adjective by its endings.
func (l *Lexicon) colorInflected(n string) (string, bool) {
	for _, e := range colorEndings {
		for _, suffix := range e.suffixes {
			stem, ok := strings.CutSuffix(n, suffix)
			if !ok || utf8.RuneCountInString(stem) < minColorBase {
				continue
			}
			for _, b := range e.bases {
				k, ok := l.color[stem+b]
				if ok && l.inAnyLang(stem+b, e.langs) {
					return k, true
				}
			}
		}
	}
	return "", false
}

// inAnyLang reports whether the lexicon lists w (folded) as a word of one
// of langs.
func (l *Lexicon) inAnyLang(w string, langs []string) bool {
	bits := l.langs[w]
	for _, lang := range langs {
		if i := slices.Index(Langs, lang); i >= 0 && bits&(1<<i) != 0 {
			return true
		}
	}
	return false
}

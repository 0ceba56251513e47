package lexicon

import (
	"strings"
	"unicode/utf8"
)

// colorEndings are the adjective endings a colour word takes in German,
// Russian, Portuguese and Spanish, each with the endings the lexicon lists
// the word by: "schwarzen" → "schwarz", "чёрную" → "чёрный", "amarelas" →
// "amarelo". Swapping whole endings, unlike a stemmer, leaves nouns that
// merely begin like a colour alone: "Rosen" (roses) is no "rosa", "белья"
// (linen) no "белый".
var colorEndings = []struct {
	suffixes []string
	bases    []string
}{
	{[]string{"ыми", "ими", "ого", "его", "ому", "ему", "ую", "юю", "ая", "яя", "ое", "ее", "ые", "ие", "ым", "им", "ых", "их", "ой"}, []string{"ый", "ий", "ой"}},
	{[]string{"en", "er", "es", "em", "e"}, []string{""}},
	{[]string{"os", "as", "a"}, []string{"o"}},
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
				if k, ok := l.color[stem+b]; ok {
					return k, true
				}
			}
		}
	}
	return "", false
}

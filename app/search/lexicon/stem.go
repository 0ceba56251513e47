package lexicon

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/blevesearch/snowballstem"
	"github.com/blevesearch/snowballstem/english"
	"github.com/blevesearch/snowballstem/french"
	"github.com/blevesearch/snowballstem/german"
	"github.com/blevesearch/snowballstem/portuguese"
	"github.com/blevesearch/snowballstem/russian"
	"github.com/blevesearch/snowballstem/spanish"
)

// stemmers are the Snowball stemmers (BSD licensed, the ones Bleve's
// analyzers use) of the inflecting core languages: a shopper writes
// "игрушку", "подарить ребёнку" or "brinquedos de madeira", the lexicon
// lists "игрушка" and "brinquedo".
var stemmers = map[string]func(*snowballstem.Env) bool{
	"ru": russian.Stem, "pt": portuguese.Stem, "es": spanish.Stem,
	"fr": french.Stem, "de": german.Stem, "en": english.Stem,
}

// latinStemLangs are tried in turn for a Latin-script word.
var latinStemLangs = []string{"pt", "es", "fr", "de", "en"}

// minStem is the shortest stem looked up: shorter ones join unrelated
// words ("bol", "cas").
const minStem = 4

// minStemOf is the shortest stem indexed for a term of kind. Styles,
// features and uses are mostly adjectives and verbs, whose short stems
// join unrelated words ("bordes", edges, and "bordado", embroidered, are
// both "bord"); a longer one still reads "пробежку" as a run and
// "romantische" as romantic.
func minStemOf(kind string) int {
	if kind == KindGoods || kind == KindMaterial {
		return minStem
	}
	return minStem + 1
}

func stem(lang, n string) string {
	env := snowballstem.NewEnv(n)
	stemmers[lang](env)
	return env.Current()
}

// buildStems indexes the single words of terms by their stem in their
// own language (see minStemOf); a stem two terms share is dropped.
func (l *Lexicon) buildStems() {
	l.stems = map[string]map[string]string{}
	for lang := range stemmers {
		l.stems[lang] = map[string]string{}
	}
	for _, t := range l.Terms {
		for lang, ws := range t.Words {
			idx, ok := l.stems[lang]
			if !ok {
				continue
			}
			for _, w := range ws {
				n := Normalize(w)
				if strings.ContainsAny(n, " -'") {
					continue
				}
				s := stem(lang, n)
				if utf8.RuneCountInString(s) < minStemOf(t.Kind) {
					continue
				}
				if old, seen := idx[s]; seen && old != t.Key {
					idx[s] = "" // ambiguous
					continue
				}
				idx[s] = t.Key
			}
		}
	}
}

// stemmed finds the term of an inflected word by its stem: Russian for a
// Cyrillic word; for a Latin one, the languages that agree (a stem that
// names two terms in two languages names neither).
func (l *Lexicon) stemmed(n string) (string, bool) {
	if utf8.RuneCountInString(n) < minStem+1 {
		return "", false
	}
	r, _ := utf8.DecodeRuneInString(n)
	var langs []string
	switch {
	case unicode.Is(unicode.Cyrillic, r):
		langs = []string{"ru"}
	case isLatin(n):
		langs = latinStemLangs
	default:
		return "", false
	}
	key := ""
	for _, lang := range langs {
		s := stem(lang, n)
		if utf8.RuneCountInString(s) < minStem {
			continue
		}
		k, ok := l.stems[lang][s]
		switch {
		case !ok:
		case k == "" || (key != "" && k != key):
			return "", false
		default:
			key = k
		}
	}
	return key, key != ""
}

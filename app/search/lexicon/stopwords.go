package lexicon

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/analysis/lang/ar"
	"github.com/blevesearch/bleve/v2/analysis/lang/de"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
	"github.com/blevesearch/bleve/v2/analysis/lang/es"
	"github.com/blevesearch/bleve/v2/analysis/lang/fr"
	"github.com/blevesearch/bleve/v2/analysis/lang/it"
	"github.com/blevesearch/bleve/v2/analysis/lang/nl"
	"github.com/blevesearch/bleve/v2/analysis/lang/pt"
	"github.com/blevesearch/bleve/v2/analysis/lang/ru"
	"github.com/blevesearch/bleve/v2/analysis/lang/tr"
)

// functionWords are the function-word lists Bleve ships (Snowball's and
// Lucene's, BSD and Apache licensed): pronouns, articles, auxiliaries,
// question words (not Polish: its package brings a 4 MB stemmer). The lexicon's own stopwords are shop words ("buy",
// "cheap", "的"); these take the filler out of sentences ("worauf man im
// Garten sitzen kann" is about sitting in a garden, not about "man").
var functionWords = map[string][]byte{
	"en": en.EnglishStopWords, "de": de.GermanStopWords, "fr": fr.FrenchStopWords, "es": es.SpanishStopWords,
	"pt": pt.PortugueseStopWords, "ru": ru.RussianStopWords, "ar": ar.ArabicStopWords, "it": it.ItalianStopWords,
	"nl": nl.DutchStopWords, "tr": tr.TurkishStopWords,
}

// addFunctionWords adds each language's function words to its stopwords,
// except words the lexicon gives a meaning in that language (a goods term,
// a colour, a size: "down" is a filling in English) and price or wholesale
// phrases of any language ("under" is a limit). German "man" is filler,
// though English "man" names men's goods.
func (l *Lexicon) addFunctionWords() error {
	for lang, data := range functionWords {
		words := analysis.NewTokenMap()
		if err := words.LoadBytes(data); err != nil {
			return err
		}
		s := l.stop[lang]
		if s == nil {
			s = set{}
			l.stop[lang] = s
		}
		for w := range words {
			if n := Normalize(w); !l.meaningful(lang, n) {
				s[n] = true
			}
		}
	}
	return nil
}

func (l *Lexicon) meaningful(lang, n string) bool {
	i := slices.Index(Langs, lang)
	return (i >= 0 && l.langs[n]&(1<<i) != 0) || l.wholesale[n] || l.below[n] || l.above[n]
}

// buildStopStems indexes the lexicon's own shop and sentence fillers
// ("недорогой", "красивый", "bequem") by stem in their language, so that
// their other inflections ("недорогая", "красивую") are filler too. A stem
// of five letters or more only, and none that a term's word has.
func (l *Lexicon) buildStopStems() {
	l.stopStems = map[string]set{}
	for lang, ws := range l.Stopwords {
		if stemmers[lang] == nil {
			continue
		}
		s := set{}
		for _, w := range ws {
			n := Normalize(w)
			if strings.ContainsAny(n, " -'") {
				continue
			}
			st := stem(lang, n)
			if _, meaning := l.stems[lang][st]; utf8.RuneCountInString(st) >= minStem+1 && !meaning {
				s[st] = true
			}
		}
		l.stopStems[lang] = s
	}
}

// stopStem reports whether n is an inflection of one of lang's own
// fillers (see buildStopStems); a word the lexicon gives a meaning is not.
func (l *Lexicon) stopStem(lang, n string) bool {
	s := l.stopStems[lang]
	if len(s) == 0 || utf8.RuneCountInString(n) < minStem+2 {
		return false
	}
	if _, ok := l.term[n]; ok {
		return false
	}
	if _, ok := l.color[n]; ok {
		return false
	}
	return s[stem(lang, n)]
}

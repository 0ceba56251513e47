package lexicon

import (
	"strings"
	"unicode/utf8"
)

// diminutives are Portuguese and Spanish endings that make a word smaller
// or fonder without changing what it names ("mochilinha", "bolsita",
// "casaquinho"), with the endings of the plain word to try in their place.
// Snowball stems leave them on. The augmentative "-ão" is not one: too many
// words end so that name other things ("botão" is a button, not a big
// boot; "calção" shorts, "colchão" a mattress); the lexicon lists the few
// that matter ("mochilão").
var diminutives = []struct {
	suffix string
	bases  []string
}{
	{"zinho", []string{""}}, {"zinha", []string{""}}, // "colarzinho"
	{"quinho", []string{"co"}}, {"quinha", []string{"ca"}}, // "casaquinho"
	{"guinho", []string{"go"}}, {"guinha", []string{"ga"}},
	{"inho", []string{"o", "e"}}, {"inha", []string{"a"}}, // "quentinho"
	{"cito", []string{""}}, {"cita", []string{""}},
	{"quito", []string{"co"}}, {"quita", []string{"ca"}},
	{"ito", []string{"o"}}, {"ita", []string{"a"}},
}

// minDiminutiveBase is the shortest plain word a diminutive is read as
// ("gatito" → "gato"): below it, the ending is more often part of a word
// of its own ("cita" is an appointment, not a small "c").
const minDiminutiveBase = 4

// diminutive finds the term of a Portuguese or Spanish diminutive,
// singular or plural, by the plain word the lexicon lists.
func (l *Lexicon) diminutive(n string) (string, bool) {
	if !isLatin(n) {
		return "", false
	}
	forms := []string{n, strings.TrimSuffix(n, "s")}
	for _, w := range forms {
		for _, d := range diminutives {
			stem, ok := strings.CutSuffix(w, d.suffix)
			if !ok {
				continue
			}
			for _, b := range d.bases {
				base := stem + b
				if utf8.RuneCountInString(base) < minDiminutiveBase {
					continue
				}
				if k, ok := l.term[base]; ok {
					return k, true
				}
			}
		}
	}
	return "", false
}

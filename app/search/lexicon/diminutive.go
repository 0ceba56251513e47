package lexicon

import (
	"strings"
	"unicode/utf8"
)

// diminutives are Portuguese and Spanish endings that make a word smaller,
// bigger or fonder without changing what it names ("mochilinha",
// "mochilão", "bolsita", "casaquinho"), with the endings of the plain word
// to try in their place. Snowball stems leave them on.
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
	{"ão", []string{"a", "o"}}, // "mochilão", "bolsão"
}

// minDiminutiveBase is the shortest plain word a diminutive is read as:
// "bonito" is not a "bono", "camisão" may be a "camisa".
const minDiminutiveBase = 4

// diminutive finds the term of a Portuguese or Spanish diminutive or
// augmentative, singular or plural, by the plain word the lexicon lists.
func (l *Lexicon) diminutive(n string) (string, bool) {
	if !isLatin(n) {
		return "", false
	}
	forms := []string{n, strings.TrimSuffix(n, "s")}
	if stem, ok := strings.CutSuffix(n, "ões"); ok { // "mochilões"
		forms = append(forms, stem+"ão")
	}
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

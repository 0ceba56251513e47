package lexicon

import "strings"

// Modifier returns the first part of a German or Dutch compound that the
// lexicon reads by its last part (see compound), when that first part is
// itself a term or colour word: "Holzspielzeug" → "holz" (wood),
// "Kinderschuhe" → "kinder" (kids). The compound's term names the thing;
// the modifier says which one, and was lost when only the head was read.
// A word the lexicon lists as it is ("Damenkleid") has no modifier.
func (l *Lexicon) Modifier(word string) (string, bool) {
	n := Normalize(word)
	if _, ok := l.lookup(l.term, l.termLoose, n); ok || !isLatin(n) || strings.ContainsAny(n, " -") {
		return "", false
	}
	runes := []rune(n)
	for i := 3; i <= len(runes)-3; i++ {
		head := string(runes[i:])
		if _, ok := l.heads[head]; !ok {
			continue
		}
		first := string(runes[:i])
		if (len(runes)-i < 5 || l.sharedHeads[head]) && !l.isModifier(first) {
			continue // compound does not read it this way either
		}
		return l.modifierWord(first)
	}
	return "", false
}

// modifierWord is the lexicon word a compound's first part is, allowing
// for linking letters (Kinder|, Baumwoll(e)|, Geschenk(s)|), as isModifier.
func (l *Lexicon) modifierWord(p string) (string, bool) {
	cands := []string{p, p + "e"}
	for _, suffix := range []string{"s", "es", "n", "en", "e"} {
		if stem, ok := strings.CutSuffix(p, suffix); ok {
			cands = append(cands, stem)
		}
	}
	for _, c := range cands {
		if len([]rune(c)) < 4 {
			continue
		}
		if _, ok := l.term[c]; ok {
			return c, true
		}
		if _, ok := l.color[c]; ok {
			return c, true
		}
	}
	return "", false
}

package lexicon

import (
	"slices"
	"unicode/utf8"
)

// Closest is the lexicon word (a term's or a colour's, folded) nearest to
// w within maxEdits, for "did you mean". An edit is a letter added, taken
// out, changed, or two neighbours swapped ("shose" → "shoes" is one). Of
// equally near words, one of lang wins, then the alphabetically first, so
// the answer does not depend on map order. A word the lexicon knows is its
// own answer.
func (l *Lexicon) Closest(w, lang string, maxEdits int) (string, bool) {
	w = Normalize(w)
	if _, ok := l.term[w]; ok {
		return w, true
	}
	if _, ok := l.color[w]; ok {
		return w, true
	}
	bit := uint16(0)
	if i := slices.Index(Langs, lang); i >= 0 {
		bit = 1 << i
	}
	src := []rune(w)
	best, bestD, bestOwn := "", maxEdits+1, false
	consider := func(cand string) {
		n := utf8.RuneCountInString(cand)
		if n < len(src)-maxEdits || n > len(src)+maxEdits {
			return
		}
		d := editDistance(src, []rune(cand), bestD)
		own := l.langs[cand]&bit != 0
		switch {
		case d > maxEdits || d > bestD:
			return
		case d == bestD && (bestOwn && !own || bestOwn == own && cand >= best):
			return
		}
		best, bestD, bestOwn = cand, d, own
	}
	for cand := range l.term {
		consider(cand)
	}
	for cand := range l.color {
		consider(cand)
	}
	return best, best != ""
}

// editDistance is the optimal string alignment distance of a and b (a swap
// of neighbours is one edit); past limit it returns limit+1 early.
func editDistance(a, b []rune, limit int) int {
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
			rowMin = min(rowMin, cur[j])
		}
		if rowMin > limit {
			return limit + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

// InLang reports whether word is a lexicon word (a term's, a colour's, a
// stopword) of lang. It says yes when it cannot say no: for a language the
// lexicon does not have, and for a word it knows only without its accents
// ("algodon"), whose language the spelling does not tell.
func (l *Lexicon) InLang(word, lang string) bool {
	i := slices.Index(Langs, lang)
	bits, exact := l.langs[Normalize(word)]
	return i < 0 || !exact || bits&(1<<i) != 0
}

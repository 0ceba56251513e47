package lexicon

import "testing"

func TestClosest(t *testing.T) {
	l := MustLoad()
	tests := []struct {
		w, lang string
		edits   int
		want    string
	}{
		{"dress", "en", 1, "dress"},       // known: itself
		{"dresss", "en", 1, "dress"},      // one added letter
		{"abckpakc", "en", 2, "backpack"}, // two swaps
		{"encklaec", "en", 2, "necklace"}, // two swaps
		{"abckpakc", "en", 1, ""},         // too far for one edit
		{"zzqxwv", "en", 2, ""},           // nothing near
		{"Kleidd", "de", 1, "kleid"},      // folded like the data
	}
	for _, tt := range tests {
		got, ok := l.Closest(tt.w, tt.lang, tt.edits)
		if got != tt.want || ok != (tt.want != "") {
			t.Errorf("Closest(%q, %s, %d) = %q, %v; want %q", tt.w, tt.lang, tt.edits, got, ok, tt.want)
		}
	}
}

func TestEditDistance(t *testing.T) {
	tests := []struct {
		a, b  string
		limit int
		want  int
	}{
		{"shose", "shoes", 3, 1}, // a swap is one edit
		{"kitten", "sitting", 5, 3},
		{"", "abc", 5, 3},
		{"abcdef", "zzzzzz", 2, 3}, // stops past the limit
	}
	for _, tt := range tests {
		if got := editDistance([]rune(tt.a), []rune(tt.b), tt.limit); got != tt.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestInLang(t *testing.T) {
	l := MustLoad()
	tests := []struct {
		word, lang string
		want       bool
	}{
		{"kleid", "de", true},
		{"leer", "de", false}, // Dutch for leather; German "empty"
		{"leer", "nl", true},
		{"dress", "de", false},
		{"algodon", "es", true}, // known only without its accent: cannot tell
		{"dress", "xx", true},   // a language the lexicon lacks
	}
	for _, tt := range tests {
		if got := l.InLang(tt.word, tt.lang); got != tt.want {
			t.Errorf("InLang(%q, %s) = %v, want %v", tt.word, tt.lang, got, tt.want)
		}
	}
}

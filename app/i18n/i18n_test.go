package i18n

import (
	"testing"
	"testing/fstest"

	"souk/locales"
)

func testSet(t *testing.T) *Set {
	t.Helper()
	s, err := LoadSet(locales.FS)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestMatch(t *testing.T) {
	s := testSet(t)
	tests := []struct {
		in   string
		want string
		ok   bool
	}{
		{"en", "en", true},
		{"DE", "de", true},
		{"zh", "zh", true},
		{"zh-hans", "zh", true},
		{"zh_Hans", "zh", true},
		{"zh-Hant", "zh-tw", true},
		{"zh-hant-hk", "zh-tw", true},
		{"zh-TW", "zh-tw", true},
		{"zh_tw", "zh-tw", true},
		{"de-AT", "de", true},
		{"pt-BR", "pt", true},
		{"iw", "he", true},
		{"xx", "", false},
		{"xx-yy", "", false},
		{"cart", "", false},
		{"../etc", "", false},
		{"", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, ok := s.Match(tt.in)
			if got != tt.want || ok != tt.ok {
				t.Fatalf("Match(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
			}
		})
	}
	if got := s.Normalize("xx-yy"); got != "en" {
		t.Fatalf("Normalize falls back to en, got %q", got)
	}
}

func TestFromAcceptLanguage(t *testing.T) {
	s := testSet(t)
	tests := []struct{ header, want string }{
		{"de-DE,de;q=0.9,en;q=0.8", "de"},
		{"xx;q=1, fr;q=0.5", "fr"},
		{"en;q=0.2, ar;q=0.9", "ar"},
		{"zh-Hant-TW", "zh-tw"},
		{"*", ""},
		{"", ""},
		{"garbage;;;q=x", ""},
	}
	for _, tt := range tests {
		if got := s.FromAcceptLanguage(tt.header); got != tt.want {
			t.Errorf("FromAcceptLanguage(%q) = %q, want %q", tt.header, got, tt.want)
		}
	}
}

func TestCatalogFallback(t *testing.T) {
	fsys := fstest.MapFS{
		"languages.json": {Data: []byte(`[{"code":"en","name":"English","dir":"ltr"},{"code":"de","name":"Deutsch","dir":"ltr"},{"code":"ar","name":"العربية","dir":"rtl"}]`)},
		"en.json":        {Data: []byte(`{"Hello":"Hello {name}","Bye":"Bye"}`)},
		"de.json":        {Data: []byte(`{"Hello":"Hallo {name}","Unknown":"x","Bye":""}`)},
	}
	set, err := LoadSet(fsys)
	if err != nil {
		t.Fatal(err)
	}
	c, err := LoadCatalogs(fsys, set)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ lang, key, want string }{
		{"de", "Hello", "Hallo Ana"},
		{"de", "Bye", "Bye"},         // empty translation falls back to English
		{"ar", "Hello", "Hello Ana"}, // no catalog at all
		{"de", "Nope", "Nope"},       // unknown key shows itself
		{"zz", "Bye", "Bye"},
	}
	for _, tt := range tests {
		if got := c.T(tt.lang, tt.key, "name", "Ana"); got != tt.want {
			t.Errorf("T(%s,%s) = %q, want %q", tt.lang, tt.key, got, tt.want)
		}
	}
	if _, ok := c.Strings("de")["Unknown"]; ok {
		t.Error("keys missing from en.json must not leak in")
	}
	if !set.IsRTL("ar") || set.IsRTL("de") {
		t.Error("IsRTL")
	}
}

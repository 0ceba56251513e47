package i18n_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// language mirrors one entry of locales/languages.json.
type language struct {
	Code    string `json:"code"`
	Name    string `json:"name"`
	English string `json:"english"`
	Dir     string `json:"dir"`
}

var codePattern = regexp.MustCompile(`^[a-z]{2,3}(-[a-z]{2,4})?$`)

func loadLanguages(t *testing.T) []language {
	t.Helper()
	path := filepath.Join("..", "..", "locales", "languages.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("reading %s: %v", path, err)
	}
	var langs []language
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&langs); err != nil {
		t.Fatalf("parsing %s: %v", path, err)
	}
	return langs
}

func TestLanguages(t *testing.T) {
	langs := loadLanguages(t)
	byCode := make(map[string]language, len(langs))
	for _, l := range langs {
		byCode[l.Code] = l
	}

	checks := []struct {
		name  string
		check func(t *testing.T)
	}{
		{"at least 128 entries", func(t *testing.T) {
			if len(langs) < 128 {
				t.Errorf("got %d languages, want at least 128", len(langs))
			}
		}},
		{"no duplicate codes", func(t *testing.T) {
			seen := make(map[string]int, len(langs))
			for i, l := range langs {
				if j, ok := seen[l.Code]; ok {
					t.Errorf("code %q at index %d duplicates index %d", l.Code, i, j)
				}
				seen[l.Code] = i
			}
		}},
		{"codes well formed", func(t *testing.T) {
			for i, l := range langs {
				if !codePattern.MatchString(l.Code) {
					t.Errorf("index %d: code %q does not match %s", i, l.Code, codePattern)
				}
			}
		}},
		{"en first", func(t *testing.T) {
			if len(langs) == 0 || langs[0].Code != "en" {
				t.Errorf("first language must be en")
			}
		}},
		{"zh and zh-tw present", func(t *testing.T) {
			for _, c := range []string{"zh", "zh-tw"} {
				if _, ok := byCode[c]; !ok {
					t.Errorf("missing %q", c)
				}
			}
		}},
		{"dir is ltr or rtl", func(t *testing.T) {
			for _, l := range langs {
				if l.Dir != "ltr" && l.Dir != "rtl" {
					t.Errorf("%s: dir %q, want ltr or rtl", l.Code, l.Dir)
				}
			}
		}},
		{"known rtl languages", func(t *testing.T) {
			for _, c := range []string{"ar", "he", "fa", "ur"} {
				l, ok := byCode[c]
				switch {
				case !ok:
					t.Errorf("missing %q", c)
				case l.Dir != "rtl":
					t.Errorf("%s: dir %q, want rtl", c, l.Dir)
				}
			}
		}},
		{"names non-empty", func(t *testing.T) {
			for _, l := range langs {
				if strings.TrimSpace(l.Name) == "" {
					t.Errorf("%s: empty name", l.Code)
				}
				if strings.TrimSpace(l.English) == "" {
					t.Errorf("%s: empty english name", l.Code)
				}
			}
		}},
	}

	for _, c := range checks {
		t.Run(c.name, c.check)
	}
}

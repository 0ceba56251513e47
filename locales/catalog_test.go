package locales

import (
	"encoding/json"
	"io/fs"
	"path"
	"regexp"
	"strings"
	"testing"
)

// placeholderRE matches interpolation placeholders such as {n} or {price}.
var placeholderRE = regexp.MustCompile(`\{[A-Za-z_][A-Za-z0-9_]*\}`)

func loadCatalog(t *testing.T, name string) map[string]string {
	t.Helper()
	raw, err := FS.ReadFile(name)
	if err != nil {
		t.Fatalf("read %s: %v", name, err)
	}
	var m map[string]string
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatalf("parse %s: %v", name, err)
	}
	return m
}

// catalogFiles lists every embedded <code>.json catalog (languages.json is
// the language list, not a catalog).
func catalogFiles(t *testing.T) []string {
	t.Helper()
	names, err := fs.Glob(FS, "*.json")
	if err != nil {
		t.Fatalf("glob: %v", err)
	}
	var out []string
	for _, n := range names {
		if n == "languages.json" {
			continue
		}
		out = append(out, n)
	}
	if len(out) == 0 {
		t.Fatal("no catalogs embedded")
	}
	return out
}

func TestCatalogs(t *testing.T) {
	en := loadCatalog(t, "en.json")
	if len(en) == 0 {
		t.Fatal("en.json is empty")
	}
	for _, name := range catalogFiles(t) {
		name := name
		t.Run(strings.TrimSuffix(path.Base(name), ".json"), func(t *testing.T) {
			cat := loadCatalog(t, name)
			for key, val := range cat {
				src, ok := en[key]
				if !ok {
					t.Errorf("unknown key %q (not in en.json)", key)
					continue
				}
				if strings.TrimSpace(val) == "" {
					t.Errorf("key %q has an empty value", key)
					continue
				}
				for _, ph := range placeholderRE.FindAllString(src, -1) {
					if !strings.Contains(val, ph) {
						t.Errorf("key %q: placeholder %s missing in %q", key, ph, val)
					}
				}
			}
		})
	}
}

func TestLanguagesList(t *testing.T) {
	raw, err := FS.ReadFile("languages.json")
	if err != nil {
		t.Fatalf("read languages.json: %v", err)
	}
	var langs []struct {
		Code string `json:"code"`
		Dir  string `json:"dir"`
	}
	if err := json.Unmarshal(raw, &langs); err != nil {
		t.Fatalf("parse languages.json: %v", err)
	}
	seen := map[string]bool{}
	for _, l := range langs {
		if l.Code == "" || seen[l.Code] {
			t.Errorf("empty or duplicate language code %q", l.Code)
		}
		seen[l.Code] = true
		if l.Dir != "ltr" && l.Dir != "rtl" {
			t.Errorf("language %q: dir %q is not ltr/rtl", l.Code, l.Dir)
		}
	}
}

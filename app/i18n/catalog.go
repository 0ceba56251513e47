package i18n

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"strings"
)

// Catalogs holds every language's UI strings, each already merged over the
// English catalog so a missing translation shows English, never a hole.
type Catalogs struct {
	merged map[string]map[string]string
	en     map[string]string
}

// LoadCatalogs reads <code>.json for every language of set from fsys.
func LoadCatalogs(fsys fs.FS, set *Set) (*Catalogs, error) {
	en, err := readCatalog(fsys, Default)
	if err != nil {
		return nil, err
	}
	c := &Catalogs{merged: map[string]map[string]string{Default: en}, en: en}
	for _, l := range set.All() {
		if l.Code == Default {
			continue
		}
		own, err := readCatalog(fsys, l.Code)
		if err != nil {
			own = nil // a language without a catalog yet speaks English
		}
		m := make(map[string]string, len(en))
		for k, v := range en {
			m[k] = v
		}
		for k, v := range own {
			if _, known := en[k]; known && v != "" {
				m[k] = v
			}
		}
		c.merged[l.Code] = m
	}
	return c, nil
}

func readCatalog(fsys fs.FS, code string) (map[string]string, error) {
	raw, err := fs.ReadFile(fsys, code+".json")
	if err != nil {
		return nil, fmt.Errorf("i18n: read catalog %s: %w", code, err)
	}
	var m map[string]string
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, fmt.Errorf("i18n: parse catalog %s: %w", code, err)
	}
	return m, nil
}

// Strings returns the full catalog of a language (English where untranslated).
func (c *Catalogs) Strings(lang string) map[string]string {
	if m, ok := c.merged[lang]; ok {
		return m
	}
	return c.en
}

// T translates key into lang, replacing {name} placeholders from args given
// as name, value pairs. An unknown key shows as itself.
func (c *Catalogs) T(lang, key string, args ...string) string {
	s, ok := c.Strings(lang)[key]
	if !ok {
		s = key
	}
	for i := 0; i+1 < len(args); i += 2 {
		s = strings.ReplaceAll(s, "{"+args[i]+"}", args[i+1])
	}
	return s
}

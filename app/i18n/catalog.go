package i18n

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"strings"
	"sync"
)

// Catalogs holds every language's UI strings, each merged over the English
// catalog so a missing translation shows English, never a hole. A
// language's catalog is read on its first use: all 133 merged at start
// held ~20 MB, most of it for languages a server may never be asked for.
type Catalogs struct {
	fsys   fs.FS
	known  map[string]bool // the set's languages
	en     map[string]string
	mu     sync.Mutex
	merged sync.Map // language → map[string]string
}

// LoadCatalogs reads the English catalog of fsys (<code>.json for every
// language of set is read when first asked for).
func LoadCatalogs(fsys fs.FS, set *Set) (*Catalogs, error) {
	en, err := readCatalog(fsys, Default)
	if err != nil {
		return nil, err
	}
	c := &Catalogs{fsys: fsys, known: map[string]bool{}, en: en}
	for _, l := range set.All() {
		c.known[l.Code] = true
	}
	c.merged.Store(Default, en)
	return c, nil
}

// merge builds lang's catalog over English.
func (c *Catalogs) merge(lang string) map[string]string {
	own, err := readCatalog(c.fsys, lang)
	if err != nil {
		own = nil // a language without a catalog yet speaks English
	}
	m := make(map[string]string, len(c.en))
	for k, v := range c.en {
		m[k] = v
	}
	for k, v := range own {
		if _, known := c.en[k]; known && v != "" {
			m[k] = v
		}
	}
	return m
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
	if m, ok := c.merged.Load(lang); ok {
		return m.(map[string]string)
	}
	if !c.known[lang] {
		return c.en
	}
	c.mu.Lock() // one reader of a catalog at a time
	defer c.mu.Unlock()
	if m, ok := c.merged.Load(lang); ok {
		return m.(map[string]string)
	}
	m := c.merge(lang)
	c.merged.Store(lang, m)
	return m
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

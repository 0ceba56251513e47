package web

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"golang.org/x/sync/singleflight"

	"souk/app/catalog"
	"souk/app/i18n"
	"souk/server/ssr"
)

// sharedData is what every page of one language shares. It is most of a
// page's hydration data (the catalogue alone is ~30 KB), so the browser gets
// it once per language as an immutable script, /static/site/{lang}.{hash}.js,
// and pages carry only their own data.
type sharedData struct {
	T          map[string]string      `json:"t"`
	Langs      []LangItem             `json:"langs"`
	Regions    []catalog.RegionItem   `json:"regions"`
	Currencies []catalog.CurrencyItem `json:"currencies"`
	NumFmt     i18n.NumberFormat      `json:"numfmt"`
	Cats       []CategoryLink         `json:"cats"` // the catalogue's top categories, for the menu
}

// sharedScript is one language's shared data, ready to render with and to
// serve.
type sharedScript struct {
	enums int64 // the catalogue's enums version it was built from
	ssr   ssr.Shared
	name  string // file name under /static/
	js    []byte
	enc   ssr.Encoded
}

// sharedScripts holds the current shared script of each language.
type sharedScripts struct {
	mu     sync.Mutex
	byLang map[string]*sharedScript
	build  singleflight.Group // one build per language at a time
}

// shared returns lang's shared script, rebuilding it when regions or
// currencies have changed since it was made.
func (s *Site) shared(ctx context.Context, lang string) (*sharedScript, error) {
	enums := s.Catalog.EnumsVersion()
	s.scripts.mu.Lock()
	sc := s.scripts.byLang[lang]
	s.scripts.mu.Unlock()
	if sc != nil && sc.enums == enums {
		return sc, nil
	}
	v, err, _ := s.scripts.build.Do(lang, func() (any, error) { return s.buildShared(ctx, lang, enums) })
	if err != nil {
		return nil, err
	}
	sc = v.(*sharedScript)
	s.scripts.mu.Lock()
	if s.scripts.byLang == nil {
		s.scripts.byLang = map[string]*sharedScript{}
	}
	s.scripts.byLang[lang] = sc
	s.scripts.mu.Unlock()
	return sc, nil
}

func (s *Site) buildShared(ctx context.Context, lang string, enums int64) (*sharedScript, error) {
	regions, err := s.Catalog.Regions(ctx)
	if err != nil {
		return nil, err
	}
	tree, err := s.Catalog.CategoryTree(ctx, lang)
	if err != nil {
		return nil, err
	}
	body, err := json.Marshal(sharedData{T: s.Strings.Strings(lang), Langs: langItems(s.Langs), Regions: regions,
		Currencies: s.Catalog.Currencies(), NumFmt: i18n.NumberFormatFor(lang), Cats: categoryLinks(tree)})
	if err != nil {
		return nil, fmt.Errorf("web: encode shared data: %w", err)
	}
	sum := sha256.Sum256(body)
	name := "site/" + lang + "." + hex.EncodeToString(sum[:6]) + ".js"
	js := append([]byte("self.__SOUK_SITE__="), body...)
	return &sharedScript{enums: enums, ssr: ssr.Shared{Key: name, JSON: body}, name: name, js: js,
		enc: ssr.Compress(js, sharedBrotli)}, nil
}

// sharedBrotli is the brotli quality of shared scripts: made at run time,
// once per language, so a notch below the build's best (about 2% larger).
const sharedBrotli = 9

// SharedScript returns the shared script named name ("site/en.<hash>.js")
// and its compressed codings. Only the current version of a known language
// exists: any other name is not found, so made-up names cost nothing.
func (s *Site) SharedScript(ctx context.Context, name string) ([]byte, ssr.Encoded, bool) {
	rest, ok := strings.CutPrefix(name, "site/")
	lang, _, _ := strings.Cut(rest, ".")
	if _, known := s.Langs.Get(lang); !ok || !known {
		return nil, ssr.Encoded{}, false
	}
	sc, err := s.shared(ctx, lang)
	if err != nil || sc.name != name {
		return nil, ssr.Encoded{}, false
	}
	return sc.js, sc.enc, true
}

// Package i18n knows the languages Souk speaks: the list, how a code given by a
// URL, a cookie or a browser is normalised, and the UI string catalogs.
package i18n

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"regexp"
	"strings"
)

// Language is one supported language.
type Language struct {
	Code    string `json:"code"`
	Name    string `json:"name"`    // in its own script
	English string `json:"english"` // for logs and the README
	Dir     string `json:"dir"`     // ltr or rtl
}

// Default is the language every lookup falls back to.
const Default = "en"

// Set is the immutable list of supported languages with its lookups.
type Set struct {
	list   []Language
	byCode map[string]Language
}

// LoadSet reads languages.json from fsys.
func LoadSet(fsys fs.FS) (*Set, error) {
	raw, err := fs.ReadFile(fsys, "languages.json")
	if err != nil {
		return nil, fmt.Errorf("i18n: read languages: %w", err)
	}
	var list []Language
	if err := json.Unmarshal(raw, &list); err != nil {
		return nil, fmt.Errorf("i18n: parse languages: %w", err)
	}
	s := &Set{list: list, byCode: make(map[string]Language, len(list))}
	for _, l := range list {
		s.byCode[l.Code] = l
	}
	if _, ok := s.byCode[Default]; !ok {
		return nil, fmt.Errorf("i18n: languages.json lacks %q", Default)
	}
	return s, nil
}

// All returns the languages in display order.
func (s *Set) All() []Language { return s.list }

// Get returns a supported language by its normalised code.
func (s *Set) Get(code string) (Language, bool) {
	l, ok := s.byCode[code]
	return l, ok
}

// IsRTL tells whether a supported language is written right to left.
func (s *Set) IsRTL(code string) bool { return s.byCode[code].Dir == "rtl" }

var codeShape = regexp.MustCompile(`^[a-z]{2,3}(-[a-z0-9]{2,8})*$`)

// aliases maps script and region variants onto the codes we serve.
var aliases = map[string]string{
	"zh-hans": "zh", "zh-cn": "zh", "zh-sg": "zh", "zh-my": "zh",
	"zh-hant": "zh-tw", "zh-hk": "zh-tw", "zh-mo": "zh-tw",
	"iw": "he", "in": "id", "ji": "yi", "tl": "fil", "nb": "no", "nn": "no",
}

// Clean lowercases a code and turns underscores into hyphens; it reports
// whether the result has the shape of a language tag at all.
func Clean(code string) (string, bool) {
	c := strings.ToLower(strings.ReplaceAll(strings.TrimSpace(code), "_", "-"))
	return c, codeShape.MatchString(c)
}

// Match finds the supported language for a code: exact, then an alias
// (zh-hans → zh, zh-hant → zh-tw, including longer tags such as
// zh-hant-hk), then the code's prefix. ok is false when nothing matches.
func (s *Set) Match(code string) (string, bool) {
	c, shaped := Clean(code)
	if !shaped {
		return "", false
	}
	for cand := c; cand != ""; cand = trimLastSubtag(cand) {
		if a, ok := aliases[cand]; ok {
			return a, true
		}
		if _, ok := s.byCode[cand]; ok {
			return cand, true
		}
	}
	return "", false
}

// Normalize is Match with the final fallback of SPEC §2: a code falls back to
// its prefix, then to en.
func (s *Set) Normalize(code string) string {
	if c, ok := s.Match(code); ok {
		return c
	}
	return Default
}

func trimLastSubtag(c string) string {
	if i := strings.LastIndexByte(c, '-'); i > 0 {
		return c[:i]
	}
	return ""
}

// FromAcceptLanguage picks the best supported language from an
// Accept-Language header, honouring q-values; "" when none is supported.
func (s *Set) FromAcceptLanguage(header string) string {
	best, bestQ := "", -1.0
	for _, part := range strings.Split(header, ",") {
		tag, q := parseWeighted(part)
		if tag == "" || tag == "*" || q <= bestQ {
			continue
		}
		if c, ok := s.Match(tag); ok {
			best, bestQ = c, q
		}
	}
	return best
}

func parseWeighted(part string) (string, float64) {
	fields := strings.Split(strings.TrimSpace(part), ";")
	q := 1.0
	for _, f := range fields[1:] {
		f = strings.TrimSpace(f)
		if v, ok := strings.CutPrefix(f, "q="); ok {
			if _, err := fmt.Sscanf(v, "%g", &q); err != nil {
				q = 0
			}
		}
	}
	return strings.TrimSpace(fields[0]), q
}

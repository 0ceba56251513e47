package web

import (
	"net/http"
	"net/url"
	"strings"

	"souk/app/i18n"
)

// Resolved is where a request path leads once its language is known.
type Resolved struct {
	Lang     string   // language to serve
	Prefixed bool     // the URL carried a language prefix
	Segs     []string // path segments after the prefix
	Redirect string   // when set, answer a redirect here instead
}

// Resolve reads the optional language prefix of path. A supported code is
// served; a variant of one (zh-hans, de-AT, ZH_TW) redirects to its
// canonical prefix; an unknown code redirects to /404. Without a prefix the
// visitor's language comes from the lang cookie, then Accept-Language.
func Resolve(set *i18n.Set, r *http.Request) Resolved {
	raw := strings.Trim(r.URL.Path, "/")
	segs := []string{}
	if raw != "" {
		for _, s := range strings.Split(raw, "/") {
			if u, err := url.PathUnescape(s); err == nil {
				s = u
			}
			segs = append(segs, s)
		}
	}
	if len(segs) > 0 && !firstSegments[segs[0]] {
		if clean, shaped := i18n.Clean(segs[0]); shaped {
			code, ok := set.Match(clean)
			switch {
			case !ok:
				return Resolved{Redirect: "/404"}
			case code != segs[0]:
				return Resolved{Redirect: rebuild(code, segs[1:], r.URL.RawQuery)}
			}
			return Resolved{Lang: code, Prefixed: true, Segs: segs[1:]}
		}
	}
	return Resolved{Lang: visitorLang(set, r), Segs: segs}
}

// VisitorLang is the language of a request whose address names none (the
// lang cookie, else Accept-Language, else the default).
func (s *Site) VisitorLang(r *http.Request) string { return visitorLang(s.Langs, r) }

func visitorLang(set *i18n.Set, r *http.Request) string {
	if c, err := r.Cookie("lang"); err == nil {
		if code, ok := set.Match(c.Value); ok {
			return code
		}
	}
	if code := set.FromAcceptLanguage(r.Header.Get("Accept-Language")); code != "" {
		return code
	}
	return i18n.Default
}

func rebuild(lang string, segs []string, query string) string {
	esc := make([]string, len(segs))
	for i, s := range segs {
		esc[i] = url.PathEscape(s)
	}
	p := "/" + lang + "/" + strings.Join(esc, "/")
	if query != "" {
		p += "?" + query
	}
	return p
}

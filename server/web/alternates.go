package web

import (
	"bytes"
	"html"
	"slices"
	"strings"

	"souk/app/i18n"
)

// hreflang names a language for search engines (script subtags for Chinese).
func hreflang(code string) string {
	switch code {
	case "zh":
		return "zh-Hans"
	case "zh-tw":
		return "zh-Hant"
	}
	return code
}

// alternates writes the hreflang links of a page plus x-default: in every
// language, or in only those its content is written in (a goods item's
// texts: its page in another language shows them in the main language, not
// a translation to offer searchers). They are written here rather than by
// React: 133 elements rendered in goja cost more than the rest of a product
// page, and React 19 leaves extra nodes in <head> alone when it hydrates.
func alternates(set *i18n.Set, baseURL, path string, only []string) string {
	var b strings.Builder
	p := html.EscapeString(path)
	for _, l := range set.All() {
		if only != nil && !slices.Contains(only, l.Code) {
			continue
		}
		b.WriteString(`<link rel="alternate" hreflang="`)
		b.WriteString(hreflang(l.Code))
		b.WriteString(`" href="`)
		b.WriteString(baseURL + "/" + l.Code + p)
		b.WriteString(`"/>`)
	}
	b.WriteString(`<link rel="alternate" hreflang="x-default" href="` + baseURL + p + `"/>`)
	return b.String()
}

// noindex tells whether a rendered page asks not to be indexed (Seo.tsx's
// robots meta): such a page gets no hreflang links, which would offer
// search engines alternates of a page they must drop.
func noindex(doc []byte) bool {
	return bytes.Contains(doc, []byte(`<meta name="robots" content="noindex`))
}

// injectHead puts extra before </head>.
func injectHead(doc []byte, extra string) []byte {
	i := bytes.Index(doc, []byte("</head>"))
	if i < 0 || extra == "" {
		return doc
	}
	out := make([]byte, 0, len(doc)+len(extra))
	out = append(out, doc[:i]...)
	out = append(out, extra...)
	return append(out, doc[i:]...)
}

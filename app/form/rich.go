package form

import (
	"html"
	"strings"
	"unicode/utf8"

	"github.com/microcosm-cc/bluemonday"
)

// Errors of list fields.
const (
	ErrTooMany = "FormTooMany"
	ErrList    = "FormNotList"
)

// richPolicy is the small allow-list of rich text: paragraphs, line
// breaks, emphasis, lists and two heading levels, no attributes at all (so
// no links, styles, event handlers or images). Scripts and their content
// are dropped.
var richPolicy = func() *bluemonday.Policy {
	p := bluemonday.NewPolicy()
	p.AllowElements("p", "br", "strong", "b", "em", "i", "u", "ul", "ol", "li", "h3", "h4", "blockquote")
	return p
}()

// Sanitize cleans rich text with the allow-list.
func Sanitize(html string) string { return strings.TrimSpace(richPolicy.Sanitize(html)) }

// plainLen is the length of rich text as a reader sees it (tags left out).
func plainLen(html string) int {
	return utf8.RuneCountInString(bluemonday.StrictPolicy().Sanitize(html))
}

func richText(fd Field, raw any) (any, string) {
	s, ok := raw.(string)
	if !ok {
		return nil, ErrText
	}
	if !utf8.ValidString(s) || strings.IndexByte(s, 0) >= 0 {
		return nil, ErrChars
	}
	if len(s) > 4*MaxText { // far beyond any limit: do not parse it
		return nil, ErrLong
	}
	s = Sanitize(s)
	n := plainLen(s)
	switch {
	case n == 0:
		return nil, ""
	case fd.MinLen > 0 && n < fd.MinLen:
		return nil, ErrShort
	case fd.MaxLen > 0 && n > fd.MaxLen, len(s) > 2*MaxText:
		return nil, ErrLong
	}
	return s, ""
}

// imageList is an ordered list of the owner's uploads.
func imageList(fd Field, raw any, owner string) (any, string) {
	list, ok := raw.([]any)
	if !ok {
		return nil, ErrList
	}
	if fd.MaxItems > 0 && len(list) > fd.MaxItems {
		return nil, ErrTooMany
	}
	out := make([]any, 0, len(list))
	seen := map[string]bool{}
	for _, it := range list {
		s, ok := it.(string)
		if !ok || !OwnUpload(s, fd.Disk, owner) || seen[s] {
			return nil, ErrImage
		}
		seen[s] = true
		out = append(out, s)
	}
	if len(out) == 0 {
		return nil, ""
	}
	return out, ""
}

// pairs is an ordered list of {k, v} one-line texts of at most MaxLen each.
func pairs(fd Field, raw any) (any, string) {
	list, ok := raw.([]any)
	if !ok {
		return nil, ErrList
	}
	if fd.MaxItems > 0 && len(list) > fd.MaxItems {
		return nil, ErrTooMany
	}
	out := make([]any, 0, len(list))
	line := Field{Type: Text, MaxLen: fd.MaxLen}
	for _, it := range list {
		m, ok := it.(map[string]any)
		if !ok || len(m) > 2 {
			return nil, ErrList
		}
		k, e1 := value(line, m["k"], "")
		v, e2 := value(line, m["v"], "")
		if e1 != "" {
			return nil, e1
		}
		if e2 != "" {
			return nil, e2
		}
		if k == nil || v == nil {
			return nil, ErrRequired
		}
		out = append(out, map[string]any{"k": k, "v": v})
	}
	if len(out) == 0 {
		return nil, ""
	}
	return out, ""
}

// Plain is rich text as plain text: tags left out, entities read, spaces
// collapsed (an excerpt to show where no markup belongs).
func Plain(rich string) string {
	return strings.Join(strings.Fields(html.UnescapeString(bluemonday.StrictPolicy().Sanitize(rich))), " ")
}

// PlainLen is the length of rich text as a reader sees it, for other
// editors of rich text (app/content).
func PlainLen(html string) int { return plainLen(html) }

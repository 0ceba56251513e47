package api

import (
	"bytes"
	"net/http"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"souk/app/apperr"
)

// KeyInvalidCharacters is the message of a request refused for NUL bytes or
// text that is not UTF-8.
const KeyInvalidCharacters = "InvalidCharacters"

// errInvalidCharacters is what every refusal of unclean text answers.
func errInvalidCharacters() *apperr.Error {
	return apperr.New(apperr.InvalidInput, KeyInvalidCharacters)
}

// CleanText reports whether s is text we accept from a client: valid UTF-8
// without NUL. PostgreSQL refuses both (SQLSTATE 22021), and no language
// needs them, so they are refused at the edge instead of deep in a query.
func CleanText(s string) bool {
	return utf8.ValidString(s) && strings.IndexByte(s, 0) < 0
}

// cleanValues reports whether every key and value of a form is clean.
func cleanValues(v url.Values) bool {
	for k, vs := range v {
		if !CleanText(k) {
			return false
		}
		for _, s := range vs {
			if !CleanText(s) {
				return false
			}
		}
	}
	return true
}

// cleanJSON reports whether the strings of a JSON text are clean once
// decoded: the bytes are UTF-8 without NUL, and no escape yields NUL or a
// lone surrogate (encoding/json would quietly turn that into U+FFFD). It
// does not check the syntax; the decoder does.
func cleanJSON(b []byte) bool {
	if !utf8.Valid(b) || bytes.IndexByte(b, 0) >= 0 {
		return false
	}
	for i := bytes.IndexByte(b, '\\'); i >= 0 && i+1 < len(b); {
		next := i + 2 // a backslash escapes the byte after it
		if b[i+1] == 'u' {
			r, ok := hex4(b[i+2:])
			switch {
			case !ok: // a syntax error: the decoder refuses it
			case r == 0, r >= 0xdc00 && r < 0xe000:
				return false
			case r >= 0xd800 && r < 0xdc00:
				lo, ok := lowSurrogate(b[i+6:])
				if !ok || lo < 0xdc00 || lo >= 0xe000 {
					return false
				}
				next = i + 12
			default:
				next = i + 6
			}
		}
		j := bytes.IndexByte(b[min(next, len(b)):], '\\')
		if j < 0 {
			break
		}
		i = min(next, len(b)) + j
	}
	return true
}

// lowSurrogate reads the \uXXXX that must follow a high surrogate.
func lowSurrogate(b []byte) (rune, bool) {
	if len(b) < 6 || b[0] != '\\' || b[1] != 'u' {
		return 0, false
	}
	return hex4(b[2:])
}

func hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	var r rune
	for _, c := range b[:4] {
		switch {
		case c >= '0' && c <= '9':
			r = r<<4 | rune(c-'0')
		case c >= 'a' && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case c >= 'A' && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	return r, true
}

// cleanQuery reports whether every key and value of a raw query string is
// clean once unescaped. Pairs that do not unescape are skipped, as
// url.ParseQuery drops them.
func cleanQuery(raw string) bool {
	for raw != "" {
		var pair string
		pair, raw, _ = strings.Cut(raw, "&")
		k, v, _ := strings.Cut(pair, "=")
		for _, s := range []string{k, v} {
			if u, err := url.QueryUnescape(s); err == nil && !CleanText(u) {
				return false
			}
		}
	}
	return true
}

// CleanInput refuses requests whose path or query string holds NUL bytes or
// invalid UTF-8, once for every route: API calls answer the envelope with
// the input-error code 102, everything else goes to notFound. Header values
// are repaired instead (User-Agent is stored with sessions), since a client
// cannot always choose them.
func (h *Handlers) CleanInput(notFound echo.HandlerFunc) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			r := c.Request()
			for k, vs := range r.Header {
				for i, v := range vs {
					if !CleanText(v) {
						r.Header[k][i] = strings.ReplaceAll(strings.ToValidUTF8(v, "\uFFFD"), "\x00", "")
					}
				}
			}
			if CleanText(r.URL.Path) && cleanQuery(r.URL.RawQuery) {
				return next(c)
			}
			if strings.HasPrefix(r.URL.Path, "/api/") {
				return c.JSON(http.StatusOK, Envelope{Code: apperr.InvalidInput, Easg: errInvalidCharacters().Render(h.translator(c))})
			}
			return notFound(c)
		}
	}
}

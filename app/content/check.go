package content

import (
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"souk/app/apperr"
	"souk/app/form"
)

// Bounds of what the editor saves (characters as a reader sees them).
const (
	MaxTitle    = 200
	MaxRich     = 20000 // a page's text, an answer, a hots page's text
	MaxEntries  = 50    // FAQ entries
	MaxQuestion = 300
	MaxPages    = 30 // hots pages
	MaxGoods    = 48 // goods of a hots page or a home block
	MaxHomeText = 1000
	MaxCTA      = 60
	MaxLink     = 200
)

var (
	uidRe  = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,39}$`)
	linkRe = regexp.MustCompile(`^(/[^/\s\\][^\s\\]*|/|#[A-Za-z0-9_-]{1,60})$`)
)

// checker collects what is wrong with a value, by path ("entries.2.a"):
// the message names the first problem, the fields map marks them all.
type checker struct {
	bad   map[string]string
	first *apperr.Error
}

func newChecker() *checker { return &checker{bad: map[string]string{}} }

// fail records problem fieldKey (a form.Err* key) at path; the message of
// the first one is e's.
func (c *checker) fail(path, fieldKey string, e *apperr.Error) {
	if _, ok := c.bad[path]; ok {
		return
	}
	c.bad[path] = fieldKey
	if c.first == nil {
		c.first = e
	}
}

func (c *checker) err() error {
	if c.first == nil {
		return nil
	}
	c.first.Fields = c.bad
	return c.first
}

// clean refuses NUL bytes and invalid UTF-8 (the handler did too: checked
// again here, where the rule lives).
func (c *checker) clean(path, s string) bool {
	if !utf8.ValidString(s) || strings.IndexByte(s, 0) >= 0 {
		c.fail(path, form.ErrChars, apperr.New(apperr.InvalidInput, "EditChars", "where", path))
		return false
	}
	return true
}

// line is one line of plain text of at most max characters.
func (c *checker) line(path, s string, max int, required bool) string {
	if !c.clean(path, s) {
		return ""
	}
	s = strings.Join(strings.Fields(s), " ")
	c.length(path, utf8.RuneCountInString(s), max, required)
	return s
}

// plain is plain text that may keep its line breaks.
func (c *checker) plain(path, s string, max int, required bool) string {
	if !c.clean(path, s) {
		return ""
	}
	s = strings.TrimSpace(strings.ReplaceAll(s, "\r\n", "\n"))
	c.length(path, utf8.RuneCountInString(s), max, required)
	return s
}

// rich is rich text cleaned by the store's allow-list (app/form): scripts,
// attributes and unknown tags are dropped, not refused.
func (c *checker) rich(path, s string, max int, required bool) string {
	if !c.clean(path, s) {
		return ""
	}
	if len(s) > 4*max { // far beyond the limit: do not parse it
		c.fail(path, form.ErrLong, apperr.New(apperr.InvalidInput, "EditTooLong", "where", path, "max", strconv.Itoa(max)))
		return ""
	}
	s = form.Sanitize(s)
	c.length(path, form.PlainLen(s), max, required)
	return s
}

func (c *checker) length(path string, n, max int, required bool) {
	switch {
	case n == 0 && required:
		c.fail(path, form.ErrRequired, apperr.New(apperr.InvalidInput, "EditRequired", "where", path))
	case n > max:
		c.fail(path, form.ErrLong, apperr.New(apperr.InvalidInput, "EditTooLong", "where", path, "max", strconv.Itoa(max)))
	}
}

// count refuses a list longer than max.
func (c *checker) count(path string, n, max int) bool {
	if n > max {
		c.fail(path, form.ErrTooMany, apperr.New(apperr.InvalidInput, "EditTooMany", "where", path, "max", strconv.Itoa(max)))
		return false
	}
	return true
}

// link is a path inside the store ("/dresses", "/#wn3") or an anchor.
func (c *checker) link(path, s string) string {
	s = c.line(path, s, MaxLink, false)
	if s != "" && !linkRe.MatchString(s) {
		c.fail(path, form.ErrText, apperr.New(apperr.InvalidInput, "EditLinkBad", "where", path))
	}
	return s
}

// goods checks the shape of a list of goods uids; whether they exist and
// are listed is asked of the database afterwards (listedGoods).
func (c *checker) goods(path string, uids []string) []string {
	if !c.count(path, len(uids), MaxGoods) {
		return nil
	}
	out := make([]string, 0, len(uids))
	seen := map[string]bool{}
	for i, u := range uids {
		p := path + "." + strconv.Itoa(i)
		u = strings.TrimSpace(u)
		if !c.clean(p, u) || u == "" || len(u) > 64 || seen[u] {
			c.fail(p, form.ErrText, apperr.New(apperr.InvalidInput, "EditGoodsUnknown", "where", p, "uid", safeUID(u)))
			continue
		}
		seen[u] = true
		out = append(out, u)
	}
	return out
}

// safeUID is a uid fit to show back in a message.
func safeUID(u string) string {
	if !utf8.ValidString(u) || strings.IndexByte(u, 0) >= 0 || len(u) > 64 {
		return "?"
	}
	return u
}

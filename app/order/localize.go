package order

import (
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"souk/app/apperr"
)

// Messages the buyer reads (timeline notes, payment failures, checkout
// problems) are kept as catalogue keys and rendered in the request's
// language at the API edge, by the Localize methods below.

// noteOf is a timeline note: a catalogue key, with its arguments as a URL
// query when it has any ("NoteShipped?carrier=DHL&tracking=1Z9"), so that
// the stored note can be rendered in any language later.
func noteOf(key string, args ...string) string {
	if len(args) < 2 {
		return key
	}
	q := url.Values{}
	for i := 0; i+1 < len(args); i += 2 {
		q.Set(args[i], args[i+1])
	}
	return key + "?" + q.Encode()
}

// noteShape is a stored note made by noteOf; anything else is text from
// before notes were keys, shown as it is.
var noteShape = regexp.MustCompile(`^[A-Z][A-Za-z0-9_]*(\?.*)?$`)

// noteKey is a stored note's catalogue key, "" for old free text.
func noteKey(note string) string {
	if !noteShape.MatchString(note) {
		return ""
	}
	key, _, _ := strings.Cut(note, "?")
	return key
}

// renderNote is a stored note in the language t speaks.
func renderNote(t apperr.Translator, note string) string {
	if !noteShape.MatchString(note) {
		return note
	}
	key, query, _ := strings.Cut(note, "?")
	q, err := url.ParseQuery(query)
	if err != nil {
		return t(key)
	}
	var args []string
	for name, v := range q {
		args = append(args, name, v[0])
	}
	return t(key, args...)
}

// failureKey is the catalogue key of a failed payment: the provider's
// reason, or the general one when it gave none.
func failureKey(reason string) string {
	if reason == "" {
		return "PayFailed"
	}
	return reason
}

// Localize renders the view's payment failure and timeline notes.
func (v *View) Localize(t apperr.Translator) {
	if v.PayFailure != "" {
		v.PayFailure = renderNote(t, v.PayFailure)
	}
	for i := range v.Events {
		v.Events[i].Note = renderNote(t, v.Events[i].Note)
	}
}

// Localize renders every listed order's messages.
func (r *ListResult) Localize(t apperr.Translator) {
	for i := range r.List {
		r.List[i].Localize(t)
	}
}

// Localize renders the failure reason, if any.
func (r *PayResult) Localize(t apperr.Translator) {
	if r.Reason != "" {
		r.Message = t(r.Reason)
	}
}

// Localize renders the problem's message.
func (p *Problem) Localize(t apperr.Translator) { p.Message = t(p.Key, p.Args...) }

func localizeProblems(ps []Problem, t apperr.Translator) {
	for i := range ps {
		ps[i].Localize(t)
	}
}

// Localize renders the problems' messages.
func (r *CheckResult) Localize(t apperr.Translator) { localizeProblems(r.Problems, t) }

// Localize renders the problems' messages.
func (p *Preview) Localize(t apperr.Translator) { localizeProblems(p.Problems, t) }

// moneyText writes an amount for a message, as "USD 12.50".
func (s *Service) moneyText(minor int64, code string) string {
	r := s.cat.Rates()
	return code + " " + strconv.FormatFloat(r.Decimal(minor, code), 'f', r.Digits(code), 64)
}

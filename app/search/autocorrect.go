package search

import (
	"context"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"souk/app/apperr"
)

// Typed is a search as the search box sends it.
type Typed struct {
	Txt   string
	Exact bool   // search what was typed, never a correction of it ("search instead for")
	Lang  string // the page's language
	Cur   string // the page's currency
	Size  int    // goods on a group's first page
}

// Correction says the results shown are of the typed query spelt right,
// because the query as typed found nothing: "Showing results for To.
// Search instead for From".
type Correction struct {
	From string `json:"from"` // the query as typed
	To   string `json:"to"`   // the query searched instead
}

// Shower is told what a typed search shows, in the order the page shows
// it: what the query was understood as, the correction when there is one,
// then each group's first page as soon as it is ready. A false answer
// means nobody is listening any more: the search stops.
type Shower interface {
	Understood(u Understood) bool
	Corrected(c Correction, u Understood) bool
	Group(group int, p *Page) bool
}

// Shown is what a typed search showed.
type Shown struct {
	Typed     Understood  // the query as typed, understood
	Searched  Understood  // what the pages are of: Typed, or its correction
	Corrected *Correction // set when the pages are of the correction
	Pages     map[int]*Page
	// Suggest is what to try instead when nothing was found (nil then too
	// when there is nothing to suggest).
	Suggest *Suggestions
}

// Total is how many goods the first pages hold.
func (s *Shown) Total() int {
	n := 0
	for _, p := range s.Pages {
		n += len(p.Cards)
	}
	return n
}

// CheckQuery says why a typed query cannot be searched, as invalid input
// with a message key: empty, over MaxQuery characters, or not text (a NUL
// byte or other control character, bytes that are not UTF-8).
func CheckQuery(txt string) error {
	txt = strings.TrimSpace(txt)
	switch {
	case txt == "":
		return apperr.New(apperr.InvalidInput, "SearchEmpty")
	case !utf8.ValidString(txt) || strings.ContainsFunc(txt, isControl):
		return apperr.New(apperr.InvalidInput, "SearchNotText")
	case utf8.RuneCountInString(txt) > MaxQuery:
		return apperr.New(apperr.InvalidInput, "SearchTooLongMax", "max", strconv.Itoa(MaxQuery))
	}
	return nil
}

// isControl is a control character other than the white space a
// multi-line search box sends.
func isControl(r rune) bool {
	return unicode.IsControl(r) && !unicode.IsSpace(r)
}

// SearchTyped searches the first page of both groups of a typed query. When
// both come back empty it searches the query spelt right instead, once (a
// correction is never corrected again, and the search pair it costs replaces
// the one the spelling suggestion costs), unless t.Exact; when that finds
// nothing either, or there is no correction, the empty groups are shown
// with the suggestions. sh, when not nil, is told each step as it is known.
func (s *Service) SearchTyped(ctx context.Context, t Typed, sh Shower) (*Shown, error) {
	if err := CheckQuery(t.Txt); err != nil {
		return nil, err
	}
	if sh == nil {
		sh = silent{}
	}
	u := Understand(strings.TrimSpace(t.Txt), t.Lang, s.lex)
	out := &Shown{Typed: u, Searched: u}
	if !sh.Understood(u) {
		return out, nil
	}
	pages, shown, err := s.firstPages(ctx, u, t, nil, sh)
	if err != nil || shown {
		out.Pages = pages
		return out, err
	}
	settled := false
	if !t.Exact {
		var done bool
		if settled, done, err = s.searchCorrection(ctx, u, t, out, sh); done || err != nil {
			return out, err
		}
	}
	out.Pages = pages
	for _, g := range []int{Consumer, Wholesale} {
		if !sh.Group(g, pages[g]) {
			return out, nil
		}
	}
	s.suggestFor(ctx, out, t, !settled)
	return out, nil
}

// searchCorrection searches u spelt right, and shows it when it finds
// goods (done). settled reports that the spelling is settled: there is no
// correction, or it was searched and found nothing, so the spelling
// suggestion would find nothing either and is not worked out again. A failure
// of the correction's search before anything of it was shown is logged and
// treated as no correction: the typed query's empty groups are still a
// true answer. After its notice and a group were shown, the failure is the
// search's: showing the typed query's groups too would mix two searches.
func (s *Service) searchCorrection(ctx context.Context, u Understood, t Typed, out *Shown, sh Shower) (settled, done bool, err error) {
	v, ok, err := s.correction(ctx, u)
	if err != nil {
		if ctx.Err() == nil {
			s.log.Warn("search: spelling correction", "err", err)
		}
		return false, false, nil
	}
	if !ok {
		return true, false, nil
	}
	c := Correction{From: u.Raw, To: v.Raw}
	notice := func() bool { return sh.Corrected(c, v) }
	pages, shown, err := s.firstPages(ctx, v, t, notice, sh)
	if shown {
		out.Searched, out.Corrected, out.Pages = v, &c, pages
	}
	if err != nil && !shown {
		if ctx.Err() == nil {
			s.log.Warn("search: the corrected query", "err", err)
		}
		return true, false, nil
	}
	return true, shown, err
}

// suggestFor sets the suggestions of a search that found nothing; they are
// a help, so a failure is logged, not shown.
func (s *Service) suggestFor(ctx context.Context, out *Shown, t Typed, spelling bool) {
	sug, err := s.suggest(ctx, out.Typed, t.Lang, t.Cur, spelling)
	if err != nil {
		if ctx.Err() == nil {
			s.log.Warn("search suggestions", "err", err)
		}
		return
	}
	if !sug.Empty() {
		out.Suggest = &sug
	}
}

// firstPages searches the first page of both groups of u at once. A page
// with goods is shown as soon as it is ready (after first(), when given:
// the correction's notice); an empty one waits for the other group, since
// when both are empty the caller may show something else instead. shown
// reports whether the pages were shown: whether either has goods, or the
// shower stopped listening.
func (s *Service) firstPages(ctx context.Context, u Understood, t Typed, first func() bool, sh Shower) (pages map[int]*Page, shown bool, err error) {
	type result struct {
		group int
		p     *Page
		err   error
	}
	groups := []int{Consumer, Wholesale}
	ctx, cancel := context.WithCancel(ctx) // a failed group stops the other
	defer cancel()
	ch := make(chan result, len(groups))
	for _, g := range groups {
		go func() {
			p, err := s.Search(ctx, u, g, 1, t.Size, t.Lang, t.Cur)
			ch <- result{g, p, err}
		}()
	}
	pages = map[int]*Page{}
	var held []int // empty groups not shown yet
	show := func(g int) bool {
		if !shown && first != nil && !first() {
			return false
		}
		shown = true
		return sh.Group(g, pages[g])
	}
	for range groups {
		r := <-ch
		if r.err != nil {
			return pages, shown, r.err
		}
		pages[r.group] = r.p
		if len(r.p.Cards) == 0 {
			held = append(held, r.group)
			continue
		}
		for _, g := range append(held, r.group) {
			if !show(g) {
				return pages, true, nil
			}
		}
		held = nil
	}
	if shown { // the other group came back empty after this one
		for _, g := range held {
			if !sh.Group(g, pages[g]) {
				break
			}
		}
	}
	return pages, shown, nil
}

// silent is a Shower nobody watches (a caller that wants the result only).
type silent struct{}

func (silent) Understood(Understood) bool            { return true }
func (silent) Corrected(Correction, Understood) bool { return true }
func (silent) Group(int, *Page) bool                 { return true }

package search

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"souk/app/apperr"
	"souk/app/search/lexicon"
	"souk/app/store/storetest"
)

// countingEngine counts the goods searches a typed search costs (word
// look-ups, HasText, are not searches of goods).
type countingEngine struct {
	*Bleve
	searches atomic.Int32
	// failWholesale, when set, fails the wholesale page search of that
	// query once consumerShown is closed; the one-goods probes of the
	// correction pass.
	failWholesale string
	consumerShown chan struct{}
}

func (c *countingEngine) Search(ctx context.Context, q Query) (*Result, error) {
	c.searches.Add(1)
	if c.failWholesale == "" || q.U.Raw != c.failWholesale || q.Size <= 1 {
		return c.Bleve.Search(ctx, q)
	}
	if q.BigType == Wholesale {
		<-c.consumerShown
		return nil, errors.New("index unavailable")
	}
	return c.Bleve.Search(ctx, q)
}

// shownSteps records what a Shower is told, in order.
type shownSteps []string

func (s *shownSteps) Understood(u Understood) bool { *s = append(*s, "understood"); return true }
func (s *shownSteps) Corrected(c Correction, u Understood) bool {
	*s = append(*s, "corrected "+c.To)
	return true
}
func (s *shownSteps) Group(g int, p *Page) bool {
	*s = append(*s, fmt.Sprintf("group %d", g))
	return true
}

// A typed query that finds nothing shows its correction's goods, after the
// notice; one that finds goods, one asked for exactly, and one with
// nothing near are never corrected; a correction costs one search pair
// more, no more than the spelling suggestion it replaces; input that
// cannot be searched is refused with a message.
func TestSearchTyped(t *testing.T) {
	lex, err := lexicon.Load()
	if err != nil {
		t.Fatal(err)
	}
	db := storetest.Open(t, storetest.Backend{Name: "sqlite", Dir: t.TempDir()})
	var eng *countingEngine
	svc := testServiceOf(t, db, lex, func(b *Bleve) Engine { eng = &countingEngine{Bleve: b}; return eng })
	tests := []struct {
		name, txt   string
		exact       bool
		corrected   string // the correction searched instead; "" none
		goods       bool   // the pages hold goods
		spelling    string // the spelling suggested
		maxSearches int32
		errKey      string
	}{
		{name: "two swaps corrected", txt: "abckpakc", corrected: "backpack", goods: true, maxSearches: 4},
		{name: "two edits, sentence kept", txt: "red abckpakc", corrected: "red backpack", goods: true, maxSearches: 4},
		{name: "found as typed", txt: "backpack", goods: true, maxSearches: 2},
		{name: "exact: no correction, suggested", txt: "abckpakc", exact: true, spelling: "backpack", maxSearches: 6},
		{name: "nothing near", txt: "zzqxwv", maxSearches: 2},
		{name: "NUL byte", txt: "back\x00pack", errKey: "SearchNotText"},
		{name: "not UTF-8", txt: "back\xffpack", errKey: "SearchNotText"},
		{name: "too long", txt: strings.Repeat("backpack ", 100), errKey: "SearchTooLongMax"},
		{name: "empty", txt: " \n ", errKey: "SearchEmpty"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			eng.searches.Store(0)
			var steps shownSteps
			got, err := svc.SearchTyped(context.Background(), Typed{Txt: tt.txt, Exact: tt.exact, Lang: "en", Cur: "USD", Size: 20}, &steps)
			if tt.errKey != "" {
				if e, ok := apperr.As(err); !ok || e.Code != apperr.InvalidInput || e.Key != tt.errKey {
					t.Fatalf("error %v, want %s", err, tt.errKey)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if (got.Corrected != nil) != (tt.corrected != "") || got.Corrected != nil && got.Corrected.To != tt.corrected {
				t.Fatalf("corrected %+v, want %q", got.Corrected, tt.corrected)
			}
			if (got.Total() > 0) != tt.goods {
				t.Fatalf("%d goods shown, want some: %v", got.Total(), tt.goods)
			}
			want := "understood,group,group"
			if tt.corrected != "" {
				want = "understood,corrected " + tt.corrected + ",group,group"
				if got.Corrected.From != strings.TrimSpace(tt.txt) || got.Searched.Raw != tt.corrected {
					t.Errorf("correction %+v searched %q", *got.Corrected, got.Searched.Raw)
				}
			}
			if s := strings.Join(steps, ","); strings.NewReplacer(" 1", "", " 2", "").Replace(s) != want {
				t.Errorf("shown %s, want %s", s, want)
			}
			spelling := ""
			if got.Suggest != nil {
				spelling = got.Suggest.Spelling
			}
			if spelling != tt.spelling || tt.goods && got.Suggest != nil {
				t.Errorf("suggested %+v, want spelling %q", got.Suggest, tt.spelling)
			}
			if n := eng.searches.Load(); n > tt.maxSearches {
				t.Errorf("%d goods searches, want at most %d", n, tt.maxSearches)
			}
		})
	}
}

// A correction whose notice and first group were shown and whose other
// group then fails ends the search with the error: the typed query's empty
// groups and suggestions are not shown after the correction's goods.
func TestSearchTypedCorrectionFailsHalfway(t *testing.T) {
	lex, err := lexicon.Load()
	if err != nil {
		t.Fatal(err)
	}
	db := storetest.Open(t, storetest.Backend{Name: "sqlite", Dir: t.TempDir()})
	eng := &countingEngine{failWholesale: "backpack", consumerShown: make(chan struct{})}
	svc := testServiceOf(t, db, lex, func(b *Bleve) Engine { eng.Bleve = b; return eng })
	steps := &signalSteps{group: Consumer, shown: eng.consumerShown}
	got, err := svc.SearchTyped(context.Background(), Typed{Txt: "abckpakc", Lang: "en", Cur: "USD", Size: 20}, steps)
	if err == nil {
		t.Fatalf("no error; shown %v", steps)
	}
	if s := strings.Join(steps.shownSteps, ","); s != fmt.Sprintf("understood,corrected backpack,group %d", Consumer) {
		t.Errorf("shown %s", s)
	}
	if got == nil || got.Corrected == nil || got.Suggest != nil {
		t.Errorf("result %+v", got)
	}
}

// signalSteps records like shownSteps and closes shown once group is shown.
type signalSteps struct {
	shownSteps
	group int
	shown chan struct{}
}

func (s *signalSteps) Group(g int, p *Page) bool {
	s.shownSteps.Group(g, p)
	if g == s.group {
		close(s.shown)
	}
	return true
}

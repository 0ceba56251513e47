package eval

import (
	"context"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func uids(prefix string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = prefix + strconv.Itoa(i)
	}
	return out
}

func TestOrder(t *testing.T) {
	c, w := uids("c", 10), uids("w", 3)
	cases := []struct {
		name  string
		shown Shown
		want  []string
	}{
		{"collapsed groups first, then the rest", Shown{{UIDs: c}, {UIDs: w}},
			append(append(append([]string{}, c[:8]...), w...), c[8:]...)},
		{"an empty group takes no place", Shown{{UIDs: c}, {}}, c},
		{"wholesale first", Shown{{UIDs: w}, {UIDs: c[:2]}}, append(append([]string{}, w...), c[:2]...)},
	}
	for _, tc := range cases {
		if got := tc.shown.Order(); !slices.Equal(got, tc.want) {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestText scores a page whose irrelevant wholesale group pushes relevant
// consumer goods down, and a nothing-relevant query answered with goods.
func TestText(t *testing.T) {
	cat := Catalogue{}
	for _, u := range uids("c", 10) {
		cat[u] = Goods{Template: "dress", BigType: 1}
	}
	for _, u := range uids("w", 3) {
		cat[u] = Goods{Template: "toy", BigType: 2}
	}
	qs := []Query{
		{ID: "en-1", Lang: "en", Kind: "plain", Relevant: Relevance{Templates: []string{"dress"}}},
		{ID: "en-2", Lang: "en", Kind: KindNone, HeldOut: true},
		{ID: "de-1", Lang: "de", Kind: KindNone},
	}
	run := func(_ context.Context, q Query) (Shown, error) {
		if q.ID == "de-1" {
			return Shown{{BigType: 1, Cap: 20}, {BigType: 2, Cap: 20}}, nil
		}
		return Shown{{BigType: 1, Cap: 20, UIDs: uids("c", 10)}, {BigType: 2, Cap: 20, UIDs: uids("w", 3)}}, nil
	}
	var missed []string
	rep, err := Text(context.Background(), qs, cat, run, func(m Miss) { missed = append(missed, m.Query.ID) })
	if err != nil {
		t.Fatal(err)
	}
	ideal, dcg := 0.0, 0.0
	for i := range 10 {
		ideal += 1 / math.Log2(float64(i+2))
		if i < 8 {
			dcg += 1 / math.Log2(float64(i+2))
		}
	}
	m := rep[PartTune]["all"]
	if m.Queries != 1 || math.Abs(m.NDCG10-dcg/ideal) > 1e-9 || m.Recall != 1 || m.Zero != 0 {
		t.Errorf("tune: %+v, want 1 query, nDCG %.3f, recall 1, zero 0", m, dcg/ideal)
	}
	if m.None != 1 || m.Answered != 0 {
		t.Errorf("tune: %d of %d nothing-relevant queries answered, want 0 of 1", m.Answered, m.None)
	}
	if h := rep[PartHeldOut]["kind:none"]; h.None != 1 || h.Answered != 1 || h.Queries != 0 {
		t.Errorf("held-out none: %+v, want 1 of 1 answered", h)
	}
	if a := rep[PartAll]["lang:en"]; a.Queries != 1 || a.None != 1 || a.Answered != 1 {
		t.Errorf("all, en: %+v", a)
	}
	if !slices.Equal(missed, []string{"en-2"}) {
		t.Errorf("misses %v, want [en-2]", missed)
	}
}

func TestPrint(t *testing.T) {
	rep := Report{PartTune: {"all": {Queries: 2, NDCG10: 0.5, None: 3, Answered: 1}}, PartHeldOut: {"all": {None: 2}},
		PartAll: {"all": {Queries: 2, NDCG10: 0.5, None: 5, Answered: 1}}}
	var b strings.Builder
	Print(&b, rep)
	for _, want := range []string{"tune 1 of 3;", "held-out 0 of 2;", "all 1 of 5;", "  0.500"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, b.String())
		}
	}
}

package form

import (
	"context"
	"slices"
	"sync"
	"testing"

	"souk/app/store/storetest"
	"souk/ent"
)

func keysOf(fs []Field) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.Key
	}
	return out
}

func TestWithBuiltins(t *testing.T) {
	f := func(keys ...string) []Field {
		out := make([]Field, len(keys))
		for i, k := range keys {
			out[i] = Field{Key: k, Type: Text, Label: "Name"}
		}
		return out
	}
	for _, tc := range []struct {
		name            string
		stored, builtin []Field
		want            []string
		added           bool
	}{
		{"nothing new", f("a", "b"), f("a", "b"), []string{"a", "b"}, false},
		{"a field in the middle", f("a", "c"), f("a", "b", "c"), []string{"a", "b", "c"}, true},
		{"a first field", f("b"), f("a", "b"), []string{"a", "b"}, true},
		{"two in a row", f("a", "d"), f("a", "b", "c", "d"), []string{"a", "b", "c", "d"}, true},
		{"an admin's field and order kept", f("b", "x", "a"), f("a", "b", "c"), []string{"b", "c", "x", "a"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, added := withBuiltins(tc.stored, tc.builtin)
			if !slices.Equal(keysOf(got), tc.want) || added != tc.added {
				t.Fatalf("got %v (added %v), want %v (added %v)", keysOf(got), added, tc.want, tc.added)
			}
		})
	}
}

// A stored definition made before a built-in field existed gains it when
// the servers start, once, however many start together.
func TestEnsureAddsNewBuiltins(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		ctx := context.Background()
		s := New(db)
		old := Form{Name: "goods", Fields: []Field{{Key: "name", Type: Text, Label: "Name"}, {Key: "note", Type: Text, Label: "Name"}}}
		if err := s.Ensure(ctx, []Form{old}); err != nil {
			t.Fatal(err)
		}
		before, err := s.Get(ctx, "goods")
		if err != nil {
			t.Fatal(err)
		}
		now := Form{Name: "goods", Fields: []Field{{Key: "name", Type: Text, Label: "Name"}, {Key: "kind", Type: Category, Label: "Name", Required: true}}}
		var wg sync.WaitGroup
		errs := make(chan error, 4)
		for range 4 {
			wg.Add(1)
			go func() { defer wg.Done(); errs <- s.Ensure(ctx, []Form{now}) }()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		got, err := s.Get(ctx, "goods")
		if err != nil {
			t.Fatal(err)
		}
		if want := []string{"name", "kind", "note"}; !slices.Equal(keysOf(got.Fields), want) || got.Version != before.Version+1 {
			t.Fatalf("fields %v version %d, want %v version %d", keysOf(got.Fields), got.Version, want, before.Version+1)
		}
	})
}

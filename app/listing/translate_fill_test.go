package listing

import (
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"souk/app/ai"
	"souk/app/form"
)

func TestFillLangs(t *testing.T) {
	suggested := []string{"en", "fr", "de"}
	tests := []struct {
		want []string
		main string
		out  []string
	}{
		{nil, "en", []string{"fr", "de"}},
		{[]string{"de", "de", "en", ""}, "en", []string{"de"}},
		{[]string{"ja"}, "fr", []string{"ja"}},
		{[]string{"en"}, "en", nil},
	}
	for _, tc := range tests {
		if got := fillLangs(tc.want, suggested, tc.main); !slices.Equal(got, tc.out) {
			t.Errorf("fillLangs(%v, main %s) = %v, want %v", tc.want, tc.main, got, tc.out)
		}
	}
}

// A double click (or two tabs) starts one job: the slot is taken under a
// lock, the losers see what that job does (not a blank job), and a
// finished job frees it.
func TestFillJobsOnePerItem(t *testing.T) {
	job := func(id string) FillJob {
		return FillJob{TreID: id, Engine: "builtin", Langs: []string{"fr", "de"}, Total: 2}
	}
	jobs := &fillJobs{jobs: map[string]*FillJob{}}
	now := time.Now()
	var started atomic.Int32
	var wg sync.WaitGroup
	for range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			j, ok := jobs.take(job("tr1"), now)
			if ok {
				started.Add(1)
			}
			if j.State != FillRunning || j.Total != 2 || j.Engine != "builtin" {
				t.Errorf("a click was answered with %+v", j)
			}
		}()
	}
	wg.Wait()
	if started.Load() != 1 {
		t.Fatalf("%d jobs started for one item", started.Load())
	}
	if running, ok := jobs.take(job("tr1"), now); ok || running.State != FillRunning {
		t.Fatalf("a running job was replaced: %+v", running)
	}
	if _, ok := jobs.take(job("tr2"), now); !ok {
		t.Fatal("another item waits for the first")
	}
	jobs.update("tr1", func(j *FillJob) { j.State, j.finished = FillDone, now })
	if j, ok := jobs.get("tr1"); !ok || j.State != FillDone {
		t.Fatalf("a finished job is kept for polling: %+v", j)
	}
	if _, ok := jobs.take(job("tr1"), now); !ok {
		t.Fatal("a finished job blocks a new one")
	}
}

func TestDraftFacts(t *testing.T) {
	v := form.Values{
		"name": "Linen shirt", "bigType": "2",
		"attrs": []any{map[string]any{"name": "Size", "values": []any{map[string]any{"name": "S"}, map[string]any{"name": "M"}}}},
		"scenario": []any{map[string]any{"labelId": 2, "options": []any{map[string]any{"optionId": 1, "name": "Navy"}}},
			map[string]any{"labelId": 9, "options": []any{map[string]any{"optionId": 1, "name": "Custom"}}}},
	}
	f := draftFacts(DraftRequest{Lang: "en", Values: v}, func(k string) string { return "<" + k + ">" })
	want := ai.Facts{Lang: "en", Words: "Linen shirt", BigType: "<GoodsFormWholesale>", Colours: []string{"Navy"},
		Attributes: []ai.Pair{{K: "Size", V: "S, M"}}}
	if f.Lang != want.Lang || f.Words != want.Words || f.BigType != want.BigType || !slices.Equal(f.Colours, want.Colours) || !slices.Equal(f.Attributes, want.Attributes) {
		t.Errorf("facts %+v, want %+v", f, want)
	}
	if f := draftFacts(DraftRequest{Lang: "fr", Words: " robe ", Values: v}, func(k string) string { return k }); f.Words != "robe" {
		t.Errorf("the seller's words come first: %q", f.Words)
	}
}

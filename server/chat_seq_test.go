package server_test

import (
	"fmt"
	"sort"
	"sync"
	"testing"
)

// TestChatParallelSends: the shopper and the seller send at once, and the
// shopper sends one appId from several tabs at once: every message gets
// its own seq, the seqs are 1..n without a gap, and the repeated appId is
// stored once.
func TestChatParallelSends(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		w := newChatWorld(t, s)
		cv := w.open(t, w.other, `{"kind":"identity","identityUid":"`+w.identityUID+`"}`)
		type job struct{ token, appID string }
		var jobs []job
		for i := range 8 {
			jobs = append(jobs, job{w.other, fmt.Sprintf("s%d", i)}, job{w.seller, fmt.Sprintf("p%d", i)})
		}
		for range 4 {
			jobs = append(jobs, job{w.other, "same"})
		}
		// The seller answers a conversation once it has a message.
		w.send(t, w.other, cv, "first", 1, "hello")
		seqs := make([]int64, len(jobs))
		var wg sync.WaitGroup
		for i, j := range jobs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				env := s.call(t, "POST", "chat/send", sendBody(cv, j.appID, 1, "m "+j.appID), "TOKEN", j.token)
				if env.Code != 200 {
					t.Errorf("send %s: %d %s", j.appID, env.Code, env.Easg)
					return
				}
				seqs[i] = decode[chatMsg](t, env).Seq
			}()
		}
		wg.Wait()
		same := map[int64]bool{}
		for i, j := range jobs {
			if j.appID == "same" {
				same[seqs[i]] = true
			}
		}
		if len(same) != 1 {
			t.Errorf("one appId sent four times at once got seqs %v", same)
		}
		page := decode[struct {
			List    []chatMsg `json:"list"`
			LastSeq int64     `json:"lastSeq"`
		}](t, s.call(t, "POST", "chat/messages", `{"uid":"`+cv+`","limit":100}`, "TOKEN", w.seller))
		want := 1 + 16 + 1
		if len(page.List) != want || page.LastSeq != int64(want) {
			t.Fatalf("%d messages, last seq %d; want %d", len(page.List), page.LastSeq, want)
		}
		got := make([]int, len(page.List))
		for i, m := range page.List {
			got[i] = int(m.Seq)
		}
		if !sort.IntsAreSorted(got) {
			t.Errorf("messages not in seq order: %v", got)
		}
		for i, seq := range got {
			if seq != i+1 {
				t.Fatalf("seqs %v are not 1..%d", got, want)
			}
		}
	})
}

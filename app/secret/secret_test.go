package secret

import (
	"bytes"
	"context"
	"sync"
	"testing"

	"souk/app/store/storetest"
	"souk/ent"
)

func TestGeneratedOnceAndShared(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		ctx := context.Background()
		var wg sync.WaitGroup
		got := make([][]byte, 8)
		for i := range got { // eight nodes starting at once agree on one value
			wg.Add(1)
			go func() {
				defer wg.Done()
				v, err := Get(ctx, db, Webhook, "")
				if err != nil {
					t.Error(err)
				}
				got[i] = v
			}()
		}
		wg.Wait()
		for _, v := range got[1:] {
			if !bytes.Equal(v, got[0]) || len(v) != size {
				t.Fatalf("nodes disagree: %x vs %x", v, got[0])
			}
		}
		other, err := Get(ctx, db, CodePepper, "")
		if err != nil || bytes.Equal(other, got[0]) {
			t.Fatalf("each secret is its own random value: %x, %v", other, err)
		}
		if v, _ := Get(ctx, db, Webhook, "configured-secret-value"); string(v) != "configured-secret-value" {
			t.Fatalf("configuration wins, got %q", v)
		}
		if _, err := Get(ctx, db, Webhook, "short"); err == nil {
			t.Fatal("a short configured secret is refused")
		}
	})
}

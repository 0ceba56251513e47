package server_test

import (
	"os"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestTwoNodesShareCacheInvalidation runs two stores on one PostgreSQL
// database. A checkout through the first takes stock; the second, which
// had the product page cached, serves the new stock soon after, because
// version bumps travel by LISTEN/NOTIFY.
func TestTwoNodesShareCacheInvalidation(t *testing.T) {
	base := os.Getenv("TEST_DATABASE_URL")
	if base == "" {
		t.Skip("TEST_DATABASE_URL not set: SQLite stores are single-node")
	}
	url := seededPostgresDB(t, base)
	a := startStore(t, seededNode(t, url))
	b := startStore(t, seededNode(t, url))

	treID := a.anyGoods(t, func(g map[string]any) bool {
		return g["needsPick"] == false && g["saleable"].(float64) == 1 && g["stock"].(float64) > 5
	})
	stockRe := regexp.MustCompile(`"stock":(\d+)`)
	res, _ := b.get(t, "/en/tredetail/"+treID)
	page := "/en/tredetail/" + treID
	if loc := res.Header.Get("Location"); loc != "" {
		page = loc // the canonical URL, with the slug
	}
	stockOn := func(s *testStore) string {
		_, html := s.get(t, page)
		_, after, _ := strings.Cut(html, `"treId":"`+treID+`"`)
		m := stockRe.FindStringSubmatch(after)
		if m == nil {
			t.Fatalf("no stock for %s in the page", treID)
		}
		return m[1]
	}
	before := stockOn(b) // now cached on b
	if again := stockOn(b); again != before {
		t.Fatalf("the cached page changed by itself: %s → %s", before, again)
	}

	var seen strings.Builder
	ana := a.signUp(t, "node-ana@example.com")
	a.placeOrderOf(t, ana, treID, &seen)

	// The first request after the bump may get the stale copy while the
	// page re-renders behind it (stale-while-revalidate); the new one
	// follows within moments.
	deadline := time.Now().Add(2 * time.Second)
	for stockOn(b) == before {
		if time.Now().After(deadline) {
			t.Fatalf("node b still serves stock %s two seconds after node a sold one", before)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

package server_test

import (
	"os"
	"strings"
	"sync"
	"testing"

	"souk/app/seed"
)

// TestAIQuotaAcrossNodes runs two stores on one PostgreSQL database with
// AI_QUOTA_USER=5: 20 parallel "Write with AI" calls of one seller, half
// through each node, pass exactly 5 times; the others read the quota's
// message. The quota is counted in the database, not per node.
func TestAIQuotaAcrossNodes(t *testing.T) {
	base := os.Getenv("TEST_DATABASE_URL")
	if base == "" {
		t.Skip("TEST_DATABASE_URL not set: SQLite stores are single-node")
	}
	url := seededPostgresDB(t, base)
	env := map[string]string{"AI_QUOTA_USER": "5", "DATABASE_URL": url}
	a := startStoreEnv(t, seededNode(t, url), env)
	b := startStoreEnv(t, seededNode(t, url), env)
	owner := a.loginAs(t, goodsOwnerEmail, seed.DemoPassword)
	nodes := []*testStore{a, b}
	envs := make([]envelope, 20)
	var wg sync.WaitGroup
	for i := range envs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			envs[i] = nodes[i%2].call(t, "POST", "tre/draftTreTexts", `{"maLan":"en","words":"red silk dress","values":{}}`, "TOKEN", owner)
		}()
	}
	wg.Wait()
	ok := 0
	for _, e := range envs {
		switch {
		case e.Code == 200:
			ok++
		case e.Code != 441 || !strings.Contains(e.Easg, "allowance"):
			t.Errorf("unexpected answer %d %q", e.Code, e.Easg)
		}
	}
	if ok != 5 {
		t.Errorf("%d drafts made on two nodes, want the quota's 5", ok)
	}
}

package server_test

import (
	"encoding/json"
	"strings"
	"sync"
	"testing"
)

func TestCartCalls(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		ana, bob := s.signUp(t, "cart-ana@example.com"), s.signUp(t, "cart-bob@example.com")
		// Goods that need no choice: the first card without attributes or options.
		treID := s.anyGoods(t, func(g map[string]any) bool {
			return g["needsPick"] == false && g["saleable"].(float64) == 1 && g["stock"].(float64) > 5
		})
		add := `{"requestId":"same-1","treId":"` + treID + `"}`
		if env := s.call(t, "POST", "shoppingIncrRP", add); env.Code != 401 {
			t.Fatalf("adding without a session answered %d", env.Code)
		}
		var wg sync.WaitGroup
		for i := 0; i < 50; i++ {
			wg.Add(1)
			go func() { defer wg.Done(); s.call(t, "POST", "shoppingIncrRP", add, "TOKEN", ana) }()
		}
		wg.Wait()
		var groups []struct {
			Lines []struct {
				ID       string `json:"id"`
				Quantity int    `json:"quantity"`
			} `json:"lines"`
		}
		env := s.call(t, "POST", "shoppingCartList", `{}`, "TOKEN", ana)
		if err := json.Unmarshal(env.Content, &groups); err != nil || len(groups) != 1 || len(groups[0].Lines) != 1 {
			t.Fatalf("cart after 50 identical adds: %s", env.Content)
		}
		line := groups[0].Lines[0]
		for _, c := range []struct{ path, body string }{
			{"shoppingModifyQuantity", `{"id":"` + line.ID + `","quantity":3}`},
			{"shoppingIncr", `{"id":"` + line.ID + `"}`},
			{"shoppingSetCartUnSelected", `{"ids":["` + line.ID + `"]}`},
			{"shoppingSetCartRemove", `{"ids":["` + line.ID + `"]}`},
		} {
			if env := s.call(t, "POST", c.path, c.body, "TOKEN", bob); env.Code != 104 {
				t.Errorf("%s on another user's line answered %d, want 104", c.path, env.Code)
			}
		}
		for _, q := range []string{"-1", "0", "100000", `"x"`} {
			if env := s.call(t, "POST", "shoppingModifyQuantity", `{"id":"`+line.ID+`","quantity":`+q+`}`, "TOKEN", ana); env.Code == 200 {
				t.Errorf("quantity %s was accepted", q)
			}
		}
		if env := s.call(t, "POST", "shoppingIncrRP", `{"requestId":"x2","treId":"`+treID+`","skuId":"forged-sku"}`, "TOKEN", ana); env.Code != 102 {
			t.Errorf("a forged sku answered %d", env.Code)
		}
		if env := s.call(t, "POST", "shoppingSetCartRemove", `{"ids":["`+line.ID+`"]}`, "TOKEN", ana); env.Code != 200 {
			t.Fatal(env.Easg)
		}
		if env := s.call(t, "POST", "shoppingCartList", `{}`, "TOKEN", ana); strings.Contains(string(env.Content), line.ID) {
			t.Fatal("removed line still listed")
		}
	})
}

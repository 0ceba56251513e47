package server_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"souk/server/api"
)

func TestAPI(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		treID := s.anyGoods(t, func(g map[string]any) bool { return true })
		tests := []struct {
			name, method, path, body string
			headers                  []string
			code                     int
			contains                 string
		}{
			{"all enums", "GET", "basics/getAllEnums", "", []string{"ALAN", "de"}, 200, `"lanTxtMap"`},
			{"entity enums", "GET", "basics/getEntityEnums", "", nil, 200, `"identityTypes"`},
			{"tre enums", "GET", "tre/basics/getEnums", "", nil, 200, `"tNa"`},
			{"region currencies", "GET", "tre/basics/getRegionCurrencies", "", nil, 200, `"priceCalTypes"`},
			{"exchange rates", "GET", "tre/basics/getExchangeRates", "", nil, 200, `"EUR"`},
			{"class label", "GET", "basics/getAllClassificationLabelAndCats/1", "", []string{"ALAN", "zh"}, 200, `"categories"`},
			{"class label unknown", "GET", "basics/getAllClassificationLabelAndCats/999", "", nil, 104, ""},
			{"class label bad id", "GET", "basics/getAllClassificationLabelAndCats/abc", "", nil, 102, ""},
			{"detail", "POST", "tre/getTreDetail", `{"treId":"` + treID + `","lanCode":"fr"}`, nil, 200, `"treImages"`},
			{"detail by old id", "POST", "tre/getTreDetail", `{"treId":"0","oldId":10001}`, nil, 200, `"skuModule"`},
			{"detail numeric treId is oldId", "POST", "tre/getTreDetail", `{"treId":10001}`, nil, 200, `"skuModule"`},
			{"detail none", "POST", "tre/getTreDetail", `{"treId":"0"}`, nil, 104, ""},
			{"detail unknown", "POST", "tre/getTreDetail", `{"treId":"nope"}`, nil, 104, ""},
			{"detail wrong type", "POST", "tre/getTreDetail", `{"treId":["x"]}`, nil, 102, ""},
			{"detail malformed", "POST", "tre/getTreDetail", `{"treId":`, nil, 102, ""},
			{"detail not an object", "POST", "tre/getTreDetail", `[1,2]`, nil, 102, ""},
			{"comments", "POST", "content/commentList", `{"lastSortFactor":0,"pageSize":5,"parentObjId":"` + treID + `","parentObType":6,"sortType":0}`, nil, 200, ""},
			{"comments bad page size", "POST", "content/commentList", `{"pageSize":5000,"parentObjId":"` + treID + `"}`, nil, 102, ""},
			{"comments wrong type", "POST", "content/commentList", `{"lastSortFactor":"x","parentObjId":"` + treID + `"}`, nil, 102, ""},
			{"index data", "POST", "index/getData", `{"requestId":"r1"}`, []string{"CU", "JPY"}, 200, `"wn3"`},
			{"identity", "GET", "theIdentity/getInfo/atelier-lumiere", "", nil, 200, `"goodsCount"`},
			{"identity unknown", "GET", "theIdentity/getInfo/nobody", "", nil, 104, ""},
			{"unknown call", "POST", "no/such/call", `{}`, nil, 104, ""},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				env := s.call(t, tt.method, tt.path, tt.body, tt.headers...)
				if env.Code != tt.code {
					t.Fatalf("code %d (%s), want %d", env.Code, env.Easg, tt.code)
				}
				if tt.code != 200 && env.Easg == "" {
					t.Fatal("an error must carry a message")
				}
				if tt.contains != "" && !strings.Contains(string(env.Content), tt.contains) {
					t.Fatalf("content lacks %s: %.300s", tt.contains, env.Content)
				}
			})
		}
	})
}

// The comment list pages by lastSortFactor, five at a time, newest first,
// without repeats, and a short page means the end.
func TestCommentPaging(t *testing.T) {
	s := startStore(t, sqliteOnly(t))
	var found bool
	for old := 10000; old < 10072 && !found; old++ {
		env := s.call(t, "POST", "tre/getTreDetail", `{"oldId":`+itoa(old)+`}`)
		var g struct {
			TreID        string `json:"treId"`
			CommentCount int    `json:"commentCount"`
		}
		_ = json.Unmarshal(env.Content, &g)
		if g.CommentCount < 8 {
			continue
		}
		found = true
		seen := map[string]bool{}
		last := int64(0)
		total := 0
		for page := 0; page < 10; page++ {
			env := s.call(t, "POST", "content/commentList", `{"lastSortFactor":`+itoa64(last)+`,"pageSize":5,"parentObjId":"`+g.TreID+`","parentObType":6}`)
			var list []struct {
				ObjID      string `json:"objId"`
				SortFactor int64  `json:"sortFactor"`
			}
			if err := json.Unmarshal(env.Content, &list); err != nil {
				t.Fatal(err)
			}
			for _, c := range list {
				if seen[c.ObjID] || (last != 0 && c.SortFactor >= last) {
					t.Fatalf("page %d repeats or is out of order", page)
				}
				seen[c.ObjID] = true
				last = c.SortFactor
			}
			total += len(list)
			if len(list) < 5 {
				break
			}
		}
		if total != g.CommentCount {
			t.Fatalf("paged %d comments, goods says %d", total, g.CommentCount)
		}
	}
	if !found {
		t.Fatal("no goods with 8 or more comments in the demo")
	}
}

// The encrypted variant: {a:1, b:sealed} in, content.b sealed out.
func TestEncryptedEnvelope(t *testing.T) {
	s := startStore(t, sqliteOnly(t))
	sealer, err := api.NewSealer("")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := json.Marshal(api.Sealed{A: 1, B: sealer.Seal([]byte(`{"requestId":"x"}`))})
	env := s.call(t, "POST", "index/getData", string(body))
	var sealed struct {
		B string `json:"b"`
	}
	if env.Code != 200 || json.Unmarshal(env.Content, &sealed) != nil || sealed.B == "" {
		t.Fatalf("sealed answer expected: %d %.200s", env.Code, env.Content)
	}
	plain, err := sealer.Open(sealed.B)
	if err != nil || !bytes.Contains(plain, []byte(`"wn3"`)) {
		t.Fatalf("cannot open the answer: %v", err)
	}
	bad, _ := json.Marshal(api.Sealed{A: 1, B: "bm90IHNlYWxlZA=="})
	if env := s.call(t, "POST", "index/getData", string(bad)); env.Code != 102 {
		t.Fatalf("a tampered body answered %d, want 102", env.Code)
	}
}

func TestHugeBody(t *testing.T) {
	s := startStore(t, sqliteOnly(t))
	big := `{"requestId":"` + strings.Repeat("x", 13<<20) + `"}`
	res, err := http.Post(s.URL+"/api/v1/souk/index/getData", "application/json", strings.NewReader(big))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusRequestEntityTooLarge {
		t.Fatalf("13 MB body answered %d, want 413", res.StatusCode)
	}
	env := s.call(t, "POST", "index/getData", `{"requestId":"`+strings.Repeat("x", 2<<20)+`"}`)
	if env.Code != 102 {
		t.Fatalf("2 MB body answered code %d, want 102", env.Code)
	}
}

func itoa(n int) string     { return itoa64(int64(n)) }
func itoa64(n int64) string { b, _ := json.Marshal(n); return string(b) }

package server_test

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"souk/app/payment"
	"souk/server/api"
)

// placeOrder puts one item in token's cart, saves an address and places
// the order, returning the order number and the payment uid; every answer
// is appended to seen (what the browser got).
func (s *testStore) placeOrder(t *testing.T, token string, seen *strings.Builder) (string, string) {
	t.Helper()
	treID := s.anyGoods(t, func(g map[string]any) bool {
		return g["needsPick"] == false && g["saleable"].(float64) == 1 && g["stock"].(float64) > 5
	})
	return s.placeOrderOf(t, token, treID, seen)
}

// placeOrderOf orders one piece of treID.
func (s *testStore) placeOrderOf(t *testing.T, token, treID string, seen *strings.Builder) (string, string) {
	t.Helper()
	record := func(env envelope) envelope { seen.WriteString(env.Easg); seen.Write(env.Content); return env }
	record(s.call(t, "POST", "shoppingIncrRP", `{"requestId":"s1","treId":"`+treID+`"}`, "TOKEN", token))
	addr := record(s.call(t, "POST", "address/save", `{"name":"Ana","phone":"+1 415 555 0100","country":"US","region":"CA","city":"SF","line1":"1 Market St","postalCode":"94105"}`, "TOKEN", token))
	var a struct{ ID string }
	_ = json.Unmarshal(addr.Content, &a)
	var pre struct {
		Total struct{ Amount float64 } `json:"total"`
	}
	_ = json.Unmarshal(record(s.call(t, "POST", "order/preOrderData", `{}`, "TOKEN", token)).Content, &pre)
	env := record(s.call(t, "POST", "order/makeOrderData", fmt.Sprintf(`{"requestId":"s2","addressId":%q,"total":%v}`, a.ID, pre.Total.Amount), "TOKEN", token))
	var placed struct {
		PayUID       string   `json:"payUid"`
		OrderNumbers []string `json:"orderNumbers"`
	}
	if err := json.Unmarshal(env.Content, &placed); err != nil || len(placed.OrderNumbers) != 1 {
		t.Fatalf("makeOrderData: %d %s %s", env.Code, env.Easg, env.Content)
	}
	return placed.OrderNumbers[0], placed.PayUID
}

// browserView fetches pages, the scripts and styles they name, and API
// answers: everything a browser of this store receives.
func (s *testStore) browserView(t *testing.T, token, treID string, seen *strings.Builder) {
	t.Helper()
	assets := regexp.MustCompile(`(?:src|href)="(/static/[^"]+)"`)
	for _, p := range []string{"/en/", "/ar/", "/en/tredetail/" + treID, "/en/login", "/en/cart", "/en/makeorder", "/en/myorders", "/en/register"} {
		_, html := s.get(t, p)
		seen.WriteString(html)
		for _, m := range assets.FindAllStringSubmatch(html, -1) {
			_, body := s.get(t, m[1])
			seen.WriteString(body)
		}
	}
	for _, c := range []struct{ path, body string }{
		{"basics/getAllEnums", ""}, {"index/getData", `{}`}, {"tre/getTreDetail", `{"treId":"` + treID + `"}`},
		{"my/getInfo", `{}`}, {"order/list", `{}`},
	} {
		method := "POST"
		if c.body == "" {
			method = "GET"
		}
		env := s.call(t, method, c.path, c.body, "TOKEN", token)
		seen.WriteString(env.Easg)
		seen.Write(env.Content)
	}
}

// TestServerSecretsNeverReachTheBrowser collects what a browser receives,
// checks that no server secret is in it, and forges payment callbacks with
// every key-like value a browser has: all are refused.
func TestServerSecretsNeverReachTheBrowser(t *testing.T) {
	eachStore(t, func(t *testing.T, s *testStore) {
		var seen strings.Builder
		ana := s.signUp(t, "secret-ana@example.com")
		number, pay := s.placeOrder(t, ana, &seen)
		s.browserView(t, ana, s.anyGoods(t, func(map[string]any) bool { return true }), &seen)
		got := seen.String()

		rows := s.app.DB.ServerSecret.Query().AllX(context.Background())
		if len(rows) < 2 {
			t.Fatalf("want the webhook secret and the code pepper stored, got %d", len(rows))
		}
		for _, r := range rows {
			raw, _ := hex.DecodeString(r.Value)
			sum := sha256.Sum256(raw)
			for _, form := range []string{r.Value, base64.StdEncoding.EncodeToString(raw), base64.RawURLEncoding.EncodeToString(raw),
				hex.EncodeToString(sum[:]), string(raw)} {
				if strings.Contains(got, form) {
					t.Fatalf("the %s secret (or its hash) is in what the browser receives", r.Name)
				}
			}
		}

		for _, key := range forgeryKeys(got) {
			ev := fmt.Sprintf(`{"id":"evt_forged_%x","type":"payment.succeeded","ref":"tp_forged","paymentUid":%q}`, sha256.Sum256(key), pay)
			req, _ := http.NewRequest("POST", s.URL+"/api/v1/souk/payments/webhook", strings.NewReader(ev))
			req.Header.Set(api.SignatureHeader, payment.Sign(key, []byte(ev)))
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			_, _ = io.Copy(io.Discard, res.Body)
			res.Body.Close()
			if res.StatusCode != http.StatusUnauthorized {
				t.Fatalf("a callback signed with a browser-known value (%q) answered HTTP %d", key, res.StatusCode)
			}
		}
		env := s.call(t, "POST", "order/detail", `{"orderNumber":"`+number+`"}`, "TOKEN", ana)
		if !strings.Contains(string(env.Content), `"status":100`) {
			t.Fatalf("the order changed after forged callbacks: %s", env.Content)
		}
	})
}

// forgeryKeys is every key an attacker could try from what the browser
// got: the envelope key as sent and decoded, the public development key,
// the empty key, each long token-like string, and the hashes the store
// once derived its secrets with.
func forgeryKeys(seen string) [][]byte {
	bases := []string{"", api.DevEnvelopeKey}
	ek := regexp.MustCompile(`"ek":"([^"]+)"`)
	for _, m := range ek.FindAllStringSubmatch(seen, -1) {
		bases = append(bases, m[1])
		if raw, err := base64.StdEncoding.DecodeString(m[1]); err == nil {
			bases = append(bases, string(raw), hex.EncodeToString(raw))
		}
	}
	if len(bases) < 4 {
		panic("no envelope key found in the pages: the test no longer sees what browsers get")
	}
	tokens := regexp.MustCompile(`[A-Za-z0-9+/=_-]{32,88}`)
	seenTok := map[string]bool{}
	for _, m := range tokens.FindAllString(seen, -1) {
		if !seenTok[m] && len(seenTok) < 400 {
			seenTok[m] = true
			bases = append(bases, m)
		}
	}
	var keys [][]byte
	for _, b := range bases {
		keys = append(keys, []byte(b))
		for _, prefix := range []string{"", "souk payment callbacks|", "souk code pepper|"} {
			h := sha256.Sum256([]byte(prefix + b))
			keys = append(keys, h[:])
		}
	}
	return keys
}

package bench

import (
	"bytes"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"sync"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the pgx driver for the temporary benchmark database

	"souk/app/account"
	"souk/app/config"
	"souk/ent"
	"souk/ent/goods"
	"souk/server"
)

// buyers is how many shoppers buy at once; rounds is how many times each
// adds to the cart, and checks out.
const (
	buyers = 32
	rounds = 15
)

// buyingFigures measures add-to-cart and checkout through the API under
// concurrent shoppers, and the orders per second the database sustains.
func buyingFigures(ctx context.Context, a *server.App, base, setup string, out io.Writer) error {
	tokens, treID, err := prepareBuyers(ctx, a)
	if err != nil {
		return err
	}
	var mu sync.Mutex
	var adds, checkouts []time.Duration
	var failed int
	start := time.Now()
	var wg sync.WaitGroup
	for i, tok := range tokens {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := range rounds {
				t0 := time.Now()
				_, err := apiCall(base, "shoppingIncrRP", tok, map[string]any{"requestId": fmt.Sprintf("b%d-%d", i, r), "treId": treID})
				t1 := time.Now()
				var pre struct{ Total struct{ Amount float64 } }
				if err == nil {
					err = apiInto(base, "order/preOrderData", tok, map[string]any{}, &pre)
				}
				t2 := time.Now()
				if err == nil {
					_, err = apiCall(base, "order/makeOrderData", tok, map[string]any{"requestId": fmt.Sprintf("o%d-%d", i, r), "total": pre.Total.Amount})
				}
				t3 := time.Now()
				mu.Lock()
				if err != nil {
					failed++
				} else {
					adds, checkouts = append(adds, t1.Sub(t0)), append(checkouts, t3.Sub(t2))
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	wall := time.Since(start)
	if len(adds) == 0 {
		return fmt.Errorf("bench: every checkout failed")
	}
	ad, co := summarize(adds), summarize(checkouts)
	fmt.Fprintf(out, "  %-10s add to cart p50 %6.2f ms  p99 %6.2f ms | place order p50 %6.2f ms  p99 %6.2f ms | %6.1f orders/s (add + price + place, %d shoppers, %d failed)\n",
		setup, ms(ad.p50), ms(ad.p99), ms(co.p50), ms(co.p99), float64(len(checkouts))/wall.Seconds(), buyers, failed)
	return nil
}

// prepareBuyers makes shoppers with sessions and addresses, and goods with
// plenty of stock that need no choice.
func prepareBuyers(ctx context.Context, a *server.App) ([]string, string, error) {
	rows, err := a.DB.Goods.Query().Where(goods.SaleableEQ(1), goods.MinQtyEQ(1)).WithAttrs().WithLabels().Limit(200).All(ctx)
	if err != nil {
		return nil, "", err
	}
	var g *ent.Goods
	for _, r := range rows {
		if len(r.Edges.Attrs) == 0 && len(r.Edges.Labels) == 0 {
			g = r
			break
		}
	}
	if g == nil {
		return nil, "", fmt.Errorf("bench: no goods without choices")
	}
	if err := a.DB.Goods.UpdateOneID(g.ID).SetStock(1_000_000).Exec(ctx); err != nil {
		return nil, "", err
	}
	run := randomHex(4)
	tokens := make([]string, 0, buyers)
	for i := range buyers {
		u, err := a.DB.User.Create().SetUID(fmt.Sprintf("bench%s%03d", run, i)).SetUserName("bench").Save(ctx)
		if err != nil {
			return nil, "", err
		}
		err = a.DB.Address.Create().SetUID(fmt.Sprintf("abench%s%03d", run, i)).SetUserID(u.ID).SetName("Bench Buyer").
			SetPhone("+1 415 555 0100").SetCountry("US").SetRegion("CA").SetCity("San Francisco").SetLine1("1 Market St").
			SetPostalCode("94103").SetIsDefault(true).Exec(ctx)
		if err != nil {
			return nil, "", err
		}
		l, err := a.Site.Accounts.SignInAs(ctx, u.ID, account.Client{IP: "127.0.0.1", UserAgent: "souk bench"})
		if err != nil {
			return nil, "", err
		}
		tokens = append(tokens, l.Token)
	}
	return tokens, g.UID, nil
}

func apiCall(base, path, token string, body any) (json.RawMessage, error) {
	return apiCallWith(http.DefaultClient, base, path, token, body)
}

func apiCallWith(hc *http.Client, base, path, token string, body any) (json.RawMessage, error) {
	raw, _ := json.Marshal(body)
	req, _ := http.NewRequest("POST", base+"/api/v1/souk/"+path, bytes.NewReader(raw))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("TOKEN", token)
	res, err := hc.Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	var env struct {
		Code    int             `json:"code"`
		Easg    string          `json:"easg"`
		Content json.RawMessage `json:"content"`
	}
	if err := json.NewDecoder(res.Body).Decode(&env); err != nil {
		return nil, err
	}
	if env.Code != 200 {
		return nil, fmt.Errorf("%s: %d %s", path, env.Code, env.Easg)
	}
	return env.Content, nil
}

func apiInto(base, path, token string, body, into any) error {
	raw, err := apiCall(base, path, token, body)
	if err != nil {
		return err
	}
	return json.Unmarshal(raw, into)
}

// postgresBuying runs the buying figures on a temporary PostgreSQL database
// when BENCH_DATABASE_URL or TEST_DATABASE_URL names a server.
func postgresBuying(ctx context.Context, out io.Writer) error {
	base := os.Getenv("BENCH_DATABASE_URL")
	if base == "" {
		base = os.Getenv("TEST_DATABASE_URL")
	}
	if base == "" {
		fmt.Fprintln(out, "  postgres   skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server")
		return nil
	}
	dbURL, drop, err := tempDatabase(base)
	if err != nil {
		return err
	}
	defer drop()
	dir, err := os.MkdirTemp("", "souk-bench-pg-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	env := map[string]string{"DATA_DIR": dir, "DATABASE_URL": dbURL, "SEED_GOODS": "60"}
	cfg, err := config.Load(func(k string) string { return env[k] })
	if err != nil {
		return err
	}
	a, err := server.Assemble(ctx, cfg, "views", slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		return err
	}
	defer a.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: a.Echo}
	go srv.Serve(ln) //nolint:errcheck // closed below
	defer srv.Close()
	return buyingFigures(ctx, a, "http://"+ln.Addr().String(), "postgres", out)
}

// tempDatabase creates a database beside base's and returns its URL and a
// function that drops it.
func tempDatabase(base string) (string, func(), error) {
	admin, err := sql.Open("pgx", base)
	if err != nil {
		return "", nil, err
	}
	name := "souk_bench_" + randomHex(6)
	if _, err := admin.Exec("CREATE DATABASE " + name); err != nil {
		admin.Close()
		return "", nil, fmt.Errorf("bench: create database: %w", err)
	}
	u, err := url.Parse(base)
	if err != nil {
		admin.Close()
		return "", nil, err
	}
	u.Path = "/" + name
	return u.String(), func() {
		_, _ = admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
		admin.Close()
	}, nil
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

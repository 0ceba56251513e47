package search

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"souk/app/ai"
	"souk/app/catalog"
	"souk/app/i18n"
	"souk/app/seed"
	"souk/app/store/storetest"
	"souk/app/version"
	"souk/ent"
	"souk/ent/goods"
	"souk/ent/text"
	"souk/locales"
)

func testService(t *testing.T, db *ent.Client) *Service {
	t.Helper()
	return testServiceOf(t, db, fakeLex{}, func(b *Bleve) Engine { return b })
}

// testServiceOf is testService with a lexicon and the engine wrapped.
func testServiceOf(t *testing.T, db *ent.Client, lex Lexicon, wrap func(*Bleve) Engine) *Service {
	t.Helper()
	ctx := context.Background()
	if err := seed.Demo(ctx, db, 70); err != nil {
		t.Fatal(err)
	}
	time.Sleep(syncOverlap + 100*time.Millisecond) // let the seed fall out of the sync overlap
	langs, _ := i18n.LoadSet(locales.FS)
	cat, err := catalog.New(ctx, db, langs, version.New())
	if err != nil {
		t.Fatal(err)
	}
	eng, err := OpenBleve("", lex)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	svc := New(db, cat, wrap(eng), lex, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if n, err := svc.Sync(ctx); err != nil || n != 70 {
		t.Fatalf("first sync indexed %d, %v", n, err)
	}
	return svc
}

func uidsOf(p *Page) []string {
	out := []string{}
	for _, c := range p.Cards {
		out = append(out, c.TreID)
	}
	return out
}

func TestServiceFollowsEdits(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		ctx := context.Background()
		svc := testService(t, db)
		g := db.Goods.Query().Where(goods.BigTypeEQ(1)).FirstX(ctx)
		// Rename it to a word nothing else has.
		time.Sleep(syncOverlap + 100*time.Millisecond) // updated_at must move past the last sync
		db.Text.Update().Where(text.OwnerKindEQ(catalog.KindGoods), text.OwnerIDEQ(g.ID), text.FieldEQ("name"), text.LangEQ("en")).
			SetTxt("Quokkaweave Blanket").ExecX(ctx)
		db.Goods.UpdateOneID(g.ID).SetSales(g.Sales + 1).ExecX(ctx) // any write bumps updated_at
		if n, err := svc.Sync(ctx); err != nil || n != 1 {
			t.Fatalf("incremental sync indexed %d, %v", n, err)
		}
		p, err := svc.Search(ctx, Understand("quokkaweave", "en", fakeLex{}), Consumer, 1, 20, "en", "USD")
		if err != nil || len(p.Cards) != 1 || p.Cards[0].TreID != g.UID {
			t.Fatalf("renamed goods not found: %v %v", uidsOf(p), err)
		}
		// Off sale: still found (shown as not available), ranked after goods on sale.
		db.Goods.UpdateOneID(g.ID).SetSaleable(0).ExecX(ctx)
		if err := svc.Reindex(ctx, g.UID); err != nil {
			t.Fatal(err)
		}
		p, _ = svc.Search(ctx, Understand("quokkaweave", "en", fakeLex{}), Consumer, 1, 20, "en", "USD")
		if len(p.Cards) != 1 || p.Cards[0].Saleable != 0 {
			t.Fatalf("off-sale goods: %+v", p.Cards)
		}
	})
}

func TestServiceResumesKeptIndex(t *testing.T) {
	ctx := context.Background()
	db := storetest.Open(t, storetest.Backend{Name: "sqlite", Dir: t.TempDir()})
	dir := t.TempDir() + "/idx"
	langs, _ := i18n.LoadSet(locales.FS)
	if err := seed.Demo(ctx, db, 30); err != nil {
		t.Fatal(err)
	}
	time.Sleep(syncOverlap + 100*time.Millisecond)
	cat, _ := catalog.New(ctx, db, langs, version.New())
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	eng, _ := OpenBleve(dir, fakeLex{})
	if n, _ := New(db, cat, eng, fakeLex{}, log).Sync(ctx); n != 30 {
		t.Fatalf("first build indexed %d", n)
	}
	eng.Close()
	eng, _ = OpenBleve(dir, fakeLex{})
	defer eng.Close()
	if n, _ := New(db, cat, eng, fakeLex{}, log).Sync(ctx); n != 0 {
		t.Fatalf("a kept, current index was rebuilt (%d goods)", n)
	}
}

// With an AI endpoint, a query the lexicon cannot read is found through the
// model's rewrite; without one, it finds nothing.
func TestServiceAIRewrite(t *testing.T) {
	ctx := context.Background()
	db := storetest.Open(t, storetest.Backend{Name: "sqlite", Dir: t.TempDir()})
	svc := testService(t, db)
	g := db.Goods.Query().Where(goods.BigTypeEQ(1)).FirstX(ctx)
	name := db.Text.Query().Where(text.OwnerKindEQ(catalog.KindGoods), text.OwnerIDEQ(g.ID), text.FieldEQ("name"), text.LangEQ("en")).OnlyX(ctx).Txt
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/v1/chat/completions":
			_ = json.NewEncoder(w).Encode(map[string]any{"choices": []any{map[string]any{"message": map[string]string{"content": name}}}})
		default:
			http.Error(w, "no embeddings here", http.StatusNotImplemented)
		}
	}))
	defer srv.Close()
	q := Understand("xyzzyplugh", "en", fakeLex{})
	if p, _ := svc.Search(ctx, q, Consumer, 1, 5, "en", "USD"); len(p.Cards) != 0 {
		t.Fatalf("without AI a nonsense word finds %v", uidsOf(p))
	}
	svc.EnableAI(ai.New(srv.URL, "m", ""))
	p, err := svc.Search(ctx, q, Consumer, 1, 5, "en", "USD")
	if err != nil || len(p.Cards) == 0 || p.Cards[0].TreID != g.UID {
		t.Fatalf("with the rewrite the goods named %q must come first: %v %v", name, uidsOf(p), err)
	}
}

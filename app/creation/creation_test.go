package creation

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"souk/app/apperr"
	"souk/app/catalog"
	"souk/app/i18n"
	"souk/app/media"
	"souk/app/seed"
	"souk/app/store/storetest"
	"souk/app/version"
	"souk/ent"
	"souk/ent/goods"
	"souk/locales"
)

type fixture struct {
	*Service
	db    *ent.Client
	strs  *i18n.Catalogs
	dir   string
	ana   User
	dress string
}

func newFixture(t *testing.T, db *ent.Client, perDay int) *fixture {
	ctx := context.Background()
	if err := seed.Demo(ctx, db, 60); err != nil {
		t.Fatal(err)
	}
	langs, _ := i18n.LoadSet(locales.FS)
	strs, err := i18n.LoadCatalogs(locales.FS, langs)
	if err != nil {
		t.Fatal(err)
	}
	cat, err := catalog.New(ctx, db, langs, version.New())
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	svc := New(db, cat, Options{Media: media.NewStore(dir, "/media"), Spec: seed.MediaSpec(db), T: strs.T, PerDay: perDay})
	u := db.User.Create().SetUID("uana").SetUserName("ana").SaveX(ctx)
	dress := db.Goods.Query().Where(goods.SpeEQ(1), goods.SaleableEQ(1)).FirstX(ctx)
	return &fixture{Service: svc, db: db, strs: strs, dir: dir, ana: User{ID: u.ID, UID: u.UID}, dress: dress.UID}
}

func (f *fixture) ask(a Ask) Ask {
	if a.TreID == "" && a.From == "" {
		a.TreID = f.dress
	}
	if a.Model == "" {
		a.Model = "Souk Atelier"
	}
	return a
}

func none(string, int) {}

// TestRefineChain: a dress variation, refined twice: three versions of
// one creation, each refining the one before, options carried over, each
// with its picture on disk and a description naming the engine.
func TestRefineChain(t *testing.T) {
	f := newFixture(t, storetest.Open(t, storetest.Backend{Name: "sqlite", Dir: t.TempDir()}), 0)
	ctx := context.Background()
	steps := []string{}
	v1, err := f.Make(ctx, f.ana, f.ask(Ask{Swatch: "red", Prompt: "a little fuller"}), func(s string, _ int) { steps = append(steps, s) })
	if err != nil {
		t.Fatal(err)
	}
	v2, err := f.Make(ctx, f.ana, Ask{From: v1.UID, TreID: f.dress, Pattern: "dots"}, none)
	if err != nil {
		t.Fatal(err)
	}
	v3, err := f.Make(ctx, f.ana, Ask{From: v2.UID, TreID: f.dress, Prompt: "make it short"}, none)
	if err != nil {
		t.Fatal(err)
	}
	if v2.ParentUID != v1.UID || v3.ParentUID != v2.UID || v3.CreationUID != v1.CreationUID || v3.Number != 3 {
		t.Fatalf("chain: %+v %+v %+v", v1, v2, v3)
	}
	if v3.Swatch != "red" || v3.Pattern != "dots" || v3.Length != "short" {
		t.Errorf("v3 options %q %q %q, want red dots short", v3.Swatch, v3.Pattern, v3.Length)
	}
	if !strings.Contains(v1.Description, EngineEmbedded) || !strings.Contains(v1.Description, "Red") {
		t.Errorf("description %q", v1.Description)
	}
	if strings.Join(steps, ",") != "CreationStepQueued,CreationStepRead,CreationStepColour,CreationStepSave,CreationStepDone" {
		t.Errorf("steps %v", steps)
	}
	for _, v := range []*Version{v1, v2, v3} {
		p := filepath.Join(f.dir, strings.TrimPrefix(v.Images[0].BigURL, "/media/"))
		if fi, err := os.Stat(p); err != nil || fi.Size() == 0 {
			t.Errorf("%s: picture %s: %v", v.UID, p, err)
		}
	}
	list, err := f.List(ctx, f.ana.ID, f.dress, "")
	if err != nil || len(list) != 3 || list[0].UID != v3.UID {
		t.Fatalf("list %v %v", len(list), err)
	}
	if _, err := f.Get(ctx, 0, v1.UID); apperr.CodeOf(err) != apperr.NotFound {
		t.Errorf("unshared version seen by a stranger: %v", err)
	}
	if _, err := f.Share(ctx, f.ana.ID, v1.UID); err != nil {
		t.Fatal(err)
	}
	if g, err := f.Get(ctx, 0, v1.UID); err != nil || g.Mine || !g.Shared {
		t.Errorf("shared version: %+v %v", g, err)
	}
}

// TestQuotaParallel: parallel requests beyond the daily quota are refused
// and leave nothing; exactly the quota is made.
func TestQuotaParallel(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *ent.Client, _ storetest.Backend) {
		const quota, tries = 3, 7
		f := newFixture(t, db, quota)
		var wg sync.WaitGroup
		errs := make([]error, tries)
		for i := range tries {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = f.Make(context.Background(), f.ana, f.ask(Ask{Swatch: Swatches[i].Key}), none)
			}()
		}
		wg.Wait()
		ok := 0
		for _, err := range errs {
			switch {
			case err == nil:
				ok++
			case apperr.CodeOf(err) != apperr.RateLimited:
				t.Errorf("unexpected error %v", err)
			}
		}
		if ok != quota {
			t.Errorf("%d made, want %d", ok, quota)
		}
		if n := db.CreationVersion.Query().CountX(context.Background()); n != quota {
			t.Errorf("%d versions kept, want %d", n, quota)
		}
		if n := db.Creation.Query().CountX(context.Background()); n != quota {
			t.Errorf("%d creations kept, want %d", n, quota)
		}
		if n := f.gate.MaxInUse(); n != DefaultSlots {
			t.Errorf("%d generations ran at once, want at most %d", n, DefaultSlots)
		}
	})
}

// TestCancelLeavesNothing: a request cancelled while the engine works
// leaves no version, no creation and no picture.
func TestCancelLeavesNothing(t *testing.T) {
	f := newFixture(t, storetest.Open(t, storetest.Backend{Name: "sqlite", Dir: t.TempDir()}), 0)
	for _, at := range []string{"CreationStepColour", "CreationStepSave"} {
		ctx, cancel := context.WithCancel(context.Background())
		_, err := f.Make(ctx, f.ana, f.ask(Ask{Swatch: "navy"}), func(s string, _ int) {
			if s == at {
				cancel()
			}
		})
		cancel()
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("cancelled at %s: %v", at, err)
		}
	}
	if n := f.db.CreationVersion.Query().CountX(context.Background()) + f.db.Creation.Query().CountX(context.Background()); n != 0 {
		t.Errorf("%d rows left", n)
	}
	files := 0
	filepath.WalkDir(f.dir, func(_ string, d os.DirEntry, _ error) error {
		if d != nil && !d.IsDir() {
			files++
		}
		return nil
	})
	if files != 0 {
		t.Errorf("%d files left", files)
	}
}

// TestBadInput: each refusal is a catalogue key with an English text.
func TestBadInput(t *testing.T) {
	f := newFixture(t, storetest.Open(t, storetest.Backend{Name: "sqlite", Dir: t.TempDir()}), 0)
	cases := []struct {
		name string
		ask  Ask
		key  string
	}{
		{"unknown model", Ask{Model: "Nope", Swatch: "red"}, "CreationModelUnknown"},
		{"huge prompt", Ask{Prompt: strings.Repeat("red ", MaxPrompt)}, "CreationPromptTooLong"},
		{"NUL byte", Ask{Prompt: "red\x00"}, "InvalidCharacters"},
		{"unknown swatch", Ask{Swatch: "plaid-ish"}, "CreationOptionUnknown"},
		{"nothing asked", Ask{Prompt: "something nice"}, "CreationNothingAsked"},
		{"unknown version", Ask{From: "nope", Swatch: "red"}, "CreationNotFound"},
	}
	for _, c := range cases {
		_, err := f.Make(context.Background(), f.ana, f.ask(c.ask), none)
		e, ok := apperr.As(err)
		if !ok || e.Key != c.key {
			t.Errorf("%s: %v, want %s", c.name, err, c.key)
			continue
		}
		if msg := e.Render(func(k string, a ...string) string { return f.strs.T("en", k, a...) }); msg == c.key || msg == "" {
			t.Errorf("%s: key %s has no English text", c.name, c.key)
		}
	}
	if n := f.db.CreationVersion.Query().CountX(context.Background()); n != 0 {
		t.Errorf("%d versions after refusals", n)
	}
}

// TestPublishDesign: only a passed Creator identity publishes; the design
// then shows on its page, shared.
func TestPublishDesign(t *testing.T) {
	f := newFixture(t, storetest.Open(t, storetest.Backend{Name: "sqlite", Dir: t.TempDir()}), 0)
	ctx := context.Background()
	bumped := 0
	f.o.OnPublish = func() { bumped++ }
	v, err := f.Make(ctx, f.ana, f.ask(Ask{Swatch: "lilac"}), none)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Publish(ctx, f.ana.ID, v.UID); apperr.CodeOf(err) != apperr.Forbidden {
		t.Fatalf("published without a Creator identity: %v", err)
	}
	it := f.db.Identity.Create().SetUID("ana-creator").SetIdentityType(catalog.IdentityCreator).SetName("Ana").
		SetUserID(f.ana.ID).SaveX(ctx)
	p, err := f.Publish(ctx, f.ana.ID, v.UID)
	if err != nil || !p.Design || !p.Shared || bumped != 1 {
		t.Fatalf("publish: %+v %v (bumped %d)", p, err, bumped)
	}
	page, err := f.cat.Identity(ctx, it.UID, "en")
	if err != nil || len(page.Designs) != 1 || page.Designs[0].CreateVUID != v.UID || page.Designs[0].TreID != f.dress {
		t.Fatalf("identity designs: %+v %v", page, err)
	}
}

package listing

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"time"

	"souk/app/ai"
	"souk/app/apperr"
	"souk/app/form"
	"souk/app/store"
	"souk/ent"
	"souk/ent/goods"
	entid "souk/ent/identity"
	"souk/ent/user"
)

// Filling an item's missing languages (interLan/fillSuggestedLanguages):
// a background job per item translates, language by language, every field
// that has no text in that language, live or waiting. A text a person
// wrote is never replaced: the fields are chosen again inside the
// transaction that stores them. What the job writes waits for review like
// an owner's translation (marked machine-made, so the reviewer and later
// the page can tell), because an endpoint's answer is outside text.

// Fill states.
const (
	FillRunning = "running"
	FillDone    = "done"
	FillFailed  = "failed"
)

// FillJob is a fill's progress as the page polls it.
type FillJob struct {
	TreID        string   `json:"treId"`
	State        string   `json:"state"`
	Engine       string   `json:"engine"`
	Langs        []string `json:"lanCodes"`
	Done         int      `json:"done"`  // languages finished
	Total        int      `json:"total"` // languages to do
	Filled       int      `json:"filled"`
	Untranslated int      `json:"untranslated"` // fields left in the main language
	Easg         string   `json:"easg,omitempty"`
	errKey       string
	finished     time.Time
}

// fillJobs holds one job per item: the slot is taken before anything is
// checked, so a double click starts one job.
type fillJobs struct {
	mu   sync.Mutex
	jobs map[string]*FillJob
}

// take reserves treID's slot for job (already saying what it will do, so
// that a double click's second answer shows it, not a blank job); ok is
// false when a job runs already (its progress is returned instead).
func (f *fillJobs) take(job FillJob, now time.Time) (FillJob, bool) {
	treID := job.TreID
	f.mu.Lock()
	defer f.mu.Unlock()
	for id, j := range f.jobs { // finished jobs are kept a while for polling
		if j.State != FillRunning && now.Sub(j.finished) > 10*time.Minute {
			delete(f.jobs, id)
		}
	}
	if j, ok := f.jobs[treID]; ok && j.State == FillRunning {
		return *j, false
	}
	job.State = FillRunning
	f.jobs[treID] = &job
	return job, true
}

// update changes treID's job under the lock and returns a copy.
func (f *fillJobs) update(treID string, change func(*FillJob)) FillJob {
	f.mu.Lock()
	defer f.mu.Unlock()
	j := f.jobs[treID]
	if j == nil {
		return FillJob{}
	}
	change(j)
	return *j
}

func (f *fillJobs) drop(treID string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	delete(f.jobs, treID)
}

func (f *fillJobs) get(treID string) (FillJob, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	j, ok := f.jobs[treID]
	if !ok {
		return FillJob{}, false
	}
	return *j, true
}

// FillRequest asks to fill an item's languages (all suggested ones when
// Langs is empty), or only for the progress of its job (Peek).
type FillRequest struct {
	TreID, Sid string
	Langs      []string
	Peek       bool
}

func fillErrNoJob() error { return apperr.New(apperr.NotFound, "AIFillNoJob") }

// Fill starts filling the caller's item's missing languages in the
// background, or reports the job that runs already.
func (e *Editor) Fill(ctx context.Context, userID int, in FillRequest, t func(string) string) (*FillJob, error) {
	if e.ai == nil {
		return nil, apperr.New(apperr.NetworkError, "AIUnavailable")
	}
	if in.TreID == "" || len(in.TreID) > 64 {
		return nil, editorErrNotFound()
	}
	g, _, v, err := e.litLoad(ctx, e.db, userID, in.TreID, in.Sid)
	if err != nil {
		return nil, err
	}
	if in.Peek {
		j, ok := e.fills.get(g.UID)
		if !ok {
			return nil, fillErrNoJob()
		}
		return fillShown(j, t), nil
	}
	langs := fillLangs(in.Langs, e.ai.SuggestedLangs(), litMain(g))
	if len(langs) == 0 || len(langs) > ai.MaxLangs {
		return nil, apperr.Invalid("lanCodes", "AILangs", "AITooManyLangs")
	}
	j, ok := e.fills.take(FillJob{TreID: g.UID, Engine: e.ai.EngineName(), Langs: langs, Total: len(langs)}, e.now())
	if !ok {
		return fillShown(j, t), nil
	}
	release, err := e.ai.Reserve(userID, len(langs))
	if err != nil {
		e.fills.drop(g.UID)
		return nil, err
	}
	f, err := e.forms.Get(ctx, GoodsFormName)
	if err != nil {
		e.fills.drop(g.UID)
		release()
		return nil, err
	}
	if fields, _ := litFields(f, v); len(fields) == 0 {
		e.fills.drop(g.UID)
		release()
		return nil, apperr.New(apperr.InvalidInput, "AIFillNothing")
	}
	bg, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Minute)
	go func() {
		defer cancel()
		e.fillRun(bg, userID, g.UID, langs, release)
	}()
	return fillShown(j, t), nil
}

// fillLangs are the wanted languages without the main one, each once.
func fillLangs(want, suggested []string, main string) []string {
	if len(want) == 0 {
		want = suggested
	}
	var out []string
	for _, l := range want {
		if l != main && l != "" && !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	return out
}

func fillShown(j FillJob, t func(string) string) *FillJob {
	if j.errKey != "" {
		j.Easg = t(j.errKey)
	}
	return &j
}

// fillRun does the languages one by one; a failure stops the job with
// what was stored so far kept (each language is one transaction).
func (e *Editor) fillRun(ctx context.Context, userID int, treID string, langs []string, release func()) {
	for i, lang := range langs {
		filled, untranslated, err := e.fillLang(ctx, userID, treID, lang)
		if err != nil {
			if i == 0 {
				release() // nothing was done: the quota is given back
			}
			key := "AIUnavailable"
			if ae, ok := apperr.As(err); ok {
				key = ae.Key
			}
			slog.Warn("ai fill", "treId", treID, "lang", lang, "err", err)
			e.fills.update(treID, func(j *FillJob) { j.State, j.errKey, j.finished = FillFailed, key, e.now() })
			return
		}
		e.fills.update(treID, func(j *FillJob) { j.Done, j.Filled, j.Untranslated = i+1, j.Filled+filled, j.Untranslated+untranslated })
	}
	e.fills.update(treID, func(j *FillJob) { j.State, j.finished = FillDone, e.now() })
}

// fillLang translates the fields of treID that lack lang and stores the
// translations of those still lacking it.
func (e *Editor) fillLang(ctx context.Context, userID int, treID, lang string) (filled, untranslated int, err error) {
	g, _, v, err := e.litLoad(ctx, e.db, userID, treID, "")
	if err != nil {
		return 0, 0, err
	}
	f, err := e.forms.Get(ctx, GoodsFormName)
	if err != nil {
		return 0, 0, err
	}
	missing, err := e.fillMissing(ctx, e.db, g, v, f, lang)
	if err != nil || len(missing) == 0 {
		return 0, 0, err
	}
	got := map[string]ai.Result{}
	for chunk := range slices.Chunk(missing, ai.MaxTexts) {
		tr, err := e.ai.TranslateReserved(ctx, litMain(g), []string{lang}, chunk)
		if err != nil {
			return 0, 0, err
		}
		for k, r := range tr.Texts[lang] {
			got[k] = r
		}
	}
	err = store.InTx(ctx, e.db, func(tx *ent.Tx) error {
		filled, untranslated, err = e.fillStore(ctx, tx, userID, treID, lang, f, got)
		return err
	})
	return filled, untranslated, err
}

// fillMissing are the fields of g with no text in lang, live or waiting.
func (e *Editor) fillMissing(ctx context.Context, db *ent.Client, g *ent.Goods, v form.Values, f *form.Form, lang string) ([]ai.Source, error) {
	fields, _ := litFields(f, v)
	live, _, err := e.litLive(ctx, db, g, lang)
	if err != nil {
		return nil, err
	}
	var out []ai.Source
	for _, fd := range fields {
		if _, waiting := g.PendingTexts[lang][fd.Key]; live[fd.Key] == "" && !waiting {
			out = append(out, ai.Source{Key: fd.Key, Txt: fd.Main})
		}
	}
	return out, nil
}

// fillStore claims the item, checks again which fields still lack lang
// (a person may have written one meanwhile) and stores the translations
// of those beside the texts already there.
func (e *Editor) fillStore(ctx context.Context, tx *ent.Tx, userID int, treID, lang string, f *form.Form, got map[string]ai.Result) (filled, untranslated int, err error) {
	err = tx.Goods.Update().Where(goods.UIDEQ(treID), goods.HasOwnerWith(entid.HasUserWith(user.IDEQ(userID)))).AddVersion(0).Exec(ctx)
	if err != nil {
		return 0, 0, fmt.Errorf("listing: claim goods: %w", err)
	}
	g, _, v, err := e.litLoad(ctx, tx.Client(), userID, treID, "")
	if err != nil {
		return 0, 0, err
	}
	missing, err := e.fillMissing(ctx, tx.Client(), g, v, f, lang)
	if err != nil {
		return 0, 0, err
	}
	fields, def := litFields(f, v)
	live, _, err := e.litLive(ctx, tx.Client(), g, lang)
	if err != nil {
		return 0, 0, err
	}
	texts, made := form.Values{}, map[string]bool{}
	for _, fd := range fields {
		texts[fd.Key] = live[fd.Key]
		if w, ok := g.PendingTexts[lang][fd.Key]; ok {
			texts[fd.Key] = w
		}
	}
	for _, m := range missing {
		r, ok := got[m.Key]
		if !ok || r.Untranslated || r.Txt == "" || r.Txt != clipTo(r.Txt, def, m.Key) {
			untranslated++
			continue
		}
		texts[m.Key], made[m.Key] = r.Txt, true
		filled++
	}
	if filled == 0 {
		return 0, untranslated, nil
	}
	clean, err := form.Validate(def, texts, "")
	if err != nil {
		return 0, 0, err
	}
	return filled, untranslated, e.litStore(ctx, tx, g, v, lang, def, clean, made)
}

// clipTo is txt when it fits field key's limit, else "" (a translation
// too long for its field is left for a person rather than cut).
func clipTo(txt string, def *form.Form, key string) string {
	for _, fd := range def.Fields {
		if fd.Key == key && fd.MaxLen > 0 && len([]rune(txt)) > fd.MaxLen {
			return ""
		}
	}
	return txt
}

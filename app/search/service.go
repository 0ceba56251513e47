package search

import (
	"context"
	"fmt"
	"log/slog"
	"math"
	"souk/app/ratelimit"
	"strconv"
	"sync"
	"time"

	"souk/app/catalog"
	"souk/ent"
	"souk/ent/goods"
	"souk/ent/text"
)

// Service keeps the text index in step with the database and answers
// searches with cards.
type Service struct {
	db     *ent.Client
	cat    *catalog.Service
	eng    Engine
	lex    Lexicon
	log    *slog.Logger
	mu     sync.Mutex // one sync at a time
	synced time.Time  // goods changed up to here are indexed
	ai     *aiAssist  // nil unless AI_BASE_URL is set

	feedbackOnce sync.Once
	feedbackLim  *ratelimit.Window // per client address
}

// New makes the service; call Sync before serving and Run to keep current.
func New(db *ent.Client, cat *catalog.Service, eng Engine, lex Lexicon, log *slog.Logger) *Service {
	return &Service{db: db, cat: cat, eng: eng, lex: lex, log: log}
}

// Lexicon is the words the service understands queries with.
func (s *Service) Lexicon() Lexicon { return s.lex }

const syncBatch = 500

// syncOverlap re-reads goods changed shortly before a sync started: a
// transaction that stamped updated_at just before and committed just after
// would otherwise be missed.
const syncOverlap = time.Second

// Sync indexes goods changed since the last sync; the first call after
// start rebuilds the index when its document count does not match the
// database (a missing, new or stale index), and merges a rebuilt index
// into one segment.
func (s *Service) Sync(ctx context.Context) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.synced.IsZero() {
		if err := s.resumeOrReset(ctx); err != nil {
			return 0, err
		}
	}
	start := time.Now()
	q := s.db.Goods.Query().Where(goods.UpdatedAtGT(s.synced), goods.LiveEQ(true)).Order(ent.Asc(goods.FieldID))
	n, lastID := 0, 0
	for {
		rows, err := q.Clone().Where(goods.IDGT(lastID)).Limit(syncBatch).WithSkus().All(ctx)
		if err != nil {
			return n, fmt.Errorf("search: load goods: %w", err)
		}
		if len(rows) == 0 {
			break
		}
		docs, err := s.index(ctx, rows)
		if err != nil {
			return n, err
		}
		if s.ai != nil {
			if err := s.ai.embedDocs(ctx, docs); err != nil {
				s.log.Warn("search: embeddings unavailable; text search only", "err", err)
			}
		}
		n += len(rows)
		lastID = rows[len(rows)-1].ID
	}
	if full := s.synced.IsZero(); full && n > 0 {
		if c, ok := s.eng.(interface{ Compact(context.Context) error }); ok {
			if err := c.Compact(ctx); err != nil {
				return n, err
			}
		}
	}
	s.synced = start.Add(-syncOverlap)
	if m, ok := s.eng.(interface{ SetMeta(k, v string) error }); ok {
		_ = m.SetMeta("synced", strconv.FormatInt(s.synced.UnixNano(), 10))
	}
	return n, nil
}

// resumeOrReset picks up where a kept index left off, or reindexes all.
func (s *Service) resumeOrReset(ctx context.Context) error {
	want, err := s.db.Goods.Query().Where(catalog.Listed()).Count(ctx)
	if err != nil {
		return fmt.Errorf("search: count goods: %w", err)
	}
	have, err := s.eng.Count()
	if err != nil {
		return err
	}
	if m, ok := s.eng.(interface{ Meta(k string) string }); ok && have == want {
		if ns, err := strconv.ParseInt(m.Meta("synced"), 10, 64); err == nil {
			s.synced = time.Unix(0, ns)
			return nil
		}
	}
	s.synced = time.Time{} // everything
	return nil
}

// Reindex indexes some goods now (after an edit, say).
func (s *Service) Reindex(ctx context.Context, uids ...string) error {
	rows, err := s.db.Goods.Query().Where(goods.UIDIn(uids...), goods.LiveEQ(true)).WithSkus().All(ctx)
	if err != nil {
		return fmt.Errorf("search: load goods: %w", err)
	}
	_, err = s.index(ctx, rows)
	return err
}

// index puts rows into the engine, and takes deleted goods out of it.
func (s *Service) index(ctx context.Context, rows []*ent.Goods) ([]Doc, error) {
	var live []*ent.Goods
	var gone []string
	for _, g := range rows {
		if g.DeletedAt != nil {
			gone = append(gone, g.UID)
		} else {
			live = append(live, g)
		}
	}
	if len(gone) > 0 {
		if err := s.eng.Delete(ctx, gone); err != nil {
			return nil, err
		}
	}
	docs, err := s.docs(ctx, live)
	if err != nil {
		return nil, err
	}
	if len(docs) == 0 {
		return docs, nil
	}
	return docs, s.eng.Put(ctx, docs)
}

// Run syncs every interval until ctx ends, so edits made by any writer
// reach the index without a restart.
func (s *Service) Run(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if n, err := s.Sync(ctx); err != nil {
				s.log.Error("search sync", "err", err)
			} else if n > 0 {
				s.log.Info("search index updated", "goods", n)
			}
		}
	}
}

func (s *Service) docs(ctx context.Context, rows []*ent.Goods) ([]Doc, error) {
	ids := make([]int, len(rows))
	for i, g := range rows {
		ids[i] = g.ID
	}
	texts, err := s.db.Text.Query().Where(text.OwnerKindEQ(catalog.KindGoods), text.OwnerIDIn(ids...),
		text.FieldIn("name", "brief", "keywords")).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("search: load texts: %w", err)
	}
	byOwner := map[int][]*ent.Text{}
	for _, t := range texts {
		byOwner[t.OwnerID] = append(byOwner[t.OwnerID], t)
	}
	rates := s.cat.Rates()
	docs := make([]Doc, 0, len(rows))
	for _, g := range rows {
		d := Doc{UID: g.UID, Template: g.Template, Category: g.Category, Color: g.Color, BigType: g.BigType,
			MinQty: g.MinQty, Rating: float64(g.Rating), Sales: float64(g.Sales),
			Names: map[string]string{}, Briefs: map[string]string{}}
		if g.OldID != nil {
			d.OldID = strconv.FormatInt(*g.OldID, 10)
		}
		usd, err := rates.Convert(g.Price, g.Currency, "USD")
		if err == nil {
			d.PriceUSD = float64(usd) / 100
		}
		d.OnSale = g.Saleable == 1 && catalog.StockOf(g) > 0
		for _, t := range byOwner[g.ID] {
			switch t.Field {
			case "name":
				d.Names[t.Lang] = t.Txt
			case "brief":
				d.Briefs[t.Lang] = t.Txt
			case "keywords":
				d.Keywords = append(d.Keywords, t.Txt)
			}
		}
		docs = append(docs, d)
	}
	return docs, nil
}

// Page is one page of one group of results.
type Page struct {
	Cards []catalog.Card
	Total int
	Next  bool
}

// Groups of results.
const (
	Consumer  = 1
	Wholesale = 2
)

// MaxQuery bounds a query's length in characters.
const MaxQuery = 500

// Search returns page (from 1) of group for an understood query.
func (s *Service) Search(ctx context.Context, u Understood, group, page, size int, lang, cur string) (*Page, error) {
	q := Query{U: u, BigType: group, From: (page - 1) * size, Size: size}
	q.MaxPriceUSD, q.MinPriceUSD = s.usd(u.MaxPrice, u.Currency, cur), s.usd(u.MinPrice, u.Currency, cur)
	var uids []string
	var res *Result
	var err error
	if s.ai != nil && u.Raw != "" {
		all := q
		all.From, all.Size = 0, Candidates
		if res, err = s.eng.Search(ctx, all); err != nil {
			return nil, err
		}
		fused := s.fuse(ctx, q, uidsOfHits(res.Hits))
		res.Total = max(res.Total, len(fused))
		uids = fused[min(q.From, len(fused)):min(q.From+q.Size, len(fused))]
	} else {
		if res, err = s.eng.Search(ctx, q); err != nil {
			return nil, err
		}
		uids = uidsOfHits(res.Hits)
	}
	byUID, err := s.cat.ListedCardsByUID(ctx, uids, lang, cur)
	if err != nil {
		return nil, err
	}
	p := &Page{Total: res.Total, Next: q.From+len(uids) < min(res.Total, Candidates*4)}
	for _, u := range uids {
		if c, ok := byUID[u]; ok {
			p.Cards = append(p.Cards, c)
		}
	}
	return p, nil
}

// Cards returns the cards of goods in the given order.
func (s *Service) Cards(ctx context.Context, uids []string, lang, cur string) ([]catalog.Card, error) {
	byUID, err := s.cat.ListedCardsByUID(ctx, uids, lang, cur)
	if err != nil {
		return nil, err
	}
	out := make([]catalog.Card, 0, len(uids))
	for _, u := range uids {
		if c, ok := byUID[u]; ok {
			out = append(out, c)
		}
	}
	return out, nil
}

// Ranked returns the top n hits of a group with their scores, for the
// search evaluation, which merges the groups into one ranking.
func (s *Service) Ranked(ctx context.Context, u Understood, group, n int, cur string) ([]Hit, error) {
	q := Query{U: u, BigType: group, Size: n}
	q.MaxPriceUSD, q.MinPriceUSD = s.usd(u.MaxPrice, u.Currency, cur), s.usd(u.MinPrice, u.Currency, cur)
	res, err := s.eng.Search(ctx, q)
	if err != nil {
		return nil, err
	}
	// Wholesale intent ranks wholesale offers above retail ones.
	if u.Wholesale {
		f := 0.5
		if group == Wholesale {
			f = 2
		}
		for i := range res.Hits {
			res.Hits[i].Score *= f
		}
	}
	return res.Hits, nil
}

// usd converts a price limit typed in cur (or the page's currency) to USD.
func (s *Service) usd(v float64, typed, pageCur string) float64 {
	if v <= 0 {
		return 0
	}
	cur := typed
	if cur == "" {
		cur = pageCur
	}
	r := s.cat.Rates()
	usd, err := r.Convert(int64(math.Round(v*math.Pow10(r.Digits(cur)))), cur, "USD")
	if err != nil {
		return v
	}
	return float64(usd) / 100
}

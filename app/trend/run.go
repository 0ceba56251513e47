package trend

import (
	"context"
	"fmt"
	"time"

	"souk/ent/goodsactivity"
	"souk/ent/goodsviewmark"
)

// pruneEvery is how often Run deletes counters and marks that no longer
// count.
const pruneEvery = time.Hour

// Run keeps the ranking current until ctx ends: every Every it ranks again
// and, when the order of goods changed, calls OnChange once. Pages that
// show the ranking are cached; a bump per counted signal would re-render
// them for every view, so they follow the ranking at most Every behind.
// It also prunes old rows, at start and hourly.
func (s *Service) Run(ctx context.Context) {
	last := ""
	if r, err := s.recompute(ctx, true); err == nil {
		last = r.signature()
	}
	pruned := time.Time{}
	tick := time.NewTicker(s.o.Every)
	defer tick.Stop()
	for {
		if time.Since(pruned) >= pruneEvery {
			if _, err := s.Prune(ctx); err != nil && ctx.Err() == nil {
				s.o.Log.Error("trend: prune", "err", err)
			}
			pruned = time.Now()
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		r, err := s.recompute(ctx, true)
		if err != nil {
			if ctx.Err() == nil {
				s.o.Log.Error("trend: rank", "err", err)
			}
			continue
		}
		if sig := r.signature(); sig != last {
			last = sig
			s.o.OnChange()
		}
	}
}

// Prune deletes the counters older than the window and the view marks of
// days before yesterday (a mark only matters on its day), and answers how
// many rows went.
func (s *Service) Prune(ctx context.Context) (int, error) {
	today := dayOf(s.o.Now())
	a, err := s.db.GoodsActivity.Delete().Where(goodsactivity.DayLT(today - (Days - 1))).Exec(ctx)
	if err != nil {
		return 0, fmt.Errorf("trend: prune counters: %w", err)
	}
	m, err := s.db.GoodsViewMark.Delete().Where(goodsviewmark.DayLT(today - 1)).Exec(ctx)
	if err != nil {
		return a, fmt.Errorf("trend: prune marks: %w", err)
	}
	return a + m, nil
}

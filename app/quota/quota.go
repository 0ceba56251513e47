// Package quota is the one quota service of AI work (text calls of app/ai,
// versions of app/creation): per-user and per-day limits kept in the
// database, so every node of one database counts the same units. A caller
// reserves its units before the work starts and gives them back if the
// work fails; parallel reservations never pass a limit together.
package quota

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"souk/app/apperr"
	"souk/ent"
	"souk/ent/quotacounter"
)

// Limit is one quota: its kind, how many units one user and everyone
// together may use in a UTC day (0 = no bound of that scope), and the
// refusals (their catalogue keys are given {max}). The refusals are
// errors made where the limit is defined, with literal keys, so the
// catalogue check sees every key.
type Limit struct {
	Kind                    string
	PerUser, PerDay         int
	UserRefusal, DayRefusal *apperr.Error
}

// Service keeps the counters. It is safe for concurrent use.
type Service struct {
	db  *ent.Client
	now func() time.Time
}

// New keeps counters in db.
func New(db *ent.Client) *Service { return &Service{db: db, now: time.Now} }

// Meter is one Limit applied with a Service.
type Meter struct {
	s *Service
	l Limit
}

// Meter applies l.
func (s *Service) Meter(l Limit) *Meter { return &Meter{s: s, l: l} }

// Limit is the meter's limit.
func (m *Meter) Limit() Limit { return m.l }

// releaseTimeout bounds giving units back (it runs after the work's
// context may have ended).
const releaseTimeout = 10 * time.Second

// bound is one counter a reservation raises.
type bound struct {
	scope   string
	max     int
	refusal *apperr.Error
}

func (m *Meter) bounds(userID int) []bound {
	var bs []bound
	if m.l.PerUser > 0 {
		bs = append(bs, bound{m.l.Kind + ":user:" + strconv.Itoa(userID), m.l.PerUser, m.l.UserRefusal})
	}
	if m.l.PerDay > 0 {
		bs = append(bs, bound{m.l.Kind + ":all", m.l.PerDay, m.l.DayRefusal})
	}
	return bs
}

// Reserve takes n units for userID today, or refuses with the limit's
// key (RateLimited). Each counter is raised by one conditional update
// (used + n within the limit), in one transaction, always in the same
// order: concurrent reservations on any node wait for each other's row
// and see each other's units. release gives the units back once.
func (m *Meter) Reserve(ctx context.Context, userID, n int) (release func(), err error) {
	day := int(m.s.now().UTC().Unix() / 86400)
	bs := m.bounds(userID)
	if err := m.s.raise(ctx, bs, day, n); err != nil {
		return nil, err
	}
	var once sync.Once
	return func() {
		once.Do(func() {
			rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), releaseTimeout)
			defer cancel()
			_ = m.s.lower(rctx, bs, day, n) // a unit not given back only makes the limit stricter today
		})
	}, nil
}

func (s *Service) raise(ctx context.Context, bs []bound, day, n int) error {
	tx, err := s.db.Tx(ctx)
	if err != nil {
		return fmt.Errorf("quota: begin: %w", err)
	}
	for _, b := range bs {
		if err = ensure(ctx, tx, b.scope, day); err != nil {
			break
		}
		var got int
		got, err = tx.QuotaCounter.Update().Where(quotacounter.ScopeEQ(b.scope), quotacounter.DayEQ(day),
			quotacounter.UsedLTE(b.max-n)).AddUsed(n).Save(ctx)
		if err == nil && got == 0 {
			refused := *b.refusal
			refused.Args = []string{"max", strconv.Itoa(b.max)}
			err = &refused
		}
		if err != nil {
			break
		}
	}
	if err != nil {
		_ = tx.Rollback()
		if _, ok := apperr.As(err); ok {
			return err
		}
		return fmt.Errorf("quota: reserve: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("quota: reserve: commit: %w", err)
	}
	return nil
}

// ensure makes the day's counter of scope if it is missing.
func ensure(ctx context.Context, tx *ent.Tx, scope string, day int) error {
	return tx.QuotaCounter.Create().SetScope(scope).SetDay(day).SetUsed(0).
		OnConflictColumns(quotacounter.FieldScope, quotacounter.FieldDay).Ignore().Exec(ctx)
}

func (s *Service) lower(ctx context.Context, bs []bound, day, n int) error {
	tx, err := s.db.Tx(ctx)
	if err != nil {
		return fmt.Errorf("quota: begin: %w", err)
	}
	for _, b := range bs {
		if _, err = tx.QuotaCounter.Update().Where(quotacounter.ScopeEQ(b.scope), quotacounter.DayEQ(day),
			quotacounter.UsedGTE(n)).AddUsed(-n).Save(ctx); err != nil {
			_ = tx.Rollback()
			return fmt.Errorf("quota: release: %w", err)
		}
	}
	return tx.Commit()
}

// Prune deletes counters of days before the one before today (run from
// time to time; they count nothing any more).
func (s *Service) Prune(ctx context.Context) (int, error) {
	day := int(s.now().UTC().Unix()/86400) - 1
	return s.db.QuotaCounter.Delete().Where(quotacounter.DayLT(day)).Exec(ctx)
}

// PruneEvery is how often Run prunes.
const PruneEvery = time.Hour

// Run prunes old counters at start and every PruneEvery until ctx ends.
func (s *Service) Run(ctx context.Context, log *slog.Logger) {
	t := time.NewTicker(PruneEvery)
	defer t.Stop()
	for {
		if _, err := s.Prune(ctx); err != nil && ctx.Err() == nil {
			log.Error("quota: prune", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

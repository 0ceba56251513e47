package api

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"souk/app/apperr"
	"souk/app/media"
	"souk/app/search"
	"souk/ent"
)

// Searches serves the search calls.
type Searches struct {
	*Handlers
	svc    *search.Service
	visual *search.Visual
	db     *ent.Client
	gate   *media.Gate // decoding slots, shared with uploads
}

// NewSearches makes the search handlers.
func NewSearches(h *Handlers, svc *search.Service, vis *search.Visual, db *ent.Client) *Searches {
	return &Searches{Handlers: h, svc: svc, visual: vis, db: db, gate: media.NewGate(media.DecodeSlots)}
}

// ShareGate makes search by image decode within g, the gate uploads use.
func (s *Searches) ShareGate(g *media.Gate) { s.gate = g }

// Register mounts the search calls.
func (s *Searches) Register(g *echo.Group) {
	g.POST("/stream/search", s.streamText)
	g.POST("/search/feedback", s.feedback)
	g.POST("/image/stream/search", s.streamImage)
}

// colorNames names colour keys in the page's language, for the chips that
// show what a search understood.
func (s *Searches) colorNames(keys []string, lang string) []string {
	if s.visual == nil || len(keys) == 0 {
		return nil
	}
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = search.ColorName(s.visual.Swatches(), k, lang)
	}
	return out
}

// Status says how far the indexes are, for /healthz?search=1.
func (s *Searches) Status() string {
	if s.visual != nil && s.visual.Ready() {
		return fmt.Sprintf("ok, visual ready (%d pictures)", s.visual.Len())
	}
	return "ok, visual building"
}

// PageSize is a result page of one group.
const PageSize = 20

type pageInfo struct {
	Page  int `json:"page"`
	Size  int `json:"size"`
	Total int `json:"total"`
}

type searchReq struct {
	Txt      string    `json:"txt"`
	Exact    bool      `json:"exact"` // search txt as typed: no automatic spelling correction
	Group    string    `json:"group"` // "", "consumer" or "wholesaler": load more of one group
	PageInfo *pageInfo `json:"pageInfo"`
}

// streamText answers stream/search {txt} with NDJSON frames.
func (s *Searches) streamText(c echo.Context) error {
	var req searchReq
	w := newFrameWriter(c, s.translator(c))
	if _, err := s.bind(c, &req); err != nil {
		w.failErr(err)
		return nil
	}
	if err := search.CheckQuery(req.Txt); err != nil {
		w.failErr(err)
		return nil
	}
	rc := s.ctxOf(c)
	ctx, cancel := context.WithTimeout(c.Request().Context(), 20*time.Second)
	defer cancel()
	if req.Group != "" {
		s.streamMore(ctx, w, req, rc)
		return nil
	}
	sh, err := s.svc.SearchTyped(ctx, search.Typed{Txt: req.Txt, Exact: req.Exact, Lang: rc.lang, Cur: rc.currency, Size: PageSize},
		&streamShower{s: s, w: w, lang: rc.lang})
	if err != nil {
		if ctx.Err() == nil {
			s.log.Error("search", "err", err)
			w.fail(int(apperr.InternalProblem), "SearchFailed")
		}
		return nil
	}
	if sh.Suggest != nil {
		w.frame(map[string]any{"c": FrameUnderstood, "suggest": sh.Suggest})
	}
	if sh.Total() < 4 {
		w.frame(map[string]int{"c": FrameShowMore})
	}
	w.frame(map[string]int{"c": FrameFeedback})
	return nil
}

// streamMore streams the next page of one group: the client sends the text
// its results are of (the correction, when one was shown), so a later page
// is never corrected.
func (s *Searches) streamMore(ctx context.Context, w *frameWriter, req searchReq, rc reqCtx) {
	u := search.Understand(strings.TrimSpace(req.Txt), rc.lang, s.svc.Lexicon())
	if !w.frame(map[string]any{"c": FrameUnderstood, "understood": u, "colorNames": s.colorNames(u.Colors, rc.lang)}) {
		return
	}
	page := 1
	if req.PageInfo != nil && req.PageInfo.Page >= 1 && req.PageInfo.Page < 1000 {
		page = req.PageInfo.Page + 1
	}
	s.runGroups(ctx, w, u, []int{groupOf(req.Group)}, page, rc)
}

// streamShower sends what a search shows as frames: 5 with understood, 5
// with corrected (and what the correction was understood as) before the
// correction's groups, then each group's items and completion.
type streamShower struct {
	s    *Searches
	w    *frameWriter
	lang string
}

func (f *streamShower) Understood(u search.Understood) bool {
	return f.w.frame(map[string]any{"c": FrameUnderstood, "understood": u, "colorNames": f.s.colorNames(u.Colors, f.lang)})
}

func (f *streamShower) Corrected(c search.Correction, u search.Understood) bool {
	return f.w.frame(map[string]any{"c": FrameUnderstood, "corrected": c, "understood": u, "colorNames": f.s.colorNames(u.Colors, f.lang)})
}

func (f *streamShower) Group(group int, p *search.Page) bool {
	return f.s.streamGroup(f.w, group, p, 1)
}

func groupOf(name string) int {
	if name == "wholesaler" {
		return search.Wholesale
	}
	return search.Consumer
}

// runGroups searches the groups at once and streams each as it is ready.
func (s *Searches) runGroups(ctx context.Context, w *frameWriter, u search.Understood, groups []int, page int, rc reqCtx) int {
	type result struct {
		group int
		p     *search.Page
		err   error
	}
	out := make(chan result, len(groups))
	for _, g := range groups {
		go func(g int) {
			p, err := s.svc.Search(ctx, u, g, page, PageSize, rc.lang, rc.currency)
			out <- result{g, p, err}
		}(g)
	}
	total := 0
	for range groups {
		r := <-out
		if r.err != nil {
			if ctx.Err() == nil {
				s.log.Error("search", "err", r.err)
				w.fail(int(apperr.InternalProblem), "SearchFailed")
			}
			return total
		}
		total += len(r.p.Cards)
		if !s.streamGroup(w, r.group, r.p, page) {
			return total
		}
	}
	return total
}

func (s *Searches) streamGroup(w *frameWriter, group int, p *search.Page, page int) bool {
	item, done, more, next := FrameConsumerItem, FrameConsumerDone, FrameConsumerMoreDone, FrameConsumerHasNext
	if group == search.Wholesale {
		item, done, more, next = FrameWholesaleItem, FrameWholesaleDone, FrameWholesaleMoreDone, FrameWholesaleHasNext
	}
	for _, card := range p.Cards {
		if !w.frame(map[string]any{"c": item, "item": card}) {
			return false
		}
	}
	switch {
	case p.Next:
		return w.frame(map[string]any{"c": next, "pageInfo": pageInfo{Page: page, Size: PageSize, Total: p.Total}})
	case page > 1:
		return w.frame(map[string]int{"c": more})
	}
	return w.frame(map[string]int{"c": done})
}

type feedbackReq struct {
	PageID  string `json:"pageId"`
	Txt     string `json:"txt"`
	Useful  *bool  `json:"useful"`
	Comment string `json:"comment"`
	Shown   int    `json:"shown"`
}

// feedback records what a shopper says of a search's results; the service
// checks it (lengths in characters, as the schema) and limits how often a
// client address may send it.
func (s *Searches) feedback(c echo.Context) error {
	var req feedbackReq
	if _, err := s.bind(c, &req); err != nil {
		return s.fail(c, err)
	}
	err := s.svc.RecordFeedback(c.Request().Context(), c.RealIP(), search.Feedback{PageID: req.PageID, Query: req.Txt,
		Useful: req.Useful, Comment: req.Comment, Shown: req.Shown, Lang: s.ctxOf(c).lang})
	if err != nil {
		return s.fail(c, err)
	}
	return s.ok(c, false, nil)
}

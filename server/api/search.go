package api

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

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
	txt := strings.TrimSpace(req.Txt)
	switch {
	case txt == "":
		w.fail(int(apperr.InvalidInput), "SearchEmpty")
		return nil
	case utf8.RuneCountInString(txt) > search.MaxQuery:
		w.fail(int(apperr.InvalidInput), "SearchTooLongMax", "max", strconv.Itoa(search.MaxQuery))
		return nil
	}
	rc := s.ctxOf(c)
	u := search.Understand(txt, rc.lang, s.svc.Lexicon())
	if !w.frame(map[string]any{"c": FrameUnderstood, "understood": u, "colorNames": s.colorNames(u.Colors, rc.lang)}) {
		return nil
	}
	ctx, cancel := context.WithTimeout(c.Request().Context(), 20*time.Second)
	defer cancel()
	groups, page := []int{search.Consumer, search.Wholesale}, 1
	if req.Group != "" {
		groups = []int{groupOf(req.Group)}
		if req.PageInfo != nil && req.PageInfo.Page >= 1 && req.PageInfo.Page < 1000 {
			page = req.PageInfo.Page + 1
		}
	}
	total := s.runGroups(ctx, w, u, groups, page, rc)
	if req.Group == "" {
		if total == 0 {
			s.suggest(ctx, w, u, rc)
		}
		if total < 4 {
			w.frame(map[string]int{"c": FrameShowMore})
		}
		w.frame(map[string]int{"c": FrameFeedback})
	}
	return nil
}

// suggest sends what a search that found nothing offers instead (a
// corrected spelling, a broader category) as a fall-through frame.
func (s *Searches) suggest(ctx context.Context, w *frameWriter, u search.Understood, rc reqCtx) {
	sug, err := s.svc.Suggest(ctx, u, rc.lang, rc.currency)
	if err != nil {
		if ctx.Err() == nil {
			s.log.Warn("search suggestions", "err", err)
		}
		return
	}
	if !sug.Empty() {
		w.frame(map[string]any{"c": FrameUnderstood, "suggest": sug})
	}
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

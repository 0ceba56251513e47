package api

import (
	"encoding/json"
	"net/http"
	"sync"

	"github.com/labstack/echo/v4"
)

// Frame codes of the search stream (SPEC §4).
const (
	FrameConsumerItem      = 1
	FrameConsumerDone      = 2  // first page, no next page (empty group when no items came)
	FrameUnderstood        = 5  // fall-through for old clients: what the query was understood as
	FrameShowMore          = 6  // show the 'show more' section
	FrameFeedback          = 7  // show the feedback section
	FrameWholesaleItem     = 8  // a wholesale goods item
	FrameWholesaleDone     = 9  // as 2, for wholesale goods
	FrameConsumerMoreDone  = 10 // a later page, and the last
	FrameWholesaleMoreDone = 11
	FrameWholesaleHasNext  = 12 // completed, with page info for the next page
	FrameConsumerHasNext   = 13
	FrameError             = 400 // {c:400, code, easg}: the search failed
)

// frameWriter writes NDJSON frames, one a line, flushed as written. It is
// safe for the goroutines of one search.
type frameWriter struct {
	mu      sync.Mutex
	w       *echo.Response
	started bool
	failed  bool
}

func newFrameWriter(c echo.Context) *frameWriter {
	return &frameWriter{w: c.Response()}
}

func (f *frameWriter) start() {
	if f.started {
		return
	}
	f.started = true
	h := f.w.Header()
	h.Set("Content-Type", "application/x-ndjson; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no") // proxies must not hold frames back
	f.w.WriteHeader(http.StatusOK)
}

// frame writes one frame; it reports false once the client is gone.
func (f *frameWriter) frame(v any) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.failed {
		return false
	}
	f.start()
	b, err := json.Marshal(v)
	if err == nil {
		b = append(b, '\n')
		_, err = f.w.Write(b)
	}
	if err != nil {
		f.failed = true
		return false
	}
	f.w.Flush()
	return true
}

func (f *frameWriter) fail(code int, msg string) {
	f.frame(map[string]any{"c": FrameError, "code": code, "easg": msg})
}

package api

import (
	"encoding/json"
	"net/http"
	"sync"

	"github.com/labstack/echo/v4"

	"souk/app/apperr"
)

// Frame codes of the search stream (SPEC §4).
const (
	FrameConsumerItem      = 1
	FrameConsumerDone      = 2  // first page, no next page (empty group when no items came)
	FrameUnderstood        = 5  // fall-through for old clients: what the query was understood as, or suggestions when nothing was found
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
// safe for the goroutines of one search. Error frames speak the request's
// language through t.
type frameWriter struct {
	mu      sync.Mutex
	w       *echo.Response
	t       apperr.Translator
	started bool
	failed  bool
}

func newFrameWriter(c echo.Context, t apperr.Translator) *frameWriter {
	return &frameWriter{w: c.Response(), t: t}
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

// fail writes the error frame: code and the catalogue key's message.
func (f *frameWriter) fail(code int, key string, args ...string) {
	f.frame(map[string]any{"c": FrameError, "code": code, "easg": f.t(key, args...)})
}

// failErr writes the error frame of a classified error; any other error is
// the generic problem (the caller logs it).
func (f *frameWriter) failErr(err error) {
	e, ok := apperr.As(err)
	if !ok {
		f.fail(int(apperr.InternalProblem), "ErrorOccurs")
		return
	}
	f.frame(map[string]any{"c": FrameError, "code": int(e.Code), "easg": e.Render(f.t)})
}

package api

import (
	"errors"
	"io"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"souk/app/apperr"
)

// Limits on how slowly a picture may arrive (uploads and search by image).
// The client gives up after 60 s (SPEC §9); a body that has not arrived by
// then is a slow client holding a connection, not an upload.
const (
	BodyDeadline = 65 * time.Second // the whole body, from the handler's start
	BodyGrace    = 10 * time.Second // before the rate is checked
	BodyMinRate  = 2048             // bytes a second on average, after the grace
)

// errBodyTooSlow is what reading a body below the minimum rate returns.
var errBodyTooSlow = errors.New("api: request body arrives too slowly")

// guardBody bounds how long the request body of c may take: a deadline for
// all of it, and a minimum average rate once the grace period is over.
func guardBody(c echo.Context) {
	r := c.Request()
	// The deadline needs the connection (not there under httptest's
	// recorder); the rate check works on any body.
	_ = http.NewResponseController(c.Response()).SetReadDeadline(time.Now().Add(BodyDeadline))
	r.Body = newRateReader(r.Body, time.Now, BodyGrace, BodyMinRate)
}

// rateReader fails once a body arrives more slowly than minRate bytes a
// second on average, after a grace period.
type rateReader struct {
	io.ReadCloser
	now     func() time.Time
	start   time.Time
	grace   time.Duration
	minRate int64
	n       int64
}

func newRateReader(r io.ReadCloser, now func() time.Time, grace time.Duration, minRate int64) *rateReader {
	return &rateReader{ReadCloser: r, now: now, start: now(), grace: grace, minRate: minRate}
}

func (r *rateReader) Read(p []byte) (int, error) {
	n, err := r.ReadCloser.Read(p)
	r.n += int64(n)
	if err == nil {
		if d := r.now().Sub(r.start); d > r.grace && r.n < int64(d.Seconds()*float64(r.minRate)) {
			return n, errBodyTooSlow
		}
	}
	return n, err
}

// slowOrCut reports whether err is a body that came too slowly, past its
// deadline, or not at all (the client went away).
func slowOrCut(err error) bool {
	var ne interface{ Timeout() bool }
	return errors.Is(err, errBodyTooSlow) || errors.As(err, &ne) && ne.Timeout() ||
		errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF)
}

// bodyErr classifies a failure to read a request body: too slow (or past
// its deadline), or cut short.
func bodyErr(err error) *apperr.Error {
	var ne interface{ Timeout() bool }
	if errors.Is(err, errBodyTooSlow) || errors.As(err, &ne) && ne.Timeout() {
		return apperr.New(apperr.InvalidInput, "UploadTooSlow").Wrap(err)
	}
	return apperr.New(apperr.InvalidInput, "UploadUnreadable").Wrap(err)
}

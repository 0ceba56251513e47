package server

import (
	"bufio"
	"compress/gzip"
	"errors"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"

	"github.com/andybalholm/brotli"
	"github.com/labstack/echo/v4"

	"souk/server/httpenc"
)

// minCompress is the smallest known body worth compressing: below it the
// framing costs more than it saves.
const minCompress = 512

// compressible says whether a content type is text-like.
func compressible(contentType string) bool {
	ct, _, _ := strings.Cut(strings.ToLower(contentType), ";")
	ct = strings.TrimSpace(ct)
	switch {
	case strings.HasPrefix(ct, "text/"):
		return true
	case strings.HasSuffix(ct, "json"), strings.HasSuffix(ct, "+xml"), ct == "application/xml",
		ct == "application/javascript", ct == "application/x-ndjson", ct == "image/svg+xml":
		return true
	}
	return false
}

// Compress encodes text-like answers (API JSON, the NDJSON search stream,
// pages rendered per request, sitemaps, the API reference) in the best
// coding the client accepts. A handler that already sent an encoded body
// (cached pages and static assets are compressed once, ahead of time) sets
// Content-Encoding itself and passes through untouched. Streams stay
// streams: Flush flushes the encoder, so each frame reaches the client.
func Compress() echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			req := c.Request()
			if req.Header.Get("Upgrade") != "" || req.Method == http.MethodHead {
				return next(c)
			}
			enc := httpenc.Negotiate(req.Header.Get("Accept-Encoding"))
			res := c.Response()
			res.Header().Add("Vary", "Accept-Encoding")
			if enc == httpenc.Identity {
				return next(c)
			}
			w := &compressWriter{ResponseWriter: res.Writer, enc: enc}
			res.Writer = w
			defer func() { res.Writer = w.ResponseWriter }()
			err := next(c)
			if cerr := w.Close(); err == nil {
				err = cerr
			}
			return err
		}
	}
}

// compressWriter decides at the first header write whether to encode.
type compressWriter struct {
	http.ResponseWriter
	enc     httpenc.Encoding
	decided bool
	out     io.WriteCloser // nil: pass through
	flusher interface{ Flush() error }
}

func (w *compressWriter) WriteHeader(status int) {
	if !w.decided {
		w.decide(status)
	}
	w.ResponseWriter.WriteHeader(status)
}

func (w *compressWriter) decide(status int) {
	w.decided = true
	h := w.Header()
	if h.Get("Content-Encoding") != "" || status == http.StatusNoContent || status == http.StatusNotModified ||
		status < 200 || !compressible(h.Get("Content-Type")) {
		return
	}
	if n, err := strconv.Atoi(h.Get("Content-Length")); err == nil && n < minCompress {
		return
	}
	h.Del("Content-Length")
	h.Set("Content-Encoding", string(w.enc))
	switch w.enc {
	case httpenc.Brotli:
		bw := brotli.NewWriterLevel(w.ResponseWriter, 4) // fast enough for per-request bodies
		w.out, w.flusher = bw, bw
	default:
		gw, _ := gzip.NewWriterLevel(w.ResponseWriter, gzip.BestSpeed)
		w.out, w.flusher = gw, gw
	}
}

func (w *compressWriter) Write(b []byte) (int, error) {
	if !w.decided {
		if w.Header().Get("Content-Type") == "" {
			w.Header().Set("Content-Type", http.DetectContentType(b))
		}
		w.WriteHeader(http.StatusOK)
	}
	if w.out == nil {
		return w.ResponseWriter.Write(b)
	}
	return w.out.Write(b)
}

// Flush sends what is encoded so far: one NDJSON frame reaches the client
// as soon as the handler flushes it.
func (w *compressWriter) Flush() {
	if w.flusher != nil {
		_ = w.flusher.Flush()
	}
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Hijack lets websockets through (they are skipped above; this keeps the
// interface for anything else that upgrades).
func (w *compressWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	if h, ok := w.ResponseWriter.(http.Hijacker); ok {
		return h.Hijack()
	}
	return nil, nil, errors.New("compress: hijack not supported")
}

// Unwrap gives http.ResponseController the writer underneath (read
// deadlines on uploads).
func (w *compressWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// Close ends the encoded stream.
func (w *compressWriter) Close() error {
	if w.out == nil {
		return nil
	}
	return w.out.Close()
}

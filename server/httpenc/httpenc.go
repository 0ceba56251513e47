// Package httpenc negotiates the content coding of an answer (brotli,
// gzip or none) from Accept-Encoding, for the compression middleware, the
// static files and the page cache alike.
package httpenc

import (
	"strconv"
	"strings"
)

// Encoding names a content coding the server sends.
type Encoding string

// The codings we send, best first.
const (
	Brotli   Encoding = "br"
	Gzip     Encoding = "gzip"
	Identity Encoding = ""
)

// weights reads Accept-Encoding into coding → q-value.
func weights(acceptEncoding string) map[string]float64 {
	q := map[string]float64{}
	for _, part := range strings.Split(acceptEncoding, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		name = strings.ToLower(strings.TrimSpace(name))
		if name == "" {
			continue
		}
		weight := 1.0
		if k, v, ok := strings.Cut(strings.TrimSpace(params), "="); ok && strings.TrimSpace(k) == "q" {
			if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
				weight = f
			}
		}
		q[name] = weight
	}
	return q
}

func accepted(q map[string]float64, enc Encoding) bool {
	if w, ok := q[string(enc)]; ok {
		return w > 0
	}
	w, ok := q["*"]
	return ok && w > 0
}

// Accepts says whether Accept-Encoding allows enc.
func Accepts(acceptEncoding string, enc Encoding) bool {
	return accepted(weights(acceptEncoding), enc)
}

// Negotiate picks the best coding the request accepts (RFC 9110 §12.5.3):
// brotli over gzip, honouring q=0 refusals and "*".
func Negotiate(acceptEncoding string) Encoding {
	q := weights(acceptEncoding)
	switch {
	case accepted(q, Brotli):
		return Brotli
	case accepted(q, Gzip):
		return Gzip
	}
	return Identity
}

package ssr

import (
	"bytes"
	"compress/gzip"
	"path"
	"sync"

	"github.com/andybalholm/brotli"
)

// Encoded is one asset compressed ahead of time.
type Encoded struct {
	Br, Gz []byte
}

func (e Encoded) get(enc string) ([]byte, bool) {
	switch enc {
	case "br":
		return e.Br, e.Br != nil
	case "gzip":
		return e.Gz, e.Gz != nil
	}
	return nil, false
}

// Brotli quality for builds: the release build (`souk build`) spends the
// time on the best; in-memory builds (tests, dev rebuilds) stay quick.
const (
	BrotliRelease = 11
	BrotliQuick   = 5
)

// textAsset says whether an asset is worth compressing.
func textAsset(name string) bool {
	switch path.Ext(name) {
	case ".js", ".mjs", ".css", ".json", ".svg", ".map", ".txt":
		return true
	}
	return false
}

// Precompress encodes every text asset in brotli and gzip once, in
// parallel, so requests only pick the bytes.
func Precompress(assets map[string][]byte, brQuality int) map[string]Encoded {
	out := make(map[string]Encoded, len(assets))
	var mu sync.Mutex
	var wg sync.WaitGroup
	for name, data := range assets {
		if !textAsset(name) || len(data) < 512 {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			e := Encoded{Br: brotliBytes(data, brQuality), Gz: gzipBytes(data)}
			mu.Lock()
			out[name] = e
			mu.Unlock()
		}()
	}
	wg.Wait()
	return out
}

func brotliBytes(data []byte, quality int) []byte {
	var buf bytes.Buffer
	w := brotli.NewWriterLevel(&buf, quality)
	_, _ = w.Write(data)
	_ = w.Close()
	return buf.Bytes()
}

func gzipBytes(data []byte) []byte {
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	_, _ = w.Write(data)
	_ = w.Close()
	return buf.Bytes()
}

// Compress encodes one text in brotli (at brQuality) and gzip, for assets
// made at run time such as a language's shared script.
func Compress(data []byte, brQuality int) Encoded {
	return Encoded{Br: brotliBytes(data, brQuality), Gz: gzipBytes(data)}
}

// Get returns the bytes in coding enc ("br" or "gzip"), if made.
func (e Encoded) Get(enc string) ([]byte, bool) { return e.get(enc) }

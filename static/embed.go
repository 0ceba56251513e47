// Package static holds Souk's public files and, in a release build, the
// bundles `souk build` wrote to dist/ (git-ignored), embedded in the binary.
package static

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"souk/server/ssr"
)

//go:embed public
var public embed.FS

//go:embed all:dist
var dist embed.FS

// Public returns the public files (favicon and the like).
func Public() http.FileSystem {
	sub, _ := fs.Sub(public, "public")
	return http.FS(sub)
}

const manifestName = "manifest.json"

// Embedded returns the bundle embedded at build time, or nil when the
// binary was built without running `souk build` first.
func Embedded() (*ssr.Bundle, error) {
	raw, err := dist.ReadFile("dist/" + manifestName)
	if err != nil {
		return nil, nil
	}
	b := &ssr.Bundle{Assets: map[string][]byte{}, Encoded: map[string]ssr.Encoded{}}
	if err := json.Unmarshal(raw, &b.Entry); err != nil {
		return nil, fmt.Errorf("static: manifest: %w", err)
	}
	if b.Server, err = dist.ReadFile("dist/server.js"); err != nil {
		return nil, fmt.Errorf("static: server bundle: %w", err)
	}
	err = fs.WalkDir(dist, "dist/assets", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := dist.ReadFile(p)
		name := strings.TrimPrefix(p, "dist/assets/")
		switch { // name.br and name.gz are name compressed at build
		case strings.HasSuffix(name, ".br"):
			e := b.Encoded[strings.TrimSuffix(name, ".br")]
			e.Br = data
			b.Encoded[strings.TrimSuffix(name, ".br")] = e
		case strings.HasSuffix(name, ".gz"):
			e := b.Encoded[strings.TrimSuffix(name, ".gz")]
			e.Gz = data
			b.Encoded[strings.TrimSuffix(name, ".gz")] = e
		default:
			b.Assets[name] = data
		}
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("static: assets: %w", err)
	}
	return b, nil
}

// WriteDist writes a bundle to dir (static/dist) for embedding.
func WriteDist(dir string, b *ssr.Bundle) error {
	if err := os.RemoveAll(filepath.Join(dir, "assets")); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Join(dir, "assets"), 0o755); err != nil {
		return err
	}
	for name, data := range b.Assets {
		p := filepath.Join(dir, "assets", filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			return err
		}
		if e, ok := b.Encoded[name]; ok {
			if err := os.WriteFile(p+".br", e.Br, 0o644); err != nil {
				return err
			}
			if err := os.WriteFile(p+".gz", e.Gz, 0o644); err != nil {
				return err
			}
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "server.js"), b.Server, 0o644); err != nil {
		return err
	}
	m, _ := json.MarshalIndent(b.Entry, "", "  ")
	return os.WriteFile(filepath.Join(dir, manifestName), m, 0o644)
}

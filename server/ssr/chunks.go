package ssr

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// lazyImport reads one line of views/pages/lazy.ts: `name: () => import("./dir/Page")`.
var lazyImport = regexp.MustCompile(`(?m)^\s*(\w+): \(\) => import\("\./([^"]+)"\)`)

type metaOutput struct {
	EntryPoint string `json:"entryPoint"`
	Imports    []struct {
		Path string `json:"path"`
		Kind string `json:"kind"`
	} `json:"imports"`
}

// pageChunks maps each page name of views/pages/lazy.ts to the chunks its
// code lives in: the chunk esbuild split out for its dynamic import, and
// everything that chunk imports statically. A page without a chunk fails
// the build, so a page can never silently load all code again.
func pageChunks(viewsDir, root, metafile string) (map[string][]string, error) {
	src, err := os.ReadFile(filepath.Join(viewsDir, "pages", "lazy.ts"))
	if err != nil {
		return nil, fmt.Errorf("ssr: page table: %w", err)
	}
	var meta struct {
		Outputs map[string]metaOutput `json:"outputs"`
	}
	if err := json.Unmarshal([]byte(metafile), &meta); err != nil {
		return nil, fmt.Errorf("ssr: metafile: %w", err)
	}
	byEntry := map[string]string{} // module (relative to root, no extension) → output
	for out, o := range meta.Outputs {
		if o.EntryPoint != "" {
			byEntry[strings.TrimSuffix(strings.TrimSuffix(o.EntryPoint, ".tsx"), ".ts")] = out
		}
	}
	rel, _ := filepath.Rel(root, filepath.Join(viewsDir, "pages"))
	pages := map[string][]string{}
	for _, m := range lazyImport.FindAllStringSubmatch(string(src), -1) {
		module := filepath.ToSlash(filepath.Join(rel, m[2]))
		out, ok := byEntry[module]
		if !ok {
			return nil, fmt.Errorf("ssr: page %q (%s) has no chunk of its own", m[1], module)
		}
		pages[m[1]] = closure(meta.Outputs, out)
	}
	if len(pages) == 0 {
		return nil, fmt.Errorf("ssr: no pages found in views/pages/lazy.ts")
	}
	return pages, nil
}

// closure is out and every output it imports statically, as /static/ paths.
func closure(outputs map[string]metaOutput, out string) []string {
	seen := map[string]bool{}
	var walk func(string)
	walk = func(p string) {
		if seen[p] {
			return
		}
		seen[p] = true
		for _, imp := range outputs[p].Imports {
			if imp.Kind == "import-statement" {
				walk(imp.Path)
			}
		}
	}
	walk(out)
	list := make([]string, 0, len(seen))
	for p := range seen {
		if p != out {
			list = append(list, "/static/"+strings.TrimPrefix(p, "out/"))
		}
	}
	sort.Strings(list)
	return append([]string{"/static/" + strings.TrimPrefix(out, "out/")}, list...)
}

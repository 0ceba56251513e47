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

// pageLine reads one line of views/pages/lazy.ts:
// `name: () => import("./dir/Page").then((m) => m.Export)`.
var pageLine = regexp.MustCompile(`(?m)^\s*(\w+): \(\) => import\("\./([^"]+)"\)\.then\(\(m\) => m\.(\w+)\)`)

// pageTable is views/pages/lazy.ts: each page's module (relative to
// views/pages, no extension) and the component it exports.
type pageTable []struct{ name, module, export string }

func readPageTable(viewsDir string) (pageTable, error) {
	src, err := os.ReadFile(filepath.Join(viewsDir, "pages", "lazy.ts"))
	if err != nil {
		return nil, fmt.Errorf("ssr: page table: %w", err)
	}
	var t pageTable
	for _, m := range pageLine.FindAllStringSubmatch(string(src), -1) {
		t = append(t, struct{ name, module, export string }{m[1], m[2], m[3]})
	}
	if len(t) == 0 {
		return nil, fmt.Errorf("ssr: no pages found in views/pages/lazy.ts")
	}
	return t, nil
}

// modules are the page modules as esbuild entry points (each once).
func (t pageTable) modules(viewsDir string) []string {
	seen := map[string]bool{}
	var out []string
	for _, p := range t {
		if !seen[p.module] {
			seen[p.module] = true
			out = append(out, filepath.Join(viewsDir, "pages", p.module))
		}
	}
	return out
}

func (t pageTable) exports() map[string]string {
	out := make(map[string]string, len(t))
	for _, p := range t {
		out[p.name] = p.export
	}
	return out
}

type metaOutput struct {
	EntryPoint string `json:"entryPoint"`
	Imports    []struct {
		Path string `json:"path"`
		Kind string `json:"kind"`
	} `json:"imports"`
}

// pageChunks maps each page name of views/pages/lazy.ts to the chunks its
// code lives in: the output of its module (an entry point of the client
// build), and everything that imports statically. A page without an output
// of its own fails the build, so a page can never silently load all code again.
func pageChunks(table pageTable, viewsDir, root, metafile string) (map[string][]string, error) {
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
	for _, p := range table {
		module := filepath.ToSlash(filepath.Join(rel, p.module))
		out, ok := byEntry[module]
		if !ok {
			return nil, fmt.Errorf("ssr: page %q (%s) has no chunk of its own", p.name, module)
		}
		pages[p.name] = closure(meta.Outputs, out)
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

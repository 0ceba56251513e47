// Package ssr renders the React views inside Go: it builds the server and
// client bundles with esbuild, runs the server bundle in a pool of goja
// runtimes, and caches rendered documents.
package ssr

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
)

// Bundle is the output of one build: the server program and the client assets.
type Bundle struct {
	Server []byte            // IIFE for goja; defines globalThis.SoukRender
	Assets map[string][]byte // public path under /static/ → content
	// Encoded holds the text assets compressed once at build (brotli, gzip).
	Encoded map[string]Encoded
	Entry   Entry // what the document must load
}

// Entry names the client files a page loads.
type Entry struct {
	JS      string   `json:"js"`
	CSS     string   `json:"css"`
	Preload []string `json:"preload"`
	// Pages lists, per page name, the chunks of that page's own code (its
	// module and what it imports statically), for preloading.
	Pages map[string][]string `json:"pages,omitempty"`
	// Exports names, per page name, the component its module exports.
	Exports map[string]string `json:"exports,omitempty"`
	// Page and Export are, in one document's Entry (For), the module the
	// client imports before hydrating and the component it takes from it:
	// the entry script carries no table of every page's chunk.
	Page   string `json:"page,omitempty"`
	Export string `json:"export,omitempty"`
}

// For is what the document of page loads: the entry, its chunks, and the
// page's own chunks.
func (e Entry) For(page string) Entry {
	out := Entry{JS: e.JS, CSS: e.CSS, Preload: append([]string{}, e.Preload...), Export: e.Exports[page]}
	if own := e.Pages[page]; len(own) > 0 {
		out.Page = own[0]
	}
	seen := map[string]bool{e.JS: true}
	for _, p := range out.Preload {
		seen[p] = true
	}
	for _, p := range e.Pages[page] {
		if !seen[p] {
			seen[p] = true
			out.Preload = append(out.Preload, p)
		}
	}
	return out
}

// Build runs esbuild over viewsDir (with node_modules beside it) and returns
// both bundles in memory.
func Build(viewsDir string, dev bool) (*Bundle, error) {
	viewsDir, err := filepath.Abs(viewsDir)
	if err != nil {
		return nil, fmt.Errorf("ssr: views dir: %w", err)
	}
	root := filepath.Dir(viewsDir)
	table, err := readPageTable(viewsDir)
	if err != nil {
		return nil, err
	}
	server := api.Build(api.BuildOptions{
		EntryPoints:      []string{filepath.Join(viewsDir, "entry-server.tsx")},
		Bundle:           true,
		Format:           api.FormatIIFE,
		Platform:         api.PlatformBrowser,
		Target:           api.ES2020,
		Write:            false,
		Outfile:          "server.js",
		AbsWorkingDir:    root,
		MinifySyntax:     true,
		MinifyWhitespace: !dev,
		Define:           map[string]string{"process.env.NODE_ENV": `"production"`, "__SERVER__": "true"},
		Loader:           map[string]api.Loader{".css": api.LoaderEmpty},
		Plugins:          []api.Plugin{linearRenderPlugin, noShellPlugin, serverHelmetPlugin(viewsDir)},
		Inject:           []string{filepath.Join(viewsDir, "ssr", "polyfills.js")},
		JSX:              api.JSXAutomatic,
		LogLevel:         api.LogLevelSilent,
		LegalComments:    api.LegalCommentsNone,
		Charset:          api.CharsetUTF8,
	})
	if err := buildErr("server", server); err != nil {
		return nil, err
	}
	client := api.Build(api.BuildOptions{
		EntryPoints:       append([]string{filepath.Join(viewsDir, "entry-client.tsx")}, table.modules(viewsDir)...),
		Bundle:            true,
		Format:            api.FormatESModule,
		Splitting:         true,
		Platform:          api.PlatformBrowser,
		Target:            api.ES2020,
		Write:             false,
		Outdir:            "out",
		AbsWorkingDir:     root,
		EntryNames:        "[name]-[hash]",
		ChunkNames:        "chunk-[hash]",
		AssetNames:        "[name]-[hash]",
		MinifySyntax:      true,
		MinifyWhitespace:  true,
		MinifyIdentifiers: true,
		Define:            map[string]string{"process.env.NODE_ENV": `"production"`, "__SERVER__": "false"},
		Plugins:           []api.Plugin{lazyHelmetPlugin(viewsDir)},
		JSX:               api.JSXAutomatic,
		Metafile:          true,
		LogLevel:          api.LogLevelSilent,
		LegalComments:     api.LegalCommentsNone,
		Charset:           api.CharsetUTF8,
	})
	if err := buildErr("client", client); err != nil {
		return nil, err
	}
	b := &Bundle{Server: server.OutputFiles[0].Contents, Assets: map[string][]byte{}}
	outDir := filepath.Join(root, "out")
	for _, f := range client.OutputFiles {
		rel, _ := filepath.Rel(outDir, f.Path)
		rel = filepath.ToSlash(rel)
		b.Assets[rel] = f.Contents
		switch {
		case strings.HasPrefix(rel, "entry-client-") && strings.HasSuffix(rel, ".js"):
			b.Entry.JS = "/static/" + rel
		case strings.HasPrefix(rel, "entry-client-") && strings.HasSuffix(rel, ".css"):
			b.Entry.CSS = "/static/" + rel
		}
	}
	b.Entry.Preload = staticImports(client.Metafile, b.Entry.JS)
	if b.Entry.JS == "" {
		return nil, fmt.Errorf("ssr: client build produced no entry script")
	}
	if b.Entry.Pages, err = pageChunks(table, viewsDir, root, client.Metafile); err != nil {
		return nil, err
	}
	b.Entry.Exports = table.exports()
	b.Encoded = Precompress(b.Assets, BrotliQuick)
	return b, nil
}

// staticImports lists the chunks the entry imports statically, so the
// document can preload them instead of discovering them one round trip later.
func staticImports(metafile, entry string) []string {
	var meta struct {
		Outputs map[string]struct {
			Imports []struct {
				Path string `json:"path"`
				Kind string `json:"kind"`
			} `json:"imports"`
		} `json:"outputs"`
	}
	if json.Unmarshal([]byte(metafile), &meta) != nil {
		return nil
	}
	out := []string{}
	for path, o := range meta.Outputs {
		if "/static/"+strings.TrimPrefix(path, "out/") != entry {
			continue
		}
		for _, imp := range o.Imports {
			if imp.Kind == "import-statement" {
				out = append(out, "/static/"+strings.TrimPrefix(imp.Path, "out/"))
			}
		}
	}
	return out
}

func buildErr(which string, r api.BuildResult) error {
	if len(r.Errors) == 0 {
		return nil
	}
	msgs := api.FormatMessages(r.Errors, api.FormatMessagesOptions{Kind: api.ErrorMessage})
	return fmt.Errorf("ssr: %s build failed:\n%s", which, strings.Join(msgs, "\n"))
}

// linearRenderPlugin fixes React's legacy renderToString building its output
// with `result += chunk`: goja copies the whole string on every append, so a
// render took time in the square of the page size (DESIGN §2). Collecting
// chunks in an array and joining once makes it linear.
var linearRenderPlugin = api.Plugin{
	Name: "linear-render-to-string",
	Setup: func(pb api.PluginBuild) {
		pb.OnLoad(api.OnLoadOptions{Filter: `react-dom-server-legacy\.browser\.production\.js$`},
			func(args api.OnLoadArgs) (api.OnLoadResult, error) {
				src, err := os.ReadFile(args.Path)
				if err != nil {
					return api.OnLoadResult{}, err
				}
				out, err := PatchRenderToString(string(src))
				if err != nil {
					return api.OnLoadResult{}, err
				}
				return api.OnLoadResult{Contents: &out, Loader: api.LoaderJS}, nil
			})
	},
}

// noShellPlugin empties views/lib/shell.ts in the server bundle: it only
// groups the client's chunks, and would pull react-dom's client into goja.
var noShellPlugin = api.Plugin{
	Name: "no-client-shell",
	Setup: func(pb api.PluginBuild) {
		pb.OnLoad(api.OnLoadOptions{Filter: `[/\\]views[/\\]lib[/\\]shell\.ts$`},
			func(api.OnLoadArgs) (api.OnLoadResult, error) {
				empty := ""
				return api.OnLoadResult{Contents: &empty, Loader: api.LoaderJS}, nil
			})
	},
}

// lazyHelmetPlugin gives our client code's imports of react-helmet-async
// views/components/LazyHelmet.tsx, whose stand-ins import the library after
// hydration (through views/lib/helmetLib.ts, the one module that gets the
// library itself): the server has written the first paint's head, so the
// library stays out of every page's first-load script.
func lazyHelmetPlugin(viewsDir string) api.Plugin {
	return helmetStandIn("lazy-helmet", filepath.Join(viewsDir, "components", "LazyHelmet.tsx"),
		filepath.Join(viewsDir, "lib", "helmetLib.ts"))
}

// serverHelmetPlugin gives the server bundle's imports of
// react-helmet-async views/ssr/helmet.tsx, which writes the same head tags
// without the library's per-tag work (its own import gets the library).
func serverHelmetPlugin(viewsDir string) api.Plugin {
	stand := filepath.Join(viewsDir, "ssr", "helmet.tsx")
	return helmetStandIn("server-helmet", stand, stand)
}

// helmetStandIn resolves every import of react-helmet-async to stand,
// except the one in lib, which gets the library itself.
func helmetStandIn(name, stand, lib string) api.Plugin {
	return api.Plugin{
		Name: name,
		Setup: func(pb api.PluginBuild) {
			pb.OnResolve(api.OnResolveOptions{Filter: `^react-helmet-async$`},
				func(args api.OnResolveArgs) (api.OnResolveResult, error) {
					if args.Importer == lib {
						return api.OnResolveResult{}, nil // esbuild resolves the library
					}
					return api.OnResolveResult{Path: stand}, nil
				})
		},
	}
}

// flushTail is where flushSubtree hands a segment's remaining chunks to the
// destination one call each: thousands of calls into goja a page. One
// joined string says the same.
const (
	flushTail = "for (; chunkIdx < chunks.length - 1; chunkIdx++)\n        destination.push(chunks[chunkIdx]);\n      chunkIdx < chunks.length && (r = destination.push(chunks[chunkIdx]));"
	flushJoin = "chunkIdx < chunks.length && (r = destination.push(chunks.slice(chunkIdx).join(\"\")));"
)

var (
	reResultInit   = regexp.MustCompile(`result = ""`)
	reResultAppend = regexp.MustCompile(`null !== chunk && \(result \+= chunk\)`)
	reResultReturn = regexp.MustCompile(`return result;\n}`)
)

// PatchRenderToString rewrites renderToStringImpl to collect chunks in an
// array. It fails loudly when React's source no longer has the expected
// shape, so an upgrade cannot silently bring the quadratic time back.
func PatchRenderToString(src string) (string, error) {
	start := strings.Index(src, "function renderToStringImpl(")
	if start < 0 {
		return "", fmt.Errorf("ssr: renderToStringImpl not found in react-dom server build")
	}
	end := strings.Index(src[start:], "exports.renderToStaticMarkup")
	if end < 0 {
		return "", fmt.Errorf("ssr: end of renderToStringImpl not found")
	}
	body := src[start : start+end]
	for _, re := range []*regexp.Regexp{reResultInit, reResultAppend, reResultReturn} {
		if len(re.FindAllStringIndex(body, -1)) != 1 {
			return "", fmt.Errorf("ssr: react-dom renderToStringImpl changed shape (%s)", re)
		}
	}
	if strings.Count(src, flushTail) != 1 {
		return "", fmt.Errorf("ssr: react-dom flushSubtree changed shape")
	}
	src = strings.Replace(src, flushTail, flushJoin, 1)
	start = strings.Index(src, "function renderToStringImpl(")
	body = src[start : start+end]
	body = reResultInit.ReplaceAllString(body, `result = []`)
	body = reResultAppend.ReplaceAllString(body, `null !== chunk && result.push(chunk)`)
	body = reResultReturn.ReplaceAllString(body, "return result.join(\"\");\n}")
	return src[:start] + body + src[start+end:], nil
}

// Hash is a short content hash for cache validators.
func Hash(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:8])
}

package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"souk/server"
	"souk/server/ssr"
)

// nodeRender renders the server bundle in Node with the same props, so the
// goja figures have a yardstick. It prints the p50 and mean in ms as JSON.
const nodeRender = `
const fs = require("node:fs"), vm = require("node:vm");
const [bundle, props, shared, n] = process.argv.slice(1);
globalThis.__soukLog = () => {};
vm.runInThisContext(fs.readFileSync(bundle, "utf8"));
const json = fs.readFileSync(props, "utf8"), sharedJSON = fs.readFileSync(shared, "utf8");
globalThis.SoukRender(json, "k", sharedJSON); // parsed once, as in goja
for (let i = 0; i < 20; i++) globalThis.SoukRender(json, "k", null); // let the JIT warm up
const d = [];
for (let i = 0; i < Number(n); i++) {
  const t = process.hrtime.bigint();
  globalThis.SoukRender(json, "k", null);
  d.push(Number(process.hrtime.bigint() - t) / 1e6);
}
d.sort((a, b) => a - b);
console.log(JSON.stringify({ p50: d[d.length >> 1], mean: d.reduce((a, b) => a + b, 0) / d.length }));
process.exit(0); // React's scheduler keeps a MessageChannel open
`

type page struct{ name, path string }

// renderFigures prints, per page, the data load (Go: queries and props) and
// the React render in goja apart, with Node's render of the same props.
func renderFigures(ctx context.Context, a *server.App, pages []page, n int, out io.Writer) error {
	fmt.Fprintf(out, "\nUncached render, %d renders each: data load (Go) | React in goja | React in Node, same bundle and props:\n", n)
	for _, p := range pages {
		var data, render []time.Duration
		var props []byte
		var shared ssr.Shared
		size := 0
		for i := 0; i < n+3; i++ {
			start := time.Now()
			b, sh, err := a.Site.PropsUncached(ctx, p.path)
			if err != nil {
				return err
			}
			mid := time.Now()
			html, err := a.Site.Renderer.Render(ctx, b, sh)
			if err != nil {
				return err
			}
			if i >= 3 { // the first renders warm goja's caches
				data, render = append(data, mid.Sub(start)), append(render, time.Since(mid))
			}
			props, shared, size = b, sh, len(html)
		}
		d, r := summarize(data), summarize(render)
		node := nodeFigure(a.Site.Renderer.Bundle().Server, props, shared.JSON, n*5)
		fmt.Fprintf(out, "  %-13s data p50 %5.2f ms | goja p50 %6.2f ms p99 %6.2f ms | %s  (%d KB HTML, %d KB props)\n",
			p.name, ms(d.p50), ms(r.p50), ms(r.p99), node(ms(r.p50)), size/1024, len(props)/1024)
	}
	return nil
}

// nodeFigure runs nodeRender and returns a formatter of Node's p50 and the
// goja/Node ratio, or a note when Node is not installed.
func nodeFigure(bundle, props, shared []byte, n int) func(goja float64) string {
	fail := func(why string) func(float64) string { return func(float64) string { return "Node: " + why } }
	if _, err := exec.LookPath("node"); err != nil {
		return fail("not installed")
	}
	dir, err := os.MkdirTemp("", "souk-node-")
	if err != nil {
		return fail(err.Error())
	}
	defer os.RemoveAll(dir)
	bf, pf, sf := filepath.Join(dir, "server.js"), filepath.Join(dir, "props.json"), filepath.Join(dir, "shared.json")
	if os.WriteFile(bf, bundle, 0o600) != nil || os.WriteFile(pf, props, 0o600) != nil || os.WriteFile(sf, shared, 0o600) != nil {
		return fail("cannot write temp files")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	outb, err := exec.CommandContext(ctx, "node", "-e", nodeRender, bf, pf, sf, fmt.Sprint(n)).Output()
	if err != nil {
		return fail(fmt.Sprintf("failed: %v", err))
	}
	var r struct{ P50, Mean float64 }
	if err := json.Unmarshal(outb, &r); err != nil {
		return fail("bad output")
	}
	return func(goja float64) string {
		return fmt.Sprintf("Node p50 %5.2f ms (goja ×%.0f)", r.P50, goja/r.P50)
	}
}

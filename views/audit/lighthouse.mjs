// `make audit`: Lighthouse on six pages of the release binary, as a phone
// (simulated slow 4G, 4× slower CPU) and as a desktop, several runs each,
// printed as medians. Not a test: scores move with the machine's load, so
// nothing here passes or fails; it is a figure to read (README, Performance).
//
// Lighthouse is not in package.json: it is ~185 MB that every `npm ci` of a
// test run would install. `make audit` installs a pinned version on demand
// into AUDIT_CACHE (default .cache/audit) and this script loads it from there.
//
// Environment: SOUK_BIN (default bin/souk), AUDIT_RUNS (default 3),
// AUDIT_PORT (default a free port), CHROMIUM (default /usr/bin/chromium),
// AUDIT_PAGES (a comma list of page names), AUDIT_CACHE, AUDIT_JSON (a file to write every run's figures to).
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import net from "node:net";

const root = resolve(import.meta.dirname, "../..");
const env = process.env;
const cache = resolve(root, env.AUDIT_CACHE || ".cache/audit");
const runs = Math.max(1, Number(env.AUDIT_RUNS || 3));
const chromePath = env.CHROMIUM || "/usr/bin/chromium";
const chromeFlags = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"];
const categories = ["performance", "accessibility", "best-practices", "seo"];
const metrics = [["LCP", "largest-contentful-paint"], ["TBT", "total-blocking-time"], ["CLS", "cumulative-layout-shift"]];

// loadFromCache imports a module of the on-demand install by file path:
// a bare specifier would be looked for in the repository's node_modules.
async function loadFromCache(path) {
  const file = join(cache, "node_modules", path);
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`make audit\`, which installs Lighthouse there`);
  return import(pathToFileURL(file).href);
}

function freePort() {
  return new Promise((ok, fail) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => { const { port } = s.address(); s.close(() => ok(port)); });
    s.on("error", fail);
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// startStore runs the release binary on a fresh database (seeded with the
// default demo goods) and resolves once /healthz answers.
async function startStore() {
  const bin = resolve(root, env.SOUK_BIN || "bin/souk");
  if (!existsSync(bin)) throw new Error(`${bin} is missing: run \`make build\``);
  const port = Number(env.AUDIT_PORT) || await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "souk-audit-"));
  const base = `http://127.0.0.1:${port}`;
  // BASE_URL is the origin Lighthouse sees, so canonical and hreflang links
  // point at the audited pages rather than at a production host.
  const proc = spawn(bin, ["serve"], {
    cwd: dataDir, // the release binary must not lean on files of the checkout
    env: { ...env, PORT: String(port), DATA_DIR: dataDir, BASE_URL: base, DATABASE_URL: "", DEV: "" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let log = "";
  proc.stderr.on("data", (d) => { log = (log + d).slice(-20000); });
  const stop = async () => {
    if (proc.exitCode === null) { proc.kill("SIGTERM"); await new Promise((r) => proc.once("exit", r)); }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 300_000; // seeding 480 goods with pictures on a loaded machine
  for (;;) {
    try { if ((await fetch(base + "/healthz")).ok) return { base, stop }; } catch { /* not up yet */ }
    if (proc.exitCode !== null || Date.now() > deadline) { await stop(); throw new Error("store did not start:\n" + log); }
    await sleep(250);
  }
}

async function api(base, path, body) {
  const r = await fetch(`${base}/api/v1/souk/${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  return (await r.json()).content;
}

// findGoods walks the demo catalogue by old numeric id (the seed numbers
// goods from 10000) for the first goods keep accepts.
async function findGoods(base, keep) {
  for (let old = 10000; old < 10500; old++) {
    const g = await api(base, "tre/getTreDetail", { oldId: old });
    if (g && keep(g)) return g;
  }
  throw new Error("no demo goods matched");
}

// canonical follows redirects (a product's bare id goes to its slugged
// URL), so Lighthouse measures the page and not a redirect hop.
async function canonical(base, path) {
  const r = await fetch(base + path);
  if (!r.ok) throw new Error(`${path}: HTTP ${r.status}`);
  return r.url;
}

// pagesToAudit names the six pages: a plain product and a made-to-measure
// dress (spe 1, SPEC "dresses") from the API, and the product's seller.
async function pagesToAudit(base) {
  const plain = await findGoods(base, (g) => g.saleable === 1 && g.spe !== 1 && g.treImages?.length > 0);
  const dress = await findGoods(base, (g) => g.saleable === 1 && g.spe === 1);
  const paths = [
    ["home", "/en/"],
    ["product", `/en/tredetail/${plain.treId}`],
    ["dress", `/en/tredetail/${dress.treId}`],
    ["identity", `/en/biger/seller/${plain.ownerUid}`],
    ["search", "/en/search?q=dress"],
    ["home ar", "/ar/"],
  ];
  // AUDIT_PAGES=home,search audits only those (a quicker look at one change).
  const only = env.AUDIT_PAGES ? env.AUDIT_PAGES.split(",") : null;
  const out = [];
  for (const [name, path] of paths) if (!only || only.includes(name)) out.push({ name, url: await canonical(base, path) });
  return out;
}

// warm fetches each page and every picture it names once, so no run pays
// for the first render or a picture's first WebP encoding (README,
// Performance): a visitor from a search engine rarely does either.
async function warm(pages) {
  for (const { url } of pages) {
    const html = await (await fetch(url)).text();
    const refs = new Set();
    for (const m of html.matchAll(/(?:src|href)="([^"]+)"|srcset="([^"]+)"/g)) {
      if (m[1] && /\.(webp|jpe?g|png|avif|js|css|woff2?)(\?|$)/.test(m[1])) refs.add(m[1]);
      if (m[2]) for (const part of m[2].split(",")) refs.add(part.trim().split(/\s+/)[0]);
    }
    for (const ref of refs) await fetch(new URL(ref.replaceAll("&amp;", "&"), url)).then((r) => r.arrayBuffer()).catch(() => {});
  }
}

// auditOnce runs Lighthouse in a fresh Chromium (empty profile and cache,
// as a first visit), so runs do not share state.
async function auditOnce(lh, url, config) {
  const chrome = await lh.launcher.launch({ chromePath, chromeFlags });
  try {
    const res = await lh.lighthouse(url, { port: chrome.port, logLevel: "error", output: "json", onlyCategories: categories }, config);
    return summarise(res.lhr);
  } finally {
    await chrome.kill();
  }
}

// summarise keeps the scores (0-100), the three metrics, and the audits
// that failed in every category but performance (whose opportunities are
// advice rather than faults).
function summarise(lhr) {
  const out = { scores: {}, metrics: {}, failed: {}, warnings: lhr.runWarnings };
  for (const c of categories) out.scores[c] = Math.round((lhr.categories[c]?.score ?? NaN) * 100);
  for (const [name, id] of metrics) out.metrics[name] = lhr.audits[id]?.numericValue;
  for (const c of categories.slice(1)) {
    for (const ref of lhr.categories[c].auditRefs) {
      const a = lhr.audits[ref.id];
      if (ref.weight > 0 && a.score !== null && a.score < 1) out.failed[ref.id] = `${c}: ${a.title}`;
    }
  }
  return out;
}

// median of each figure on its own: with three runs, one outlier run (the
// machine busy with something else) moves none of them.
function median(values) {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return NaN;
  const mid = v.length >> 1;
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
}

function medians(results) {
  const scores = Object.fromEntries(categories.map((c) => [c, median(results.map((r) => r.scores[c]))]));
  const m = Object.fromEntries(metrics.map(([n]) => [n, median(results.map((r) => r.metrics[n]))]));
  return { scores, metrics: m };
}

function row(cells) { return "| " + cells.join(" | ") + " |"; }

function table(rows) {
  const lines = [row(["page", "form factor", "perf", "a11y", "bp", "seo", "LCP", "TBT", "CLS"]), row(Array(9).fill("---"))];
  for (const r of rows) {
    const { scores: s, metrics: m } = r.median;
    lines.push(row([r.page, r.formFactor, s.performance, s.accessibility, s["best-practices"], s.seo,
      (m.LCP / 1000).toFixed(1) + " s", Math.round(m.TBT) + " ms", m.CLS.toFixed(3)]));
  }
  return lines.join("\n");
}

// failures lists every audit that failed in some run, with the pages and
// form factors it failed on.
function failures(rows) {
  const seen = new Map();
  for (const r of rows) {
    for (const run of r.runs) {
      for (const [id, what] of Object.entries(run.failed)) {
        const e = seen.get(id) ?? { what, where: new Set() };
        e.where.add(`${r.page} ${r.formFactor}`);
        seen.set(id, e);
      }
    }
  }
  return [...seen].map(([id, e]) => `- ${id} (${e.what}): ${[...e.where].join(", ")}`).join("\n");
}

async function main() {
  const lighthouse = (await loadFromCache("lighthouse/core/index.js")).default;
  const desktop = (await loadFromCache("lighthouse/core/config/desktop-config.js")).default;
  const launcher = await loadFromCache("chrome-launcher/dist/index.js");
  const lh = { lighthouse, launcher };
  // Lighthouse's own presets: no config is the mobile default (simulated
  // slow 4G, 4× CPU slowdown); desktop-config is its desktop preset.
  const formFactors = [["mobile", undefined], ["desktop", desktop]];
  const started = Date.now();
  const store = await startStore();
  const rows = [];
  try {
    const pages = await pagesToAudit(store.base);
    await warm(pages);
    for (const page of pages) {
      for (const [formFactor, config] of formFactors) {
        const results = [];
        for (let i = 0; i < runs; i++) {
          const t = Date.now();
          results.push(await auditOnce(lh, page.url, config));
          const s = results.at(-1).scores;
          console.error(`${page.name} ${formFactor} run ${i + 1}/${runs}: ${categories.map((c) => s[c]).join("/")} (${((Date.now() - t) / 1000).toFixed(0)} s) ${page.url}`);
        }
        rows.push({ page: page.name, url: page.url, formFactor, runs: results, median: medians(results) });
      }
    }
  } finally {
    await store.stop();
  }
  console.log(`\nLighthouse medians of ${runs} run(s) a page and form factor (${((Date.now() - started) / 60000).toFixed(1)} min):\n`);
  console.log(table(rows));
  const failed = failures(rows);
  console.log("\nFailed audits (accessibility, best practices, SEO):\n" + (failed || "none"));
  if (env.AUDIT_JSON) writeFileSync(env.AUDIT_JSON, JSON.stringify(rows, null, 2));
}

main().catch((e) => { console.error(e); process.exit(1); });

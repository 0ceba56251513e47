// Shared setup for browser tests: one store binary on a free port with a
// fresh data directory, one Chromium for all tests in a file.
import assert from "node:assert/strict";
import { spawn, execFileSync } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { mkdtempSync, mkdirSync, rmSync, renameSync, cpSync, statSync, readdirSync, existsSync, createWriteStream, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { deflateSync } from "node:zlib";
import { join, resolve } from "node:path";
import net from "node:net";
import { chromium } from "playwright-core";

const root = resolve(import.meta.dirname, "../..");  // the repository

function freePort() {
  return new Promise((ok, fail) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => { const { port } = s.address(); s.close(() => ok(port)); });
    s.on("error", fail);
  });
}

// serve starts the store binary on port with the data directory dir, as a
// browser test's store runs: SQLite, goods demo goods, the development
// outbox (DEV) and cheap password hashes (as in the Go tests); env adds.
function serve(bin, port, dir, goods, env = {}) {
  return spawn(bin, ["serve"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dir, BASE_URL: `http://127.0.0.1:${port}`, DATABASE_URL: "",
      SEED_GOODS: String(goods), DEV: "true", ARGON2_MEMORY_KIB: "1024", ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
}

// seeded is a data directory with the demo catalogue of `goods` goods and
// its text and picture indexes, made once per binary and count and copied
// for each store: seeding and describing the pictures were two thirds of a
// store's start (4 of 6 s of CPU), forty-odd times a run. Two test files
// may make it at once; the first rename wins and the other copy is dropped.
async function seeded(bin, goods) {
  const st = statSync(bin);
  const key = createHash("sha256").update(`${bin}|${st.size}|${st.mtimeMs}|${goods}`).digest("hex").slice(0, 16);
  const parent = join(tmpdir(), "souk-e2e-seeded");
  const dir = join(parent, key);
  if (existsSync(join(dir, "souk.db"))) return dir;
  mkdirSync(parent, { recursive: true });
  for (const old of readdirSync(parent)) { // earlier binaries' copies
    const at = join(parent, old);
    if (Date.now() - statSync(at).mtimeMs > 86_400_000) rmSync(at, { recursive: true, force: true });
  }
  const tmp = mkdtempSync(join(parent, "making-"));
  const p = serve(bin, await freePort(), tmp, goods);
  let log = "";
  await new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error("seeding a store took over 3 minutes:\n" + log)), 180_000);
    p.stderr.on("data", (d) => {
      log += d;
      if (log.includes("visual index built")) { clearTimeout(timer); ok(); }
    });
    p.once("exit", (code) => { clearTimeout(timer); fail(new Error(`seeding a store: exit ${code}:\n` + log)); });
  });
  p.removeAllListeners("exit");
  await new Promise((r) => { p.once("exit", r); p.kill("SIGTERM"); }); // a clean close leaves no WAL behind
  try {
    renameSync(tmp, dir);
  } catch {
    rmSync(tmp, { recursive: true, force: true }); // another file's copy is there
  }
  return dir;
}

// goods is how many demo goods the store is seeded with (SEED_GOODS); env
// adds to the server's environment (e.g. AI_BASE_URL for a local endpoint).
export async function startStore({ goods = 120, env = {} } = {}) {
  // SOUK_BIN lets parallel work build and test its own binary.
  const bin = process.env.SOUK_BIN ? resolve(process.env.SOUK_BIN) : join(root, "bin", "souk-test");
  if (!existsSync(bin)) throw new Error("build the store first: go build -o bin/souk-test .");
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "souk-browser-"));
  cpSync(await seeded(bin, goods), dataDir, { recursive: true });
  const base = `http://127.0.0.1:${port}`;
  let log = "";
  // boot starts the binary on this store's port and data directory and
  // waits until it answers (also after kill: the same store comes back).
  const boot = async () => {
    const p = serve(bin, port, dataDir, goods, env);
    p.stderr.on("data", (d) => { log += d; });
    if (process.env.SOUK_E2E_LOG) p.stderr.pipe(createWriteStream(process.env.SOUK_E2E_LOG, { flags: "a" })); // the server's log, to debug a test
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        const r = await fetch(base + "/healthz");
        if (r.ok) break;
      } catch { /* not up yet */ }
      if (p.exitCode !== null || Date.now() > deadline) throw new Error("store did not start:\n" + log);
      await new Promise((r) => setTimeout(r, 200));
    }
    return p;
  };
  let proc = await boot();
  const sellers = {}; // identity uid → the promise of its seller's token
  const store = {
    base,
    // logTail is the end of the server's log (stderr), to explain a failure.
    logTail: (lines = 30) => log.split("\n").slice(-lines).join("\n"),
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) {
        proc.kill("SIGTERM");
        await new Promise((r) => proc.once("exit", r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
    // kill ends the server at once (SIGKILL: no graceful close), as a crash
    // would; boot brings it back on the same port with the same data.
    async kill() {
      proc.kill("SIGKILL");
      await new Promise((r) => proc.once("exit", r));
    },
    async boot() { proc = await boot(); },
    // lastCode reads the newest code mailed to an address from the dev outbox.
    // not skips a code already used (a sign-up code mailed a moment before
    // a login code is within the same second).
    lastCode: async (email, after = 0, not = "") => {
      for (let i = 0; i < 50; i++) {
        const list = await (await fetch(base + "/dev/outbox.json")).json();
        const m = list.find((e) => e.to === email && Date.parse(e.at) >= after);
        const code = m && /(\d{6})/.exec(m.subject);
        if (code && code[1] !== not) return code[1];
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error("no code mailed to " + email);
    },
    api: async (path, body) => {
      const r = await fetch(base + "/api/v1/souk/" + path, { method: body ? "POST" : "GET", headers: { "Content-Type": "application/json" }, body: body ? JSON.stringify(body) : undefined });
      return (await r.json()).content;
    },
    // authed calls the API with a session token and returns the envelope.
    authed: async (token, path, body = {}) => {
      const r = await fetch(base + "/api/v1/souk/" + path, { method: "POST", headers: { "Content-Type": "application/json", TOKEN: token }, body: JSON.stringify(body) });
      return r.json();
    },
    // placeOrder orders goods g for the token's user through the API, to an
    // address in San Francisco, and returns what makeOrderData answered
    // (payUid, orderNumbers); the order waits for payment.
    placeOrder: async (token, g, name = "Ada Buyer") => {
      const authed = async (path, body) => (await store.authed(token, path, body)).content;
      await store.addToCart(token, g);
      const address = await authed("address/save", { name, phone: "+1 415 555 0100", country: "US", region: "CA", city: "San Francisco", line1: "1 Market St", postalCode: "94103" });
      const pre = await authed("order/preOrderData", { addressId: address.id });
      return authed("order/makeOrderData", { requestId: randomUUID(), addressId: address.id, total: pre.total.amount });
    },
    // addToCart puts goods (a sku with stock, the given options) in the
    // token's cart through the API, for tests about what comes after.
    addToCart: async (token, g, options = []) => {
      const sku = Object.values(g.skuModule?.skus ?? {}).find((s) => s.stock > 2);
      const env = await store.authed(token, "shoppingIncrRP", { requestId: randomUUID(), treId: g.treId, skuId: sku?.id ?? "", scenarioOptions: options, scenarioAttrsUid: "" });
      if (env.code !== 200) throw new Error("add to cart: " + env.easg);
    },
    // attachSeller makes the account of email the user of a (demo) identity,
    // so it fulfils that identity's orders: `souk seller attach`.
    attachSeller: (email, identityUid) => {
      execFileSync(bin, ["seller", "attach", email, identityUid], { cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" }, stdio: ["ignore", "ignore", "pipe"] });
    },
    // sellerToken signs up an account for an identity (once per store) and
    // attaches it: a session of the seller of that identity's orders.
    sellerToken: async (identityUid) => {
      sellers[identityUid] ??= (async () => {
        const email = `seller-${identityUid}@example.com`.toLowerCase();
        const { token } = await store.register(email);
        store.attachSeller(email, identityUid);
        return token;
      })();
      return sellers[identityUid];
    },
    // ship ships a buyer's order as its seller would, through the seller's
    // call (operations/order/ship), and returns the envelope.
    ship: async (buyerToken, number, carrier = "dhl", trackingNumber = "JD" + number.replace(/\D/g, "").slice(-10)) => {
      const o = (await store.authed(buyerToken, "order/detail", { orderNumber: number })).content;
      return store.authed(await store.sellerToken(o.sellerUid), "operations/order/ship", { uid: number, carrier, trackingNumber });
    },
    // register signs an account up through the API (code from the dev
    // outbox, the password derived as the browser does) and returns the
    // answer: { token, user }.
    register: async (email, password = "secret123") => {
      const t0 = Date.now() - 1000;
      await store.api("get/registerByEmail/verifycode", { email });
      return store.api("registerByEmail", { email, password: passwordHash(email, password), verifyCode: await store.lastCode(email, t0) });
    },
  };
  return store;
}

// passwordHash is what the browser sends as a password: sha256 of
// "souk|email|password", hex.
export function passwordHash(email, password) {
  return createHash("sha256").update("souk|" + email + "|" + password).digest("hex");
}

// ready waits until a page is hydrated (the provider marks <html>).
export function ready(page) {
  return page.waitForFunction(() => document.documentElement.dataset.ready === "1");
}

// signIn opens a context of the given size signed in as email through the
// login page, landing on path (e.g. "/en/myorders"; a goods page may move
// on to its address with the slug), its problems watched. ctx, when given,
// is a context set up by the test (a user agent, init scripts) to use
// instead of a new one.
export async function signIn(browser, store, email, path, { password = "secret123", viewport = { width: 412, height: 915 }, ctx: given } = {}) {
  const ctx = given ?? await browser.newContext({ viewport });
  const page = await ctx.newPage();
  const problems = watch(page);
  await page.goto(`${store.base}/${path.split("/")[1]}/login?redirect=${encodeURIComponent(path)}`);
  await ready(page);
  await page.fill("input[name=email]", email);
  await page.click("[data-testid=login-step1] button[type=submit]");
  await page.fill("input[name=password]", password);
  const landed = (u) => u.origin === store.base && (u.pathname === path || u.pathname.startsWith(path + "/"));
  await Promise.all([page.waitForURL(landed), page.click("[data-testid=login-submit]")]);
  await ready(page);
  return { ctx, page, problems };
}

// fillCard fills a checkout's card form: number (the test card that pays
// by default), a date to come, a CVC and the holder's name.
export async function fillCard(page, number = "4242 4242 4242 4242", name = "Ada Buyer") {
  await page.fill("input[name=cardNumber]", number);
  await page.fill("input[name=cardExp]", "12/30");
  await page.fill("input[name=cardCvc]", "123");
  await page.fill("input[name=cardName]", name);
}

// png draws a w×h picture: a gradient of the colour rgb, for uploads.
export function png(w, h, [r, g, b] = [230, 200, 170]) {
  const crcT = Array.from({ length: 256 }, (_, n) => { let c = n; for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; return c >>> 0; });
  const crc = (buf) => { let c = 0xffffffff; for (const x of buf) c = crcT[(c ^ x) & 255] ^ (c >>> 8); return (c ^ 0xffffffff) >>> 0; };
  const chunk = (type, data) => {
    const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const c = Buffer.alloc(4); c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13); ihdr.writeUInt32BE(w, 0); ihdr.writeUInt32BE(h, 4); ihdr[8] = 8; ihdr[9] = 2;
  const rows = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) rows.set([r, Math.max(0, g - (y % 90)), Math.min(255, b + (x % 60))], y * (w * 3 + 1) + 1 + x * 3);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk("IHDR", ihdr), chunk("IDAT", deflateSync(rows)), chunk("IEND", Buffer.alloc(0))]);
}

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic"],
  });
}

// watch collects console errors and warnings, page errors and failed
// requests: a test fails on any of them (hydration mismatches included).
export function watch(page) {
  const problems = [];
  page.on("console", (m) => { if (m.type() === "error" || m.type() === "warning") problems.push(m.type() + ": " + m.text()); });
  page.on("pageerror", (e) => problems.push("pageerror: " + e.message));
  page.on("requestfailed", (r) => {
    // ERR_ABORTED is a request the page gave up on: a new search cancels
    // the stream of the one before it, and leaving a page cancels what it
    // was still fetching (pictures, the cart count). Neither is a fault.
    const cancelled = /ERR_ABORTED/.test(r.failure()?.errorText ?? "");
    if (!r.url().includes("/favicon") && !cancelled) problems.push("requestfailed: " + r.url() + " " + (r.failure()?.errorText ?? ""));
  });
  return problems;
}

// findGoods walks the demo catalogue through the API for goods matching keep.
export async function findGoods(store, keep, from = 10000, to = 10120) {
  for (let old = from; old < to; old++) {
    const g = await store.api("tre/getTreDetail", { oldId: old });
    if (g && keep(g)) return g;
  }
  throw new Error("no goods matched");
}

// dressOptions chooses a dress's scenario options: the custom size with four
// measures where it is offered, else each label's first value.
export function dressOptions(g) {
  return g.scenarioLabels.map((l) => l.labelId === 9 && l.values.some((v) => v.id === 1)
    ? { labelId: 9, optionId: 1, sizeData: { type: 1, a: 90, b: 70, c: 96, d: 150 } }
    : { labelId: l.labelId, optionId: l.values[0].id });
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

// axeViolations runs axe-core on the page as it is now (loading it once per
// document) and answers its violations: rule id, impact and the nodes'
// selectors. Every browser test runs axe through it.
export async function axeViolations(page) {
  if (!(await page.evaluate(() => typeof window.axe === "object"))) await page.evaluate(axeSource);
  return page.evaluate(async () => (await window.axe.run(document, { resultTypes: ["violations"] })).violations
    .map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(" ")) })));
}

// axe answers axeViolations one line each (where: the page and width, to
// say which).
export async function axe(page, where) {
  return (await axeViolations(page)).map((v) => `${where}: ${v.id} ${v.targets.slice(0, 4).join(" | ")}`);
}

// sweepPage opens /lang/path in page and checks what every page must be:
// it answers 200 and hydrates, has the language's direction, and does not
// scroll sideways. It answers axe's violations (none when skipAxe), and
// takes a screenshot to shot when given.
export async function sweepPage(page, store, lang, path, { skipAxe = false, shot = "", fullPage = true } = {}) {
  const res = await page.goto(`${store.base}/${lang}${path}`);
  assert.equal(res.status(), 200, path);
  await ready(page);
  assert.equal(await page.getAttribute("html", "dir"), lang === "ar" ? "rtl" : "ltr");
  const width = page.viewportSize().width;
  const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(over <= 0, `${lang}${path} @${width}: ${over}px sideways scroll`);
  const found = skipAxe ? [] : await axe(page, `${lang}${path} @${width}`);
  if (shot) await page.screenshot({ path: shot, fullPage });
  return found;
}

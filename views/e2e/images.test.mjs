// Issue 10 point 3: pictures are sized for the screen. On a 412 px phone
// (DPR 2.625) the product page's first picture loads first, every product
// picture has srcset, sizes, width and height, and the browser fetches WebP,
// at most 400 px for cards, never a JPEG.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startStore, launch, watch, findGoods } from "./harness.mjs";

let store, browser;
before(async () => { store = await startStore(); browser = await launch(); });
after(async () => { await browser?.close(); await store?.stop(); });

// phone opens path on a 412 px phone and records every picture it fetches.
async function phone(path) {
  const ctx = await browser.newContext({ viewport: { width: 412, height: 915 }, deviceScaleFactor: 2.625, isMobile: true, hasTouch: true });
  const page = await ctx.newPage();
  const problems = watch(page);
  const fetched = [];
  page.on("response", (r) => {
    if (r.request().resourceType() !== "image") return;
    fetched.push({ url: new URL(r.url()).pathname, type: r.headers()["content-type"], bytes: r.body().then((b) => b.length, () => 0) });
  });
  await page.goto(store.base + path, { waitUntil: "networkidle" });
  return { ctx, page, problems, fetched };
}

// pictures describes each <picture> under sel: its WebP source and its img.
function pictures(page, sel) {
  return page.$$eval(sel + " picture", (ps) => ps.map((p) => {
    const s = p.querySelector("source[type='image/webp']");
    const i = p.querySelector("img");
    return {
      srcset: s?.getAttribute("srcset") ?? "", sizes: s?.getAttribute("sizes") ?? "", width: i.getAttribute("width"), height: i.getAttribute("height"),
      loading: i.getAttribute("loading"), priority: i.getAttribute("fetchpriority"), current: new URL(i.currentSrc || i.src).pathname, natural: i.naturalWidth,
    };
  }));
}

const jpegs = (fetched) => fetched.filter((f) => f.url.startsWith("/media/") && f.type !== "image/webp");

test("product page: the first picture is fetched first and as WebP", async () => {
  const g = await findGoods(store, (x) => x.treImages.length > 1);
  const { ctx, page, problems, fetched } = await phone("/en/tredetail/" + g.treId);
  const gallery = await pictures(page, ".gallery-strip");
  assert.equal(gallery.length, g.treImages.length);
  const [first, ...rest] = gallery;
  assert.equal(first.loading, "eager");
  assert.equal(first.priority, "high");
  assert.match(first.srcset, /-t\.webp 160w,.*-s\.webp 400w,.*-l\.webp 800w/);
  assert.ok(first.sizes && first.width && first.height, JSON.stringify(first));
  assert.match(first.current, /\.webp$/);
  for (const p of rest) assert.deepEqual([p.loading, p.priority], ["lazy", null]);
  assert.equal(await page.locator("[fetchpriority=high]").count(), 1, "one picture comes first");
  for (const p of await pictures(page, ".thumbs")) assert.ok(p.srcset.endsWith("-t.webp") && p.width && p.height, JSON.stringify(p));
  assert.deepEqual(jpegs(fetched), []);
  assert.deepEqual(problems, []);
  await ctx.close();
});

test("home page on a phone: cards fetch WebP of at most 400 px", async (t) => {
  const { ctx, page, problems, fetched } = await phone("/en");
  for (let y = 0; y < 40; y++) { await page.mouse.wheel(0, 600); await page.waitForTimeout(120); } // a reader's pace
  await page.waitForLoadState("networkidle");
  const promo = (await pictures(page, "#makeTre"))[0];
  assert.deepEqual([promo.loading, promo.priority], ["eager", "high"], "the first picture a phone sees");
  const cards = await pictures(page, ".card-link");
  assert.ok(cards.length >= 20, "cards: " + cards.length);
  for (const c of cards) {
    assert.match(c.srcset, /^[^,]+-t\.webp 160w,[^,]+-s\.webp 400w$/);
    assert.ok(c.sizes && c.width && c.height, JSON.stringify(c));
  }
  const loaded = cards.filter((c) => c.natural > 0);
  assert.ok(loaded.length >= 10, "cards loaded: " + loaded.length);
  for (const c of loaded) {
    assert.match(c.current, /-[ts]\.webp$/, "a phone gets a card picture of at most 400 px");
    assert.ok(c.natural <= 400);
    assert.ok(fetched.some((f) => f.url === c.current && f.type === "image/webp"), c.current + " fetched as WebP");
  }
  assert.deepEqual(jpegs(fetched), []);
  assert.deepEqual(problems, []);
  // The README's figure: what the phone fetched, scrolled to the bottom.
  const bytes = (await Promise.all(fetched.map((f) => f.bytes))).reduce((a, n) => a + n, 0);
  t.diagnostic(`home page pictures on a 412 px phone: ${fetched.length} pictures, ${bytes} bytes`);
  await ctx.close();
});

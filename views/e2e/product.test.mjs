import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startStore, launch, watch, findGoods, ready } from "./harness.mjs";

let store, browser, twoGroups, dress;

before(async () => {
  store = await startStore();
  browser = await launch();
  // Goods with two attribute groups where some combination has no sku.
  twoGroups = await findGoods(store, (g) => {
    const a = g.skuModule.attrs;
    return a.length === 2 && a[0].some((x) => x.imgId) && Object.keys(g.skuModule.skus).length < a[0].length * a[1].length;
  });
  dress = await findGoods(store, (g) => g.spe === 1);
});

after(async () => {
  await browser?.close();
  await store?.stop();
});

for (const lang of ["en", "de", "ar"]) {
  test(`product page in ${lang} is complete without JavaScript`, async () => {
    const ctx = await browser.newContext({ javaScriptEnabled: false });
    const page = await ctx.newPage();
    const res = await page.goto(`${store.base}/${lang}/tredetail/${dress.treId}`);
    assert.equal(res.status(), 200);
    assert.equal(await page.getAttribute("html", "lang"), lang);
    assert.equal(await page.getAttribute("html", "dir"), lang === "ar" ? "rtl" : "ltr");
    const title = await page.textContent("[data-testid=goods-title]");
    assert.ok(title.length > 3, "title shown");
    assert.ok((await page.textContent("[data-testid=goods-price]")).match(/\d/), "price shown");
    assert.ok(await page.isVisible("[data-testid=size-chart]"), "size chart shown");
    assert.ok(await page.isVisible("[data-testid=delivery]"), "delivery estimates shown");
    assert.ok((await page.locator("[data-testid=comments] li, .comments .muted, p.muted").count()) > 0, "reviews section present");
    assert.ok(await page.isVisible(".spec-table"), "details shown without script");
    assert.ok((await page.title()).includes("Souk"));
    await ctx.close();
  });
}

// headOf reads the page's head tags that Seo writes, once react-helmet-async
// (fetched after hydration) has taken over the server's: each tag is there
// once and React owns it. It stays null while the library has not loaded,
// so a page whose helmet never loads fails here.
function headOf(page) {
  return page.waitForFunction(() => {
    const one = (sel) => {
      const all = document.head.querySelectorAll(sel);
      return all.length === 1 && Object.keys(all[0]).some((k) => k.startsWith("__reactFiber")) ? all[0] : null;
    };
    const [title, canonical, description, og] = ["title", "link[rel=canonical]", "meta[name=description]", "meta[property='og:title']"].map(one);
    if (!title || !canonical || !description || !og) return null;
    return { title: document.title, canonical: canonical.getAttribute("href"), ogTitle: og.getAttribute("content") };
  }, null, { timeout: 30_000 }).then((h) => h.jsonValue());
}

// The browser gets react-helmet-async only after hydration: the server's
// head must be adopted by it on each page, and follow the pages from home
// to a product and back (pages are documents of their own: each link loads one).
test("head tags follow the pages once react-helmet-async has loaded", async () => {
  const page = await browser.newPage({ viewport: { width: 412, height: 915 } });
  const problems = watch(page);
  const helmet = [];
  // A body read after the page has moved on rejects: that chunk is not the
  // one looked for, and the rejection must not go unhandled (it failed the file).
  page.on("response", (r) => {
    if (!r.url().includes("/static/chunk-")) return;
    r.text().then((t) => { if (t.includes("data-rh-managed")) helmet.push(r.url()); }, () => undefined);
  });
  await page.goto(`${store.base}/en/`);
  await ready(page);
  const home = await headOf(page);
  assert.equal(home.title, "Souk — shop goods, wholesale and made-to-measure dresses");
  assert.ok([store.base + "/en", store.base + "/en/"].includes(home.canonical), `home canonical: ${home.canonical}`);
  assert.equal(home.ogTitle, home.title);
  await Promise.all([page.waitForURL(/\/en\/tredetail\//), page.locator("a.card-link").first().click()]);
  await ready(page);
  const goods = await headOf(page);
  const name = (await page.textContent("[data-testid=goods-title]")).trim();
  assert.ok(goods.title.startsWith(name + " — "), `product title: ${goods.title}`);
  assert.match(goods.canonical, /\/en\/tredetail\/\w+/);
  assert.equal(goods.ogTitle, goods.title);
  await page.goBack();
  await ready(page);
  assert.deepEqual(await headOf(page), home);
  assert.ok(helmet.length > 0, "the browser fetched react-helmet-async");
  assert.deepEqual(problems, []);
  await page.close();
});

test("product page hydrates without console errors or warnings", async () => {
  const page = await browser.newPage();
  const problems = watch(page);
  await page.goto(`${store.base}/en/tredetail/${twoGroups.treId}`);
  await page.waitForFunction(() => document.querySelector("[data-testid=tab-details]") && document.querySelector("[role=tabpanel][hidden]"));
  await page.click("[data-testid=tab-details]");
  assert.ok(await page.isVisible(".spec-table"), "details tab opens after hydration");
  assert.deepEqual(problems, []);
  await page.close();
});

test("attribute selection scrolls the gallery and dims impossible combinations", async () => {
  const page = await browser.newPage({ viewport: { width: 412, height: 915 } });
  const problems = watch(page);
  await page.goto(`${store.base}/en/tredetail/${twoGroups.treId}`);
  await page.waitForFunction(() => document.querySelector("[role=tabpanel][hidden]"));
  const mod = twoGroups.skuModule;
  // Pick a colour whose picture is not the first: the gallery must scroll to it.
  const colourGroup = mod.attrs[0].some((a) => a.imgId) ? 0 : 1;
  const target = mod.attrs[colourGroup].find((a, i) => i > 0 && a.imgId);
  await page.click(`[data-testid=attr-group-${colourGroup}] [data-attr-id="${target.id}"]`);
  await page.waitForFunction((id) => {
    const strip = document.querySelector("[data-testid=gallery-strip]");
    const fig = strip.querySelector(`[data-img-id="${id}"]`);
    return Math.abs(strip.scrollLeft - (fig.offsetLeft - strip.offsetLeft)) < 4;
  }, target.imgId, { timeout: 30_000 });
  assert.equal(await page.getAttribute(`[data-attr-id="${target.id}"]`, "aria-pressed"), "true");
  // Clicking it again clears the choice (toggle).
  await page.click(`[data-attr-id="${target.id}"]`);
  assert.equal(await page.getAttribute(`[data-attr-id="${target.id}"]`, "aria-pressed"), "false");
  // Find a pair without a sku: after picking the first, the second is disabled.
  const keys = new Set(Object.keys(mod.skus));
  let pair;
  for (const a of mod.attrs[0]) for (const b of mod.attrs[1]) if (!pair && !keys.has(a.id + "," + b.id)) pair = [a, b];
  assert.ok(pair, "demo goods has a missing combination");
  await page.click(`[data-attr-id="${pair[0].id}"]`);
  const other = page.locator(`[data-attr-id="${pair[1].id}"]`);
  assert.equal(await other.isDisabled(), true, "impossible combination is disabled");
  assert.match(await other.getAttribute("class"), /dim/);
  assert.deepEqual(problems, []);
  await page.close();
});

test("add to cart without a full selection prompts PSSp", async () => {
  const page = await browser.newPage();
  await page.goto(`${store.base}/en/tredetail/${dress.treId}`);
  await page.waitForFunction(() => document.querySelector("[role=tabpanel][hidden]"));
  await page.click("[data-testid=add-to-cart]");
  await page.waitForSelector(".toast");
  assert.match(await page.textContent(".toast"), /select the specifications/i);
  assert.ok(await page.locator(".picker.missing").count() > 0, "missing choices are flagged");
  // Custom size shows the measurement form with the spec's ranges.
  await page.click(`[data-testid=label-9] [data-option-id="1"]`);
  const bust = page.locator("[data-testid=measure-a] option");
  assert.equal(await bust.nth(1).textContent(), "53");
  assert.equal(await bust.last().textContent(), "160");
  // The standard sizes 118-180 come grouped by height; choosing one marks its chart row.
  assert.equal(await page.locator("[data-testid=size-select] optgroup").count(), 3);
  assert.equal(await page.locator("[data-testid=size-select] option[value='118']").count(), 1);
  assert.equal(await page.locator("[data-testid=size-select] option[value='180']").count(), 1);
  await page.selectOption("[data-testid=size-select]", "145");
  assert.equal(await page.locator("[data-testid=custom-size]").count(), 0, "a standard size hides the custom form");
  assert.match(await page.textContent("[data-testid=size-chart] tr.on"), /US 12/);
  await page.close();
});

test("a language switch keeps the page", async () => {
  const page = await browser.newPage();
  const problems = watch(page);
  await page.goto(`${store.base}/en/tredetail/${dress.treId}`);
  await page.waitForFunction(() => document.querySelector("[role=tabpanel][hidden]"));
  await page.click("[data-testid=lang-btn]");
  await Promise.all([page.waitForURL(`**/de/tredetail/${dress.treId}**`), page.click('.lang-list a[hreflang="de"]')]);
  assert.equal(await page.getAttribute("html", "lang"), "de");
  assert.deepEqual(problems, []);
  await page.close();
});

test("a currency switch reloads with new prices", async () => {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto(`${store.base}/en/tredetail/${dress.treId}`);
  await page.waitForFunction(() => document.querySelector("[role=tabpanel][hidden]"));
  const before = await page.textContent("[data-testid=goods-price]");
  assert.match(before, /\$/);
  await page.click("[data-testid=region-btn]");
  await page.selectOption("[data-testid=currency-select]", "EUR");
  await Promise.all([page.waitForEvent("load"), page.click("[data-testid=region-apply]")]);
  const after = await page.textContent("[data-testid=goods-price]");
  assert.match(after, /€/);
  assert.notEqual(after, before);
  await ctx.close();
});

test("an unknown language lands on the not-found page", async () => {
  const page = await browser.newPage();
  const res = await page.goto(`${store.base}/xx/tredetail/${dress.treId}`);
  assert.equal(res.status(), 404);
  assert.ok(await page.isVisible("[data-testid=not-found]"));
  await page.close();
});

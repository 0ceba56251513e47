// Hots (issue 15, point 3): trending collections follow what shoppers do.
// A shopper finds hotspage from the home page (nothing trends in a fresh
// store), views two goods and puts one in the cart; hotspage then ranks the
// carted one first and the viewed one after it, hots/trending lists them,
// and a curated collection opens from its tile. Then every hots page is
// axe-clean without sideways scroll at 360 px and on a desktop, in English
// and Arabic. SHOTS=dir also takes screenshots (360 and 1280 px, en and ar).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { startStore, launch, watch, ready, signIn, findGoods, sweepPage } from "./harness.mjs";

// The ranking is refreshed every second here (a minute by default).
process.env.TRENDING_EVERY = "1s";

let store, browser, carted, viewed;

before(async () => {
  store = await startStore();
  browser = await launch();
  const plain = (g) => !g.needsPick && g.saleable === 1 && g.stock > 20 && g.priceData.minQty === 1;
  carted = await findGoods(store, plain);
  viewed = await findGoods(store, (g) => plain(g) && g.treId !== carted.treId);
});

after(async () => {
  await browser?.close();
  await store?.stop();
});

// goodsOrder lists the goods a part of the page links to, in order.
const goodsOrder = (page, sel) => page.$$eval(sel + " .card-link", (as) => as.map((a) => a.getAttribute("href").split("/")[3]));

// opened visits a product page and waits for its view report.
async function opened(page, g) {
  const report = page.waitForResponse((r) => r.url().endsWith("/api/v1/souk/tre/view"));
  await page.goto(`${store.base}/en/tredetail/${g.treId}/${g.uri}`);
  await ready(page);
  const env = await (await report).json();
  assert.equal(env.code, 200, "view report: " + env.easg);
  assert.equal(env.content.counted, true, "the first view of the day counts");
}

test("a shopper's views and cart make goods trend on hotspage; a curated collection opens", async () => {
  await store.register("trendy@example.com");
  const { ctx, page, problems } = await signIn(browser, store, "trendy@example.com", "/en/", { viewport: { width: 360, height: 800 } });

  // From the home page to hotspage: a fresh store has nothing trending yet.
  await Promise.all([page.waitForURL(`${store.base}/en/hotspage`), page.click("[data-testid=home-hots]")]);
  await ready(page);
  assert.ok(await page.isVisible("[data-testid=hots-none]"), "nothing trends before anyone did anything");
  assert.ok((await page.$$("[data-testid=hots-curated] [data-hots]")).length >= 3, "the curated collections are listed");

  await opened(page, viewed);
  await opened(page, carted);
  await page.click("[data-testid=add-to-cart]");
  await page.waitForSelector("[data-testid=cart-link] [data-testid=badge]");

  // hotspage follows within a few refreshes: the carted goods first.
  let order = [];
  for (let i = 0; i < 40; i++) {
    await page.goto(`${store.base}/en/hotspage`);
    await ready(page);
    order = await goodsOrder(page, "[data-testid=hots-trending]");
    if (order.length >= 2) break;
    await page.waitForTimeout(500);
  }
  assert.deepEqual(order.slice(0, 2), [carted.treId, viewed.treId], "carted goods rank above goods only viewed");
  assert.ok(!(await page.isVisible("[data-testid=hots-none]")));

  await Promise.all([page.waitForURL(`${store.base}/en/hots/trending`), page.click("[data-testid=more-trending]")]);
  await ready(page);
  assert.deepEqual((await goodsOrder(page, "[data-testid=hots-goods]")).slice(0, 2), [carted.treId, viewed.treId]);
  assert.equal(await page.getAttribute("[data-testid=hots-head]", "data-kind"), "trending");

  // A curated collection from its tile.
  await page.goto(`${store.base}/en/hotspage`);
  await ready(page);
  const tile = page.locator("[data-testid=hots-curated] [data-hots]").first();
  const uid = await tile.getAttribute("data-hots");
  const title = (await tile.locator("strong").textContent()).trim();
  await Promise.all([page.waitForURL(`${store.base}/en/hots/${uid}`), tile.click()]);
  await ready(page);
  assert.equal((await page.textContent("[data-testid=hots-title]")).trim(), title);
  assert.equal(await page.getAttribute("[data-testid=hots-head]", "data-kind"), "curated");
  assert.ok((await goodsOrder(page, "[data-testid=hots-goods]")).length > 0, "the collection shows its goods");

  // The menu leads there too.
  await page.click("[data-testid=menu-btn]");
  await Promise.all([page.waitForURL(`${store.base}/en/hotspage`), page.click(".menu-list a[href='/en/hotspage']")]);
  await ready(page);
  assert.deepEqual(problems, []);
  await ctx.close();
});

test("every hots page is axe-clean without sideways scroll at 360 px and on a desktop, en and ar", async () => {
  const shots = process.env.SHOTS;
  if (shots) mkdirSync(shots, { recursive: true });
  // Something trends, so the pages have their rows (the first test may not have run).
  await store.api("tre/view", { treId: carted.treId });
  for (let i = 0; i < 40 && !(await (await fetch(`${store.base}/en/hots/trending`)).text()).includes("/tredetail/" + carted.treId); i++) {
    await new Promise((r) => setTimeout(r, 500));
  }
  const cat = (await store.api("tre/getTreDetail", { treId: carted.treId })).category;
  const pages = { hotspage: "/hotspage", trending: "/hots/trending", category: "/hots/trending-" + cat, curated: "/hots/home-refresh" };
  const found = [];
  for (const lang of ["en", "ar"]) {
    for (const width of [360, 1280]) {
      const ctx = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await ctx.newPage();
      const problems = watch(page);
      for (const [name, path] of Object.entries(pages)) {
        found.push(...await sweepPage(page, store, lang, path, { shot: shots && `${shots}/hots-${name}-${lang}-${width}.png` }));
      }
      assert.deepEqual(problems, []);
      await ctx.close();
    }
  }
  for (const f of found) console.log(f);
  assert.equal(found.length, 0, "axe violations (listed above)");
});

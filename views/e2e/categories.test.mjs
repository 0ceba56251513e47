// Browse by category (issue 15, points 2, 6 and 7): a wholesale buyer opens
// a product, follows its category breadcrumb, filters the category by
// minimum order quantity (the URL and the list change, every card obeys),
// pages, adds a price band (every listed price is in it), and the filtered
// URL is a page the server renders alike. Then the category pages, a
// sub-category, a product's breadcrumbs and the menu's categories are
// axe-clean without sideways scroll at 360 and 1280 px, in English and Arabic.
// SHOTS=dir also takes screenshots (360 and 1280 px, en and ar).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { startStore, launch, watch, ready, axe, sweepPage } from "./harness.mjs";

let store, browser;

before(async () => {
  // 480 goods: a category holds some forty, so a filtered list has two pages.
  store = await startStore({ goods: 480 });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await store?.stop();
});

const count = async (page) => Number((await page.textContent("[data-testid=category-count]")).match(/\d+/)[0]);
const settled = (page) => page.waitForFunction(() => document.querySelector("[data-testid=category-list]")?.getAttribute("aria-busy") === "false");

// cardsOnPage lists the cards shown: treId (from the link) and the minimum
// order quantity its '≥N' badge says (1 without one).
function cardsOnPage(page) {
  return page.$$eval("[data-testid=category-list] article.card", (cards) => cards.map((c) => ({
    treId: decodeURIComponent(c.querySelector("a.card-link").getAttribute("href").split("/")[3]),
    minQty: Number(c.querySelector(".moq")?.textContent.replace(/\D/g, "") || 1),
  })));
}

// listedPrice is what the price filter goes by: one piece at the minimum
// order quantity (the product page's first quantity break), in USD here.
async function listedPrice(treId) {
  const g = await store.api("tre/getTreDetail", { treId });
  return g.tiers[0].prices[0].amount;
}

test("a wholesale buyer goes from a product to its category, filters by minimum quantity and price, and pages", async () => {
  const ctx = await browser.newContext({ viewport: { width: 412, height: 915 } });
  const page = await ctx.newPage();
  const problems = watch(page);
  const first = (await store.api("tre/categoryList", { category: "beauty", type: "wholesale", pageSize: 1 })).cards[0];
  await page.goto(`${store.base}/en/tredetail/${first.treId}`);
  await ready(page);
  await Promise.all([page.waitForURL(`${store.base}/en/category/beauty`), page.click("[data-testid=crumbs] a[href='/en/category/beauty']")]);
  await ready(page);
  const all = await count(page);
  assert.ok(all > 24, `beauty lists ${all} goods on more than one page`);
  const ld = await page.$$eval("script[type='application/ld+json']", (ss) => ss.map((s) => JSON.parse(s.textContent)).find((j) => j["@type"] === "BreadcrumbList"));
  assert.deepEqual(ld.itemListElement.map((i) => i.item), [`${store.base}/en/`, `${store.base}/en/category/beauty`]);

  // Minimum order up to 20 pieces: fewer goods, every one orderable by 20.
  await page.selectOption("[data-testid=filter-moq]", "20");
  await page.waitForURL((u) => u.searchParams.get("moq") === "20");
  await settled(page);
  const upTo20 = await count(page);
  assert.ok(upTo20 < all && upTo20 > 24, `up to 20 pieces: ${upTo20} of ${all}, on two pages`);
  const page1 = await cardsOnPage(page);
  assert.equal(page1.length, 24);
  assert.deepEqual(page1.filter((c) => c.minQty > 20), [], "every card's minimum is at most 20");

  // The next page: the rest, as the filter says.
  await Promise.all([page.waitForURL((u) => u.searchParams.get("page") === "2" && u.searchParams.get("moq") === "20"), page.click("[data-testid=page-next]")]);
  await ready(page);
  const page2 = await cardsOnPage(page);
  assert.equal(page2.length, upTo20 - 24);
  assert.deepEqual(page2.filter((c) => c.minQty > 20), [], "every card on page 2 too");
  assert.deepEqual(page2.filter((c) => page1.some((d) => d.treId === c.treId)), [], "no card on both pages");
  assert.ok(await page.isVisible("[data-testid=page-prev]"), "page 2 links back");

  // A price band on top: back to the first page, every listed price in it.
  const band = await page.locator("[data-testid=filter-price] option[value='25-50']").textContent();
  assert.equal(band, "$25 to $50");
  await page.selectOption("[data-testid=filter-price]", "25-50");
  await page.waitForURL((u) => u.searchParams.get("price") === "25-50" && u.searchParams.get("moq") === "20" && !u.searchParams.has("page"));
  await settled(page);
  const both = await count(page);
  const cards = await cardsOnPage(page);
  assert.ok(both > 0 && both < upTo20 && cards.length === both, `up to 20 pieces and $25 to $50: ${both}`);
  for (const c of cards) {
    const p = await listedPrice(c.treId);
    assert.ok(c.minQty <= 20 && p >= 25 && p < 50, `${c.treId}: minimum ${c.minQty}, listed at $${p}`);
  }

  // The filtered URL is a page of its own, rendered alike by the server,
  // not indexed but followed.
  const url = page.url();
  const fresh = await ctx.newPage();
  await fresh.goto(url);
  await ready(fresh);
  assert.equal(await count(fresh), both, "the server renders the same list");
  assert.equal(await fresh.inputValue("[data-testid=filter-moq]"), "20");
  assert.equal(await fresh.inputValue("[data-testid=filter-price]"), "25-50");
  assert.equal(await fresh.getAttribute("meta[name=robots]", "content"), "noindex, follow");
  await fresh.close();

  // Wholesale only, then clear: the unfiltered category again.
  await page.selectOption("[data-testid=filter-type]", "wholesale");
  await page.waitForURL((u) => u.searchParams.get("type") === "wholesale");
  await settled(page);
  assert.ok(await count(page) <= both);
  await Promise.all([page.waitForURL(`${store.base}/en/category/beauty`), page.click("[data-testid=filter-clear]")]);
  await ready(page);
  assert.equal(await count(page), all);
  assert.deepEqual(problems, []);
  await ctx.close();
});

test("a sub-category's link keeps the filters; the menu lists the categories", async () => {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  const problems = watch(page);
  await page.goto(`${store.base}/en/category/jewelry-watches?moq=20`);
  await ready(page);
  const parent = await count(page);
  await Promise.all([page.waitForURL(`${store.base}/en/category/watches?moq=20`), page.click("[data-testid=category-subs] a[href^='/en/category/watches']")]);
  await ready(page);
  assert.ok(await count(page) < parent, "watches are some of jewelry & watches");
  assert.deepEqual(await page.$$eval("[data-testid=crumbs] a", (as) => as.map((a) => a.getAttribute("href"))), ["/en/", "/en/category/jewelry-watches"]);
  assert.equal(await page.textContent("[data-testid=crumbs] [aria-current=page]"), "Watches");

  await page.click("[data-testid=menu-btn]");
  await page.click("[data-testid=menu-cats] summary");
  await Promise.all([page.waitForURL(`${store.base}/en/category/home-kitchen`), page.click("[data-testid=menu-cats] a[href='/en/category/home-kitchen']")]);
  await ready(page);
  assert.match(await page.textContent("h1"), /Home & kitchen/);
  assert.deepEqual(problems, []);
  await ctx.close();
});

test("category pages, a product's breadcrumbs and the menu's categories are axe-clean without sideways scroll, 360 and 1280 px, en and ar", async () => {
  const shots = process.env.SHOTS;
  if (shots) mkdirSync(shots, { recursive: true });
  const watch1 = (await store.api("tre/categoryList", { category: "watches", pageSize: 1 })).cards[0];
  const found = [];
  const pages = {
    category: "/category/beauty", filtered: "/category/beauty?moq=20&page=2", parent: "/category/jewelry-watches",
    sub: "/category/watches?type=wholesale", product: `/tredetail/${watch1.treId}/${watch1.uri}`,
  };
  for (const lang of ["en", "ar"]) {
    for (const width of [360, 1280]) {
      const ctx = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await ctx.newPage();
      const problems = watch(page);
      for (const [name, path] of Object.entries(pages)) {
        found.push(...await sweepPage(page, store, lang, path, { shot: shots && `${shots}/category-${name}-${lang}-${width}.png`, fullPage: width === 1280 }));
      }
      // The menu, its categories open.
      await page.click("[data-testid=menu-btn]");
      await page.click("[data-testid=menu-cats] summary");
      assert.ok(await page.isVisible(`[data-testid=menu-cats] a[href='/${lang}/category/beauty']`));
      found.push(...await axe(page, `${lang} menu @${width}`));
      if (shots) await page.screenshot({ path: `${shots}/category-menu-${lang}-${width}.png` });
      assert.deepEqual(problems, []);
      await ctx.close();
    }
  }
  for (const f of found) console.log(f);
  assert.equal(found.length, 0, "axe violations (listed above)");
});

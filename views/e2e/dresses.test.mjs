// The dresses line (issue 15, points 1 and 7): from the home's dresses ad
// to the storefront, evening dresses filtered by colour and length (the URL
// and the list change; the list is what the API lists for both), a dress,
// the FAQ on measuring reached from the dress's page, with the size chart,
// back to the dress, and the dress made to measure into the cart, whose
// line shows the measurements.
// Then every dresses page (and a dress's own, with its FAQ questions) is
// axe-clean without sideways scroll on a phone and a desktop, in English
// and Arabic.
// SHOTS=dir also takes screenshots of each page (360 and 1280 px, en and ar).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { startStore, launch, watch, ready, findGoods, sweepPage } from "./harness.mjs";

let store, browser;

before(async () => {
  store = await startStore();
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await store?.stop();
});

const count = async (page) => Number((await page.textContent("[data-testid=dress-count]")).match(/\d+/)[0]);
const names = (page) => page.$$eval("[data-testid=dress-list] .card a[href*='/tredetail/']", (as) => as.map((a) => a.getAttribute("href")));

test("a bride goes from the home's dresses ad to evening dresses by colour and length, a dress, its FAQ on measuring, and puts it made to measure in the cart", async () => {
  const ctx = await browser.newContext({ viewport: { width: 412, height: 915 } });
  const page = await ctx.newPage();
  const problems = watch(page);
  // Signed in, so the dress can go into the cart at the end.
  const email = "bride@example.com";
  await store.register(email);
  await page.goto(`${store.base}/en/login?redirect=%2Fen%2F`);
  await ready(page);
  await page.fill("input[name=email]", email);
  await page.click("[data-testid=login-step1] button[type=submit]");
  await page.fill("input[name=password]", "secret123");
  await Promise.all([page.waitForURL(`${store.base}/en/`), page.click("[data-testid=login-submit]")]);
  await ready(page);
  await Promise.all([page.waitForURL(`${store.base}/en/dresses`), page.click("[data-testid=promo-ad1]")]);
  await ready(page);
  assert.ok(await page.isVisible("[data-testid=dresses-delivery]"), "the delivery promise is shown");

  await Promise.all([page.waitForURL(/\/en\/dresses\/c\/evening\/evening-dresses$/), page.click("[data-cat=evening]")]);
  await ready(page);
  const all = await count(page);
  const before = await names(page);
  assert.ok(all > 1, "evening dresses are listed");

  // A colour the category offers that comes floor length too (the API
  // says which, as it answers the page), then floor length: each changes
  // the URL, and the list is what the API lists for both filters.
  const listed = (f) => store.api("tre/dressesList", { category: "evening", ...f });
  let colour, floorList;
  for (const c of await page.$$eval("[data-testid=filter-colour] option", (os) => os.map((o) => o.value).filter(Boolean))) {
    const l = await listed({ colour: c, length: "floor" });
    if (l.total > 0) { colour = c; floorList = l; break; }
  }
  assert.ok(colour, "some colour of evening dress comes floor length");
  await page.selectOption("[data-testid=filter-colour]", colour);
  await page.waitForURL((u) => u.searchParams.get("colour") === colour);
  const coloured = (await listed({ colour })).total;
  await page.waitForFunction((n) => Number(document.querySelector("[data-testid=dress-count]").textContent.match(/\d+/)[0]) === n, coloured);
  assert.ok(coloured < all, `one colour: ${coloured} of ${all}`);
  assert.notDeepEqual(await names(page), before, "the list changed");
  await page.selectOption("[data-testid=filter-length]", "floor");
  await page.waitForURL((u) => u.searchParams.get("colour") === colour && u.searchParams.get("length") === "floor");
  await page.waitForFunction(() => document.querySelector("[data-testid=dress-list]").getAttribute("aria-busy") === "false");
  const floor = await count(page);
  assert.equal(floor, floorList.total, "the count of both filters");
  const ids = (hrefs) => hrefs.map((h) => h.split("/tredetail/")[1].split("/")[0]);
  assert.deepEqual(ids(await names(page)), floorList.cards.map((c) => c.treId), "the dresses of both filters");

  // The filtered URL is a page of its own, rendered by the server.
  const url = page.url();
  const fresh = await ctx.newPage();
  await fresh.goto(url);
  assert.equal(await count(fresh), floor, "the server renders the same list");
  assert.equal(await fresh.inputValue("[data-testid=filter-length]"), "floor");
  assert.equal(await fresh.inputValue("[data-testid=filter-colour]"), colour);
  await fresh.close();

  await Promise.all([page.waitForURL(/\/en\/tredetail\//), page.locator("[data-testid=dress-list] .card:not(.card-off) a").first().click()]);
  await ready(page);
  const dressUrl = page.url();
  const treId = dressUrl.split("/tredetail/")[1].split("/")[0];
  assert.ok(floorList.cards.some((c) => c.treId === treId), "a floor-length evening dress of that colour");
  assert.ok(await page.isVisible("[data-testid=size-chart]"), "the dress shows its size chart");

  // The dress's page lists the FAQ: the question on measuring, then back.
  const measuring = page.locator("[data-testid=goods-faq] a", { hasText: /how do i measure/i });
  await Promise.all([page.waitForURL(/\/en\/dresses\/faq\/\d+$/), measuring.click()]);
  await ready(page);
  assert.match(await page.textContent("[data-testid=faq-question]"), /measure/);
  assert.match(await page.textContent("[data-testid=faq-answer]"), /Hollow to floor/);
  await page.click("[data-testid=size-chart] summary");
  await page.locator("[data-testid=size-chart] table").waitFor(); // built once open (its toggle re-renders)
  const ld = JSON.parse(await page.locator("script[type='application/ld+json']").first().textContent());
  assert.equal(ld["@type"], "FAQPage");
  await page.goBack();
  await ready(page);
  assert.equal(page.url(), dressUrl, "back at the dress");

  // Made to these measurements, into the cart.
  for (const label of await page.$$eval("[data-testid^=label-]", (ls) => ls.map((l) => l.dataset.testid))) {
    if (label !== "label-9") await page.locator(`[data-testid=${label}] [data-option-id]`).first().click();
  }
  await page.click(`[data-testid=label-9] [data-option-id="1"]`);
  for (const [m, v] of [["a", "90"], ["b", "70"], ["c", "96"], ["d", "150"]]) await page.selectOption(`[data-testid=measure-${m}]`, v);
  await page.click("[data-testid=add-to-cart]");
  await page.waitForSelector("[data-testid=cart-link] [data-testid=badge]");
  // The cart's line is this dress with these measurements.
  await Promise.all([page.waitForURL(`${store.base}/en/cart`), page.click("[data-testid=cart-link]")]);
  const line = page.locator("[data-testid=cart-line]", { has: page.locator(`a[href*="/tredetail/${treId}"]`) });
  await line.waitFor();
  assert.match(await line.locator("[data-testid=line-chosen] [data-label-id='9']").textContent(),
    /Custom.*\(Bust 90 cm, Waist 70 cm, Hips 96 cm, Hollow to floor 150 cm\)/);
  assert.deepEqual(problems, []);
  await ctx.close();
});

test("every dresses page is axe-clean without sideways scroll, phone and desktop, en and ar", async () => {
  const shots = process.env.SHOTS;
  if (shots) mkdirSync(shots, { recursive: true });
  const found = [];
  const dress = await findGoods(store, (g) => g.spe === 1 && g.saleable === 1);
  const pages = { store: "/dresses", category: "/dresses/c/evening/evening-dresses?length=floor", faq: "/dresses/faq/2", dress: "/tredetail/" + dress.treId };
  for (const lang of ["en", "ar"]) {
    for (const width of [360, 412, 1280]) {
      const ctx = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await ctx.newPage();
      const problems = watch(page);
      for (const [name, path] of Object.entries(pages)) {
        found.push(...await sweepPage(page, store, lang, path, { skipAxe: width === 412, shot: shots && width !== 412 && `${shots}/dresses-${name}-${lang}-${width}.png` }));
      }
      assert.deepEqual(problems, []);
      await ctx.close();
    }
  }
  for (const f of found) console.log(f);
  assert.equal(found.length, 0, "axe violations (listed above)");
});

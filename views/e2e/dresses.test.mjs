// The dresses line (issue 15, point 1): from the home's dresses ad to the
// storefront, a category filtered by colour and length (the URL and the
// list change), a dress, the FAQ on measuring with the size chart, and the
// dress made to measure into the cart.
// Then every dresses page is axe-clean without sideways scroll on a phone
// and a desktop, in English and Arabic.
// SHOTS=dir also takes screenshots of each page (412 and 1280 px, en and ar).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { startStore, launch, watch, ready, axe } from "./harness.mjs";

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

test("a bride goes from the home's dresses ad to a filtered category, a dress, the FAQ on measuring, and orders it made to measure", async () => {
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

  // The first colour offered, then floor length: each changes the URL and the list.
  const colour = await page.locator("[data-testid=filter-colour] option").nth(1).getAttribute("value");
  await page.selectOption("[data-testid=filter-colour]", colour);
  await page.waitForURL((u) => u.searchParams.get("colour") === colour);
  await page.waitForFunction((n) => Number(document.querySelector("[data-testid=dress-count]").textContent.match(/\d+/)[0]) < n, all);
  const coloured = await count(page);
  assert.notDeepEqual(await names(page), before, "the list changed");
  await page.selectOption("[data-testid=filter-length]", "floor");
  await page.waitForURL((u) => u.searchParams.get("colour") === colour && u.searchParams.get("length") === "floor");
  await page.waitForFunction(() => document.querySelector("[data-testid=dress-list]").getAttribute("aria-busy") === "false");
  const floor = await count(page);
  assert.ok(floor <= coloured, `floor length ${floor} ≤ ${coloured}`);

  // The filtered URL is a page of its own, rendered by the server.
  const url = page.url();
  const fresh = await ctx.newPage();
  await fresh.goto(url);
  assert.equal(await count(fresh), floor, "the server renders the same list");
  assert.equal(await fresh.inputValue("[data-testid=filter-length]"), "floor");
  await fresh.close();

  if (floor === 0) { // this colour has no floor-length dress: open one of the colour's
    await page.selectOption("[data-testid=filter-length]", "");
    await page.waitForURL((u) => !u.searchParams.has("length"));
    await page.waitForFunction(() => document.querySelector("[data-testid=dress-list] .card"));
  }
  await Promise.all([page.waitForURL(/\/en\/tredetail\//), page.locator("[data-testid=dress-list] .card:not(.card-off) a").first().click()]);
  await ready(page);
  assert.ok(await page.isVisible("[data-testid=size-chart]"), "the dress shows its size chart");
  const dressUrl = page.url();

  await page.goto(`${store.base}/en/dresses`);
  await ready(page);
  await Promise.all([page.waitForURL(`${store.base}/en/dresses/faq/2`), page.click("[data-faq='2']")]);
  await ready(page);
  assert.match(await page.textContent("[data-testid=faq-question]"), /measure/);
  assert.match(await page.textContent("[data-testid=faq-answer]"), /Hollow to floor/);
  await page.click("[data-testid=size-chart] summary");
  await page.locator("[data-testid=size-chart] table").waitFor(); // built once open (its toggle re-renders)
  const ld = JSON.parse(await page.locator("script[type='application/ld+json']").first().textContent());
  assert.equal(ld["@type"], "FAQPage");

  // Back to the dress: made to these measurements, into the cart.
  await page.goto(dressUrl);
  await ready(page);
  for (const label of await page.$$eval("[data-testid^=label-]", (ls) => ls.map((l) => l.dataset.testid))) {
    if (label !== "label-9") await page.locator(`[data-testid=${label}] [data-option-id]`).first().click();
  }
  await page.click(`[data-testid=label-9] [data-option-id="1"]`);
  for (const [m, v] of [["a", "90"], ["b", "70"], ["c", "96"], ["d", "150"]]) await page.selectOption(`[data-testid=measure-${m}]`, v);
  await page.click("[data-testid=add-to-cart]");
  await page.waitForSelector("[data-testid=cart-link] [data-testid=badge]");
  assert.deepEqual(problems, []);
  await ctx.close();
});

test("every dresses page is axe-clean without sideways scroll, phone and desktop, en and ar", async () => {
  const shots = process.env.SHOTS;
  if (shots) mkdirSync(shots, { recursive: true });
  const found = [];
  const pages = { store: "/dresses", category: "/dresses/c/evening/evening-dresses?length=floor", faq: "/dresses/faq/2" };
  for (const lang of ["en", "ar"]) {
    for (const width of [360, 412, 1280]) {
      const ctx = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await ctx.newPage();
      const problems = watch(page);
      for (const [name, path] of Object.entries(pages)) {
        const res = await page.goto(`${store.base}/${lang}${path}`);
        assert.equal(res.status(), 200, path);
        await ready(page);
        assert.equal(await page.getAttribute("html", "dir"), lang === "ar" ? "rtl" : "ltr");
        const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        assert.ok(over <= 0, `${lang}${path} @${width}: ${over}px sideways scroll`);
        if (width !== 412) found.push(...await axe(page, `${lang}${path} @${width}`));
        if (shots && width !== 360) await page.screenshot({ path: `${shots}/dresses-${name}-${lang}-${width}.png`, fullPage: true });
      }
      assert.deepEqual(problems, []);
      await ctx.close();
    }
  }
  for (const f of found) console.log(f);
  assert.equal(found.length, 0, "axe violations (listed above)");
});

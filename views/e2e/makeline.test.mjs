// Make-line end to end: a shopper has a made-to-measure dress made by a
// maker (makeline/{treId}): chooses, sees the price in parts, fixes it,
// orders and pays with the test card; the maker (an account attached to
// the maker identity) accepts, marks production and ships in the back
// office; the buyer follows each status on myorder. The page is looked at
// on a phone and a desktop, in English and Arabic.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startStore, launch, findGoods, signIn, ready, sweepPage, axe } from "./harness.mjs";

let store, browser, dress, buyer;
const buyerEmail = "makeline-buyer@example.com";
const shots = process.env.E2E_SHOTS || "";

// choose keeps a complete choice where the product page keeps it (this
// tab's sessionStorage), as if the shopper had chosen there.
async function choose(page, g) {
  const key = Object.keys(g.skuModule.skus)[0];
  const options = Object.fromEntries(g.scenarioLabels.map((l) => [l.labelId, l.labelId === 9 ? 1 : l.values[0].id]));
  await page.evaluate(({ id, attrs, options }) => {
    sessionStorage.setItem(`souk.choice.${id}.attrs`, JSON.stringify(attrs));
    sessionStorage.setItem(`souk.choice.${id}.options`, JSON.stringify(options));
    sessionStorage.setItem(`souk.choice.${id}.size`, JSON.stringify({ type: 1, a: 88, b: 70, c: 95, d: 150 }));
  }, { id: g.treId, attrs: key ? key.split(",") : [], options });
}

before(async () => {
  store = await startStore();
  browser = await launch();
  dress = await findGoods(store, (x) => x.spe === 1 && x.saleable === 1 && x.scenarioLabels.some((l) => l.labelId === 9 && l.values.some((v) => v.id === 1)));
  buyer = (await store.register(buyerEmail)).token;
  const addr = await store.authed(buyer, "address/save", { name: "Ada Buyer", phone: "+1 415 555 0100", country: "US", region: "CA", city: "San Francisco", line1: "1 Market St", postalCode: "94103" });
  assert.equal(addr.code, 200, addr.easg);
});
after(async () => { await browser?.close(); await store?.stop(); });

test("a dress made to measure: priced, fixed, paid, accepted, produced and shipped; the buyer follows it", async () => {
  const path = `/en/makeline/${dress.treId}`;
  const b = await signIn(browser, store, buyerEmail, path);
  await choose(b.page, dress);
  await b.page.reload();
  await ready(b.page);
  await b.page.waitForSelector("[data-testid=makeline-page]");
  await b.page.click("[data-testid=makeline-see]");
  await b.page.waitForSelector("[data-testid=makeline-price]");
  const total = await b.page.textContent("[data-testid=makeline-total]");
  assert.match(total, /\d/);
  await b.page.click("[data-testid=makeline-fix]");
  await b.page.waitForSelector("[data-testid=makeline-fixed]");
  assert.match(b.page.url(), /\?q=ml/, "the fixed quote survives a reload");
  assert.equal(await b.page.textContent("[data-testid=makeline-total]"), total, "fixing keeps the price");
  await b.page.fill("input[name=cardNumber]", "4242424242424242");
  await b.page.fill("input[name=cardExp]", "12/30");
  await b.page.fill("input[name=cardCvc]", "123");
  await b.page.fill("input[name=cardName]", "Ada Buyer");
  await Promise.all([b.page.waitForURL(/\/en\/myorder\/[^/]+\?paid=1$/, { timeout: 15000 }), b.page.click("[data-testid=place-order]")]);
  await ready(b.page);
  const number = decodeURIComponent(new URL(b.page.url()).pathname.split("/").pop());
  const status = async () => {
    await b.page.goto(`${store.base}/en/myorder/${number}`);
    await ready(b.page);
    await b.page.waitForSelector("[data-testid=order-page]");
    return Number(await b.page.getAttribute("[data-testid=order-page] [data-testid=order-status]", "data-status"));
  };
  assert.equal(await status(), 200);
  assert.match(await b.page.textContent("[data-testid=makeline-state]"), /Waiting for .* to accept/);

  // The maker, in the back office (the seller's order pages).
  const o = (await store.authed(buyer, "order/detail", { orderNumber: number })).content;
  assert.ok(o.makeLine, "a make-line order");
  await store.sellerToken(o.sellerUid);
  const m = await signIn(browser, store, `seller-${o.sellerUid}@example.com`.toLowerCase(), "/en/myorders", { viewport: { width: 1280, height: 900 } });
  await m.page.goto(`${store.base}/en/operations/showorder/${number}`);
  await ready(m.page);
  await m.page.waitForSelector("[data-testid=makeline-answer]");
  assert.equal(await m.page.locator("[data-testid=mark-production]").count(), 0, "nothing to produce before accepting");
  await m.page.click("[data-testid=makeline-accept]");
  await m.page.waitForSelector("[data-testid=mark-production]");
  assert.equal(await status(), 200, "accepted: still paid, now being made");
  assert.match(await b.page.textContent("[data-testid=makeline-state]"), /accepted your order/);
  await m.page.click("[data-testid=mark-production]");
  await m.page.waitForSelector("[data-testid=order-status][data-status='1000']");
  assert.equal(await status(), 1000);
  await m.page.selectOption("[data-testid=ship-carrier]", "dhl");
  await m.page.fill("[data-testid=ship-tracking]", "JD0146000012345");
  await m.page.click("[data-testid=ship-submit]");
  await m.page.waitForSelector("[data-testid=order-status][data-status='1001']");
  assert.equal(await status(), 1001);
  await b.page.goto(`${store.base}/en/shippinginfo/${number}`);
  await ready(b.page);
  await b.page.waitForSelector("[data-testid=tracking-page]");
  assert.match(await b.page.textContent("[data-testid=tracking-page]"), /The maker accepted the order/);
  assert.deepEqual(m.problems, []);
  assert.deepEqual(b.problems, []);
  await m.ctx.close();
  await b.ctx.close();
});

test("the make-line page on a phone and a desktop, in English and Arabic", async () => {
  const found = [];
  for (const width of [360, 1280]) {
    const s = await signIn(browser, store, buyerEmail, "/en/myorders", { viewport: { width, height: 900 } });
    await choose(s.page, dress);
    for (const lang of ["en", "ar"]) {
      found.push(...await sweepPage(s.page, store, lang, `/makeline/${dress.treId}`, { skipAxe: true }));
      await s.page.waitForSelector("[data-testid=makeline-page]");
      await s.page.click("[data-testid=makeline-see]");
      await s.page.waitForSelector("[data-testid=makeline-price]");
      const over = await s.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(over <= 0, `${lang} @${width}: ${over}px sideways scroll`);
      found.push(...await axe(s.page, `${lang} makeline @${width}`));
      if (shots) await s.page.screenshot({ path: `${shots}/makeline-${lang}-${width}.png`, fullPage: true });
    }
    assert.deepEqual(s.problems, []);
    await s.ctx.close();
  }
  assert.deepEqual(found, []);
});

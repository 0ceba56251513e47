// Make-line steps shared by the browser tests that have a piece made: a
// made-to-measure dress (makeline.test) and a creation version (creation
// and airemote tests). The buyer prices, fixes, orders and pays; the maker
// accepts, marks production and ships; the buyer follows each status.
import assert from "node:assert/strict";
import { ready, signIn, fillCard } from "./harness.mjs";

// saveAddress gives the token's account an address in San Francisco.
export async function saveAddress(store, token) {
  const addr = await store.authed(token, "address/save", { name: "Ada Buyer", phone: "+1 415 555 0100", country: "US", region: "CA", city: "San Francisco", line1: "1 Market St", postalCode: "94103" });
  assert.equal(addr.code, 200, addr.easg);
}

// choose keeps a complete choice of goods g where the product page keeps it
// (this tab's sessionStorage), as if the shopper had chosen there: the
// custom size with measures where it is offered, else the first values.
export async function choose(page, g) {
  const key = Object.keys(g.skuModule.skus)[0];
  const custom = (l) => l.labelId === 9 && l.values.some((v) => v.id === 1);
  const options = Object.fromEntries(g.scenarioLabels.map((l) => [l.labelId, custom(l) ? 1 : l.values[0].id]));
  await page.evaluate(({ id, attrs, options }) => {
    sessionStorage.setItem(`souk.choice.${id}.attrs`, JSON.stringify(attrs));
    sessionStorage.setItem(`souk.choice.${id}.options`, JSON.stringify(options));
    sessionStorage.setItem(`souk.choice.${id}.size`, JSON.stringify({ type: 1, a: 88, b: 70, c: 95, d: 150 }));
  }, { id: g.treId, attrs: key ? key.split(",") : [], options });
}

// orderMakeLine, on a make-line page with a complete choice, sees the price
// in parts, fixes it, pays with the test card and answers the order's
// number (the page is then on myorder, paid).
export async function orderMakeLine(page) {
  await page.waitForSelector("[data-testid=makeline-page]");
  await ready(page); // a click before hydration is lost (CI, loaded: the price never came)
  await page.click("[data-testid=makeline-see]");
  await page.waitForSelector("[data-testid=makeline-price]");
  const total = await page.textContent("[data-testid=makeline-total]");
  assert.match(total, /\d/);
  await page.click("[data-testid=makeline-fix]");
  await page.waitForSelector("[data-testid=makeline-fixed]");
  assert.match(page.url(), /\?q=ml/, "the fixed quote survives a reload");
  assert.equal(await page.textContent("[data-testid=makeline-total]"), total, "fixing keeps the price");
  await fillCard(page);
  await Promise.all([page.waitForURL(/\/en\/myorder\/[^/]+\?paid=1$/, { timeout: 30_000 }), page.click("[data-testid=place-order]")]);
  await ready(page);
  return decodeURIComponent(new URL(page.url()).pathname.split("/").pop());
}

// followMaker has the maker of order number (an account attached to the
// maker identity, in its own context) accept, mark production and ship it
// in the back office, while the buyer (page, token) sees each status on
// myorder and then the maker's acceptance on shippinginfo.
export async function followMaker(browser, store, buyer, number) {
  const { page } = buyer;
  const status = async () => {
    await page.goto(`${store.base}/en/myorder/${number}`);
    await ready(page);
    await page.waitForSelector("[data-testid=order-page]");
    return Number(await page.getAttribute("[data-testid=order-page] [data-testid=order-status]", "data-status"));
  };
  assert.equal(await status(), 200);
  assert.match(await page.textContent("[data-testid=makeline-state]"), /Waiting for .* to accept/);

  const o = (await store.authed(buyer.token, "order/detail", { orderNumber: number })).content;
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
  assert.match(await page.textContent("[data-testid=makeline-state]"), /accepted your order/);
  await m.page.click("[data-testid=mark-production]");
  await m.page.waitForSelector("[data-testid=order-status][data-status='1000']");
  assert.equal(await status(), 1000);
  await m.page.selectOption("[data-testid=ship-carrier]", "dhl");
  await m.page.fill("[data-testid=ship-tracking]", "JD0146000012345");
  await m.page.click("[data-testid=ship-submit]");
  await m.page.waitForSelector("[data-testid=order-status][data-status='1001']");
  assert.equal(await status(), 1001);
  await page.goto(`${store.base}/en/shippinginfo/${number}`);
  await ready(page);
  await page.waitForSelector("[data-testid=tracking-page]");
  assert.match(await page.textContent("[data-testid=tracking-page]"), /The maker accepted the order/);
  assert.deepEqual(m.problems, []);
  await m.ctx.close();
  return o;
}

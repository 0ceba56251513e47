// The buying journey: cart → checkout → pay (card ok, card declined then
// ok, 3-D Secure, Doge on the simulated chain) → my orders → tracking →
// cancel a paid order → a shipped order confirmed received → delete.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import crypto from "node:crypto";
import { mkdirSync } from "node:fs";
import { startStore, launch, watch, findGoods, dressOptions, fillCard } from "./harness.mjs";

let store, browser, page, problems, token, plain, dress;
const email = "buyer@example.com";
const orders = {}; // name → order number

// authed calls the API as the buyer (TOKEN header) and returns the envelope.
async function authed(path, body = {}) {
  const r = await fetch(store.base + "/api/v1/souk/" + path, { method: "POST", headers: { "Content-Type": "application/json", TOKEN: token }, body: JSON.stringify(body) });
  return r.json();
}

async function ready() {
  await page.waitForFunction(() => document.documentElement.dataset.ready === "1");
}

const addToCart = (g, options) => store.addToCart(token, g, options);

async function checkoutFromCart() {
  await page.goto(`${store.base}/en/cart`);
  await ready();
  await page.waitForSelector("[data-testid=cart-line]");
  await Promise.all([page.waitForURL(/\/en\/makeorder$/), page.click("[data-testid=checkout]")]);
  await ready();
  await page.waitForSelector("[data-testid=checkout-page]");
  await page.waitForSelector("[data-testid=address]");
}

async function status() {
  return Number(await page.getAttribute("[data-testid=order-page] [data-testid=order-status]", "data-status"));
}

async function waitStatus(want) {
  await page.waitForFunction((w) => document.querySelector("[data-testid=order-page] [data-testid=order-status]")?.getAttribute("data-status") === String(w), want, { timeout: 30_000 });
}

function numberFromURL() {
  return decodeURIComponent(new URL(page.url()).pathname.split("/").pop());
}

before(async () => {
  store = await startStore();
  browser = await launch();
  const reg = await store.register(email);
  token = reg.token;
  assert.ok(token, "registered");
  plain = await findGoods(store, (x) => !x.needsPick && x.saleable === 1 && x.stock > 20 && x.priceData.minQty === 1);
  dress = await findGoods(store, (x) => x.spe === 1 && x.saleable === 1 && x.stock > 5);
  // The address book's pages are another feature: the address comes from its API.
  const env = await authed("address/save", { name: "Ada Buyer", phone: "+1 415 555 0100", country: "US", region: "CA", city: "San Francisco", line1: "1 Market St", postalCode: "94103" });
  assert.equal(env.code, 200, "address/save: " + env.easg);
  page = await browser.newPage({ viewport: { width: 412, height: 915 } });
  problems = watch(page);
  // Signing in from my orders comes back to it (a light page: the home
  // page's images would be cut off by the next navigation).
  await page.goto(`${store.base}/en/login?redirect=%2Fen%2Fmyorders`);
  await ready();
  await page.fill("input[name=email]", email);
  await page.click("[data-testid=login-step1] button[type=submit]");
  await page.fill("input[name=password]", "secret123");
  await Promise.all([page.waitForURL(`${store.base}/en/myorders`), page.click("[data-testid=login-submit]")]);
  await ready();
  await page.waitForSelector("[data-testid=orders-empty]");
});

after(async () => {
  await page?.close();
  await browser?.close();
  await store?.stop();
});

test("cart → checkout → pay by card → the order is paid", async () => {
  await page.goto(`${store.base}/en/tredetail/${plain.treId}`);
  await ready();
  await page.click("[data-testid=add-to-cart]");
  await page.waitForSelector("[data-testid=cart-link] [data-testid=badge]");
  await addToCart(dress, dressOptions(dress));
  await page.goto(`${store.base}/en/cart`);
  await ready();
  await page.waitForSelector("[data-testid=cart-line]");
  const qty = () => page.$$eval("[data-testid=qty]", (xs) => xs.map((x) => Number(x.value)));
  const before = await qty();
  await page.locator("[data-testid=qty-plus]").first().click();
  await page.waitForFunction((n) => Number(document.querySelector("[data-testid=qty]").value) === n + 1, before[0]);
  await Promise.all([page.waitForURL(/\/en\/makeorder$/), page.click("[data-testid=checkout]")]);
  await ready();
  await page.waitForSelector("[data-testid=checkout-page]");
  assert.match(await page.textContent("[data-testid=address]"), /1 Market St/);
  assert.ok((await page.locator("[data-testid=order-line]").count()) >= 2, "both lines shown");
  assert.ok(await page.isVisible("[data-testid=order-delivery]"), "dress delivery estimate");
  assert.match(await page.textContent("[data-testid=checkout-total]"), /\d/);
  assert.match(await page.textContent("[data-testid=test-mode]"), /no real money/i, "checkout says the test provider takes the payment");
  // A wrong card number is caught before anything is sent.
  await fillCard(page, "4242 4242 4242 4241");
  await page.click("[data-testid=place-order]");
  await page.waitForSelector("#f-cardNumber-err");
  await fillCard(page, "4242424242424242");
  await Promise.all([page.waitForURL(/\/en\/myorder\/[^/]+\?paid=1$/, { timeout: 30_000 }), page.click("[data-testid=place-order]")]);
  await ready();
  await page.waitForSelector("[data-testid=order-page]");
  await waitStatus(200);
  assert.ok(await page.isVisible("[data-testid=paid-banner]"));
  orders.card = numberFromURL();
});

test("a declined card shows the message, paying again with another card works", async () => {
  await addToCart(plain);
  await checkoutFromCart();
  await fillCard(page, "4000 0000 0000 0002");
  await page.click("[data-testid=place-order]");
  await page.waitForSelector("[data-testid=pay-error]", { timeout: 30_000 });
  assert.ok((await page.textContent("[data-testid=pay-error]")).length > 3);
  assert.ok(await page.isVisible("[data-testid=order-placed]"), "the order exists, pay it again");
  await fillCard(page, "4242 4242 4242 4242");
  await Promise.all([page.waitForURL(/\/en\/myorder\/[^/]+\?paid=1$/, { timeout: 30_000 }), page.click("[data-testid=place-order]")]);
  await ready();
  await waitStatus(200);
  orders.declinedThenPaid = numberFromURL();
  const list = await authed("order/list", { status: 0 });
  assert.equal(list.content.list.filter((o) => o.orderNumber === orders.declinedThenPaid).length, 1, "one order for the two attempts");
});

test("a card that needs confirmation: approve in the bank's dialog", async () => {
  await addToCart(plain);
  await checkoutFromCart();
  await fillCard(page, "4000 0025 0000 3155");
  await page.click("[data-testid=place-order]");
  await page.waitForSelector("[data-testid=confirm-approve]", { timeout: 30_000 });
  await Promise.all([page.waitForURL(/\/en\/myorder\//, { timeout: 30_000 }), page.click("[data-testid=confirm-approve]")]);
  await ready();
  await waitStatus(200);
  orders.confirmed = numberFromURL();
});

test("declined in the bank's dialog: the order page says so, Pay now with another card", async () => {
  await addToCart(plain);
  await checkoutFromCart();
  await fillCard(page, "4000 0025 0000 3155");
  await page.click("[data-testid=place-order]");
  await page.waitForSelector("[data-testid=confirm-decline]", { timeout: 30_000 });
  await Promise.all([page.waitForURL(/\/en\/myorder\//, { timeout: 30_000 }), page.click("[data-testid=confirm-decline]")]);
  await ready();
  await page.waitForSelector("[data-testid=order-page] [data-testid=pay-error]", { timeout: 30_000 });
  assert.equal(await status(), 100);
  await page.click("[data-testid=pay-now]");
  await page.waitForSelector("[data-testid=pay-panel]");
  assert.ok(await page.isVisible("[data-testid=pay-panel] [data-testid=test-mode]"), "the payment panel says test mode too");
  await fillCard(page, "4242 4242 4242 4242");
  await page.click("[data-testid=pay-submit]");
  await waitStatus(200);
  assert.equal(await page.locator("[data-testid=pay-panel]").count(), 0);
});

test("Doge on the simulated chain: send from the test wallet, wait for paid", async () => {
  await addToCart(plain);
  await checkoutFromCart();
  await page.click("[data-testid=pay-method-5]");
  await Promise.all([page.waitForURL(/\/en\/dogepay\//, { timeout: 30_000 }), page.click("[data-testid=place-order]")]);
  await ready();
  await page.waitForSelector("[data-testid=doge-progress]");
  assert.match(await page.textContent("[data-testid=doge-amount]"), /\d+\.\d+ DOGE/);
  assert.match(await page.textContent("[data-testid=test-mode]"), /simulated/i, "the Doge page says the chain is simulated");
  assert.ok((await page.textContent("[data-testid=doge-address]")).length > 20);
  await page.click("[data-testid=doge-simulate]");
  await page.waitForSelector("[data-testid=doge-paid]", { timeout: 60000 });
  await Promise.all([page.waitForURL(/\/en\/myorder\//), page.locator("[data-testid=doge-order-link]").first().click()]);
  await ready();
  await waitStatus(200);
  orders.doge = numberFromURL();
  assert.match(await page.textContent("[data-testid=order-paymethod]"), /Doge/);
});

test("my orders: cards, tabs, tracking", async () => {
  await page.goto(`${store.base}/en/myorders`);
  await ready();
  await page.waitForSelector("[data-testid=order-card]");
  assert.ok((await page.locator("[data-testid=order-card]").count()) >= 4, "an order per payment at least");
  await page.click("[data-testid=orders-tab-100]");
  await page.waitForSelector("[data-testid=orders-empty]");
  await page.click("[data-testid=orders-tab-200]");
  await page.waitForSelector("[data-testid=order-card]");
  await Promise.all([page.waitForURL(/\/en\/myorder\//), page.click(`[data-testid=order-card][data-number="${orders.card}"]`)]);
  await ready();
  await page.waitForSelector("[data-testid=order-page]");
  await Promise.all([page.waitForURL(/\/en\/shippinginfo\//), page.click("[data-testid=tracking-link]")]);
  await ready();
  await page.waitForSelector("[data-testid=timeline-event]");
  assert.ok((await page.locator("[data-testid=timeline-event]").count()) >= 2, "created and paid");
  assert.match(await page.locator("[data-testid=timeline-event]").first().textContent(), /Paid/, "newest first");
});

test("cancel a paid order → refund pending", async () => {
  await page.goto(`${store.base}/en/myorder/${orders.confirmed}`);
  await ready();
  await waitStatus(200);
  await page.click("[data-testid=cancel-order]");
  await page.click("[data-testid=confirm-yes]");
  await waitStatus(50);
});

test("a shipped order: confirm receipt → received, then delete it", async () => {
  const shipped = await store.ship(token, orders.declinedThenPaid);
  assert.equal(shipped.code, 200, "the seller ships: " + shipped.easg);
  await page.goto(`${store.base}/en/myorder/${orders.declinedThenPaid}`);
  await ready();
  await waitStatus(1001);
  assert.equal(await page.locator("[data-testid=cancel-order]").count(), 0, "a shipped order cannot be cancelled");
  await page.click("[data-testid=sure-received]");
  await page.click("[data-testid=confirm-yes]");
  await waitStatus(1);
  await page.click("[data-testid=tracking-link]");
  await page.waitForSelector("[data-testid=tracking-number]");
  assert.match(await page.textContent("[data-testid=tracking-number]"), /\w{4,}/);
  await page.goBack();
  await ready();
  await waitStatus(1);
  await page.click("[data-testid=delete-order]");
  await Promise.all([page.waitForURL(/\/en\/myorders$/), page.click("[data-testid=confirm-yes]")]);
  await ready();
  await page.waitForSelector("[data-testid=order-card]");
  assert.equal(await page.locator(`[data-testid=order-card][data-number="${orders.declinedThenPaid}"]`).count(), 0);
  assert.deepEqual(problems, []);
});

// SHOTS=dir takes screenshots of every buying page (phone and desktop, en and ar).
test("screenshots", { skip: !process.env.SHOTS }, async () => {
  const dir = process.env.SHOTS;
  mkdirSync(dir, { recursive: true });
  await addToCart(plain);
  await addToCart(dress, dressOptions(dress));
  const shoot = async (name, path, act) => {
    for (const [w, h] of [[412, 915], [1280, 900]]) {
      await page.setViewportSize({ width: w, height: h });
      for (const lang of ["en", "ar"]) {
        await page.goto(`${store.base}/${lang}${path}`);
        await ready();
        await page.waitForTimeout(700);
        if (act) await act();
        await page.screenshot({ path: `${dir}/${name}-${lang}-${w}.png`, fullPage: true });
      }
    }
  };
  await shoot("cart", "/cart");
  await shoot("makeorder", "/makeorder");
  const pre = (await authed("order/preOrderData", {})).content;
  const made = (await authed("order/makeOrderData", { requestId: crypto.randomUUID(), addressId: pre.address.id, total: pre.total.amount })).content;
  await authed("order/payChange", { payUid: made.payUid, payMethod: 5 });
  await shoot("dogepay", `/dogepay/${made.payUid}`);
  await shoot("myorder-unpaid", `/myorder/${made.orderNumbers[0]}`, () => page.click("[data-testid=pay-now]"));
  await shoot("myorders", "/myorders");
  await shoot("myorder", `/myorder/${orders.card}`);
  await store.ship(token, orders.doge);
  await shoot("shipped", `/myorder/${orders.doge}`);
  await shoot("shipping", `/shippinginfo/${orders.doge}`);
});

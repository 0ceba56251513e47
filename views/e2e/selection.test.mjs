// Choosing before buying: a dress with a colour and a custom size chosen
// on its page, carried through the cart into the order; a wholesale item
// whose unit price drops when the quantity typed in the cart reaches the
// next price range.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import crypto from "node:crypto";
import { startStore, launch, watch, findGoods } from "./harness.mjs";

let store, browser, page, problems, token;
const email = "chooser@example.com";

async function authed(path, body = {}) {
  const r = await fetch(store.base + "/api/v1/souk/" + path, { method: "POST", headers: { "Content-Type": "application/json", TOKEN: token }, body: JSON.stringify(body) });
  return r.json();
}
const ready = () => page.waitForFunction(() => document.documentElement.dataset.ready === "1");

before(async () => {
  store = await startStore();
  browser = await launch();
  token = (await store.register(email)).token;
  page = await browser.newPage({ viewport: { width: 412, height: 915 } });
  problems = watch(page);
  await page.goto(`${store.base}/en/login?redirect=%2Fen%2F`);
  await ready();
  await page.fill("input[name=email]", email);
  await page.click("[data-testid=login-step1] button[type=submit]");
  await page.fill("input[name=password]", "secret123");
  await Promise.all([page.waitForURL(`${store.base}/en/`), page.click("[data-testid=login-submit]")]);
  await page.waitForSelector("[data-testid=me]");
});

after(async () => { await browser?.close(); await store?.stop(); });

test("a dress with a colour and a custom size: chosen on its page, kept in the order", async () => {
  const dress = await findGoods(store, (g) => g.spe === 1 && g.saleable === 1 &&
    g.scenarioLabels.some((l) => l.labelId === 9 && l.values.some((v) => v.id === 1)));
  await page.goto(`${store.base}/en/tredetail/${dress.treId}`);
  await ready();
  // Attributes first (when the dress has them): the first value with a sku in stock.
  const skus = Object.entries(dress.skuModule?.skus ?? {}).filter(([, s]) => s.stock > 2);
  if (skus.length) {
    const ids = skus[0][0].split(",");
    for (let gi = 0; gi < ids.length; gi++) await page.click(`[data-testid=attr-group-${gi}] [data-attr-id="${ids[gi]}"]`);
  }
  for (const l of dress.scenarioLabels) {
    const opt = l.labelId === 9 ? 1 : l.values[0].id;
    await page.click(`[data-testid=label-${l.labelId}] [data-option-id="${opt}"]`);
  }
  for (const [m, v] of [["a", "90"], ["b", "70"], ["c", "96"], ["d", "150"]]) await page.selectOption(`[data-testid=measure-${m}]`, v);
  await page.click("[data-testid=add-to-cart]");
  await page.waitForSelector("[data-testid=cart-link] [data-testid=badge]");
  assert.match(await page.textContent("[data-testid=cart-link] [data-testid=badge]"), /^[1-9]\d*$/);
  // Into an order: the custom measures travel with the line.
  const addr = await authed("address/save", { name: "Chooser", phone: "+33 1 23 45 67 89", country: "FR", city: "Paris", line1: "1 rue de Rivoli", postalCode: "75001" });
  assert.equal(addr.code, 200, addr.easg);
  const pre = await authed("order/preOrderData", { addressId: addr.content.id });
  assert.equal(pre.code, 200, pre.easg);
  assert.ok(pre.content.groups[0].delivery, "a dress checkout shows its delivery estimate");
  const placed = await authed("order/makeOrderData", { requestId: crypto.randomUUID(), addressId: addr.content.id, total: pre.content.total.amount });
  assert.equal(placed.code, 200, placed.easg);
  const order = await authed("order/detail", { orderNumber: placed.content.orderNumbers[0] });
  const size = order.content.lines[0].options.find((o) => o.labelId === 9);
  assert.deepEqual(size.sizeData, { type: 1, a: 90, b: 70, c: 96, d: 150 });
  assert.ok(order.content.delivery?.estimatedBy, "the order keeps the dress delivery dates");
  // The order page shows the measures and the dates.
  await page.goto(`${store.base}/en/myorder/${placed.content.orderNumbers[0]}`);
  await ready();
  await page.waitForSelector("[data-testid=order-page]");
  const text = await page.textContent("[data-testid=order-page]");
  assert.match(text, /90/);
  assert.match(text, /150/);
  assert.deepEqual(problems, []);
});

test("typing a wholesale quantity in the cart reaches the next price range", async () => {
  const g = await findGoods(store, (x) => !x.needsPick && x.saleable === 1 && x.priceData.ranges.length >= 2 && x.stock > 3 * x.priceData.minQty);
  await page.goto(`${store.base}/en/tredetail/${g.treId}`);
  await ready();
  await page.click("[data-testid=add-to-cart]");
  await page.waitForSelector("[data-testid=cart-link] [data-testid=badge]");
  await page.goto(`${store.base}/en/cart`);
  await ready();
  const line = page.locator("[data-testid=cart-line]", { has: page.locator(`a[href*="${g.treId}"]`) });
  await line.waitFor();
  const unit = async () => Number((await line.locator(".price").textContent()).replace(/[^0-9.]/g, ""));
  const before = await unit();
  assert.equal(Number(await line.locator("[data-testid=qty]").inputValue()), g.priceData.minQty);
  // More than the stock is refused with the server's message, and the field
  // shows the line's quantity again, not what was typed.
  await line.locator("[data-testid=qty]").fill("9999");
  await line.locator("[data-testid=qty]").press("Enter");
  await page.waitForSelector(".toast");
  assert.match(await page.textContent(".toast"), /stock|minimum|most/i);
  await page.waitForFunction(([id, n]) => {
    const l = [...document.querySelectorAll("[data-testid=cart-line]")].find((x) => x.querySelector(`a[href*="${id}"]`));
    return Number(l?.querySelector("[data-testid=qty]").value) === n && !l.querySelector("[data-testid=qty]").disabled;
  }, [g.treId, g.priceData.minQty]);
  const next = g.priceData.ranges[1].startQty;
  await line.locator("[data-testid=qty]").fill(String(next));
  await line.locator("[data-testid=qty]").press("Enter");
  await page.waitForFunction(([id, n]) => {
    const l = [...document.querySelectorAll("[data-testid=cart-line]")].find((x) => x.querySelector(`a[href*="${id}"]`));
    return Number(l?.querySelector("[data-testid=qty]").value) === n;
  }, [g.treId, next]);
  await page.waitForFunction(([id, b]) => {
    const l = [...document.querySelectorAll("[data-testid=cart-line]")].find((x) => x.querySelector(`a[href*="${id}"]`));
    return Number(l.querySelector(".price").textContent.replace(/[^0-9.]/g, "")) < b;
  }, [g.treId, before]);
  assert.ok((await unit()) < before, "the unit price follows the range");
  assert.deepEqual(problems, []);
});

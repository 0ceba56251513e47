// What a shopper saw must be what they get (issue 9): the quantity price
// read on a sku's product page is the unit price in the cart and at
// checkout; the chosen colour, size and capacity follow the line by name
// with the sku's picture into the cart, checkout, the order, its mail and
// the seller's view; a variant with fewer left than the minimum order is
// not offered; the dress delivery dates say which is which, alike on the
// product, checkout and order pages.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import crypto from "node:crypto";
import { mkdirSync } from "node:fs";
import { startStore, launch, watch, findGoods } from "./harness.mjs";

let store, browser, page, problems, token;
const email = "shopper@example.com";

async function authed(path, body = {}, lang = "en") {
  const r = await fetch(store.base + "/api/v1/souk/" + path, { method: "POST", headers: { "Content-Type": "application/json", TOKEN: token, ALAN: lang }, body: JSON.stringify(body) });
  return r.json();
}
const ready = () => page.waitForFunction(() => document.documentElement.dataset.ready === "1");

// lineOf is the cart or order line of goods treId on the current page.
const lineOf = (sel, treId) => page.locator(sel, { has: page.locator(`a[href*="${treId}"]`) });

// emptyCart removes every line, so each test checks out only its own.
async function emptyCart() {
  const groups = (await authed("shoppingCartList")).content ?? [];
  const ids = groups.flatMap((g) => g.lines.map((l) => l.id));
  if (ids.length) assert.equal((await authed("shoppingSetCartRemove", { ids })).code, 200);
}

async function add(g, skuId, options = []) {
  const env = await authed("shoppingIncrRP", { requestId: crypto.randomUUID(), treId: g.treId, skuId, scenarioOptions: options, scenarioAttrsUid: "" });
  assert.equal(env.code, 200, "add " + g.treId + ": " + env.easg);
}

// pickSku clicks a sku's attribute values on its product page.
async function pickSku(key) {
  const ids = key.split(",");
  for (let gi = 0; gi < ids.length; gi++) await page.click(`[data-testid=attr-group-${gi}] [data-attr-id="${ids[gi]}"]`);
}

// imageOf is the url of one of the goods' pictures in the given size.
const imageOf = (g, imgId, size) => g.treImages.find((im) => im.id === imgId)?.image[size].url;

let addressId;
before(async () => {
  store = await startStore();
  browser = await launch();
  token = (await store.register(email)).token;
  const addr = await authed("address/save", { name: "Ada Shopper", phone: "+1 415 555 0100", country: "US", region: "CA", city: "San Francisco", line1: "1 Market St", postalCode: "94103" });
  assert.equal(addr.code, 200, addr.easg);
  addressId = addr.content.id;
  page = await browser.newPage({ viewport: { width: 412, height: 915 } });
  problems = watch(page);
  await page.goto(`${store.base}/en/login?redirect=%2Fen%2Fcart`);
  await ready();
  await page.fill("input[name=email]", email);
  await page.click("[data-testid=login-step1] button[type=submit]");
  await page.fill("input[name=password]", "secret123");
  await Promise.all([page.waitForURL(`${store.base}/en/cart`), page.click("[data-testid=login-submit]")]);
  await ready();
});

after(async () => { await page?.close(); await browser?.close(); await store?.stop(); });

test("a sku's quantity price on its page is the unit price in the cart and at checkout", async () => {
  await emptyCart();
  // Wholesale goods priced per sku with quantity breaks, and a sku (the
  // dearest such, to test the proportion) with stock for the second break.
  const stocked = (g) => Object.entries(g.skuModule.skus).filter(([, s]) => g.priceData.ranges.length > 1 && s.stock >= g.priceData.ranges[1].startQty);
  const g = await findGoods(store, (x) => x.saleable === 1 && stocked(x).length > 0);
  const [key] = stocked(g).sort(([, a], [, b]) => b.prices[0].amount - a.prices[0].amount)[0];
  const qty = g.priceData.ranges[1].startQty;
  await page.goto(`${store.base}/en/tredetail/${g.treId}`);
  await ready();
  await pickSku(key);
  // The quantity table's column for qty pieces.
  const heads = await page.$$eval("table.ranges tr:first-child td", (tds) => tds.map((td) => td.textContent.trim()));
  const col = heads.indexOf(`${qty}+ pcs`);
  assert.ok(col >= 0, "a column for " + qty + " pieces: " + heads);
  const shown = (await page.locator("table.ranges tr:nth-child(2) td").nth(col).textContent()).trim();
  assert.match(shown, /\d/);
  await page.click("[data-testid=add-to-cart]");
  await page.waitForSelector("[data-testid=cart-link] [data-testid=badge]");
  await page.goto(`${store.base}/en/cart`);
  await ready();
  const line = lineOf("[data-testid=cart-line]", g.treId);
  await line.waitFor();
  await line.locator("[data-testid=qty]").fill(String(qty));
  await line.locator("[data-testid=qty]").press("Enter");
  await page.waitForFunction(([id, n]) => {
    const l = [...document.querySelectorAll("[data-testid=cart-line]")].find((x) => x.querySelector(`a[href*="${id}"]`));
    return Number(l?.querySelector("[data-testid=qty]").value) === n && !l.querySelector("[data-testid=qty]").disabled;
  }, [g.treId, qty]);
  assert.equal((await line.locator(".price").textContent()).trim(), shown, "cart unit price = the page's range price");
  await Promise.all([page.waitForURL(/\/en\/makeorder$/), page.click("[data-testid=checkout]")]);
  await ready();
  const out = lineOf("[data-testid=order-line]", g.treId);
  await out.waitFor();
  assert.equal((await out.locator(".muted.small").textContent()).replace(/\s+/g, " ").trim(), `${qty} × ${shown}`, "checkout unit price");
  assert.deepEqual(problems, []);
});

test("the chosen colour, size and capacity follow the line by name, with the sku's picture", async () => {
  await emptyCart();
  // Clothes in colours and sizes: a colour other than the one in its name.
  const cardigan = await findGoods(store, (x) => x.saleable === 1 && x.skuModule.attrs.length === 2 && x.priceData.minQty === 1 &&
    Object.entries(x.skuModule.skus).some(([k, s]) => s.stock > 2 && s.imgId && !k.startsWith(x.skuModule.attrs[0][0].id)));
  const [cKey, cSku] = Object.entries(cardigan.skuModule.skus).find(([k, s]) => s.stock > 2 && s.imgId && !k.startsWith(cardigan.skuModule.attrs[0][0].id));
  const names = (g, key) => key.split(",").map((id, gi) => [g.skuModule.groupNames[gi].txt, g.skuModule.attrs[gi].find((a) => a.id === id).name.txt]);
  await page.goto(`${store.base}/en/tredetail/${cardigan.treId}`);
  await ready();
  await pickSku(cKey);
  await page.click("[data-testid=add-to-cart]");
  await page.waitForSelector("[data-testid=cart-link] [data-testid=badge]");
  // A capacity (one attribute group, no colour) and a dress's colour and custom size.
  const bottle = await findGoods(store, (x) => x.saleable === 1 && x.skuModule.attrs.length === 1 && /capacity/i.test(x.skuModule.groupNames[0].txt) &&
    Object.values(x.skuModule.skus).some((s) => s.stock >= x.priceData.minQty + 1));
  const [bKey, bSku] = Object.entries(bottle.skuModule.skus).filter(([, s]) => s.stock >= bottle.priceData.minQty + 1).pop();
  await add(bottle, bSku.id);
  const dress = await findGoods(store, (x) => x.spe === 1 && x.saleable === 1 && x.stock > 2 &&
    x.scenarioLabels.some((l) => l.labelId === 9 && l.values.some((v) => v.id === 1)) && x.scenarioLabels.some((l) => l.labelId === 2 && l.values.length > 1));
  const colour = dress.scenarioLabels.find((l) => l.labelId === 2);
  const size = dress.scenarioLabels.find((l) => l.labelId === 9);
  await add(dress, "", [{ labelId: 2, optionId: colour.values[1].id }, { labelId: 9, optionId: 1, sizeData: { type: 1, a: 90, b: 70, c: 96, d: 150 } }]);
  const want = [
    [cardigan, names(cardigan, cKey), imageOf(cardigan, cSku.imgId, "tinyImg")],
    [bottle, names(bottle, bKey), null],
    [dress, [[colour.labelName.txt, colour.values[1].name.txt], [size.labelName.txt, size.values.find((v) => v.id === 1).name.txt]], null],
  ];
  const check = async (sel, where) => {
    for (const [g, pairs, img] of want) {
      const line = lineOf(sel, g.treId);
      await line.waitFor();
      const text = await line.locator("[data-testid=line-chosen]").textContent();
      for (const [n, v] of pairs) assert.ok(text.includes(`${n}: ${v}`), `${where}: ${g.treName.txt} shows ${n}: ${v} (got "${text}")`);
      if (img) assert.equal(await line.locator("img").first().getAttribute("src"), where === "cart" ? img : imageOf(g, cSku.imgId, "smallThumbnail"), where + ": the sku's picture");
    }
  };
  await page.goto(`${store.base}/en/cart`);
  await ready();
  await check("[data-testid=cart-line]", "cart");
  assert.match(await lineOf("[data-testid=cart-line]", dress.treId).textContent(), /150/, "cart: the measurements");
  await Promise.all([page.waitForURL(/\/en\/makeorder$/), page.click("[data-testid=checkout]")]);
  await ready();
  await check("[data-testid=order-line]", "checkout");
  const pre = await authed("order/preOrderData", { addressId });
  const placed = await authed("order/makeOrderData", { requestId: crypto.randomUUID(), addressId, total: pre.content.total.amount });
  assert.equal(placed.code, 200, placed.easg);
  // One order per seller: find each line's order.
  const orderOf = {};
  for (const n of placed.content.orderNumbers) {
    for (const l of (await authed("order/detail", { orderNumber: n })).content.lines) orderOf[l.goodsUid] = n;
  }
  for (const n of new Set(Object.values(orderOf))) {
    await page.goto(`${store.base}/en/myorder/${n}`);
    await ready();
    await page.waitForSelector("[data-testid=order-page]");
    const here = want.filter(([g]) => orderOf[g.treId] === n);
    const saved = want.splice(0, want.length, ...here);
    await check("[data-testid=order-line]", "order page");
    want.splice(0, want.length, ...saved);
  }
  // In the shopper's language: the same order read in French names the values in French.
  const number = orderOf[cardigan.treId];
  const fr = (await authed("order/detail", { orderNumber: number }, "fr")).content.lines.find((l) => l.goodsUid === cardigan.treId);
  const en = (await authed("order/detail", { orderNumber: number })).content.lines.find((l) => l.goodsUid === cardigan.treId);
  assert.equal(fr.chosen.length, 2);
  assert.notDeepEqual(fr.chosen.map((c) => c.name.txt), en.chosen.map((c) => c.name.txt), "group names in French");
  // The order mail lists what was chosen.
  for (const [g, pairs] of want) {
    let mail;
    for (let i = 0; i < 50 && !mail; i++) {
      mail = (await (await fetch(store.base + "/dev/outbox.json")).json()).find((m) => m.to === email && m.subject.includes(orderOf[g.treId]));
      if (!mail) await new Promise((r) => setTimeout(r, 100));
    }
    assert.ok(mail, "the order mail");
    for (const [n, v] of pairs) assert.ok(mail.text.includes(`${n}: ${v}`), `mail: ${g.treName.txt} ${n}: ${v}\n${mail.text}`);
  }
  // The seller's view of a paid order: shipping it answers the order as the seller sees it.
  const pay = await authed("order/payChange", { payUid: placed.content.payUid, payMethod: 1, card: { number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123", name: "Ada Shopper" } });
  assert.equal(pay.code, 200, pay.easg);
  const shipped = {};
  for (const n of new Set(Object.values(orderOf))) {
    for (let i = 0; i < 100; i++) {
      if ([200, 1000].includes((await authed("order/detail", { orderNumber: n })).content.status)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const env = await store.ship(token, n);
    assert.equal(env.code, 200, "ship " + n + ": " + env.easg);
    shipped[n] = env.content;
  }
  for (const [g, pairs] of want) {
    const l = shipped[orderOf[g.treId]].lines.find((x) => x.goodsUid === g.treId);
    for (const [n, v] of pairs) assert.ok(l.chosen.some((c) => c.name.txt === n && c.value.txt === v), `seller's view: ${n}: ${v}`);
  }
  assert.deepEqual(problems, []);
});

test("a variant with fewer left than the minimum order is dimmed, with the reason", async () => {
  const short = (g) => Object.entries(g.skuModule.skus).filter(([, s]) => s.stock > 0 && s.stock < g.priceData.minQty);
  const g = await findGoods(store, (x) => x.saleable === 1 && x.skuModule.attrs.length === 1 && short(x).length > 0 &&
    Object.values(x.skuModule.skus).some((s) => s.stock >= x.priceData.minQty));
  const [key, sku] = short(g)[0];
  await page.goto(`${store.base}/en/tredetail/${g.treId}`);
  await ready();
  const chip = page.locator(`[data-testid=attr-group-0] [data-attr-id="${key}"]`);
  assert.ok(await chip.isDisabled(), "cannot be chosen");
  assert.equal(await chip.getAttribute("data-blocked"), "short");
  const name = g.skuModule.attrs[0].find((a) => a.id === key).name.txt;
  assert.match(await page.textContent("[data-testid=attr-group-0] [data-testid=dim-reasons]"),
    new RegExp(`${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: Only ${sku.stock} left, fewer than the minimum order of ${g.priceData.minQty}`));
  // A value that can be bought says "On sale" once chosen.
  const [okKey] = Object.entries(g.skuModule.skus).find(([, s]) => s.stock >= g.priceData.minQty);
  await pickSku(okKey);
  assert.equal(await page.textContent("[data-testid=stock-state]"), "On sale");
  assert.deepEqual(problems, []);
});

test("dress delivery dates say which is which, alike on the product, checkout and order pages", async () => {
  await emptyCart();
  const dress = await findGoods(store, (x) => x.spe === 1 && x.saleable === 1 && x.stock > 2 &&
    x.scenarioLabels.some((l) => l.labelId === 9 && l.values.some((v) => v.id === 1)));
  await page.goto(`${store.base}/en/tredetail/${dress.treId}`);
  await ready();
  const dates = async (sel) => {
    const box = page.locator(sel);
    await box.waitFor();
    const get = async (id) => ((await box.locator(`[data-testid=${id}]`).count()) ? (await box.locator(`[data-testid=${id}]`).textContent()).trim() : null);
    return { text: await box.textContent(), accepted: await get("delivery-accepted"), standard: await get("delivery-standard"), custom: await get("delivery-custom") };
  };
  const all = await dates("[data-testid=delivery]");
  assert.ok(all.accepted && all.standard && all.custom, "before a size is chosen: every date, each named");
  assert.match(all.text, /Standard size: arrives by/);
  assert.match(all.text, /Custom size: arrives around/);
  await page.click(`[data-testid=label-9] [data-option-id="1"]`);
  const custom = await dates("[data-testid=delivery]");
  assert.equal(custom.standard, null, "a custom size does not promise the standard date");
  assert.equal(custom.custom, all.custom);
  for (const l of dress.scenarioLabels) if (l.labelId !== 9) await page.click(`[data-testid=label-${l.labelId}] [data-option-id="${l.values[0].id}"]`);
  for (const [m, v] of [["a", "90"], ["b", "70"], ["c", "96"], ["d", "150"]]) await page.selectOption(`[data-testid=measure-${m}]`, v);
  await page.click("[data-testid=add-to-cart]");
  await page.waitForSelector("[data-testid=cart-link] [data-testid=badge]");
  await page.goto(`${store.base}/en/makeorder`);
  await ready();
  const atCheckout = await dates("[data-testid=order-delivery]");
  assert.deepEqual([atCheckout.accepted, atCheckout.standard, atCheckout.custom], [custom.accepted, null, custom.custom], "checkout tells the same dates");
  const pre = await authed("order/preOrderData", { addressId });
  const placed = await authed("order/makeOrderData", { requestId: crypto.randomUUID(), addressId, total: pre.content.total.amount });
  assert.equal(placed.code, 200, placed.easg);
  await page.goto(`${store.base}/en/myorder/${placed.content.orderNumbers[0]}`);
  await ready();
  const onOrder = await dates("[data-testid=order-page] [data-testid=order-delivery]");
  assert.deepEqual([onOrder.accepted, onOrder.standard, onOrder.custom], [custom.accepted, null, custom.custom], "the order page too");
  assert.deepEqual(problems, []);
});

// SHOTS=dir takes screenshots of the pages this file covers (phone and
// desktop, en and ar).
test("screenshots", { skip: !process.env.SHOTS }, async () => {
  const dir = process.env.SHOTS;
  mkdirSync(dir, { recursive: true });
  await emptyCart();
  const cardigan = await findGoods(store, (x) => x.saleable === 1 && x.skuModule.attrs.length === 2 && x.priceData.minQty === 1);
  const [, cSku] = Object.entries(cardigan.skuModule.skus).find(([, s]) => s.stock > 2);
  await add(cardigan, cSku.id);
  const dress = await findGoods(store, (x) => x.spe === 1 && x.saleable === 1 && x.stock > 2);
  await add(dress, "", dress.scenarioLabels.map((l) => (l.labelId === 9 ? { labelId: 9, optionId: 1, sizeData: { type: 1, a: 90, b: 70, c: 96, d: 150 } } : { labelId: l.labelId, optionId: l.values[1]?.id ?? l.values[0].id })));
  const perfume = await findGoods(store, (x) => x.skuModule.attrs.length === 1 && x.priceData.ranges.length > 1 &&
    Object.values(x.skuModule.skus).some((s) => s.stock > 0 && s.stock < x.priceData.minQty));
  const pre = await authed("order/preOrderData", { addressId });
  const placed = await authed("order/makeOrderData", { requestId: crypto.randomUUID(), addressId, total: pre.content.total.amount });
  let dressOrder = placed.content.orderNumbers[0];
  for (const n of placed.content.orderNumbers) {
    if ((await authed("order/detail", { orderNumber: n })).content.lines.some((l) => l.goodsUid === dress.treId)) dressOrder = n;
  }
  await add(cardigan, cSku.id);
  await add(dress, "", [{ labelId: 2, optionId: dress.scenarioLabels.find((l) => l.labelId === 2).values[0].id }, { labelId: 9, optionId: 140 }]);
  for (const [w, h] of [[412, 915], [1280, 900]]) {
    await page.setViewportSize({ width: w, height: h });
    for (const lang of ["en", "ar"]) {
      for (const [name, path] of [["perfume", `/tredetail/${perfume.treId}`], ["dress", `/tredetail/${dress.treId}`], ["cart", "/cart"],
        ["makeorder", "/makeorder"], ["order", `/myorder/${dressOrder}`]]) {
        await page.goto(`${store.base}/${lang}${path}`);
        await ready();
        await page.waitForTimeout(700);
        await page.screenshot({ path: `${dir}/${name}-${lang}-${w}.png`, fullPage: true });
      }
    }
  }
});

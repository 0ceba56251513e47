import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startStore, launch, watch, findGoods } from "./harness.mjs";

let store, browser;
before(async () => { store = await startStore(); browser = await launch(); });
after(async () => { await browser?.close(); await store?.stop(); });

// signedInPage registers email through the API and returns a page signed
// in through the login form, with its console problems watched.
async function signedInPage(email, viewport) {
  await store.register(email);
  const page = await browser.newPage({ viewport });
  const problems = watch(page);
  await page.goto(`${store.base}/en/login?redirect=%2Fen%2F`);
  await page.waitForFunction(() => document.documentElement.dataset.ready === "1");
  await page.fill("input[name=email]", email);
  await page.click("[data-testid=login-step1] button[type=submit]");
  await page.fill("input[name=password]", "secret123");
  await Promise.all([page.waitForURL(`${store.base}/en/`), page.click("[data-testid=login-submit]")]);
  await page.waitForSelector("[data-testid=me]");
  return { page, problems };
}

test("add to cart from the product page, see the badge, change the quantity, remove", async () => {
  const { page, problems } = await signedInPage("cart@example.com", { width: 412, height: 915 });
  // Goods that need no choice: add from its product page.
  const g = await findGoods(store, (x) => !x.needsPick && x.saleable === 1 && x.stock > 5 && x.priceData.minQty === 1);
  await page.goto(`${store.base}/en/tredetail/${g.treId}`);
  await page.waitForFunction(() => document.documentElement.dataset.ready === "1");
  await page.click("[data-testid=add-to-cart]");
  await page.waitForSelector("[data-testid=cart-link] [data-testid=badge]");
  assert.match(await page.textContent("[data-testid=cart-link] [data-testid=badge]"), /^[1-9]\d*$/);
  await page.click("[data-testid=cart-link]");
  await page.waitForSelector("[data-testid=cart-line]");
  const before = Number(await page.inputValue("[data-testid=qty]"));
  await page.click("[data-testid=qty-plus]");
  await page.waitForFunction((n) => Number(document.querySelector("[data-testid=qty]").value) === n + 1, before);
  assert.match(await page.textContent("[data-testid=cart-total]"), /\$/);
  await page.click("[data-testid=remove]");
  await page.waitForSelector("[data-testid=cart-empty]");
  assert.deepEqual(problems, []);
  await page.close();
});

test("a double click on a card's add-to-cart adds once", async () => {
  const { page, problems } = await signedInPage("card-double@example.com", { width: 1280, height: 900 });
  // A card that needs no choice and has no minimum quantity (so one add puts
  // exactly one piece), on its seller's page.
  const pick = await findGoods(store, (x) => !x.needsPick && x.saleable === 1 && x.stock > 5 && x.priceData.minQty === 1);
  await page.goto(`${store.base}/en/biger/seller/${pick.ownerUid}`);
  await page.waitForFunction(() => document.documentElement.dataset.ready === "1");
  const card = page.locator(`article.card:has(a[href*="/${pick.treId}"])`).first();
  const adds = [];
  page.on("request", (r) => { if (r.url().endsWith("/shoppingIncrRP")) adds.push(r.postData()); });
  await card.locator(".add").dblclick();
  await page.waitForSelector("[data-testid=cart-link] [data-testid=badge]");
  await page.waitForTimeout(600); // let a second add, if one was sent, land before counting
  assert.equal(adds.length, 1, "one add request for a double click");
  await page.goto(`${store.base}/en/cart`);
  await page.waitForSelector("[data-testid=cart-line]");
  assert.deepEqual(await page.$$eval("[data-testid=qty]", (xs) => xs.map((x) => Number(x.value))), [1]);
  assert.deepEqual(problems, []);
  await page.close();
});

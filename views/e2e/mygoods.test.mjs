// My goods (issue 11, point 4): a seller (a signed-up user made the owner
// of a demo identity through the development helper) takes an item off
// sale, changes its stock per sku and deletes another, and the product
// page, the API and search follow at once.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startStore, launch, watch, findGoods } from "./harness.mjs";

const email = "seller@example.com";
let store, browser, token, goods;

const ready = (page) => page.waitForFunction(() => document.documentElement.dataset.ready === "1");

before(async () => {
  store = await startStore();
  browser = await launch();
  token = (await store.register(email)).token;
  // Goods with several skus and no minimum: every sku's stock counts.
  goods = await findGoods(store, (x) => x.saleable === 1 && x.priceData.minQty === 1 && Object.keys(x.skuModule?.skus ?? {}).length > 1 && x.stock > 0);
  store.attachSeller(email, goods.owner.uid);
});
after(async () => { await browser?.close(); await store?.stop(); });

// stockState reads the product page as a visitor gets it (the page cache),
// until it says want: the first visit after a change may get the old page
// while the new one renders (stale-while-revalidate), within moments.
// toastSeen resolves once a toast with text has been shown, even for a
// moment: "Stock saved." lasts one second (SPEC §9), which a loaded
// machine's polling can miss, so the page watches for it itself. Call it
// before the click that shows the toast.
function toastSeen(page, text) {
  return page.evaluate((text) => new Promise((resolve, reject) => {
    const shown = () => [...document.querySelectorAll(".toast")].some((t) => t.textContent.includes(text));
    const o = new MutationObserver(() => { if (shown()) { o.disconnect(); resolve(true); } });
    o.observe(document.body, { childList: true, subtree: true, characterData: true });
    setTimeout(() => { o.disconnect(); reject(new Error("no toast " + JSON.stringify(text) + " within 30 s")); }, 30000);
  }), text);
}

async function stockState(page, treId, want) {
  let got = "";
  for (let i = 0; i < 10; i++) {
    await page.goto(`${store.base}/en/tredetail/${treId}`);
    await ready(page);
    got = (await page.textContent("[data-testid=stock-state]")).trim();
    if (got === want) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return got;
}

test("a seller takes an item off sale, changes its stock and deletes another; pages follow at once", async () => {
  // Not a seller's business: a visitor and a shopper cannot list or change anything.
  assert.equal((await store.authed("", "tre/myTreList", {})).code, 401);
  const ctx = await browser.newContext({ viewport: { width: 412, height: 915 } });
  const page = await ctx.newPage();
  const problems = watch(page);
  const visitor = await (await browser.newContext()).newPage();
  assert.equal(await stockState(visitor, goods.treId, "On sale"), "On sale");

  await page.goto(`${store.base}/en/login?redirect=%2Fen%2Fmygoods`);
  await ready(page);
  await page.fill("input[name=email]", email);
  await page.click("[data-testid=login-step1] button[type=submit]");
  await page.fill("input[name=password]", "secret123");
  await Promise.all([page.waitForURL(/\/en\/mygoods$/), page.click("[data-testid=login-submit]")]);
  await ready(page);
  const item = page.locator(`[data-testid=mygoods-item][data-tre="${goods.treId}"]`);
  await item.waitFor();
  assert.match(await page.getAttribute("meta[name=robots]", "content"), /noindex/);
  // The owner's card: no cart button; its menu has Edit and Delete.
  assert.equal(await item.locator("button.add").count(), 0);
  await item.locator("button.more").click();
  assert.equal(await page.getAttribute("[data-testid=card-menu-pop] [data-testid=card-edit]", "href"), `/en/createTre/${goods.treId}`);
  await page.keyboard.press("Escape");

  // The owner's view of public pages, learnt after hydration: the product
  // page shows the sale and review status and no cart button; the
  // identity page's cards have the owner's menu.
  await page.goto(`${store.base}/en/tredetail/${goods.treId}`);
  await ready(page);
  await page.locator("[data-testid=owner-bar]", { hasText: "Reviewed" }).waitFor();
  assert.equal(await page.locator("[data-testid=add-to-cart]").count(), 0);
  assert.equal(await visitor.locator("[data-testid=add-to-cart]").count(), 1);
  await page.goto(`${store.base}/en/biger/seller/${goods.owner.uid}`);
  await ready(page);
  const first = page.locator("article.card").first();
  await first.locator("button.more").click();
  await page.locator("[data-testid=card-menu-pop] [data-testid=card-edit]").waitFor();
  assert.equal(await page.locator("[data-testid=card-menu-pop] [data-testid=card-delete]").count(), 1);
  await page.keyboard.press("Escape");
  await page.goto(`${store.base}/en/mygoods`);
  await ready(page);
  await item.waitFor();

  // Off sale: the product page says so at once.
  await item.locator("[data-testid=mygoods-toggle]").click();
  await item.locator("[data-testid=mygoods-sale]", { hasText: "Off sale" }).waitFor();
  assert.equal(await stockState(visitor, goods.treId, "Not available"), "Not available");
  await item.locator("[data-testid=mygoods-toggle]").click();
  await item.locator("[data-testid=mygoods-sale]", { hasText: "On sale" }).waitFor();
  assert.equal(await stockState(visitor, goods.treId, "On sale"), "On sale");

  // Stock: every sku to 0 is not available; one sku at 7 is on sale again.
  const inputs = item.locator("[data-testid=mygoods-stock]");
  const n = await inputs.count();
  assert.ok(n > 1, "a stock field per sku");
  for (let i = 0; i < n; i++) await inputs.nth(i).fill("0");
  let saved = toastSeen(page, "Stock saved.");
  await item.locator("[data-testid=mygoods-save-stock]").click();
  await saved;
  assert.equal(await stockState(visitor, goods.treId, "Not available"), "Not available");
  // Bad input is refused in the browser: the save button stays off.
  await inputs.nth(0).fill("-3");
  assert.equal(await item.locator("[data-testid=mygoods-save-stock]").isDisabled(), true);
  assert.match(await item.locator("[data-testid=mygoods-stock-error]").textContent(), /whole number from 0 to 1,000,000,000/, "and says why");
  await inputs.nth(0).fill("7");
  assert.equal(await item.locator("[data-testid=mygoods-stock-error]").count(), 0);
  saved = toastSeen(page, "Stock saved.");
  await item.locator("[data-testid=mygoods-save-stock]").click();
  await saved;
  assert.equal(await stockState(visitor, goods.treId, "On sale"), "On sale");
  const detail = await store.api("tre/getTreDetail", { treId: goods.treId });
  const sku = await inputs.nth(0).getAttribute("data-sku");
  assert.equal(Object.values(detail.skuModule.skus).find((k) => k.id === sku).stock, 7);

  // Delete another item through its card menu: gone from the list, its page and search.
  const other = page.locator(`[data-testid=mygoods-item]:not([data-tre="${goods.treId}"])`).first();
  const otherId = await other.getAttribute("data-tre");
  await other.locator("button.more").click();
  await page.click("[data-testid=card-menu-pop] [data-testid=card-delete]");
  await page.click("[data-testid=delete-confirm]");
  await page.locator(`[data-testid=mygoods-item][data-tre="${otherId}"]`).waitFor({ state: "detached" });
  assert.equal((await fetch(`${store.base}/en/tredetail/${otherId}`)).status, 404);
  const list = await store.authed(token, "tre/myTreList", { pageSize: 60 });
  assert.ok(!list.content.list.some((x) => x.treId === otherId), "deleted item still listed");
  assert.deepEqual(problems, []);
  await ctx.close();
});

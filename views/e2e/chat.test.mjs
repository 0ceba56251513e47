// Chat in the browser (issue 13): a shopper asks a dress's seller from its
// page; the seller, in another browser, sees the toast and the badge and
// answers with text and a photo; the shopper, with two tabs open, sees the
// reply in both. Then three tabs: the main one (holding the socket) closes,
// another takes over within 6 s (SPEC §4: it claims at its next 2 s check,
// the closing tab gives up its stamp) and no message written meanwhile is
// lost or shown twice.
// SHOTS=dir also takes screenshots of bigchat (phone and desktop, en and ar).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { startStore, launch, ready, signIn, findGoods, png } from "./harness.mjs";

let store, browser;
before(async () => { store = await startStore(); browser = await launch(); });
after(async () => { await browser?.close(); await store?.stop(); });

// socketUp waits until some tab of the context holds an open socket.
async function socketUp(page) {
  await page.waitForFunction(() => document.documentElement.dataset.socket === "opened", null, { timeout: 30_000 });
}

// seqs lists the stored messages a conversation page shows, in order.
async function seqs(page) {
  return page.$$eval("[data-testid=chat-msg][data-seq]", (els) => els.map((e) => Number(e.dataset.seq)));
}

async function shown(page, text) {
  await page.locator("[data-testid=chat-msg]", { hasText: text }).first().waitFor({ timeout: 30_000 });
}

function inOrderOnce(list) {
  assert.deepEqual(list, [...new Set(list)].sort((a, b) => a - b), "in order, none twice: " + list.join(","));
}

test("shopper asks a seller about a dress; the seller answers; every tab sees it; a new main tab loses nothing", async () => {
  const dress = await findGoods(store, (g) => g.spe === 1 && g.saleable === 1);
  const sellerEmail = `seller-${dress.owner.uid}@example.com`.toLowerCase();
  const sellerToken = await store.sellerToken(dress.owner.uid);
  assert.ok(sellerToken);
  const shopperEmail = "asker@example.com";
  const shopperToken = (await store.register(shopperEmail))?.token;
  assert.ok(shopperToken);

  // The seller waits on the home page of a desktop browser.
  const seller = await signIn(browser, store, sellerEmail, "/en/", { viewport: { width: 1280, height: 900 } });
  await socketUp(seller.page);

  // The shopper asks from the dress's page.
  const shopper = await signIn(browser, store, shopperEmail, "/en/tredetail/" + dress.treId);
  await Promise.all([seller.page, shopper.page].map(ready));
  await Promise.all([shopper.page.waitForURL(/\/en\/bigchat\?c=cv/), shopper.page.click("[data-testid=chat-seller]")]);
  await ready(shopper.page);
  const conv = new URL(shopper.page.url()).searchParams.get("c");
  await shopper.page.locator("[data-testid=chat-attached] [data-testid=chat-card]", { hasText: dress.treName.txt }).waitFor(); // the dress is attached
  await socketUp(shopper.page);
  await shopper.page.fill("[data-testid=chat-input]", "Hello, is this dress available in blue?");
  await shopper.page.press("[data-testid=chat-input]", "Enter");
  await shopper.page.locator("[data-testid=chat-msg][data-seq]", { hasText: "available in blue" }).waitFor();

  // The seller: a toast and the badge; the toast opens the conversation.
  const toast = seller.page.locator("[data-testid=chat-toast]");
  await toast.waitFor();
  assert.match(await toast.textContent(), /available in blue/);
  await seller.page.locator("[data-testid=chat-link] [data-testid=badge]", { hasText: /^[1-9]/ }).waitFor();
  if (process.env.SHOTS) {
    mkdirSync(process.env.SHOTS, { recursive: true });
    await seller.page.screenshot({ path: `${process.env.SHOTS}/chat-toast-en-1280.png` });
  }
  await Promise.all([seller.page.waitForURL(new RegExp("/en/bigchat\\?c=" + conv)), toast.click()]);
  await ready(seller.page);
  await shown(seller.page, "available in blue");
  await seller.page.locator("[data-testid=chat-link] [data-testid=badge]").waitFor({ state: "detached" }); // read

  // The shopper opens a second tab on the conversation before the answer.
  const tab2 = await shopper.ctx.newPage();
  await tab2.goto(`${store.base}/en/bigchat?c=${conv}`);
  await ready(tab2);
  await shown(tab2, "available in blue");

  await seller.page.fill("[data-testid=chat-input]", "Yes, blue and ivory. https://example.com/colours");
  await seller.page.click("[data-testid=chat-send]");
  await seller.page.setInputFiles("[data-testid=chat-pick-photo]", { name: "blue.png", mimeType: "image/png", buffer: png(600, 800, [40, 80, 200]) });
  await seller.page.locator("[data-testid=chat-msg][data-seq] img.chat-img").waitFor({ timeout: 30_000 });
  for (const p of [shopper.page, tab2]) {
    await shown(p, "blue and ivory");
    await p.locator("[data-testid=chat-msg] img.chat-img").waitFor({ timeout: 30_000 });
    const link = p.locator("[data-testid=chat-msg] a[href='https://example.com/colours']");
    assert.equal(await link.getAttribute("rel"), "nofollow ugc noopener noreferrer");
  }
  // The shopper read it: the seller's last message says so.
  await seller.page.locator("[data-testid=chat-msg].mine", { hasText: "Read" }).last().waitFor();

  // Three tabs: close the main one; another takes over; nothing is lost.
  const tab3 = await shopper.ctx.newPage();
  await tab3.goto(`${store.base}/en/bigchat?c=${conv}`);
  await ready(tab3);
  const tabs = [shopper.page, tab2, tab3];
  const mainOf = async () => {
    for (const p of tabs) if (await p.evaluate(() => document.documentElement.dataset.socket === "opened")) return p;
    return null;
  };
  let main = null;
  for (let i = 0; i < 50 && !main; i++) { main = await mainOf(); if (!main) await tabs[0].waitForTimeout(200); }
  assert.ok(main, "one tab holds the socket");
  const rest = tabs.filter((p) => p !== main);
  await main.close();
  // Written while no tab holds a socket: fetched on the new main's resume.
  for (const text of ["Gap message one", "Gap message two"]) {
    const env = await store.authed(sellerToken, "chat/send", { uid: conv, appId: "gap-" + text, type: 1, content: text });
    assert.equal(env.code, 200, JSON.stringify(env));
  }
  await Promise.any(rest.map((p) => p.waitForFunction(() => document.documentElement.dataset.socket === "opened", null, { timeout: 30_000 })));
  await seller.page.fill("[data-testid=chat-input]", "After the takeover");
  await seller.page.press("[data-testid=chat-input]", "Enter");
  for (const p of rest) {
    await shown(p, "Gap message two");
    await shown(p, "After the takeover");
    const list = await seqs(p);
    inOrderOnce(list);
    assert.equal(list.length, (await seqs(seller.page)).length, "the shopper's tab has every message the seller has");
  }

  // A long conversation opens at its newest page; scrolling up loads the rest.
  for (let i = 1; i <= 15; i++) {
    for (const [who, tok] of [["shopper", shopperToken], ["seller", sellerToken]]) {
      const env = await store.authed(tok, "chat/send", { uid: conv, appId: `long-${who}-${i}`, type: 1, content: `Line ${i} from the ${who}` });
      assert.equal(env.code, 200, JSON.stringify(env));
    }
  }
  const long = rest[0];
  await long.reload();
  await ready(long);
  await shown(long, "Line 15 from the seller");
  assert.ok(!(await seqs(long)).includes(1), "only the newest page at first");
  await long.locator("[data-testid=chat-msgs]").evaluate((el) => { el.scrollTop = 0; el.dispatchEvent(new Event("scroll")); });
  await long.locator("[data-testid=chat-msg][data-seq='1']").waitFor();
  inOrderOnce(await seqs(long));

  if (process.env.SHOTS) {
    mkdirSync(process.env.SHOTS, { recursive: true });
    const p = rest[0];
    for (const [w, h] of [[412, 915], [1280, 900]]) {
      await p.setViewportSize({ width: w, height: h });
      for (const lang of ["en", "ar"]) {
        await p.goto(`${store.base}/${lang}/bigchat`);
        await ready(p);
        await p.locator("[data-testid=chat-row]").first().waitFor();
        await p.screenshot({ path: `${process.env.SHOTS}/chat-list-${lang}-${w}.png` });
        await p.goto(`${store.base}/${lang}/bigchat?c=${conv}`);
        await ready(p);
        await shown(p, "Line 15 from the seller");
        // It opens at the bottom and stays there while the attached item loads.
        await p.waitForFunction(() => { const el = document.querySelector("[data-testid=chat-msgs]"); return el && el.scrollHeight - el.scrollTop - el.clientHeight < 2; });
        await p.locator("[data-testid=chat-attached] img").waitFor();
        await p.screenshot({ path: `${process.env.SHOTS}/chat-conv-${lang}-${w}.png` });
      }
    }
  }
  for (const x of [seller, shopper]) assert.deepEqual(x.problems, []);
  await seller.ctx.close();
  await shopper.ctx.close();
});

test("customer service answers about an order; a message written offline is queued and sent once when back", async () => {
  const buyer = "cs-buyer@example.com";
  const { token } = await store.register(buyer);
  const g = await findGoods(store, (x) => !x.needsPick && x.saleable === 1 && x.stock > 20 && x.priceData.minQty === 1);
  const number = (await store.placeOrder(token, g)).orderNumbers[0];

  // From the order page to customer service, the order attached.
  const shopper = await signIn(browser, store, buyer, `/en/myorder/${number}`);
  await shopper.page.locator("[data-testid=order-service]").waitFor();
  await Promise.all([shopper.page.waitForURL(/\/en\/bigchat\?c=cv/), shopper.page.click("[data-testid=order-service]")]);
  await ready(shopper.page);
  const conv = new URL(shopper.page.url()).searchParams.get("c");
  await shopper.page.locator("[data-testid=chat-attached] [data-testid=chat-order]", { hasText: number }).waitFor();
  await socketUp(shopper.page);
  await shopper.page.fill("[data-testid=chat-input]", "When will my order ship?");
  await shopper.page.press("[data-testid=chat-input]", "Enter");
  await shopper.page.locator("[data-testid=chat-msg][data-seq]", { hasText: "my order ship" }).waitFor();

  // An operator answers from bigchat.
  const op = await signIn(browser, store, "operator@souk.test", "/en/bigchat", { password: "souk-demo", viewport: { width: 1280, height: 900 } });
  await op.page.locator("[data-testid=chat-row]", { hasText: "cs-buyer" }).first().click();
  await shown(op.page, "my order ship");
  await op.page.locator("[data-testid=chat-attached] [data-testid=chat-order]", { hasText: number }).waitFor();
  await op.page.fill("[data-testid=chat-input]", "It ships within two days.");
  await op.page.press("[data-testid=chat-input]", "Enter");
  await shown(shopper.page, "ships within two days");

  // Offline: the message waits with a Retry, then goes once when back.
  await shopper.ctx.setOffline(true);
  await shopper.page.fill("[data-testid=chat-input]", "Written offline");
  await shopper.page.press("[data-testid=chat-input]", "Enter");
  await shopper.page.locator("[data-testid=chat-msg][data-state=queued]", { hasText: "Written offline" }).waitFor();
  await shopper.page.locator("[data-testid=chat-msg][data-state=queued] [data-testid=chat-retry]").waitFor();
  await shopper.ctx.setOffline(false);
  await shopper.page.locator("[data-testid=chat-msg][data-seq]", { hasText: "Written offline" }).waitFor({ timeout: 40_000 });
  await shown(op.page, "Written offline");
  const list = await seqs(shopper.page);
  inOrderOnce(list);
  assert.equal((await shopper.page.$$("[data-testid=chat-msg]:not([data-seq])")).length, 0, "nothing left pending");
  assert.equal(await op.page.locator("[data-testid=chat-msg]", { hasText: "Written offline" }).count(), 1, "sent once");
  assert.equal(conv.length > 2, true);
  // Going offline fails the requests made meanwhile; nothing else may.
  assert.deepEqual(shopper.problems.filter((p) => !/INTERNET_DISCONNECTED|ERR_NETWORK_CHANGED|WebSocket/.test(p)), []);
  assert.deepEqual(op.problems, []);
  await shopper.ctx.close();
  await op.ctx.close();
});

// Customer service's assistant in the browser (issue 14 point 5): a
// shopper opens customer service from an order, asks where it is and gets
// its real status, marked as the assistant's answer with its engine; asks
// for a person and sees the handover; an operator finds the conversation
// marked as waiting for a person, the whole conversation kept.
// SHOTS=dir also takes screenshots (360 and 1280 px, en and ar).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync } from "node:fs";
import { startStore, launch, ready, signIn, findGoods } from "./harness.mjs";

let store, browser;
before(async () => { store = await startStore(); browser = await launch(); });
after(async () => { await browser?.close(); await store?.stop(); });

const en = JSON.parse(readFileSync(new URL("../../locales/en.json", import.meta.url), "utf8"));

async function ask(page, text) {
  await page.fill("[data-testid=chat-input]", text);
  await page.press("[data-testid=chat-input]", "Enter");
  await page.locator("[data-testid=chat-msg][data-seq]", { hasText: text }).waitFor();
}

// answer waits for the assistant's answer holding text.
function answer(page, text) {
  return page.locator("[data-testid=chat-msg][data-bot]", { hasText: text }).last();
}

test("the assistant answers where an order is, then hands over to a person", async () => {
  const buyer = "assist-buyer@example.com";
  const { token } = await store.register(buyer);
  const g = await findGoods(store, (x) => !x.needsPick && x.saleable === 1 && x.stock > 20 && x.priceData.minQty === 1);
  const number = (await store.placeOrder(token, g)).orderNumbers[0];

  const shopper = await signIn(browser, store, buyer, `/en/myorder/${number}`, { viewport: { width: 360, height: 780 } });
  await shopper.page.locator("[data-testid=order-service]").waitFor();
  await Promise.all([shopper.page.waitForURL(/\/en\/bigchat\?c=cv/), shopper.page.click("[data-testid=order-service]")]);
  await ready(shopper.page);
  const conv = new URL(shopper.page.url()).searchParams.get("c");
  await shopper.page.locator("[data-testid=chat-assist-note]").waitFor();

  await ask(shopper.page, "Where is my order?");
  const a1 = answer(shopper.page, number);
  await a1.waitFor({ timeout: 30_000 });
  assert.match(await a1.textContent(), new RegExp(en.OrderStatus100));
  assert.equal(await a1.locator("[data-testid=chat-bot]").textContent(), en.ChatAssistantBy.replace("{engine}", "builtin"));

  await ask(shopper.page, "I would like to talk to a person");
  await answer(shopper.page, en.AssistHandover.slice(0, 40)).waitFor({ timeout: 30_000 });
  // After the handover the assistant keeps quiet.
  await ask(shopper.page, "Is it in stock?");
  await shopper.page.waitForTimeout(1500);
  assert.equal(await shopper.page.locator("[data-testid=chat-msg][data-bot]").count(), 2, "no answer after the handover");

  // The operator sees it waiting for a person, with the whole conversation.
  const op = await signIn(browser, store, "operator@souk.test", "/en/bigchat", { password: "souk-demo", viewport: { width: 1280, height: 900 } });
  const row = op.page.locator("[data-testid=chat-row]", { hasText: "assist-buyer" }).first();
  await row.locator("[data-testid=chat-needs-person]").waitFor();
  await row.click();
  await op.page.locator("[data-testid=chat-msg]", { hasText: "Is it in stock?" }).waitFor();
  assert.equal(await op.page.locator("[data-testid=chat-msg][data-bot]").count(), 2, "the assistant's answers are kept for the person");

  if (process.env.SHOTS) {
    mkdirSync(process.env.SHOTS, { recursive: true });
    await op.page.screenshot({ path: `${process.env.SHOTS}/assistant-staff-en-1280.png` });
    for (const lang of ["en", "ar"]) {
      if (lang === "ar") await shopper.page.goto(`${store.base}/ar/bigchat?c=${conv}`);
      for (const w of [360, 1280]) {
        await shopper.page.setViewportSize({ width: w, height: w === 360 ? 780 : 900 });
        await shopper.page.goto(`${store.base}/${lang}/bigchat?c=${conv}`);
        await ready(shopper.page);
        await shopper.page.locator("[data-testid=chat-msg][data-bot]").first().waitFor();
        await shopper.page.screenshot({ path: `${process.env.SHOTS}/assistant-${lang}-${w}.png` });
      }
    }
  }
  assert.deepEqual(shopper.problems, []);
  assert.deepEqual(op.problems, []);
  await shopper.ctx.close();
  await op.ctx.close();
});

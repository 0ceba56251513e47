import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startStore, launch } from "./harness.mjs";

// The client side of the error catalogue (SPEC §8), driven by answers the
// test puts in place of the server's.
let store, browser;
before(async () => { store = await startStore(); browser = await launch(); });
after(async () => { await browser?.close(); await store?.stop(); });

async function loginWith(answer) {
  const page = await browser.newPage();
  await page.route("**/api/v1/souk/loginByPwd", (route) => answer(route));
  await page.goto(`${store.base}/en/login`);
  await page.waitForFunction(() => document.documentElement.dataset.ready === "1");
  await page.fill("input[name=email]", "someone@example.com");
  await page.click("[data-testid=login-step1] button[type=submit]");
  await page.fill("input[name=password]", "secret123");
  await page.click("[data-testid=login-submit]");
  return page;
}

const envelope = (code, easg = "") => (route) => route.fulfill({ contentType: "application/json", body: JSON.stringify({ code, easg, content: null }) });

test("126 shows the message and goes to /block/126", async () => {
  const page = await loginWith(envelope(126, "Your account is under review."));
  await page.waitForURL(/\/en\/block\/126$/);
  assert.ok(await page.isVisible("[data-testid=block-page]"));
  await page.close();
});

test("5500001 opens the region menu with the server's message", async () => {
  const page = await loginWith(envelope(5500001, "Choose where you shop first."));
  // The toast shows for one second (SPEC §8) while the region menu's code
  // loads, which on a loaded machine takes longer: read it as it shows.
  const toast = await page.waitForSelector(".toast");
  assert.match(await toast.textContent(), /Choose where you shop first/);
  await page.waitForSelector("[data-testid=region-select]");
  await page.close();
});

for (const [code, shown] of [[441, "Slow down, please."], [150, "Something specific."], [5001, "A business rule."], [443, "An exception occurs"], [999, "An exception occurs"]]) {
  test(`code ${code} shows ${shown === "An exception occurs" ? "the generic message" : "the server message"}`, async () => {
    const page = await loginWith(envelope(code, code === 443 || code === 999 ? "internal detail" : shown));
    const toast = await page.waitForSelector(".toast"); // shown for one second: read as it shows
    assert.equal((await toast.textContent()).trim(), shown);
    await page.close();
  });
}

test("a network failure says so", async () => {
  const page = await loginWith((route) => route.abort("connectionrefused"));
  const toast = await page.waitForSelector(".toast");
  assert.equal((await toast.textContent()).trim(), "API call failed");
  await page.close();
});

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startStore, launch, watch } from "./harness.mjs";

let store, browser;
before(async () => { store = await startStore(); browser = await launch(); });
after(async () => { await browser?.close(); await store?.stop(); });

// A tiny valid PNG (1×1 red) and a text file posing as a picture.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC", "base64");

test("edit profile: rename, crop and upload an avatar; a non-image is refused", async () => {
  // Sign up through the API, then put the session into the browser by logging in.
  const email = "pro@example.com";
  const t0 = Date.now() - 1000;
  await store.api("get/registerByEmail/verifycode", { email });
  const code = await store.lastCode(email, t0);
  const crypto = await import("node:crypto");
  const pw = crypto.createHash("sha256").update("souk|" + email + "|secret123").digest("hex");
  await store.api("registerByEmail", { email, password: pw, verifyCode: code });
  const page = await browser.newPage({ viewport: { width: 412, height: 915 } });
  const problems = watch(page);
  await page.goto(`${store.base}/en/login?redirect=%2Fen%2FeditProfile`);
  await page.waitForFunction(() => document.documentElement.dataset.ready === "1");
  await page.fill("input[name=email]", email);
  await page.click("[data-testid=login-step1] button[type=submit]");
  await page.fill("input[name=password]", "secret123");
  await Promise.all([page.waitForURL(/editProfile/), page.click("[data-testid=login-submit]")]);
  await page.waitForSelector("[data-testid=save-name]");
  await page.fill("input[name=username]", "Pro Shopper");
  await page.click("[data-testid=save-name]");
  await page.waitForSelector(".toast");
  await page.setInputFiles("[data-testid=pick-avatar]", { name: "me.png", mimeType: "image/png", buffer: PNG });
  await page.waitForSelector("[data-testid=crop-done]");
  await page.click("[data-testid=crop-done]");
  await page.waitForSelector("[data-testid=avatar-img]");
  assert.match(await page.getAttribute("[data-testid=avatar-img]", "src"), /^\/media\/uploads\/avatar\/[0-9a-f]{24}\/[0-9a-f]{32}-s\.jpg$/);
  await page.setInputFiles("[data-testid=pick-avatar]", { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hi") });
  // Said beside the buttons (it stays), not in a passing toast.
  await page.waitForFunction(() => /not an image we can read/.test(document.querySelector("[data-testid=pic-error]")?.textContent ?? ""));
  assert.deepEqual(problems, []);
  // The public page shows the new name.
  const me = await page.evaluate(() => document.querySelector("[data-testid=me]")?.getAttribute("title"));
  assert.equal(me, "Pro Shopper");
  await page.close();
});

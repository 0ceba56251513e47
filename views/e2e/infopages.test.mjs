// The store's own pages (issue 15, point 4): the contact form signed out
// (mailed to customer service, Reply-To the sender) and signed in (posted
// into the shopper's chat with customer service, seen in bigchat); the app
// download page as an Android phone, an iPhone, a desktop (the QR code) and
// inside the app; the direct Android download page. Every page axe-clean
// without sideways scroll at 360 px, in English and Arabic.
// SHOTS=dir also takes screenshots (360 and 1280, en and ar).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync, rmSync } from "node:fs";
import { createHash, randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startStore, launch, ready, signIn, watch, axe, sweepPage } from "./harness.mjs";

const UA = {
  android: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36",
  ios: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  app: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 SoukApp/1.4.2",
};
const PHONE = { width: 360, height: 800 };
const DESKTOP = { width: 1280, height: 900 };

// An APK as the store's configuration names it (a zip archive, as every
// APK is), and the stores' pages.
const apkDir = mkdtempSync(join(tmpdir(), "souk-apk-"));
const apk = Buffer.concat([Buffer.from("PK\x03\x04"), randomBytes(40_000)]);
const apkSha = createHash("sha256").update(apk).digest("hex");
writeFileSync(join(apkDir, "souk.apk"), apk);
Object.assign(process.env, {
  ANDROID_APK: join(apkDir, "souk.apk"), ANDROID_APK_VERSION: "1.4.2",
  PLAY_STORE_URL: "https://play.google.com/store/apps/details?id=test.souk", APP_STORE_URL: "https://apps.apple.com/app/id1000000000",
});

let store, browser;
before(async () => { store = await startStore(); browser = await launch(); });
after(async () => { await browser?.close(); await store?.stop(); rmSync(apkDir, { recursive: true, force: true }); });

async function open(ctxOpts, path) {
  const ctx = await browser.newContext(ctxOpts);
  const page = await ctx.newPage();
  const problems = watch(page);
  const res = await page.goto(store.base + path);
  assert.equal(res.status(), 200, path);
  await ready(page);
  return { ctx, page, problems };
}

async function fill(page, fields) {
  for (const [name, value] of Object.entries(fields)) await page.fill(`[name=${name}]`, value);
}

test("a visitor's message is mailed to customer service, with their address to answer", async () => {
  const { ctx, page, problems } = await open({ viewport: PHONE }, "/en/contact");
  assert.equal(await page.getAttribute("[data-testid=contact-form]", "data-signed-in"), "0");
  // Nothing filled in: each field says what it needs, and nothing is sent.
  await page.click("[data-testid=contact-submit]");
  for (const f of ["name", "email", "subject", "message"]) await page.waitForSelector(`#f-${f}[aria-invalid=true]`);
  await fill(page, { name: "Laila Ahmed", email: "laila@example.com", subject: "Parcel SK-1", message: "My parcel has not arrived yet." });
  await page.fill("[name=email]", "laila@example");
  await page.click("[data-testid=contact-submit]");
  await page.waitForSelector("#f-email[aria-invalid=true]");
  await page.fill("[name=email]", "Laila@Example.com");
  // Counted as the server counts (code points): 1031 characters, though
  // the emoji are 2000 UTF-16 units, leave 769 of 1800 and are sent.
  await page.fill("[name=message]", "My parcel has not arrived yet. " + "🙂".repeat(1000));
  assert.match(await page.textContent("#f-message-left"), /769/);
  await page.click("[data-testid=contact-submit]");
  await page.waitForSelector("[data-testid=contact-sent][data-via=mail]");
  assert.match(await page.textContent("[data-testid=contact-sent]"), /laila@example\.com/);
  const mails = await (await fetch(store.base + "/dev/outbox.json")).json();
  const m = mails.find((e) => e.subject === "Contact form: Parcel SK-1");
  assert.ok(m, "mailed to customer service");
  assert.equal(m.to, "help@souk.test");
  assert.match(m.replyTo, /Laila Ahmed.*<laila@example\.com>/);
  assert.match(m.text, /My parcel has not arrived yet\./);
  assert.deepEqual(problems, []);
  await ctx.close();
});

test("a shopper's message goes to their chat with customer service and shows in bigchat", async () => {
  const email = "contact-shopper@example.com";
  await store.register(email);
  const { ctx, page, problems } = await signIn(browser, store, email, "/en/contact", { viewport: PHONE });
  await page.waitForSelector("[data-testid=contact-form][data-signed-in='1']");
  assert.equal(await page.$("[name=email]"), null, "no address asked of a signed-in shopper");
  await fill(page, { subject: "Dress size", message: "Does the evening dress run small?" });
  await page.click("[data-testid=contact-submit]");
  await page.waitForSelector("[data-testid=contact-sent][data-via=chat]");
  await Promise.all([page.waitForURL(/\/en\/bigchat\?c=cv/), page.click("[data-testid=contact-open-chat]")]);
  await ready(page);
  await page.locator("[data-testid=chat-msg]", { hasText: "Does the evening dress run small?" }).first().waitFor({ timeout: 30_000 });
  assert.match(await page.locator("[data-testid=chat-msg]").last().textContent(), /Dress size/);
  assert.deepEqual(problems, []);
  await ctx.close();
});

test("downloadapp offers what the device can install", async () => {
  // An Android phone: the Play Store and the APK, no App Store, no QR code.
  let { ctx, page, problems } = await open({ viewport: PHONE, userAgent: UA.android }, "/en/downloadapp");
  await page.waitForSelector("[data-testid=downloadapp][data-platform=android]");
  assert.equal(await page.getAttribute("[data-testid=badge-play]", "href"), process.env.PLAY_STORE_URL);
  assert.equal(await page.$("[data-testid=badge-appstore]"), null);
  assert.equal(await page.$("[data-testid=app-qr]"), null);
  await Promise.all([page.waitForURL(/\/en\/dlandroidapp$/), page.click("[data-testid=apk-link]")]);
  await ready(page);
  assert.equal(await page.getAttribute("[data-testid=apk-download]", "href"), "/download/souk-android-1.4.2.apk");
  assert.equal(await page.textContent("[data-testid=apk-sha]"), apkSha);
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("[data-testid=apk-download]")]);
  assert.equal(download.suggestedFilename(), "souk-android-1.4.2.apk");
  assert.equal(createHash("sha256").update(readFileSync(await download.path())).digest("hex"), apkSha);
  assert.deepEqual(problems, []);
  await ctx.close();

  // An iPhone: the App Store only.
  ({ ctx, page, problems } = await open({ viewport: PHONE, userAgent: UA.ios }, "/en/downloadapp"));
  await page.waitForSelector("[data-testid=downloadapp][data-platform=ios]");
  assert.ok(await page.$("a[data-testid=badge-appstore]"));
  assert.equal(await page.$("[data-testid=badge-play]"), null);
  assert.equal(await page.$("[data-testid=apk-link]"), null);
  assert.deepEqual(problems, []);
  await ctx.close();

  // A desktop: both stores and a QR code of this page's address.
  ({ ctx, page, problems } = await open({ viewport: DESKTOP }, "/ar/downloadapp"));
  await page.waitForSelector("[data-testid=downloadapp][data-platform=desktop]");
  assert.ok(await page.$("a[data-testid=badge-play]") && await page.$("a[data-testid=badge-appstore]"));
  const qr = page.locator("[data-testid=app-qr] img");
  await qr.waitFor({ state: "visible" });
  await page.waitForFunction(() => document.querySelector("[data-testid=app-qr] img")?.naturalWidth > 0);
  assert.equal(await qr.getAttribute("src"), "/qr/downloadapp-ar.svg");
  assert.deepEqual(problems, []);
  await ctx.close();

  // Inside the app: no prompt to download what is already installed.
  ({ ctx, page, problems } = await open({ viewport: PHONE, userAgent: UA.app }, "/en/downloadapp"));
  await page.waitForSelector("[data-testid=app-inside]");
  assert.equal(await page.$("[data-testid=badge-play]"), null);
  assert.equal(await page.$("[data-testid=apk-link]"), null);
  await page.goto(store.base + "/en/dlandroidapp");
  await ready(page);
  await page.waitForSelector("[data-testid=app-inside]");
  assert.equal(await page.$("[data-testid=apk-download]"), null);
  assert.deepEqual(problems, []);
  await ctx.close();
});

test("the pages are axe-clean without sideways scroll, phone and desktop, en and ar", async () => {
  const shots = process.env.SHOTS;
  if (shots) mkdirSync(shots, { recursive: true });
  const found = [];
  for (const lang of ["en", "ar"]) {
    for (const viewport of [PHONE, DESKTOP]) {
      const { ctx, page, problems } = await open({ viewport }, `/${lang}/contact`);
      for (const name of ["contact", "downloadapp", "dlandroidapp"]) {
        const shot = shots ? `${shots}/${name}-${lang}-${viewport.width}.png` : "";
        found.push(...await sweepPage(page, store, lang, "/" + name, { shot }));
        if (name === "contact") { // the form's messages too
          await page.click("[data-testid=contact-submit]");
          await page.waitForSelector("#f-subject[aria-invalid=true]");
          found.push(...await axe(page, `${lang}/${name} refused @${viewport.width}`));
        }
      }
      assert.deepEqual(problems, []);
      await ctx.close();
    }
  }
  for (const f of found) console.log(f);
  assert.equal(found.length, 0, "axe violations (listed above)");
});

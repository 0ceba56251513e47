// Issue 11 point 1: a new user registers an entity and applies as a seller
// in the browser (field errors in the user's language, an avatar cropped and
// uploaded); an operator passes both through the API; /biger/seller/me then
// opens the approved identity page. A phone-sized window throughout.
// SHOTS=dir also takes screenshots of both forms (phone and desktop, en and ar).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import { deflateSync } from "node:zlib";
import { startStore, launch, watch } from "./harness.mjs";

let store, browser;
before(async () => { store = await startStore(); browser = await launch(); });
after(async () => { await browser?.close(); await store?.stop(); });

const ready = (page) => page.waitForFunction(() => document.documentElement.dataset.ready === "1");
const pw = (email, p) => createHash("sha256").update("souk|" + email + "|" + p).digest("hex");

// png draws a w×h picture of one colour.
function png(w, h) {
  const crcT = Array.from({ length: 256 }, (_, n) => { let c = n; for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; return c >>> 0; });
  const crc = (b) => { let c = 0xffffffff; for (const x of b) c = crcT[(c ^ x) & 255] ^ (c >>> 8); return (c ^ 0xffffffff) >>> 0; };
  const chunk = (type, data) => {
    const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const c = Buffer.alloc(4); c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13); ihdr.writeUInt32BE(w, 0); ihdr.writeUInt32BE(h, 4); ihdr[8] = 8; ihdr[9] = 2;
  const rows = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) rows.set([200, 80 + (x % 100), 60], y * (w * 3 + 1) + 1 + x * 3);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk("IHDR", ihdr), chunk("IDAT", deflateSync(rows)), chunk("IEND", Buffer.alloc(0))]);
}

async function call(token, method, path, body) {
  const r = await fetch(store.base + "/api/v1/souk/" + path, { method, headers: { "Content-Type": "application/json", TOKEN: token, ALAN: "en" }, body: body ? JSON.stringify(body) : undefined });
  return r.json();
}

async function shots(page, name) {
  if (!process.env.SHOTS) return;
  mkdirSync(process.env.SHOTS, { recursive: true });
  for (const lang of ["en", "ar"]) {
    for (const width of [412, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${store.base}/${lang}/${name}`);
      await ready(page);
      await page.waitForSelector("[data-testid=data-form], [data-testid=entity-form], [data-testid=identity-form]");
      await page.screenshot({ path: `${process.env.SHOTS}/${name.replace(/\W+/g, "_")}-${lang}-${width}.png`, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 412, height: 915 });
}

test("entity, seller application, operator's pass, identity page", async () => {
  const email = "journey-seller@example.com";
  const reg = await store.register(email);
  assert.ok(reg?.token);
  const page = await browser.newPage({ viewport: { width: 412, height: 915 } });
  const problems = watch(page);
  await page.goto(`${store.base}/en/login?redirect=%2Fen%2Fbigerentity`);
  await ready(page);
  await page.fill("input[name=email]", email);
  await page.click("[data-testid=login-step1] button[type=submit]");
  await page.fill("input[name=password]", "secret123");
  await Promise.all([page.waitForURL(`${store.base}/en/bigerentity`), page.click("[data-testid=login-submit]")]);
  await ready(page);
  assert.equal(await page.getAttribute("meta[name=robots]", "content"), "noindex, nofollow");

  // Entity: a person; an empty save names the missing fields.
  await page.click("[data-testid=entity-person]");
  await page.waitForSelector("[data-testid=entity-form]");
  await page.click("[data-testid=form-submit]");
  assert.equal(await page.textContent("label[for=f-fullName] .hint.error"), "This field is required.");
  await page.fill("input[name=fullName]", "A");
  await page.selectOption("select[name=country]", "PT");
  await page.click("[data-testid=form-submit]");
  assert.equal(await page.textContent("label[for=f-fullName] .hint.error"), "Please write at least 2 characters.");
  await page.fill("input[name=fullName]", "Ana Lima");
  await page.click("[data-testid=form-submit]");
  await page.waitForSelector("[data-testid=review-banner][data-status='1']");
  await shots(page, "bigerentity");

  // /biger/seller/me opens the application while there is no seller page.
  await Promise.all([page.waitForURL(`${store.base}/en/editbigerprofile/seller`), page.goto(`${store.base}/en/biger/seller/me`)]);
  await ready(page);
  await page.waitForSelector("[data-testid=identity-form]");
  assert.equal(await page.$("[data-testid=review-banner]"), null, "nothing submitted yet");
  await page.fill("input[name=name]", "Lima Linen");
  await page.fill("input[name=title]", "Linen woven in Porto");
  await page.fill("textarea[name=brief]", "Table linen and towels, woven on old looms.");
  await page.selectOption("select[name=country]", "PT");
  await page.setInputFiles("[data-testid=pick-avatar]", { name: "me.png", mimeType: "image/png", buffer: png(400, 300) });
  await page.click("[data-testid=crop-done]");
  await page.waitForSelector("[data-testid=img-avatar]");
  await page.click("[data-testid=form-submit]");
  await page.waitForSelector("[data-testid=review-banner][data-status='1']");
  await shots(page, "editbigerprofile/seller");

  // The operator decides through the API (the back office comes next).
  const op = await call("", "POST", "loginByPwd", { name: "operator@souk.test", password: pw("operator@souk.test", "souk-demo") });
  assert.equal(op.code, 200, op.easg);
  const opToken = op.content.token;
  const ents = await call(opToken, "POST", "operations/biggerentity/list", {});
  const ent = ents.content.find((e) => e.owner === email);
  assert.ok(ent, "the entity waits in the queue");
  assert.equal((await call(opToken, "POST", "operations/biggerentity/decide", { uid: ent.uid, action: "pass" })).code, 200);
  const ids = await call(opToken, "POST", "operations/biggeridentity/list", { identityType: 22 });
  const app = ids.content.find((e) => e.owner === email);
  assert.ok(app?.submitted?.avatar, "the application carries the uploaded avatar");
  assert.equal((await call(opToken, "POST", "operations/biggeridentity/decide", { uid: app.uid, action: "pass" })).code, 200);

  // Now /biger/seller/me opens the public page.
  await Promise.all([page.waitForURL(`${store.base}/en/biger/seller/${app.uid}`), page.goto(`${store.base}/en/biger/seller/me`)]);
  await ready(page);
  assert.match(await page.textContent("h1"), /Lima Linen/);
  assert.match(await page.textContent("main"), /Linen woven in Porto/);
  // And the owner's form says it is approved.
  await page.goto(`${store.base}/en/editbigerprofile/seller`);
  await ready(page);
  await page.waitForSelector("[data-testid=review-banner][data-status='2']");
  assert.ok(await page.$("[data-testid=identity-live]"));
  assert.deepEqual(problems, []);
  await page.close();
});

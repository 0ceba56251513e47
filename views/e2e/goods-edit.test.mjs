// Issue 11 points 2 and 3: a seller creates a dress in the goods form on a
// phone (pictures cropped and uploaded, colours, the custom size and
// standard sizes, variants, prices in two currencies with two quantity
// ranges and a minimum quantity), submits it; the operator passes it
// in the back office's goods queue and it appears on its page. SHOTS=dir also takes
// screenshots of the form (phone and desktop, en and ar).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import { deflateSync } from "node:zlib";
import { startStore, launch, watch, axe, ready } from "./harness.mjs";

let store, browser;
before(async () => { store = await startStore(); browser = await launch(); });
after(async () => { await browser?.close(); await store?.stop(); });

const pw = (email, p) => createHash("sha256").update("souk|" + email + "|" + p).digest("hex");
const SELLER = "atelier-lumiere@souk.test";
// auditForm audits the filled form (the a11y sweep sees it empty) in en and ar.
async function auditForm(page, path) {
  const found = [];
  for (const lang of ["en", "ar"]) {
    await page.goto(`${store.base}/${lang}/${path}`);
    await ready(page);
    await page.waitForSelector("[data-testid=sku-table]");
    found.push(...await axe(page, `${lang}/${path}`));
  }
  return found;
}

// png draws a w×h picture.
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
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) rows.set([240, 220 - (y % 90), 200], y * (w * 3 + 1) + 1 + x * 3);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk("IHDR", ihdr), chunk("IDAT", deflateSync(rows)), chunk("IEND", Buffer.alloc(0))]);
}

async function call(token, method, path, body) {
  const r = await fetch(store.base + "/api/v1/souk/" + path, { method, headers: { "Content-Type": "application/json", TOKEN: token, ALAN: "en" }, body: body ? JSON.stringify(body) : undefined });
  return r.json();
}

async function shots(page, path) {
  if (!process.env.SHOTS) return;
  mkdirSync(process.env.SHOTS, { recursive: true });
  for (const lang of ["en", "ar"]) {
    for (const width of [412, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${store.base}/${lang}/${path}`);
      await ready(page);
      await page.waitForSelector("[data-testid=goods-form]");
      await page.screenshot({ path: `${process.env.SHOTS}/${path.replace(/\W+/g, "_")}-${lang}-${width}.png`, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 412, height: 915 });
}

async function addPicture(page, n) {
  await page.setInputFiles("[data-testid=pick-images]", { name: `dress${n}.png`, mimeType: "image/png", buffer: png(600, 800) });
  await page.click("[data-testid=crop-done]");
  await page.waitForFunction((k) => document.querySelectorAll("[data-testid=image-list] li").length === k, n);
}

test("a seller lists a dress, the operator passes it, it is on its page", async () => {
  const page = await browser.newPage({ viewport: { width: 412, height: 915 } });
  const problems = watch(page);
  await page.goto(`${store.base}/en/login?redirect=%2Fen%2FcreateTre%2F0`);
  await ready(page);
  await page.fill("input[name=email]", SELLER);
  await page.click("[data-testid=login-step1] button[type=submit]");
  await page.fill("input[name=password]", "souk-demo");
  await Promise.all([page.waitForURL(`${store.base}/en/createTre/0`), page.click("[data-testid=login-submit]")]);
  await ready(page);
  await page.waitForSelector("[data-testid=goods-form]");
  assert.equal(await page.getAttribute("meta[name=robots]", "content"), "noindex, nofollow");

  // An empty submit names the missing fields in the reader's language.
  await page.click("[data-testid=form-submit]");
  assert.equal(await page.textContent("label[for=f-name] .hint.error"), "This field is required.");

  await page.fill("input[name=name]", "Ivory linen wedding dress");
  // Leaving with unsaved changes asks first; staying keeps the form.
  const asked = new Promise((r) => page.once("dialog", (d) => { r(d.type()); void d.dismiss(); }));
  await page.evaluate(() => { setTimeout(() => { location.href = "/en/cart"; }, 0); });
  assert.equal(await asked, "beforeunload");
  assert.equal(await page.inputValue("input[name=name]"), "Ivory linen wedding dress");
  await page.fill("textarea[name=brief]", "Light linen, made to measure.");
  await page.fill("[data-testid=intro]", "<p>Hand <strong>sewn</strong> in Lyon.</p><script>alert(1)</script>");
  await page.selectOption("select[name=spe]", "1");
  await page.selectOption("select[name=category]", "dresses");
  await addPicture(page, 1);
  await addPicture(page, 2);
  // Reorder by button (keyboard and phones): picture 2 first.
  await page.click("[data-testid=image-list] li:nth-child(2) button[aria-label^='Move up']");

  // One attribute group (colour) with two values, a variant each.
  await page.click("[data-testid=add-group]");
  await page.fill("[data-testid=group-0-name]", "Colour");
  await page.fill("[data-testid=group-0-value-0]", "Ivory");
  await page.click("[data-testid=attr-group-0] >> text=Add a value");
  await page.fill("[data-testid=group-0-value-1]", "Blush");
  await page.click("[data-testid=fill-skus]");
  await page.fill("[data-testid=sku-0-price]", "120.00");
  await page.fill("[data-testid=sku-0-stock]", "5");
  await page.fill("[data-testid=sku-1-price]", "125.00");
  await page.fill("[data-testid=sku-1-stock]", "3");

  // Colour swatches, standard sizes and the custom size.
  await page.click("[data-testid=add-colour]");
  await page.fill("[data-testid=colour-0-name]", "Ivory");
  await page.click("[data-testid=add-colour]");
  await page.fill("[data-testid=colour-1-name]", "Blush");
  await page.check("[data-testid=sizes-standard]");
  await page.check("[data-testid=sizes-custom]");
  await page.fill("[data-testid=custom-add]", "29.00");

  // Fixed prices in two currencies, two quantity ranges, a minimum quantity.
  await page.selectOption("select[name=priceType]", "3");
  await page.click("[data-testid=add-price]");
  await page.selectOption("[data-testid=price-0-c]", "USD");
  await page.fill("[data-testid=price-0-amount]", "120.005");
  await page.click("[data-testid=add-price]");
  await page.selectOption("[data-testid=price-1-c]", "EUR");
  await page.fill("[data-testid=price-1-amount]", "110.50");
  await page.click("[data-testid=add-range]");
  await page.fill("[data-testid=range-0-qty]", "2");
  await page.fill("[data-testid=range-0-amount]", "115.00");
  await page.click("[data-testid=add-range]");
  await page.fill("[data-testid=range-1-qty]", "5");
  await page.fill("[data-testid=range-1-amount]", "100.00");
  await page.fill("input[name=minQty]", "2");

  // Three decimals for US dollars: the server names the field.
  await page.click("[data-testid=form-submit]");
  await page.waitForSelector("[data-error='prices.0.amount']");
  assert.equal(await page.textContent("[data-error='prices.0.amount']"), "Too many decimal places for this currency.");
  await page.fill("[data-testid=price-0-amount]", "120.00");
  await page.click("[data-testid=form-submit]");
  await page.waitForSelector("[data-testid=review-banner][data-status='1']");
  await page.waitForURL(/\/en\/createTre\/tr[0-9a-f]+$/);
  const treId = page.url().split("/").pop();
  await shots(page, "createTre/" + treId);
  assert.deepEqual(await auditForm(page, "createTre/" + treId), []);

  // What waits for review is what the server kept: the intro sanitised, both pictures.
  const op = await call("", "POST", "loginByPwd", { name: "operator@souk.test", password: pw("operator@souk.test", "souk-demo") });
  assert.equal(op.code, 200, op.easg);
  const queue = await call(op.content.token, "POST", "operations/treasure/list", {});
  const item = queue.content.find((g) => g.treId === treId);
  assert.ok(item, "the dress waits in the queue");
  assert.equal(item.submitted.intro, "<p>Hand <strong>sewn</strong> in Lyon.</p>", "the intro was sanitised on the server");
  assert.equal(item.submitted.images.length, 2);

  // The operator passes it in the back office's goods queue.
  const ops = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const opPage = await ops.newPage();
  await opPage.goto(`${store.base}/en/login?redirect=${encodeURIComponent("/en/operations/showtreasure")}`);
  await ready(opPage);
  await opPage.fill("input[name=email]", "operator@souk.test");
  await opPage.click("[data-testid=login-step1] button[type=submit]");
  await opPage.fill("input[name=password]", "souk-demo");
  await Promise.all([opPage.waitForURL(`${store.base}/en/operations/showtreasure`), opPage.click("[data-testid=login-submit]")]);
  await ready(opPage);
  await opPage.click(`[data-testid=ops-row][data-uid="${treId}"]`);
  await opPage.waitForSelector(`[data-testid=ops-detail][data-uid="${treId}"] [data-testid=ops-diff]`);
  await opPage.click("[data-testid=ops-pass]");
  await opPage.waitForSelector(`[data-testid=ops-row][data-uid="${treId}"]`, { state: "detached" });
  await ops.close();

  // The owner's form says it is approved and links its page, which shows it.
  await page.goto(`${store.base}/en/createTre/${treId}`);
  await ready(page);
  await page.waitForSelector("[data-testid=review-banner][data-status='2']");
  await Promise.all([page.waitForURL(new RegExp(`/en/tredetail/${treId}`)), page.click("[data-testid=goods-live]")]);
  await ready(page);
  assert.match(await page.textContent("h1"), /Ivory linen wedding dress/);
  const detail = await call("", "POST", "tre/getTreDetail", { treId });
  assert.equal(detail.code, 200);
  assert.deepEqual(detail.content.scenarioLabels.map((l) => l.labelId), [2, 9]);
  assert.ok(detail.content.scenarioLabels[1].values.some((v) => v.id === 1), "the custom size is offered");
  assert.equal(detail.content.priceData.minQty, 2);
  assert.equal(detail.content.priceData.ranges.length, 2);
  assert.deepEqual(problems, []);
  await page.close();
});

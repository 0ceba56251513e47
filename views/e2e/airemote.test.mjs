// Issue 14's flows against a local OpenAI-compatible endpoint (fakeai.mjs)
// instead of the built-in engines: the store's AI_BASE_URL, AI_MODEL,
// AI_IMAGE_MODEL and AI_API_KEY point at it. A dress variation is made and
// refined twice by its image model, then the last version is had made on
// make-line and followed until the maker ships it; "Write with AI" and
// "Fill missing languages" are answered by its chat model, the ten
// languages' pages showing its translations. Each page names the remote
// engine, and the endpoint's request counts show it did the work.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startStore, launch, signIn, findGoods } from "./harness.mjs";
import { startFakeAI, FAKE_MODEL, FAKE_IMAGE_MODEL, FAKE_DRAFT } from "./fakeai.mjs";
import { variationRefinedTwice, haveItMade } from "./creation-steps.mjs";
import { saveAddress, orderMakeLine, followMaker } from "./makeline-steps.mjs";
import { demoTokens, writeWithAI, fillTen } from "./ai-steps.mjs";

let fake, store, browser;
const calls = (path) => fake.counts[path] ?? 0;

before(async () => {
  fake = await startFakeAI();
  store = await startStore({ env: fake.env });
  browser = await launch();
});
after(async () => { await browser?.close(); await store?.stop(); await fake?.stop(); });

// cornerRed is the red of the top left pixel of the version's picture (the
// endpoint's pictures have one red throughout).
function cornerRed(page) {
  return page.locator("[data-testid=creation-image]").evaluate(async (img) => {
    await img.decode();
    const c = document.createElement("canvas");
    c.width = img.naturalWidth; c.height = img.naturalHeight;
    const g = c.getContext("2d");
    g.drawImage(img, 0, 0);
    return g.getImageData(2, 2, 1, 1).data[0];
  });
}

test("the endpoint's image model makes a variation and refines it twice; the last version is made, paid and shipped", async () => {
  const email = "remote-creator@example.com";
  const { token } = await store.register(email);
  await saveAddress(store, token);
  const dress = await findGoods(store, (g) => g.spe === 1 && g.aiGenModels.length > 0);
  const b = await signIn(browser, store, email, "/en/tredetail/" + dress.treId);
  const edits = calls("/v1/images/edits");
  const first = await variationRefinedTwice(b.page, store, dress, new RegExp(`remote:${FAKE_IMAGE_MODEL}`));
  assert.equal(calls("/v1/images/edits") - edits, 3, "one edit per version, by the endpoint");
  // The pictures shown are the endpoint's: the first in the colour asked
  // for (emerald), the refinements, which ask for none, grey.
  assert.deepEqual(fake.colours.slice(-3), ["1f7a55", "", ""]);
  assert.ok(Math.abs(await cornerRed(b.page) - 0x8c) < 8, "version 3 shows the endpoint's grey picture");
  const third = b.page.url();
  await b.page.goto(first);
  assert.ok(Math.abs(await cornerRed(b.page) - 0x1f) < 8, "version 1 shows the endpoint's emerald picture");
  await b.page.goto(third);
  await b.page.waitForSelector("[data-testid=creation-description]");

  await haveItMade(b.page, dress);
  const number = await orderMakeLine(b.page);
  await followMaker(browser, store, { ...b, token }, number);
  assert.deepEqual(b.problems, []);
  await b.ctx.close();
});

test("Write with AI and Fill missing languages are answered by the endpoint's chat model", async () => {
  const tokens = await demoTokens(store);
  const before = calls("/v1/chat/completions");
  const remote = `remote:${FAKE_MODEL}`;
  const named = new RegExp(`the AI service \\(${FAKE_MODEL}\\)`);
  await writeWithAI(browser, store, { engine: remote, named, name: FAKE_DRAFT.name, brief: /fake engine/ });
  const drafted = calls("/v1/chat/completions");
  assert.ok(drafted > before, "the draft came from the endpoint");
  await fillTen(browser, store, tokens, { engine: remote, named, material: (l) => `[${l}] Material` });
  assert.ok(calls("/v1/chat/completions") > drafted, "the translations came from the endpoint");
});

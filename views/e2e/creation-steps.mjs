// AI creation steps shared by the browser tests that make versions (with
// the embedded engine in creation.test, with a local endpoint in
// airemote.test).
import assert from "node:assert/strict";
import { ready } from "./harness.mjs";
import { choose } from "./makeline-steps.mjs";

// make fills the creation form (prompt, swatch, pattern, length: what is
// given) and makes a version, waiting for its page.
export async function make(page, { swatch, pattern, length, prompt }) {
  if (prompt) await page.fill("[data-testid=creation-prompt]", prompt);
  for (const [group, key] of [["swatch", swatch], ["pattern", pattern], ["length", length]]) {
    if (key) await page.click(`[data-testid=creation-${group}] [data-key=${key}]`);
  }
  const before = page.url();
  await Promise.all([page.waitForURL((u) => u.href !== before && /\/ai-creation\/[^/]+\/[0-9a-f]+$/.test(u.pathname)), page.click("[data-testid=creation-make]")]);
  await page.waitForSelector("[data-testid=creation-description]");
}

// variationRefinedTwice goes from dress's page to its creation page, makes
// an emerald variation and refines it twice (shorter, then dotted); it
// answers the first version's address and leaves page on the third.
export async function variationRefinedTwice(page, store, dress, engine) {
  await Promise.all([page.waitForURL(`${store.base}/en/ai-creation/${dress.treId}`), page.click("[data-testid=ai-create]")]);
  await page.waitForSelector("[data-testid=creation-form]");
  assert.match(await page.textContent("[data-testid=creation-tips]"), /neckline/);
  await make(page, { swatch: "emerald", prompt: "a little lighter" });
  assert.match(await page.textContent("h1"), /Version 1/);
  assert.match(await page.textContent("[data-testid=creation-engine]"), engine);
  assert.match(await page.textContent("[data-testid=creation-description]"), /Emerald/);
  const first = page.url();
  await make(page, { length: "short" });
  assert.match(await page.textContent("h1"), /Version 2/);
  await make(page, { pattern: "dots" });
  assert.match(await page.textContent("h1"), /Version 3/);
  assert.match(await page.textContent("[data-testid=creation-parent]"), /version 2/);
  assert.match(await page.textContent("[data-testid=creation-engine]"), engine);
  return first;
}

// haveItMade, on a version's page, follows "Have it made" to its make-line
// page and makes a complete choice of the version's dress there.
export async function haveItMade(page, dress) {
  const uid = new URL(page.url()).pathname.split("/").pop();
  await Promise.all([page.waitForURL((u) => u.pathname === `/en/makeline/${uid}`), page.click("[data-testid=creation-makeline]")]);
  await choose(page, dress);
  await page.reload();
  await ready(page);
  await page.waitForSelector("[data-testid=makeline-page]");
  return uid;
}

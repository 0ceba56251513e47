// A local OpenAI-compatible endpoint for browser tests: the store's Remote
// engines (AI_BASE_URL) talk to it as to a provider. Its answers are
// deterministic and of the shapes the store parses (app/ai/remote*.go):
// a streamed draft, translations marked "[lang] text", an edited picture
// (a PNG in the requested colour) and embeddings. It counts the requests
// per path, so a test can tell it was used and not the built-in engines.
import http from "node:http";
import { createHash } from "node:crypto";
import { png } from "./harness.mjs";

export const FAKE_MODEL = "fake-chat-1";
export const FAKE_IMAGE_MODEL = "fake-image-1";
export const FAKE_DRAFT = { name: "Fake Engine Silk Dress", brief: "Silk dress written by the fake engine.", intro: "A dress.", introAttrs: [{ k: "Material", v: "Silk" }] };

const usage = { prompt_tokens: 50, completion_tokens: 40, total_tokens: 90 };

// chat answers one chat completion: a stream (the draft, in pieces) or
// one message (translations, a search rewrite).
function chat(req, res) {
  const [sys, user] = req.messages ?? [];
  if (req.stream) {
    res.writeHead(200, { "Content-Type": "text/event-stream" });
    const text = JSON.stringify(FAKE_DRAFT);
    for (let i = 0; i < text.length; i += 40) res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: text.slice(i, i + 40) } }] })}\n\n`);
    res.write(`data: ${JSON.stringify({ choices: [], usage })}\n\ndata: [DONE]\n\n`);
    return res.end();
  }
  let content = "";
  if (sys?.content?.startsWith("You translate")) {
    const doc = JSON.parse(user.content);
    const out = {};
    for (const l of doc.to) out[l] = Object.fromEntries(Object.entries(doc.texts).map(([k, v]) => [k, `[${l}] ${v}`]));
    content = JSON.stringify(out);
  } else if (sys?.content?.startsWith("You rewrite")) {
    content = user.content.replace(/^\(\w+\)\s*/, "");
  } else {
    content = "{}";
  }
  json(res, { choices: [{ message: { role: "assistant", content } }], usage });
}

// GREY is the red, green and blue of an edit that asks for no colour.
export const GREY = "8c8c8c";

// edit answers an image edit (multipart: image, prompt, model) with a PNG
// whose red is the colour the prompt's data asks for, or grey's (png keeps
// red throughout), and notes the colour asked in colours.
function edit(body, res, colours) {
  const text = body.toString("latin1");
  if (!/name="image"/.test(text) || !/name="model"\r\n\r\n/.test(text)) return json(res, { error: { message: "no image" } }, 400);
  const asked = /\\?"colour\\?":\\?"#([0-9a-fA-F]{6})/.exec(text)?.[1]?.toLowerCase();
  colours.push(asked ?? "");
  const hex = asked ?? GREY;
  const rgb = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  json(res, { data: [{ b64_json: png(256, 320, rgb).toString("base64") }], usage: { input_tokens: 10, output_tokens: 20, total_tokens: 30 } });
}

// embed answers one small deterministic vector per input.
function embed(req, res) {
  const inputs = Array.isArray(req.input) ? req.input : [req.input];
  const data = inputs.map((s, index) => {
    const h = createHash("sha256").update(JSON.stringify(s)).digest();
    return { index, embedding: Array.from(h.subarray(0, 16), (b) => b / 255 - 0.5) };
  });
  json(res, { data, usage: { prompt_tokens: inputs.length, total_tokens: inputs.length } });
}

function json(res, v, status = 200) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(v));
}

// startFakeAI listens on a free port and answers { url, counts, colours,
// env, stop }: counts maps a path to how many requests it had; colours are
// the image edits' colours asked for, in order ("" for none); env is what a
// store needs to use it.
export async function startFakeAI() {
  const counts = {};
  const colours = [];
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const path = new URL(req.url, "http://x").pathname;
      counts[path] = (counts[path] ?? 0) + 1;
      if (req.method !== "POST" || req.headers.authorization !== "Bearer fake-key") return json(res, { error: { message: "unauthorised" } }, 401);
      const body = Buffer.concat(chunks);
      try {
        if (path === "/v1/chat/completions") return chat(JSON.parse(body), res);
        if (path === "/v1/images/edits") return edit(body, res, colours);
        if (path === "/v1/embeddings") return embed(JSON.parse(body), res);
      } catch (e) {
        return json(res, { error: { message: String(e) } }, 400);
      }
      json(res, { error: { message: "not found" } }, 404);
    });
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  const url = `http://127.0.0.1:${server.address().port}`;
  return {
    url,
    counts,
    colours,
    env: { AI_BASE_URL: url, AI_MODEL: FAKE_MODEL, AI_IMAGE_MODEL: FAKE_IMAGE_MODEL, AI_API_KEY: "fake-key" },
    stop: () => new Promise((ok) => { server.closeAllConnections(); server.close(ok); }),
  };
}

import type { Frame } from "../stores/search";
import type { CallContext } from "./client";
import { APP_VERSION } from "./client";
import { currentToken } from "../lib/session";
import "../lib/shell"; // every chunk reaches the shell: it stays one chunk

// streamSearch posts a search (or any streamed call: AI creation) and calls
// onFrame for every NDJSON line as it arrives; it sends the session, so
// signed-in calls stream too. Errors follow SPEC §8: a non-success status is CallFailed; a
// network failure is NetworkConFailed offline, CallFailed online.
export async function streamSearch<F = Frame>(ctx: CallContext, path: string, body: BodyInit, json: boolean,
  onFrame: (f: F) => void, signal: AbortSignal): Promise<void> {
  let res: Response;
  const headers: Record<string, string> = { TOKEN: currentToken(), ALAN: ctx.lang, RE: ctx.region, CU: ctx.currency, apv: APP_VERSION };
  if (json) headers["Content-Type"] = "application/json";
  try {
    res = await fetch("/api/v1/souk/" + path, { method: "POST", body, headers, credentials: "include", signal });
  } catch (e) {
    if ((e as Error).name === "AbortError") throw e;
    throw new Error(navigator.onLine === false ? ctx.t("NetworkConFailed") : ctx.t("CallFailed"));
  }
  if (!res.ok || !res.body) throw new Error(ctx.t("CallFailed"));
  const reader = res.body.getReader();
  const dec = new TextDecoder();
  let buf = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buf += dec.decode(value, { stream: true });
      let nl: number;
      while ((nl = buf.indexOf("\n")) >= 0) {
        const line = buf.slice(0, nl).trim();
        buf = buf.slice(nl + 1);
        if (line) onFrame(JSON.parse(line) as F);
      }
    }
  } catch (e) {
    if ((e as Error).name === "AbortError") throw e;
    throw new Error(ctx.t("ErrorOccurs"));
  }
}

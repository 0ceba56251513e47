// The API client: every call sends TOKEN, ALAN, RE, CU and apv, unwraps the
// {code, easg, content} envelope, and follows the error catalogue of SPEC §8.
import { currentToken } from "../lib/session";

export const APP_VERSION = "1.0.0";
export const TIMEOUT = 20000; // ms; uploads 60 s

export class ApiError extends Error {
  // fields: for invalid input (102), each bad field's message key.
  constructor(public code: number, message: string, public fields?: Record<string, string>) { super(message); }
}

export interface CallContext { lang: string; region: string; currency: string; t(key: string): string }

// ApiHooks are how the client reacts to catalogue codes; the layout installs
// them after hydration.
export interface ApiHooks {
  expired(quiet: boolean): void;   // 401; quiet when the visitor did not ask for the call (silent)
  blocked(message: string): void;  // 126
  region(message: string): void;   // 5500001
  toast(message: string): void;
}

let hooks: ApiHooks | null = null;
export function setApiHooks(h: ApiHooks | null) { hooks = h; }

export interface CallOptions {
  silent?: boolean;  // no toast (the caller shows its own message)
  sealed?: boolean;  // the encrypted variant: {a:1, b} in, content.b out
  timeout?: number;
  form?: FormData;   // multipart/form body instead of JSON
}

// Codes passed to the caller without a toast (they open dialogs).
const QUIET = new Set([127, 128]);

function shownCode(c: number): boolean {
  return (c >= 101 && c <= 199) || (c >= 5001 && c <= 49999) || c === 441 || c === 442;
}

export async function call<T>(ctx: CallContext, path: string, body?: unknown, opts: CallOptions = {}): Promise<T> {
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), opts.timeout ?? TIMEOUT);
  const headers: Record<string, string> = { TOKEN: currentToken(), ALAN: ctx.lang, RE: ctx.region, CU: ctx.currency, apv: APP_VERSION };
  let payload: BodyInit | undefined;
  if (opts.form) payload = opts.form;
  else if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    payload = opts.sealed ? JSON.stringify({ a: 1, b: await (await import("./sealed")).seal(JSON.stringify(body), envelopeKeyB64) }) : JSON.stringify(body);
  }
  let res: Response;
  try {
    res = await fetch("/api/v1/souk/" + path, { method: payload === undefined ? "GET" : "POST", credentials: "include", signal: ctrl.signal, headers, body: payload });
  } catch {
    return fail(5000, navigator.onLine === false ? ctx.t("NetworkConFailed") : ctx.t("ApiCallFailed"), opts);
  } finally {
    clearTimeout(timer);
  }
  if (!res.ok) {
    let easg = "";
    try { easg = (await res.json()).easg ?? ""; } catch { /* not an envelope */ }
    return fail(5000, easg && res.status === 413 ? easg : ctx.t("ApiCallFailed"), opts);
  }
  const env = (await res.json()) as { code: number; easg?: string; content: T };
  if (env.code === 200) {
    const sealedContent = env.content as unknown as { b?: string } | null;
    if (opts.sealed && sealedContent && typeof sealedContent.b === "string") {
      return JSON.parse(await (await import("./sealed")).open(sealedContent.b, envelopeKeyB64)) as T;
    }
    return env.content;
  }
  const fields = (env.content as { fields?: Record<string, string> } | null)?.fields;
  return catalogue(ctx, env.code, env.easg ?? "", opts, fields);
}

function fail(code: number, message: string, opts: CallOptions, fields?: Record<string, string>): never {
  if (!opts.silent) hooks?.toast(message);
  throw new ApiError(code, message, fields);
}

function catalogue(ctx: CallContext, code: number, easg: string, opts: CallOptions, fields?: Record<string, string>): never {
  switch (true) {
    case code === 401:
      hooks?.expired(!!opts.silent);
      throw new ApiError(401, ctx.t("SessionExpired"));
    case code === 126:
      hooks?.blocked(easg);
      throw new ApiError(126, easg);
    case code === 5500001:
      hooks?.region(easg || ctx.t("RegionRequired"));
      throw new ApiError(code, easg);
    case QUIET.has(code):
      throw new ApiError(code, easg);
    case shownCode(code):
      return fail(code, easg || ctx.t("ErrorOccurs"), opts, fields);
  }
  return fail(code, ctx.t("ErrorOccurs"), opts); // 443 and codes not listed
}

// The envelope key is public by nature (it ships to every browser): the
// encrypted variant keeps payloads out of casual view in logs, not secret.
// Only the sign-in and account pages send sealed calls, so the sealing code
// (api/sealed.ts) is fetched with the first of them, not with every page.
let envelopeKeyB64 = "";
export function setEnvelopeKey(b64key: string) { envelopeKeyB64 = b64key; }

// Every in-app path carries the language prefix (SPEC §2).
export function withLang(lang: string, path: string): string {
  if (!path.startsWith("/")) path = "/" + path;
  return "/" + lang + (path === "/" ? "/" : path);
}

// bigchatPath is the chat page, on a conversation when conv is given.
export function bigchatPath(lang: string, conv?: string): string {
  return withLang(lang, "/bigchat") + (conv ? "?c=" + encodeURIComponent(conv) : "");
}

export function goodsPath(lang: string, treId: string, uri?: string): string {
  return withLang(lang, "/tredetail/" + encodeURIComponent(treId) + (uri ? "/" + encodeURIComponent(uri) : ""));
}

export function identityPath(lang: string, type: number, uid: string): string {
  const names: Record<number, string> = { 21: "creator", 22: "seller", 23: "maker", 24: "analyst", 41: "customerservice" };
  return withLang(lang, "/biger/" + (names[type] ?? String(type)) + "/" + encodeURIComponent(uid));
}

export function loginPath(lang: string, redirect: string): string {
  return withLang(lang, "/login") + "?redirect=" + encodeURIComponent(redirect);
}

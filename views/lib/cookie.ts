// The preference cookies the language and region dialogs set (a module of
// its own: lib/env.ts is part of every page's first-load script).
export function setCookie(name: string, value: string) {
  document.cookie = name + "=" + encodeURIComponent(value) + "; Path=/; Max-Age=31536000; SameSite=Lax";
}

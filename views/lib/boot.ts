// The page's one inline script, run in <head> before anything is painted.
// Pages are cached and shared by browsers and the app wrapper, so what
// differs in the app is decided here, in the browser: inside the app (user
// agent with SoukApp/) it marks <html class="in-app"> (CSS hides the
// download prompts), takes the native top inset the app passes
// (window.SoukAppInsets = {top: px}, set before the page loads) into
// --inset-top, and locks zoom with a second viewport tag (the last one
// wins; React keeps matching the server's, so hydration is untouched).
// The server allows exactly this script by its hash in the CSP
// (entry-server.tsx hands it to Go; server/ssr hashes it).

export const APP_UA = /SoukApp\//;
export const VIEWPORT = "width=device-width, initial-scale=1, viewport-fit=cover";
export const VIEWPORT_LOCKED = "width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no, viewport-fit=cover";
// An inset beyond this is not a status bar: ignored, env() stays.
export const MAX_INSET = 200;

// Only the server writes it: hydration never compares a script's inner HTML
// (Document renders it empty in the browser), so as a function it stays out
// of the client's first-load script.
export const bootScript = () => "(function(d,w){if(!" + APP_UA.toString() + ".test(navigator.userAgent))return;" +
  "var h=d.documentElement,m=d.createElement(\"meta\"),i=w.SoukAppInsets,t=i&&+i.top;" +
  "h.classList.add(\"in-app\");" +
  "if(t>=0&&t<=" + MAX_INSET + ")h.style.setProperty(\"--inset-top\",t+\"px\");" +
  "m.name=\"viewport\";m.content=" + JSON.stringify(VIEWPORT_LOCKED) + ";d.head.appendChild(m)" +
  "})(document,window)";

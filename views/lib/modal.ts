// Helpers for modal dialogs (components/Dialog.tsx). Browser only.

const FOCUSABLE = "a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex='-1'])";

// focusables lists the Tab stops inside root that are shown.
export function focusables(root: Element): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((e) => e.getClientRects().length > 0 && !e.closest("[inert]"));
}

// inertOthers makes everything but keep inert, so neither the keyboard nor a
// screen reader can reach the page behind a dialog, and returns the undo.
// The frame's (.app) children are made inert one by one rather than the
// frame itself, so a toast it shows while the dialog is open stays alive.
export function inertOthers(keep: Element): () => void {
  const path = new Set<Element>();
  for (let e: Element | null = keep; e && e !== document.body; e = e.parentElement) path.add(e);
  const marked: Element[] = [];
  const walk = (parent: Element) => {
    for (const c of Array.from(parent.children)) {
      if (c === keep || c instanceof HTMLScriptElement || c instanceof HTMLTemplateElement) continue;
      if (path.has(c) || c.classList.contains("app")) walk(c);
      else if (!c.hasAttribute("inert") && !c.classList.contains("toast")) { c.setAttribute("inert", ""); marked.push(c); }
    }
  };
  walk(document.body);
  return () => marked.forEach((e) => e.removeAttribute("inert"));
}

import { useEffect, useId, useRef, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { Icon } from "./Icon";
import { useT } from "../stores/context";
import { focusables, inertOthers } from "../lib/modal";

// Dialog is full screen when the window is narrower than 50em (CSS), a
// centred panel otherwise. It is modal: rendered at the end of <body>, the
// page behind is inert, Tab and Shift+Tab cycle inside, Escape and the close
// button dismiss it and focus goes back to what opened it. Not a native
// <dialog>: its top layer would cover the toast that sometimes explains why
// a dialog opened (SessionSync's region notice).
export function Dialog({ title, onClose, children, footer }: { title: string; onClose(): void; children: ReactNode; footer?: ReactNode }) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  // Callers pass a new onClose each render; the effect below must run once
  // per opening, or every re-render would move the focus.
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const root = ref.current!;
    const prev = document.activeElement as HTMLElement | null;
    const restore = inertOthers(root);
    (root.querySelector<HTMLElement>("[data-autofocus]") ?? focusables(root)[0])?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (!isTopmost(root)) return;
      if (e.key === "Escape") { e.preventDefault(); close.current(); } else if (e.key === "Tab") cycle(root, e);
    };
    document.addEventListener("keydown", onKey);
    document.body.classList.add("no-scroll");
    return () => {
      document.removeEventListener("keydown", onKey);
      if (!document.querySelector(".dialog-backdrop")) document.body.classList.remove("no-scroll");
      restore();
      if (prev?.isConnected) prev.focus();
    };
  }, []);
  if (typeof document === "undefined") return null; // dialogs open in the live page only
  return createPortal(
    <div className="dialog-backdrop" ref={ref} onClick={(e) => e.target === e.currentTarget && close.current()}>
      <div className="dialog" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <div className="dialog-head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-btn" onClick={() => close.current()} aria-label={t("Close")}>
            <Icon name="close" />
          </button>
        </div>
        <div className="dialog-body">{children}</div>
        {footer ? <div className="dialog-foot">{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}

// isTopmost: only the last opened dialog answers keys.
function isTopmost(root: Element): boolean {
  const all = document.querySelectorAll(".dialog-backdrop");
  return all[all.length - 1] === root;
}

// cycle keeps Tab inside the dialog: past the last stop to the first, and
// Shift+Tab before the first to the last.
function cycle(root: HTMLElement, e: KeyboardEvent) {
  const stops = focusables(root);
  if (!stops.length) return e.preventDefault();
  const first = stops[0], last = stops[stops.length - 1];
  const at = document.activeElement;
  const inside = at instanceof Node && root.contains(at);
  if (e.shiftKey && (at === first || !inside)) { e.preventDefault(); last.focus(); }
  else if (!e.shiftKey && (at === last || !inside)) { e.preventDefault(); first.focus(); }
}

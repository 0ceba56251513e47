// CardMenu is a goods card's open menu: a chunk GoodsCard loads on the click.
import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from "react";
import "../lib/shell"; // every chunk reaches the shell: it stays one chunk

const MENU_MAX = 256; // px: the menu's max-height (16rem)

// menuPlace puts the menu beside its button in the viewport (position:
// fixed), so no scrolling row clips it: below the button when there is room,
// else above, aligned to the button's inline end.
function menuPlace(btn: HTMLElement): CSSProperties {
  const r = btn.getBoundingClientRect();
  const rtl = getComputedStyle(btn).direction === "rtl";
  const end = rtl ? r.left : window.innerWidth - r.right;
  const below = window.innerHeight - r.bottom >= MENU_MAX + 8 || r.top < window.innerHeight - r.bottom;
  return below ? { top: r.bottom + 4, insetInlineEnd: Math.max(4, end) } : { bottom: window.innerHeight - r.top + 4, insetInlineEnd: Math.max(4, end) };
}

// CardMenu is the open menu. It follows its button when the page or a row
// scrolls; Escape or a press outside closes it.
export function CardMenu({ anchor, onClose, children }: { anchor: HTMLElement; onClose(): void; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [style, setStyle] = useState<CSSProperties>(() => menuPlace(anchor));
  // Once, on opening: the focus goes to the first item (the arrows take it on).
  useEffect(() => box.current?.querySelector<HTMLElement>("[role=menuitem]")?.focus({ preventScroll: true }), []);
  useEffect(() => {
    let frame = 0;
    const follow = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const r = anchor.getBoundingClientRect();
        if (r.bottom < 0 || r.top > window.innerHeight) onClose(); // its card scrolled away
        else setStyle(menuPlace(anchor));
      });
    };
    // A press on the button is its own: its click toggles the menu.
    const outside = (e: Event) => { if (!box.current?.contains(e.target as Node) && !anchor.contains(e.target as Node)) onClose(); };
    const key = (e: KeyboardEvent) => menuKey(e, box.current, anchor, onClose);
    const scroll = (e: Event) => { if (!box.current?.contains(e.target as Node)) follow(); };
    document.addEventListener("pointerdown", outside);
    document.addEventListener("keydown", key);
    window.addEventListener("scroll", scroll, true);
    window.addEventListener("resize", follow);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener("pointerdown", outside);
      document.removeEventListener("keydown", key);
      window.removeEventListener("scroll", scroll, true);
      window.removeEventListener("resize", follow);
    };
  }, [anchor, onClose]);
  return <div ref={box} className="menu-pop" role="menu" style={style} data-testid="card-menu-pop">{children}</div>;
}

// menuKey gives the open menu the keys of a menu button (WAI-ARIA APG):
// the arrows, Home and End move between items, Escape closes it and goes
// back to the button, Tab closes it and moves on from the button.
function menuKey(e: KeyboardEvent, box: HTMLElement | null, anchor: HTMLElement, onClose: () => void) {
  if (e.key === "Escape" || e.key === "Tab") {
    onClose();
    if (e.key === "Escape" || box?.contains(document.activeElement)) anchor.focus();
    return;
  }
  const items = Array.from(box?.querySelectorAll<HTMLElement>("[role=menuitem]") ?? []);
  const at = items.indexOf(document.activeElement as HTMLElement);
  const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 }[e.key];
  if (to === undefined || !items.length || at < 0) return;
  e.preventDefault();
  items[(to + items.length) % items.length].focus();
}

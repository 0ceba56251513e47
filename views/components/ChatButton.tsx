import { useState } from "react";
import { useData, useT } from "../stores/context";
import type { OpenArgs } from "../lib/chat";
import { pure } from "../ssr/pure";

// ChatButton is every way into a conversation: "Chat with seller" on a goods
// item, "Chat" on an identity, "Customer service" from the menu or an order.
// It opens (or reopens) the conversation and goes to it; a signed-out
// visitor goes to login and comes back here.
export function ChatButton({ args, label, className = "btn", role, testid, onDone }: {
  args: OpenArgs; label: string; className?: string; role?: "menuitem"; testid?: string; onDone?(): void;
}) {
  const t = useT();
  const { lang, region, currency } = useData();
  const [busy, setBusy] = useState(false);
  const go = () => {
    if (busy) return;
    setBusy(true);
    onDone?.();
    // The chat calls (and their outbox) are a chunk fetched on the first
    // click: goods cards and pages carry only the button.
    import("../lib/chat").then((m) => m.openChat({ lang, region, currency, t }, args), () => undefined).finally(() => setBusy(false));
  };
  return (
    <button type="button" className={className + (className.includes("btn") ? " ic icon-chat" : "")} role={role} onClick={go} aria-busy={busy || undefined} data-testid={testid}>
      {t(label)}
    </button>
  );
}

// On the server its parent writes it as markup (ssr/pure.ts): its state
// hooks keep their first values there, and it reads no id (useId).
pure(ChatButton);

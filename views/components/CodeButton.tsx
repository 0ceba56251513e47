import { useEffect, useState } from "react";
import { useT } from "../stores/context";

const COOLDOWN = 60; // seconds (SPEC §9)
const key = (purpose: string) => "souk.codeUntil." + purpose;

// cooldownLeft reads the persisted countdown for a purpose and address.
function cooldownLeft(purpose: string, email: string): number {
  try {
    const v = JSON.parse(localStorage.getItem(key(purpose)) ?? "null") as { email: string; until: number } | null;
    if (!v || v.email !== email) return 0;
    return Math.max(0, Math.ceil((v.until - Date.now()) / 1000));
  } catch {
    return 0;
  }
}

export function startCooldown(purpose: string, email: string, seconds = COOLDOWN) {
  try { localStorage.setItem(key(purpose), JSON.stringify({ email, until: Date.now() + seconds * 1000 })); } catch { /* the countdown then lives in memory only */ }
}

// CodeButton sends a verification code and then counts down 60 s; the
// countdown survives a reload (it is kept with the address in storage).
export function CodeButton({ purpose, email, send, disabled }: { purpose: string; email: string; send(): Promise<number | void>; disabled?: boolean }) {
  const t = useT();
  const [left, setLeft] = useState(0);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setLeft(cooldownLeft(purpose, email));
    const id = setInterval(() => setLeft(cooldownLeft(purpose, email)), 500);
    return () => clearInterval(id);
  }, [purpose, email]);
  const click = async () => {
    if (busy || left > 0) return;
    setBusy(true);
    try {
      const wait = await send();
      startCooldown(purpose, email, typeof wait === "number" && wait > 0 ? wait : COOLDOWN);
      setLeft(cooldownLeft(purpose, email));
    } catch {
      /* the caller showed why */
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn" onClick={click} disabled={disabled || busy || left > 0} data-testid="send-code">
      {left > 0 ? t("ResendIn", { n: left }) : t("SendCode")}
    </button>
  );
}

import { useEffect, useState } from "react";
import { useT } from "../stores/context";

const COOLDOWN = 60; // seconds (SPEC §9)
const CODE_LIFE_MS = 10 * 60 * 1000; // a mailed code is valid 10 minutes (README, Accounts)
const key = (purpose: string) => "souk.codeUntil." + purpose;

interface Sent { email: string; until: number; sent?: number }

function readSent(purpose: string, email: string): Sent | null {
  try {
    const v = JSON.parse(localStorage.getItem(key(purpose)) ?? "null") as Sent | null;
    return v && v.email === email ? v : null;
  } catch {
    return null;
  }
}

// cooldownLeft reads the persisted countdown for a purpose and address.
function cooldownLeft(purpose: string, email: string): number {
  const v = readSent(purpose, email);
  return v ? Math.max(0, Math.ceil((v.until - Date.now()) / 1000)) : 0;
}

// codeSent tells whether this browser had a code for purpose mailed to email
// that may still be valid: only then may a page say "we sent a code".
export function codeSent(purpose: string, email: string): boolean {
  const v = readSent(purpose, email);
  return !!v?.sent && Date.now() - v.sent < CODE_LIFE_MS;
}

export function startCooldown(purpose: string, email: string, seconds = COOLDOWN) {
  const now = Date.now();
  try { localStorage.setItem(key(purpose), JSON.stringify({ email, until: now + seconds * 1000, sent: now })); } catch { /* the countdown then lives in memory only */ }
}

// CodeButton sends a verification code and then counts down 60 s; the
// countdown survives a reload (it is kept with the address in storage).
export function CodeButton({ purpose, email, send, disabled, onSent }: { purpose: string; email: string; send(): Promise<number | void>; disabled?: boolean; onSent?(): void }) {
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
      onSent?.();
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

// useCodeSent is codeSent as state: false on the server and until the page
// is live (storage is read in an effect), then what storage says; mark()
// records a send this page made.
export function useCodeSent(purpose: string, email: string): [boolean, () => void] {
  const [sent, setSent] = useState(false);
  useEffect(() => setSent(codeSent(purpose, email)), [purpose, email]);
  return [sent, () => setSent(true)];
}

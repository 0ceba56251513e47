import { useEffect, useState } from "react";
import { useT } from "../../stores/context";

// QtyInput lets a wholesale buyer type a quantity (stepping to 300 with +
// is no way to shop). It sends on Enter or when the field is left; the
// server keeps the rules (minimum, stock, 9999) and says why it refuses,
// and the field then shows the line's quantity again.
export function QtyInput({ value, min, busy, onSet }: { value: number; min: number; busy: boolean; onSet(q: number): void }) {
  const t = useT();
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const commit = () => {
    const q = Number(text);
    if (!/^\d{1,4}$/.test(text.trim()) || q === value) {
      setText(String(value));
      return;
    }
    // Show the line's quantity until the server answers: the new one
    // arrives as value when it is accepted; a refusal leaves the old.
    setText(String(value));
    onSet(Math.max(q, min));
  };
  return (
    <input className="qty-input" type="text" inputMode="numeric" pattern="[0-9]*" maxLength={4} value={text} disabled={busy}
      aria-label={t("Quantity")} data-testid="qty" dir="ltr"
      onChange={(e) => setText(e.target.value.replace(/[^0-9]/g, ""))}
      onBlur={commit} onKeyDown={(e) => { if (e.key === "Enter") { e.preventDefault(); commit(); } }} />
  );
}

import type { InputHTMLAttributes } from "react";
import { useT } from "../stores/context";

// Addresses, passwords and codes read left to right in every language.
const LTR_TYPES = new Set(["email", "password", "tel", "url"]);

// Field is a labelled input with its error message (a catalog key).
export function Field({ label, error, hint, ...input }: { label: string; error?: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const t = useT();
  const id = "f-" + (input.name ?? label);
  return (
    <label className={"field" + (error ? " missing" : "")} htmlFor={id}>
      <span>{label}</span>
      <input id={id} dir={LTR_TYPES.has(input.type ?? "") || input.inputMode === "numeric" ? "ltr" : undefined} aria-invalid={error ? true : undefined} aria-describedby={error ? id + "-err" : undefined} {...input} />
      {error ? <small id={id + "-err"} className="hint error" role="alert">{t(error)}</small> : hint ? <small className="hint muted">{hint}</small> : null}
    </label>
  );
}

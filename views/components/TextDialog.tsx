import type { ReactNode } from "react";
import { Dialog } from "./Dialog";
import { useT } from "../stores/context";

// TextDialog shows a long text (a policy, a declaration) full screen on phones.
export function TextDialog({ title, text, onClose }: { title: string; text: string; onClose(): void }) {
  const t = useT();
  return (
    <Dialog title={title} onClose={onClose} footer={<button type="button" className="btn primary" onClick={onClose} data-autofocus>{t("Sure")}</button>}>
      <div className="prose">{text.split("\n\n").map((p, i) => <p key={i}>{p}</p>)}</div>
    </Dialog>
  );
}

// ChoiceDialog asks a question with actions (127 and 128 of SPEC §8).
export function ChoiceDialog({ title, text, onClose, children }: { title: string; text: string; onClose(): void; children: ReactNode }) {
  return (
    <Dialog title={title} onClose={onClose} footer={<div className="row-actions">{children}</div>}>
      <p data-testid="choice-text">{text}</p>
    </Dialog>
  );
}

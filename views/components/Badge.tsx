import { pure } from "../ssr/pure";

// Badge shows a count capped at max (999 for chat and cart, 99 elsewhere).
// pulse, when it changes, replays the badge's 1.5 s animation.
// It is read with the link it sits on ("Cart 3"), so it is not hidden.
// It is pure: the server writes it as markup inside the top bar.
export const Badge = pure(function Badge({ count, max = 99, pulse }: { count: number; max?: number; pulse?: number }) {
  if (count <= 0) return null;
  return <span key={pulse} className={"badge" + (pulse ? " pulse" : "")} data-testid="badge">{count > max ? max + "+" : count}</span>;
});

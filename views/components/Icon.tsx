import { pure } from "../ssr/pure";

// Icon is a span drawn by a CSS mask (icons.css): one element with two
// attributes instead of an inline <svg> with a <path> and ten attributes,
// which matters when goja renders fifty cards. size is in px.
// It is pure: the server writes it as markup inside its parent.
export const Icon = pure(function Icon({ name, size = 24, label }: { name: string; size?: number; label?: string }) {
  const style = size === 24 ? undefined : { width: size, height: size };
  return label ? (
    <i className={"icon icon-" + name} style={style} role="img" aria-label={label} />
  ) : (
    <i className={"icon icon-" + name} style={style} aria-hidden="true" />
  );
});

// iconNames lists the icons icons.css defines.
export const iconNames = ["back", "menu", "chat", "cart", "orders", "globe", "pin", "download", "close", "camera", "search", "more", "star", "sparkle", "chevron"];

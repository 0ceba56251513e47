import { Fragment, type ReactElement, type ReactNode } from "react";
import { Helmet as RealHelmet, HelmetProvider } from "react-helmet-async";

// The server's react-helmet-async (server/ssr/bundle.go gives it to the
// server bundle's imports of the library; this module's own import gets
// the library). On React 19 the library's Helmet renders its children's
// tags in place, grouped: the title, then the meta tags, then the links,
// each as it was given, and React hoists them into <head>. It gets there
// by turning each child into props and back (Children.forEach, object
// spreads per tag, a class component): ~5% of a product page's render in
// goja. This Helmet writes the same groups from the children as they are,
// and leaves anything else (other tags, Helmet's own props) to the library.

export { HelmetProvider };

type Tags = { title: ReactElement[]; meta: ReactElement[]; link: ReactElement[] };

// sort puts each child into its group, or says false for one it does not know.
function sort(children: ReactNode, tags: Tags): boolean {
  if (children == null || typeof children === "boolean") return true;
  if (Array.isArray(children)) {
    for (let i = 0; i < children.length; i++) if (!sort(children[i] as ReactNode, tags)) return false;
    return true;
  }
  const el = children as ReactElement<{ children?: unknown }>;
  if (typeof children !== "object" || !("type" in el)) return false;
  if (el.type === Fragment) return sort(el.props.children as ReactNode, tags);
  const nested = el.props.children;
  if (el.type === "title" && (typeof nested === "string" || typeof nested === "number") && Object.keys(el.props).length === 1) {
    tags.title = [el]; // the last title wins, as in the library
    return true;
  }
  if ((el.type === "meta" || el.type === "link") && nested === undefined) {
    tags[el.type].push(el);
    return true;
  }
  return false;
}

export function Helmet(props: { children?: ReactNode }) {
  const tags: Tags = { title: [], meta: [], link: [] };
  if (Object.keys(props).length !== 1 || !sort(props.children, tags)) return <RealHelmet {...props} />;
  return <>{tags.title}{tags.meta}{tags.link}</>;
}

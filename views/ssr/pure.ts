// Components that are plain functions of their props (no hooks, no
// context) and may be called to write their markup (pure(Badge)). Its own
// module so that the browser's bundle, which imports pure with Badge, does
// not carry the server's markup writer (hostHTML.ts).
export const pures = new Set<unknown>();
export function pure<T>(component: T): T {
  pures.add(component);
  return component;
}

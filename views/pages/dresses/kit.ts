// The dresses line's parts that a product page shows too (the size chart,
// the FAQ links, the line's names and paths). Each of them imports this
// file, so a chunk that uses one uses all: esbuild's splitting keeps them in
// one chunk instead of one per set of pages that happens to use each.
import * as sizeChart from "../goods/SizeChart";
import * as faqLinks from "./FaqLinks";
import * as dresses from "./dresses";

// keep names them in a call esbuild cannot prove pure, so tree shaking
// keeps them together.
export function keep(...modules: unknown[]): number {
  return modules.length;
}
keep(sizeChart, faqLinks, dresses);

import { createStore } from "zustand/vanilla";
import type { Card, Correction, Suggestions } from "../lib/types";

// Search page state (SPEC §3): one tab per search made in this session.
export interface GoodsList {
  items: Card[];
  isEmpty: boolean;
  lineExpand: boolean;
  isTransCompleted: boolean;
  hasNextPage: boolean;
  pageInfo: unknown;
}

export interface SearchTab {
  pageId: string;
  searchTxt: string;
  searchImgParams?: { contentType: string; width: number; height: number; imageUri: string };
  searchTime: number;
  result: "running" | "done" | "error";
  failReason?: string;
  consumer: GoodsList;
  wholesaler: GoodsList;
  showMoreBtnSection: boolean;
  showFeedBackBtnSection: boolean;
  understood?: Understood;
  suggest?: Suggestions;
  corrected?: Correction; // the results are of the query spelt right (its load-more asks for that)
  feedback?: "sent";
}

// Understood is what the server read from the query (frame 5).
export interface Understood {
  lang: string; words?: string[]; colors?: string[]; sizes?: string[]; maxPrice?: number; minPrice?: number;
  currency?: string; wholesale?: boolean; quantity?: number; code?: string; dominant?: string[];
  colorNames?: string[]; // the colours (or the picture's dominant ones) named in the page's language
}

// A stream frame: c is the code of SPEC §4.
export interface Frame { c: number; item?: Card; pageInfo?: unknown; easg?: string; understood?: Understood; colorNames?: string[]; suggest?: Suggestions; corrected?: Correction }

const emptyList = (): GoodsList => ({ items: [], isEmpty: false, lineExpand: false, isTransCompleted: false, hasNextPage: false, pageInfo: null });

export function newTab(pageId: string, txt: string, now: number): SearchTab {
  return { pageId, searchTxt: txt, searchTime: now, result: "running", consumer: emptyList(), wholesaler: emptyList(), showMoreBtnSection: false, showFeedBackBtnSection: false };
}

function complete(l: GoodsList, pageInfo?: unknown, hasNext = false): GoodsList {
  return { ...l, isTransCompleted: true, isEmpty: l.items.length === 0, hasNextPage: hasNext, pageInfo: pageInfo ?? l.pageInfo };
}

// applyFrame folds one stream frame into a tab (SPEC §4 "Search stream").
export function applyFrame(tab: SearchTab, f: Frame): SearchTab {
  switch (f.c) {
    case 1: return f.item ? { ...tab, consumer: { ...tab.consumer, items: tab.consumer.items.concat(f.item) } } : tab;
    case 8: return f.item ? { ...tab, wholesaler: { ...tab.wholesaler, items: tab.wholesaler.items.concat(f.item) } } : tab;
    case 2: return { ...tab, consumer: complete(tab.consumer) };
    case 9: return { ...tab, wholesaler: complete(tab.wholesaler) };
    case 10: return { ...tab, consumer: complete(tab.consumer) };
    case 13: return { ...tab, consumer: complete(tab.consumer, f.pageInfo, true) };
    case 11: return { ...tab, wholesaler: complete(tab.wholesaler) };
    case 12: return { ...tab, wholesaler: complete(tab.wholesaler, f.pageInfo, true) };
    case 6: return { ...tab, showMoreBtnSection: true };
    case 7: return { ...tab, showFeedBackBtnSection: true };
    case 5: // fall-through: what the query meant, or what to try instead
      if (f.suggest) return { ...tab, suggest: f.suggest };
      if (f.corrected) tab = { ...tab, corrected: f.corrected };
      return f.understood ? { ...tab, understood: { ...f.understood, colorNames: f.colorNames } } : tab;
    default:
      if (f.c >= 400 || f.c === 0) return { ...tab, result: "error", failReason: f.easg };
      return tab;
  }
}

export interface SearchState {
  tabs: SearchTab[];
  active: string | null;
  running: boolean;
  start(tab: SearchTab): void;
  resume(pageId: string, which: "consumer" | "wholesaler"): void;
  feedbackSent(pageId: string): void;
  frame(pageId: string, f: Frame): void;
  finish(pageId: string, error?: string): void;
  select(pageId: string): void;
  expand(pageId: string, which: "consumer" | "wholesaler"): void;
  clear(): void;
}

export function createSearchStore() {
  return createStore<SearchState>()((set) => ({
    tabs: [],
    active: null,
    running: false,
    start: (tab) => set((s) => ({ tabs: s.tabs.concat(tab), active: tab.pageId, running: true })),
    // resume runs a load-more on an existing tab: that group is no longer complete.
    resume: (id, which) => set((s) => ({
      running: true,
      tabs: s.tabs.map((t) => (t.pageId === id ? { ...t, result: "running", [which]: { ...t[which], isTransCompleted: false } } : t)),
    })),
    feedbackSent: (id) => set((s) => ({ tabs: s.tabs.map((t) => (t.pageId === id ? { ...t, feedback: "sent" } : t)) })),
    frame: (id, f) => set((s) => ({ tabs: s.tabs.map((t) => (t.pageId === id ? applyFrame(t, f) : t)) })),
    finish: (id, error) => set((s) => ({
      running: false,
      tabs: s.tabs.map((t) => (t.pageId !== id ? t : error ? { ...t, result: "error", failReason: error } : { ...t, result: t.result === "error" ? "error" : "done" })),
    })),
    select: (id) => set((s) => (s.running ? s : { active: id })), // tabs are disabled while a search runs
    expand: (id, which) => set((s) => ({ tabs: s.tabs.map((t) => (t.pageId === id ? { ...t, [which]: { ...t[which], lineExpand: !t[which].lineExpand } } : t)) })),
    clear: () => set({ tabs: [], active: null, running: false }),
  }));
}

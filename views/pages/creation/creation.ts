import { useData, useT } from "../../stores/context";
import { streamSearch } from "../../api/stream";
import type { Txt } from "../../lib/types";

export interface CreationImage { smallUrl: string; smallW: number; smallH: number; bigUrl: string; bigW: number; bigH: number }

// Version is a creation version (server: app/creation.Version).
export interface Version {
  createVUid: string; creationUid: string; treId: string; number: number; parentUid?: string; model: string;
  prompt: string; swatch: string; pattern: string; length: string; images: CreationImage[]; description: string;
  lan: string; engine: string; shared: boolean; design: boolean; mine: boolean; createdAt: number;
}

export interface Choices {
  treId: string; treName: Txt; treImage?: { largeThumbnail: { url: string; width: number; height: number } };
  aiGenModels: { name: string; tips: string; tips2: string }[]; swatches: { key: string; hex: string }[];
  patterns: string[]; lengths: string[]; engine: string; maxPrompt: number;
}

export interface Ask { treId: string; from?: string; model?: string; prompt: string; swatch: string; pattern: string; length: string }

// Frames of aiCreation/make (server/api/creation.go).
export type MakeFrame =
  | { c: 20; step: string; text: string; percent: number }
  | { c: 21; version: Version }
  | { c: 400; code: number; easg: string };

export const versionPath = (lang: string, v: { treId: string; createVUid: string }) =>
  "/" + lang + "/ai-creation/" + encodeURIComponent(v.treId) + "/" + encodeURIComponent(v.createVUid);

// useMake streams a make call; the signal aborts it (the server then keeps
// nothing of the version).
export function useMake() {
  const { lang, region, currency } = useData();
  const t = useT();
  return (ask: Ask, onFrame: (f: MakeFrame) => void, signal: AbortSignal) =>
    streamSearch<MakeFrame>({ lang, region, currency, t }, "aiCreation/make", JSON.stringify(ask), true, onFrame, signal);
}

// optionNames are the catalogue keys of the options' names.
export const swatchKey = (k: string) => "Swatch_" + k;
export const patternKey = (k: string) => "Pattern_" + k;
export const lengthKey = (k: string) => "Length_" + k;

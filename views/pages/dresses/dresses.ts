import { withLang } from "../../lib/paths";
import "./kit"; // one chunk with its siblings (kit.ts)

// The dresses line's names and paths. Every key is written out (never
// built), so the catalogue test finds each one in locales/en.json.

export const categoryKeys: Record<string, string> = {
  all: "DressCatAll", bridal: "DressCatBridal", evening: "DressCatEvening",
  bridesmaid: "DressCatBridesmaid", prom: "DressCatProm", "flower-girl": "DressCatFlowerGirl",
};

export const colourKeys: Record<string, string> = {
  ivory: "ColourIvory", white: "ColourWhite", champagne: "ColourChampagne", blush: "ColourBlush", pink: "ColourPink",
  red: "ColourRed", crimson: "ColourCrimson", burgundy: "ColourBurgundy", orange: "ColourOrange", yellow: "ColourYellow",
  gold: "ColourGold", green: "ColourGreen", emerald: "ColourEmerald", sage: "ColourSage", olive: "ColourOlive",
  teal: "ColourTeal", blue: "ColourBlue", navy: "ColourNavy", purple: "ColourPurple", lavender: "ColourLavender",
  brown: "ColourBrown", beige: "ColourBeige", silver: "ColourSilver", grey: "ColourGrey", black: "ColourBlack",
};

export const silhouetteKeys: Record<string, string> = {
  "a-line": "SilhouetteALine", "ball-gown": "SilhouetteBallGown", mermaid: "SilhouetteMermaid", sheath: "SilhouetteSheath", empire: "SilhouetteEmpire",
};

export const lengthKeys: Record<string, string> = { floor: "LengthFloor", tea: "LengthTea", knee: "LengthKnee" };

export const sizes = ["0", "2", "4", "6", "8", "10", "12", "14", "16", "18", "20", "22", "24", "26", "16W", "18W", "20W", "22W", "24W", "26W", "28W", "custom"];

// Filter is a category page's query; "" is no filter.
export type Filter = { colour: string; silhouette: string; length: string; price: string; size: string; sort: string; page: number };

export function catPath(lang: string, uid: string, suri: string): string {
  return withLang(lang, "/dresses/c/" + uid + "/" + suri);
}

export function faqPath(lang: string, id: number): string {
  return withLang(lang, "/dresses/faq/" + id);
}

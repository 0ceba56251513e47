// Paths of the hots pages (server/web/hots.go).
import { withLang } from "../../lib/paths";

export const hotspagePath = (lang: string) => withLang(lang, "/hotspage");
export const hotsPath = (lang: string, uid: string) => withLang(lang, "/hots/" + encodeURIComponent(uid));

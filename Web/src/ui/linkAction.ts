/** What a link tapped inside an HTML message does: the renderer's rules (`HTMLLinkClassifier`). */
export type LinkAction = "openURL" | "deepLink" | "close" | undefined;

/** Schemes that never become actions: they could run code or smuggle content. */
const blockedSchemes = new Set(["javascript", "vbscript", "data", "blob", "file", "about"]);

/**
 * `data-actiontype` (`browser`, `deep-link`, `close`) decides when given; otherwise an http(s)
 * URL opens in the browser and anything else is a deep link. Blocked schemes, empty URLs and
 * in-page anchors are no action.
 */
export function linkAction(url: string, actionType: string | null): LinkAction {
  if (actionType === "close") return "close";
  const trimmed = url.trim();
  if (trimmed === "" || trimmed.startsWith("#")) return undefined;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme !== undefined && blockedSchemes.has(scheme)) return undefined;
  if (actionType === "browser") return "openURL";
  if (actionType === "deep-link") return "deepLink";
  return scheme === "http" || scheme === "https" ? "openURL" : "deepLink";
}

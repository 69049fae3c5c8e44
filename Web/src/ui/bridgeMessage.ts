/**
 * What a message's frame reports (the renderer's bridge, version 1): one JSON text per action,
 * posted to the page that framed it.
 */
export type BridgeMessage =
  | { type: "button"; buttonId: string; optOut?: boolean }
  | { type: "content"; optOut?: boolean }
  | { type: "close"; reason: string; optOut?: boolean }
  | { type: "link"; url: string; actionType: string | null }
  | { type: "size"; height: number };

/** The longest bridge message read: anything longer is not the renderer's. */
const maxLength = 64 * 1024;

/** Reads a posted value as a bridge message, or `undefined` when it is not one. */
export function readBridgeMessage(data: unknown): BridgeMessage | undefined {
  if (typeof data !== "string" || data.length > maxLength) return undefined;
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(data) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  if (value === null || typeof value !== "object" || value["v"] !== 1) return undefined;
  const optOut = typeof value["optOut"] === "boolean" ? { optOut: value["optOut"] } : {};
  switch (value["type"]) {
    case "button":
      return typeof value["buttonId"] === "string" ? { type: "button", buttonId: value["buttonId"], ...optOut } : undefined;
    case "content":
      return { type: "content", ...optOut };
    case "close":
      return { type: "close", reason: typeof value["reason"] === "string" ? value["reason"] : "user", ...optOut };
    case "link":
      return typeof value["url"] === "string"
        ? { type: "link", url: value["url"], actionType: typeof value["actionType"] === "string" ? value["actionType"] : null }
        : undefined;
    case "size": {
      const height = value["height"];
      return typeof height === "number" && Number.isFinite(height) && height >= 0 ? { type: "size", height: Math.min(height, 10_000) } : undefined;
    }
    default:
      return undefined;
  }
}

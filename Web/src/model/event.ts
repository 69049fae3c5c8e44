import { AttributeValue } from "./attributes.js";

/** The kinds of events that can trigger a campaign. */
export type EventKind = "appStart" | "sessionStart" | "login" | "purchase" | "custom" | "pushClick" | "viewAppeared" | "rule";

/** The name an event of `kind` carries when it has none of its own. */
export function fixedName(kind: EventKind): string | undefined {
  switch (kind) {
    case "appStart": return "app_start";
    case "sessionStart": return "session_start";
    case "login": return "login_successful";
    case "purchase": return "purchase_successful";
    case "pushClick": return "push_click";
    case "custom":
    case "viewAppeared":
    case "rule": return undefined;
  }
}

/** An event logged by the app (or by a message action), matched against campaign triggers. */
export interface MarqueeEvent {
  kind: EventKind;
  /** The custom event's name, the element's identifier or the rule keyword. */
  name?: string;
  attributes?: Record<string, AttributeValue>;
}

/** What events and triggers are matched on: the kind and the name, as one text. */
export function eventKey(kind: EventKind, name: string | undefined): string {
  return `${kind}:${fixedName(kind) ?? name ?? ""}`;
}

/** Whether an appeared view's identifier points at a tooltip's target element. */
export function viewPointsAt(viewIdentifier: string, target: string): boolean {
  return target !== "" && viewIdentifier.includes(target);
}

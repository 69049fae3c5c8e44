import { MessageControls } from "../runtime/client.js";
import { DisplayedMessage } from "../runtime/messages.js";
import { readBridgeMessage } from "./bridgeMessage.js";
import { linkAction } from "./linkAction.js";

/** Where the server renders messages for the web, and what it needs to know. */
export interface FrameSettings {
  server: string;
  subscriptionID: string;
  language: string;
  /** Placeholder values the message's text is filled with. */
  personalization: Record<string, string>;
}

/** Kinds shown as a bar along an edge of the page; the others cover it. */
const barKinds = new Set(["banner", "slideUp"]);
let frames = 0;

/**
 * Shows `message` in a frame whose document the server renders, with the renderer iOS and the
 * dashboard's preview use, under the server's own policy: the page's CSP needs no exception, and
 * the message's content runs in a sandbox with no access to the page. The frame's bridge reports
 * what the user does; only messages from this frame are read. Returns what takes the frame down.
 */
export function showInFrame(message: DisplayedMessage, controls: MessageControls, settings: FrameSettings): () => void {
  const page = document;
  const isBar = barKinds.has(message.content.kind);
  const previousFocus = page.activeElement instanceof HTMLElement ? page.activeElement : undefined;
  frames += 1;
  const name = `marquee-frame-${frames}`;

  const frame = page.createElement("iframe");
  frame.name = name;
  frame.title = message.content.title ?? message.campaignName;
  frame.setAttribute("sandbox", "allow-scripts allow-popups allow-popups-to-escape-sandbox");
  frame.setAttribute("referrerpolicy", "no-referrer");
  frame.setAttribute("data-marquee-campaign", message.campaignID);
  Object.assign(frame.style, {
    position: "fixed", border: "0", margin: "0", padding: "0", zIndex: "2147483647", background: "transparent", colorScheme: "normal",
    left: "0", width: "100%", ...(isBar ? { height: "0px", [edge(message)]: "0" } : { top: "0", height: "100%" }),
  });

  // Everything else is hidden from assistive technology and focus while a message covers the page.
  const covered = isBar ? [] : Array.from(page.body.children).filter((element) => !element.hasAttribute("inert"));
  for (const element of covered) element.setAttribute("inert", "");
  page.body.appendChild(frame);

  const onMessage = (event: MessageEvent): void => {
    if (event.source !== frame.contentWindow) return;
    const report = readBridgeMessage(event.data);
    if (report === undefined) return;
    switch (report.type) {
      case "button": return controls.click(report.buttonId);
      case "content": return controls.clickContent();
      case "close": return controls.close({ optedOut: report.optOut === true });
      case "link": {
        const action = linkAction(report.url, report.actionType);
        if (action === "close") return controls.close();
        if (action !== undefined) controls.followLink(report.url.trim(), action === "deepLink");
        return;
      }
      case "size":
        if (isBar) frame.style.height = `${Math.ceil(report.height)}px`;
        return;
    }
  };
  const onKey = (event: KeyboardEvent): void => {
    if (event.key === "Escape" && message.content.isDismissable !== false) controls.close();
  };
  window.addEventListener("message", onMessage);
  page.addEventListener("keydown", onKey);
  frame.addEventListener("load", () => frame.focus(), { once: true });

  // A form posted into the frame: the document comes from the server with its own policy, and
  // the placeholder values travel in the body, not in a URL that logs keep.
  const form = page.createElement("form");
  form.method = "post";
  form.action = `${settings.server}/v1/web/frame`;
  form.target = name;
  form.hidden = true;
  const fields: Record<string, string> = {
    subscriptionID: settings.subscriptionID, campaignID: message.campaignID, language: settings.language,
    personalization: JSON.stringify(settings.personalization),
  };
  for (const [field, value] of Object.entries(fields)) {
    const input = page.createElement("input");
    input.type = "hidden";
    input.name = field;
    input.value = value;
    form.appendChild(input);
  }
  page.body.appendChild(form);
  form.submit();
  form.remove();

  return () => {
    window.removeEventListener("message", onMessage);
    page.removeEventListener("keydown", onKey);
    frame.remove();
    for (const element of covered) element.removeAttribute("inert");
    if (previousFocus?.isConnected === true) previousFocus.focus();
  };
}

/** The edge a bar is pinned to. */
function edge(message: DisplayedMessage): "top" | "bottom" {
  const content = message.content as { kind: string; banner?: { placement?: string }; slideFrom?: string };
  if (content.kind === "banner") return content.banner?.placement === "top" ? "top" : "bottom";
  return content.slideFrom === "top" ? "top" : "bottom";
}

import { QueueOrder } from "./model/messageQueue.js";
import { Listener, MarqueeEventName } from "./runtime/emitter.js";
import { Environment, browserEnvironment } from "./runtime/environment.js";
import { AttributeInput } from "./runtime/eventAttributes.js";
import { MessageAction } from "./runtime/messages.js";
import { ClientOptions, MarqueeClient, Renderer } from "./runtime/client.js";
import { sdkVersion } from "./version.js";

export type { DisplayedMessage, MessageAction, MessageButton, MessageContent, Resolution } from "./runtime/messages.js";
export type { MarqueeEvents, MarqueeEventName, Listener } from "./runtime/emitter.js";
export type { MessageControls, Renderer } from "./runtime/client.js";
export type { AttributeInput } from "./runtime/eventAttributes.js";
export type { DebugReason } from "./model/reasons.js";
export type { Environment, KeyValueStorage } from "./runtime/environment.js";
export { sdkVersion as version };

/** What `init` takes. Only `subscriptionID` and `server` are required. */
export interface InitOptions {
  /** The app's subscription ID, from the dashboard's app settings. */
  subscriptionID: string;
  /** The Marquee server's URL, such as `https://marquee.example.com`. */
  server: string;
  /** The web app's version, which campaigns may target. Default `1.0.0`. */
  appVersion?: string;
  /** The app's identifier; default: the page's host name. */
  appID?: string;
  /** The language messages are shown in (BCP 47); default: the browser's. */
  locale?: string;
  /** Seconds between the end of one message and the start of the next; default 30. */
  displayIntervalSeconds?: number;
  /** Among messages of equal priority: first triggered first shown (`fifo`, the default) or last first. */
  queueOrder?: QueueOrder;
  /** Draws messages; called once per display with the controls that end it. */
  renderer?: Renderer;
  /** Asked before a campaign with contexts shows (`[checkout] Spring sale` has `checkout`); default: yes. */
  verifyContext?: (contexts: string[], campaignName: string) => boolean;
  /** Runs a button's link; default: http(s) links open in a new tab, deep links navigate the page. */
  openAction?: (action: MessageAction) => void;
  /** The page's fetch, storage and clock; tests inject their own. */
  environment?: Environment;
}

/** Options of `identify`: what the app's backend gave for the user. */
export interface IdentifyOptions {
  /** The user ID's HMAC-SHA256 (hex) with the app's identity secret, computed by the app's backend. */
  signature?: string;
  idTrackingIdentifier?: string;
  accessToken?: string;
}

const maxSubscriptionIDLength = 128;
const deviceKey = "marquee:device";

let client: MarqueeClient | undefined;
/** Calls made before `init`, replayed once it has run. */
let pending: ((client: MarqueeClient) => void)[] = [];

function withClient(call: (client: MarqueeClient) => void): void {
  if (client !== undefined) call(client);
  else if (pending.length < 100) pending.push(call);
}

/**
 * Starts Marquee on this page: reads the user's saved campaigns, logs the app's start and asks
 * the server for the campaigns. Resolves once the first sync ended (it never rejects for the
 * server: a server that is down is reported as a `problem` event). Rejects, with a message
 * saying why, for options that cannot work.
 */
export async function init(options: InitOptions): Promise<void> {
  if (client !== undefined) throw new Error("Marquee.init was called twice; call it once per page");
  const subscriptionID = options?.subscriptionID;
  if (typeof subscriptionID !== "string" || subscriptionID.length === 0 || subscriptionID.length > maxSubscriptionIDLength) {
    throw new TypeError(`subscriptionID must be a text of 1 to ${maxSubscriptionIDLength} characters`);
  }
  let server: URL;
  try {
    server = new URL(options.server);
  } catch {
    throw new TypeError("server must be the Marquee server's URL, such as https://marquee.example.com");
  }
  if (server.protocol !== "https:" && server.protocol !== "http:") throw new TypeError("server must be an http or https URL");
  const interval = options.displayIntervalSeconds ?? 30;
  if (!Number.isFinite(interval) || interval < 0 || interval > 86_400) throw new TypeError("displayIntervalSeconds must be from 0 to 86400");
  const environment = options.environment ?? browserEnvironment();
  const clientOptions: ClientOptions = {
    subscriptionID, server: server.origin + server.pathname.replace(/\/+$/, ""),
    appVersion: options.appVersion ?? "1.0.0",
    appID: options.appID ?? (typeof location === "undefined" ? "web" : location.hostname),
    locale: options.locale ?? (typeof navigator === "undefined" ? "en" : navigator.language),
    sdkVersion, displayIntervalSeconds: interval, queueOrder: options.queueOrder ?? "fifo",
    renderer: options.renderer, verifyContext: options.verifyContext, openAction: options.openAction,
  };
  client = new MarqueeClient(clientOptions, environment, deviceID(environment));
  const replay = pending;
  pending = [];
  const started = client.start();
  for (const call of replay) call(client);
  await started;
}

/** Signs the user in (or out, with `null`): their own campaigns and limits, verified by `signature` when the app requires it. */
export function identify(userID: string | null, options: IdentifyOptions = {}): Promise<void> {
  return new Promise((resolve) => withClient((found) => {
    void found.identify(userID === null ? undefined : { userID, ...options }).then(resolve);
  }));
}

/** Logs a custom event; its attributes are texts, numbers, booleans or dates. */
export function logEvent(name: string, attributes?: Readonly<Record<string, AttributeInput>>): void {
  withClient((found) => found.logEvent(name, attributes));
}

/** Takes down the message on screen, if any. */
export function closeMessage(): void {
  withClient((found) => found.closeMessage());
}

/** Listens for `display`, `close`, `notShown` or `problem`; returns a function that stops listening. */
export function on<Name extends MarqueeEventName>(name: Name, listener: Listener<Name>): () => void {
  let stop: (() => void) | undefined;
  let stopped = false;
  withClient((found) => { if (!stopped) stop = found.events.on(name, listener); });
  return () => { stopped = true; stop?.(); };
}

/** This browser's device ID, kept in storage (a new one where storage is refused). */
function deviceID(environment: Environment): string {
  try {
    const saved = environment.storage.getItem(deviceKey);
    if (saved !== null && saved.length > 0 && saved.length <= 128) return saved;
    const created = environment.randomID();
    environment.storage.setItem(deviceKey, created);
    return created;
  } catch {
    return environment.randomID();
  }
}

import { Campaign } from "../model/campaign.js";
import { UserDetails, UserInfo, userInfo } from "../model/identity.js";
import { MessageQueue, QueueOrder } from "../model/messageQueue.js";
import { DebugReason } from "../model/reasons.js";
import { MarqueeEvent } from "../model/event.js";
import { TriggerEngine } from "../model/triggerEngine.js";
import { UserState } from "../model/userState.js";
import { Emitter } from "./emitter.js";
import { Environment } from "./environment.js";
import { AttributeInput, typedAttributes } from "./eventAttributes.js";
import { DisplayedMessage, MessageAction, Resolution, displayedMessage, impressionTypes } from "./messages.js";
import { Outbox } from "./outbox.js";
import { frameRenderer } from "./frameRendererLoader.js";
import { LiveChannel } from "./liveChannel.js";
import { withPatterns } from "./patternLoader.js";
import { Endpoints, ProtocolClient, identifiers } from "./protocol.js";
import { StoredCampaigns, UserStore } from "./userStore.js";

/** What a renderer is given to end the message it draws. */
export interface MessageControls {
  /** The user closed the message, opting out of it or not. */
  close(options?: { optedOut?: boolean }): void;
  /** The user tapped a button: its action runs and the message ends. */
  click(buttonID: string): void;
  /** The user tapped the message outside its buttons. */
  clickContent(): void;
  /** The user followed a link inside an HTML message: it opens and the message ends. */
  followLink(url: string, deepLink: boolean): void;
  /** The message could not be drawn: nothing is counted, and the next one may show. */
  unavailable(): void;
}

/**
 * Draws a message; called once per display. It may return what takes the message down, which
 * runs however the display ends (the user, `closeMessage`, a change of user).
 */
export type Renderer = (message: DisplayedMessage, controls: MessageControls) => void | (() => void);

export interface ClientOptions {
  subscriptionID: string;
  /** The Marquee server's URL, such as `https://marquee.example.com`. */
  server: string;
  appVersion: string;
  appID: string;
  locale: string;
  sdkVersion: string;
  /** Seconds between the end of one message and the start of the next. Default 30. */
  displayIntervalSeconds: number;
  queueOrder: QueueOrder;
  renderer: Renderer | undefined;
  /** Asked before a campaign with contexts (`[checkout] Spring sale`) shows; default: yes. */
  verifyContext: ((contexts: string[], campaignName: string) => boolean) | undefined;
  /** Runs a button's link or deep link; default: http(s) links open in a new tab, deep links navigate the page. */
  openAction: ((action: MessageAction) => void) | undefined;
}

/** A message on screen: what it shows, since when, and the user it is counted for. */
interface Display {
  message: DisplayedMessage;
  campaign: Campaign;
  shownAt: number;
  user: UserInfo;
  dispose: (() => void) | undefined;
}

/** Pings are at least this far apart, whatever the server answers. */
export const minPingIntervalMillis = 60_000;

/**
 * The web SDK's engine: one per page. It keeps the user's campaigns and state, runs the
 * trigger engine on the page's events, queues and shows what becomes ready, and reports what the
 * user saw through the outbox. Every time comes from the environment's clock, and nothing here
 * throws into the page: failures are reported as `problem` events.
 */
export class MarqueeClient {
  readonly events = new Emitter();
  readonly #protocol: ProtocolClient;
  readonly #store: UserStore;
  readonly #outbox: Outbox;
  readonly #engine = new TriggerEngine();
  readonly #queue = new MessageQueue();
  readonly #live: LiveChannel;
  #user: UserInfo;
  #campaigns: StoredCampaigns;
  #endpoints: Promise<Endpoints> | undefined;
  #shown: Display | undefined;
  #cancelPing: (() => void) | undefined;
  #syncing: Promise<void> | undefined;
  #syncAgain = false;
  #cancelPump: (() => void) | undefined;

  /** The app's renderer, or the built-in one: frames the server renders. */
  private readonly renderer: Renderer;

  constructor(private readonly options: ClientOptions, private readonly environment: Environment, deviceID: string) {
    this.renderer = options.renderer ?? frameRenderer(() => ({
      server: options.server, subscriptionID: options.subscriptionID, language: options.locale,
      personalization: this.#campaigns.userAttributes,
    }), (problem) => this.events.emit("problem", problem));
    const prefix = `marquee:${options.subscriptionID}`;
    this.#protocol = new ProtocolClient(environment, {
      subscriptionID: options.subscriptionID, deviceID, appID: options.appID, appVersion: options.appVersion,
      sdkVersion: options.sdkVersion, locale: options.locale,
    });
    this.#store = new UserStore(environment.storage, prefix);
    this.#outbox = new Outbox(environment.storage, `${prefix}:outbox`, this.#protocol, (problem) => this.events.emit("problem", problem));
    this.#live = new LiveChannel(environment, {
      headers: () => this.#protocol.headers(undefined),
      sync: () => void this.sync(),
      problem: (problem) => this.events.emit("problem", problem),
    }, `${prefix}:live`);
    this.#user = userInfo(undefined);
    this.#campaigns = this.#store.readCampaigns(this.#user.identity);
  }

  /** The user's limits as every tab last left them. */
  get #state(): UserState {
    return new UserState(this.#store.readState(this.#user.identity).state);
  }

  /** Applies `change` to the user's limits and saves them at once, for the other tabs. */
  #changeState(user: UserInfo, change: (state: UserState) => void): void {
    const stored = this.#store.readState(user.identity);
    const state = new UserState(stored.state);
    change(state);
    const progress = user === this.#user ? this.#engine.progress : stored.progress;
    if (!this.#store.writeState(user.identity, { state: state.data, progress })) {
      this.events.emit("problem", "the user's state could not be saved (storage is full or blocked)");
    }
  }

  /** Loads the user's saved campaigns, logs the app's start, and syncs with the server. */
  async start(): Promise<void> {
    // Events logged before the first load are kept by the engine and replayed by it.
    const loaded = this.#loadEngine();
    this.#log({ kind: "appStart" });
    this.#log({ kind: "sessionStart" });
    await loaded;
    void this.#outbox.flush();
    await this.sync();
  }

  /** Switches to the user `details` names (or the anonymous user): their own limits, campaigns and signature. */
  async identify(details: UserDetails | undefined): Promise<void> {
    const next = userInfo(details);
    if (next.problem !== undefined) this.events.emit("problem", next.problem);
    const same = next.identity.userID === this.#user.identity.userID && next.identity.idTrackingIdentifier === this.#user.identity.idTrackingIdentifier;
    this.#user = next;
    if (same) return;
    this.#queue.removeReadiedBefore(Infinity);
    this.#campaigns = this.#store.readCampaigns(next.identity);
    await this.#loadEngine();
    await this.sync();
  }

  /** Logs a custom event: campaigns whose triggers it completes become ready. */
  logEvent(name: string, attributes?: Readonly<Record<string, AttributeInput>>): void {
    if (typeof name !== "string" || name.length === 0 || name.length > 255) {
      this.events.emit("problem", "an event name must have 1 to 255 characters");
      return;
    }
    const typed = typedAttributes(attributes);
    for (const problem of typed.problems) this.events.emit("problem", `event ${name}: ${problem}`);
    this.#log({ kind: "custom", name, attributes: typed.attributes });
  }

  /** Takes down the message on screen, if any, without counting a click or a dismissal. */
  closeMessage(): void {
    if (this.#shown !== undefined) this.#end({ type: "interrupted" }, false);
  }

  /**
   * Asks the server for the user's campaigns now. A sync asked for while one is out runs once
   * that one ends, so an older answer never lands after a newer change was heard.
   */
  sync(): Promise<void> {
    if (this.#syncing !== undefined) {
      this.#syncAgain = true;
      return this.#syncing;
    }
    this.#syncing = (async () => {
      do {
        this.#syncAgain = false;
        await this.#syncOnce();
      } while (this.#syncAgain);
      this.#syncing = undefined;
    })();
    return this.#syncing;
  }

  async #syncOnce(): Promise<void> {
    this.#cancelPing?.();
    let nextPing = minPingIntervalMillis;
    try {
      const endpoints = await this.#configuration();
      this.#live.open(endpoints.live);
      const user = this.#user;
      const answer = await this.#protocol.ping(endpoints, user, this.#campaigns.fingerprint);
      for (const skipped of answer.skipped) this.events.emit("problem", `a campaign was left out: ${skipped}`);
      nextPing = Math.max(minPingIntervalMillis, answer.nextPingMillis);
      if (user !== this.#user) return; // the user changed while the ping was out: theirs is on its way
      const campaigns = answer.campaigns;
      if (campaigns !== undefined) {
        const loadable = await withPatterns(campaigns, (problem) => this.events.emit("problem", problem));
        if (user !== this.#user) return;
        this.#changeState(user, (state) => state.adopt(campaigns, answer.frequencyCaps ?? [], this.environment.now()));
        this.#enqueue(this.#engine.load(loadable, (campaign) => this.#mayShow(campaign)));
      }
      this.#campaigns = {
        campaigns: campaigns ?? this.#campaigns.campaigns, fingerprint: answer.fingerprint,
        userAttributes: answer.userAttributes ?? this.#campaigns.userAttributes,
      };
      if (!this.#store.writeCampaigns(user.identity, this.#campaigns)) this.events.emit("problem", "the campaign list could not be saved (storage is full)");
    } catch (error) {
      this.events.emit("problem", `the campaigns could not be read: ${String(error instanceof Error ? error.message : error)}`);
    } finally {
      this.#cancelPing = this.environment.schedule(nextPing, () => void this.sync());
    }
  }

  /** Stops timers (a page that removes the SDK, or a test). */
  stop(): void {
    this.#cancelPing?.();
    this.#cancelPump?.();
    this.#live.stop();
  }

  #configuration(): Promise<Endpoints> {
    if (this.#endpoints === undefined) {
      this.#endpoints = this.#protocol.config(this.options.server);
      this.#endpoints.catch(() => { this.#endpoints = undefined; });
    }
    return this.#endpoints;
  }

  /** Loads the user's saved campaigns and trigger progress into the engine. */
  async #loadEngine(): Promise<void> {
    const user = this.#user;
    const campaigns = await withPatterns(this.#campaigns.campaigns, (problem) => this.events.emit("problem", problem));
    if (user !== this.#user) return;
    const progress = this.#store.readState(user.identity).progress;
    this.#enqueue(this.#engine.load(campaigns, (campaign) => this.#mayShow(campaign), progress));
  }

  #log(event: MarqueeEvent): void {
    // The state is read once per event, and only when a campaign becomes ready.
    let state: UserState | undefined;
    const outcome = this.#engine.log(event, (campaign) => this.#mayShow(campaign, state ??= this.#state));
    // Counts changed: they are kept with the state, so "after the 3rd purchase" survives a reload.
    if (outcome.matchedTrigger) this.#changeState(this.#user, () => {});
    this.#enqueue(outcome.ready);
  }

  /** The user's limits allow `campaign` now; when not, says why. */
  #mayShow(campaign: Campaign, state: UserState = this.#state): boolean {
    const reason = state.ineligibility(campaign, this.environment.now());
    if (reason !== undefined) this.#notShown(campaign, reason);
    return reason === undefined;
  }

  #enqueue(campaigns: readonly Campaign[]): void {
    if (campaigns.length === 0) return;
    const now = this.environment.now();
    for (const campaign of campaigns) this.#queue.enqueue(campaign, now);
    this.#pump();
  }

  /** Starts the next waiting message if the slot and the display interval allow it. */
  #pump(): void {
    this.#cancelPump?.();
    this.#cancelPump = undefined;
    for (;;) {
      const now = this.environment.now();
      const wait = this.#queue.waitingCount > 0 ? this.#queue.slotWait(now) : undefined;
      if (wait === "displayInterval") {
        this.#cancelPump = this.environment.schedule(this.#queue.nextDisplayAt - now, () => this.#pump());
        return;
      }
      const next = this.#queue.claimNext(this.options.queueOrder, now);
      if (next === undefined) return;
      if (this.#present(next.campaign, now)) return;
      this.#queue.current = undefined;
    }
  }

  /** Shows `campaign` if it still may show; `false` when it did not. */
  #present(campaign: Campaign, now: number): boolean {
    const reason = this.#state.ineligibility(campaign, now) ?? this.#contextRefusal(campaign);
    if (reason !== undefined) {
      this.#notShown(campaign, reason);
      return false;
    }
    const message = displayedMessage(campaign);
    const display: Display = { message, campaign, shownAt: now, user: this.#user, dispose: undefined };
    this.#shown = display;
    const controls: MessageControls = {
      close: (options) => this.#endIfShowing(message, { type: "dismissed" }, options?.optedOut === true),
      click: (buttonID) => this.#click(message, buttonID),
      clickContent: () => this.#clickContent(message),
      followLink: (url, deepLink) => {
        if (this.#endIfShowing(message, { type: "contentClick" }, false)) this.#run({ type: deepLink ? "deepLink" : "openURL", uri: url });
      },
      unavailable: () => {
        if (this.#shown !== display) return;
        this.#shown = undefined;
        display.dispose?.();
        this.#queue.end(this.environment.now(), 0);
        this.#notShown(campaign, "noPresenter");
        this.#pump();
      },
    };
    this.events.emit("display", message);
    try {
      const dispose = this.renderer(message, controls);
      if (typeof dispose === "function") {
        if (this.#shown === display) display.dispose = dispose;
        else dispose();
      }
    } catch (error) {
      this.events.emit("problem", `the renderer threw: ${String(error)}`);
      this.#endIfShowing(message, { type: "interrupted" }, false);
    }
    return true;
  }

  #contextRefusal(campaign: Campaign): DebugReason | undefined {
    const contexts = contextsOf(campaign);
    if (contexts.length === 0 || this.options.verifyContext === undefined) return undefined;
    try {
      return this.options.verifyContext(contexts, campaign.name) ? undefined : "contextRefused";
    } catch (error) {
      this.events.emit("problem", `verifyContext threw: ${String(error)}`);
      return "contextRefused";
    }
  }

  #click(message: DisplayedMessage, buttonID: string): void {
    const button = (message.content.buttons ?? []).find((candidate) => candidate.id === buttonID);
    if (button === undefined || !this.#endIfShowing(message, { type: "buttonClick", buttonID }, false)) return;
    this.#run(button.action);
  }

  #clickContent(message: DisplayedMessage): void {
    const action = message.content.contentAction;
    if (action === undefined || !this.#endIfShowing(message, { type: "contentClick" }, false)) return;
    this.#run(action);
  }

  /** Runs an action after its message ended: its event first, then its link. */
  #run(action: MessageAction | undefined): void {
    if (action === undefined) return;
    if (action.logsEvent !== undefined) this.#log({ kind: "custom", name: action.logsEvent.name, attributes: action.logsEvent.attributes ?? {} });
    if ((action.type === "openURL" || action.type === "deepLink") && action.uri !== undefined) {
      try {
        (this.options.openAction ?? openByDefault)(action);
      } catch (error) {
        this.events.emit("problem", `the action's link could not be opened: ${String(error)}`);
      }
    }
  }

  /** Ends the display of `message` if it is the one on screen; `false` when it already ended. */
  #endIfShowing(message: DisplayedMessage, resolution: Resolution, optedOut: boolean): boolean {
    if (this.#shown?.message !== message) return false;
    this.#end(resolution, optedOut);
    return true;
  }

  #end(resolution: Resolution, optedOut: boolean): void {
    const shown = this.#shown;
    if (shown === undefined) return;
    this.#shown = undefined;
    try {
      shown.dispose?.();
    } catch (error) {
      this.events.emit("problem", `the renderer's take-down threw: ${String(error)}`);
    }
    const now = this.environment.now();
    if (resolution.type !== "interrupted") this.#changeState(shown.user, (state) => state.recordEnd(shown.campaign, optedOut, now));
    this.#queue.end(now, this.options.displayIntervalSeconds);
    this.#report(shown, resolution, optedOut, now);
    this.events.emit("close", { message: shown.message, resolution, optedOut });
    this.#pump();
  }

  /** Puts the display's impressions in the outbox, for the user it was shown to. */
  #report(shown: Display, resolution: Resolution, optedOut: boolean, now: number): void {
    const impressions = impressionTypes(shown.message.content, resolution, optedOut)
      .map((type) => ({ type, timestamp: type === 1 ? shown.shownAt : now }));
    const batchId = this.environment.randomID();
    const url = this.options.server.replace(/\/+$/, "") + "/v1/impression";
    void this.#configuration().then((endpoints) => endpoints.impression ?? url, () => url).then((target) => this.#outbox.add({
      id: batchId, url: target, user: shown.user,
      body: {
        campaignId: shown.campaign.id, isTest: shown.campaign.isTest === true, appVersion: this.options.appVersion,
        sdkVersion: this.options.sdkVersion, impressions, userIdentifiers: identifiers(shown.user), batchId,
      },
    }));
  }

  #notShown(campaign: Campaign, reason: DebugReason): void {
    this.events.emit("notShown", { campaignID: campaign.id, reason });
  }

}

/** The texts in `[…]` of a campaign's name: the contexts the page is asked about. */
export function contextsOf(campaign: Campaign): string[] {
  const contexts: string[] = [];
  let current: string | undefined;
  for (const character of campaign.name) {
    if (character === "[" && current === undefined) current = "";
    else if (character === "]" && current !== undefined) {
      if (current !== "") contexts.push(current);
      current = undefined;
    } else if (current !== undefined) current += character;
  }
  return contexts.filter((context) => !(campaign.message.kind === "tooltip" && context === "Tooltip"));
}

/** http(s) links open in a new tab, without access to this page; deep links navigate it. Other schemes are ignored. */
function openByDefault(action: MessageAction): void {
  const url = new URL(action.uri!, location.href);
  if (url.protocol !== "https:" && url.protocol !== "http:") return;
  if (action.type === "openURL") window.open(url.toString(), "_blank", "noopener,noreferrer");
  else location.assign(url.toString());
}

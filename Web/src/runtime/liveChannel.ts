import { Environment, TabChannel } from "./environment.js";
import { LiveBackoff } from "./liveBackoff.js";
import { ServerSentEvent, ServerSentEventParser } from "./serverSentEvents.js";

/** What the live channel needs of the client. */
export interface LiveChannelHost {
  /** The device routes' headers (`Subscription-Id`, `device_id`). */
  headers(): Record<string, string>;
  /** Asks the server for the user's campaigns now. */
  sync(): void;
  problem(text: string): void;
}

/** The event that says the app's campaigns changed; the holder tells the other tabs with its id. */
const catalogChanged = "catalog";

/** What the holder posts to the other tabs: the change, its spread, and the id a tab that takes over names. */
interface TabMessage {
  event: typeof catalogChanged;
  id: string | undefined;
  spreadSeconds: number;
}

/** The seconds a change's pings are spread over: the event's `spread`, within 0…60 (3 when it names none). */
export function spreadSeconds(data: string): number {
  try {
    const spread = (JSON.parse(data) as { spread?: unknown }).spread;
    return typeof spread === "number" && Number.isFinite(spread) ? Math.min(60, Math.max(0, spread)) : 3;
  } catch {
    return 3;
  }
}

/**
 * The live channel (`GET /v1/live`, Server-Sent Events): the server says when the app's
 * campaigns change, and the client syncs within the change's spread (at a random moment of it,
 * so the devices of an app do not all ping at once) instead of at its next ping. Read with `fetch`
 * and a streamed body, not `EventSource`, which cannot send the device routes' headers.
 *
 * One tab of a browser holds it (the holder of a Web Lock) and tells the others through a tab
 * channel, with the event's id so that a tab taking over names it too; where either is missing,
 * each tab holds its own. After a drop it connects again as `LiveBackoff` says, naming the last
 * event it heard (`Last-Event-ID`), so a change made while it was away is told at once. Nothing
 * here throws into the page: problems go to `host.problem`.
 */
export class LiveChannel {
  readonly #backoff = new LiveBackoff();
  readonly #stopping = new AbortController();
  readonly #stopped: Promise<void>;
  #release: () => void = () => {};
  #started = false;
  #lastEventID: string | undefined;
  #tabs: TabChannel | undefined;
  #cancelWait: (() => void) | undefined;
  #cancelSync: (() => void) | undefined;
  #wake: (() => void) | undefined;

  constructor(private readonly environment: Environment, private readonly host: LiveChannelHost, private readonly name: string) {
    this.#stopped = new Promise((resolve) => { this.#release = resolve; });
  }

  get #isStopped(): boolean {
    return this.#stopping.signal.aborted;
  }

  /** Starts holding the channel at `url` (or waiting for this tab's turn); later calls do nothing. */
  open(url: string | undefined): void {
    if (url === undefined || this.#started || this.#isStopped) return;
    this.#started = true;
    const { locks, openTabChannel } = this.environment;
    if (locks === undefined || openTabChannel === undefined) {
      void this.#hold(url);
      return;
    }
    try {
      this.#tabs = openTabChannel(this.name);
      this.#tabs.listen((message) => this.#heardFromHolder(message as Partial<TabMessage> | null));
      // Held until this tab stops (or closes): then the next tab waiting takes over.
      locks.request(this.name, this.#stopping.signal, () => {
        void this.#hold(url);
        return this.#stopped;
      }).catch(() => {}); // aborted while waiting: this tab stopped
    } catch (error) {
      this.host.problem(`the live channel could not be shared between tabs: ${String(error)}`);
      void this.#hold(url);
    }
  }

  /** Stops for good: the connection closes, and the lock passes to another tab. */
  stop(): void {
    if (this.#isStopped) return;
    this.#stopping.abort();
    this.#cancelWait?.();
    this.#cancelSync?.();
    this.#wake?.();
    this.#release();
    this.#tabs?.close();
  }

  /** Connects, and connects again after each drop, until stopped or refused for good. */
  async #hold(url: string): Promise<void> {
    while (!this.#isStopped) {
      const openedAt = this.environment.now();
      const outcome = await this.#connect(url);
      if (this.#isStopped || outcome === "refused") return;
      this.#backoff.closed(this.environment.now() - openedAt, outcome === "failed");
      await this.#wait(this.#backoff.delayMillis(this.environment.random()));
    }
  }

  /** One connection, read until it ends. */
  async #connect(url: string): Promise<"ended" | "failed" | "refused"> {
    const headers: Record<string, string> = { ...this.host.headers(), Accept: "text/event-stream" };
    if (this.#lastEventID !== undefined) headers["Last-Event-ID"] = this.#lastEventID;
    try {
      const response = await this.environment.fetch(url, { headers, credentials: "omit", signal: this.#stopping.signal });
      if (!response.ok || response.body === null) {
        void response.body?.cancel().catch(() => {});
        // 429 and 5xx (a full server among them) are worth another try later; other refusals are not.
        const refused = response.status >= 400 && response.status < 500 && response.status !== 429;
        this.host.problem(`the live channel was refused (HTTP ${response.status})${refused ? "" : "; trying again later"}`);
        return refused ? "refused" : "failed";
      }
      await this.#read(response.body);
      return "ended";
    } catch (error) {
      if (!this.#isStopped) this.host.problem(`the live channel broke: ${String(error instanceof Error ? error.message : error)}`);
      return "failed";
    }
  }

  /** Reads the stream's events as they come; throws when it breaks the parser's limits. */
  async #read(body: ReadableStream<Uint8Array>): Promise<void> {
    // Each connection starts with a parser of its own: bytes the last one left half-read are forgotten.
    const parser = new ServerSentEventParser();
    const decoder = new TextDecoder();
    const reader = body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        const events = parser.feed(decoder.decode(value, { stream: true }));
        if (parser.retryMillis !== undefined) this.#backoff.retryHintMillis = parser.retryMillis;
        // A connection that names no id yet leaves the last one heard standing.
        if (parser.lastEventID !== undefined) this.#lastEventID = parser.lastEventID;
        for (const event of events) this.#handle(event);
      }
    } finally {
      reader.cancel().catch(() => {});
    }
  }

  #handle(event: ServerSentEvent): void {
    // Previews, debug sessions and pairings are the Swift SDK's; events of a newer server are not for this one.
    if (event.name !== catalogChanged) return;
    const spread = spreadSeconds(event.data);
    this.#syncWithin(spread);
    const message: TabMessage = { event: catalogChanged, id: this.#lastEventID, spreadSeconds: spread };
    try {
      this.#tabs?.post(message);
    } catch (error) {
      this.host.problem(`the other tabs could not be told of a change: ${String(error)}`);
    }
  }

  /** The holder heard of a change: this tab syncs, and keeps the id in case it takes over. */
  #heardFromHolder(message: Partial<TabMessage> | null): void {
    if (message?.event !== catalogChanged) return;
    if (typeof message.id === "string") this.#lastEventID = message.id;
    const spread = message.spreadSeconds;
    this.#syncWithin(typeof spread === "number" && Number.isFinite(spread) ? Math.min(60, Math.max(0, spread)) : 3);
  }

  /** Syncs at this tab's own moment within `seconds` (a later change moves it no further). */
  #syncWithin(seconds: number): void {
    if (this.#cancelSync !== undefined || this.#isStopped) return;
    this.#cancelSync = this.environment.schedule(seconds * 1000 * this.environment.random(), () => {
      this.#cancelSync = undefined;
      this.host.sync();
    });
  }

  #wait(millis: number): Promise<void> {
    return new Promise((resolve) => {
      this.#wake = resolve;
      this.#cancelWait = this.environment.schedule(millis, resolve);
    });
  }
}

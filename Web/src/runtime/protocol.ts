import { Campaign, FrequencyCap } from "../model/campaign.js";
import { UserInfo } from "../model/identity.js";
import { Environment } from "./environment.js";
import { texts } from "./userStore.js";

/** The platform the web SDK reports (`marqueePlatform`, `platform`). */
export const platform = "web";

/**
 * What the web SDK can honour beyond the base protocol: the server sends a campaign only to
 * clients that declare every capability it needs, so nothing here is declared before the SDK
 * does it. Message features that are only content (a header, an image, a video, HTML, a banner)
 * reach the renderer as they are; kinds that need the SDK's own work (tooltips, carousels,
 * surveys, placements, the inbox, experiments) are declared once it does that work.
 */
export const capabilities = [
  "campaign.extension", "campaign.list", "trigger.any", "trigger.occurrences", "event.sessionStart", "event.rule",
  "delivery.priority", "delivery.frequencyCaps", "delivery.reEligibility", "condition.containsItem", "condition.regexEscapes",
  "message.banner", "message.image", "message.video", "message.header", "message.html", "image.svg", "message.slideFromTop",
] as const;

/** The server's endpoints, from its configuration answer. */
export interface Endpoints {
  ping: string;
  impression: string | undefined;
  /** The live channel (`GET /v1/live`); `undefined` when the server holds none. */
  live: string | undefined;
}

/** A ping's answer, its campaigns read from the list it names when it names one. */
export interface PingAnswer {
  currentPingMillis: number;
  nextPingMillis: number;
  /** `undefined` when the server said the list the client holds is unchanged. */
  campaigns: Campaign[] | undefined;
  frequencyCaps: FrequencyCap[] | undefined;
  fingerprint: string | undefined;
  /** The user's placeholder values; `undefined` when the answer repeats none. */
  userAttributes: Record<string, string> | undefined;
  /** One entry per campaign left out, saying why. */
  skipped: string[];
}

/** Why a request failed, and whether sending it again later may succeed. */
export class RequestFailure extends Error {
  constructor(message: string, readonly retryable: boolean) {
    super(message);
    this.name = "RequestFailure";
  }
}

/** Who the SDK is: the app's subscription, this browser, the app's version and language. */
export interface ClientInfo {
  subscriptionID: string;
  /** The app's identifier (`appId`): by default the page's host name. */
  appID: string;
  deviceID: string;
  appVersion: string;
  sdkVersion: string;
  locale: string;
}

/** The longest answer the SDK reads: a campaign list is far smaller; anything longer is refused. */
export const maxAnswerBytes = 8 * 1024 * 1024;

/** Builds and sends the protocol's requests with `fetch`; nothing here throws into the page. */
export class ProtocolClient {
  constructor(private readonly environment: Environment, private readonly client: ClientInfo) {}

  headers(user: UserInfo | undefined): Record<string, string> {
    const headers: Record<string, string> = {
      "Subscription-Id": this.client.subscriptionID,
      "device_id": this.client.deviceID,
      "Accept": "application/json",
    };
    if (user?.accessToken !== undefined) headers["Authorization"] = `OAuth2 ${user.accessToken}`;
    if (user?.signature !== undefined) headers["Marquee-User-Signature"] = user.signature;
    return headers;
  }

  /** `GET <server>/v1/config`: the endpoints. */
  async config(server: string): Promise<Endpoints> {
    const url = new URL("/v1/config", server);
    const query = { marqueePlatform: platform, appId: this.client.appID, appVersion: this.client.appVersion, sdkVersion: this.client.sdkVersion, locale: this.client.locale };
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    const answer = await this.#json("GET", url.toString(), undefined, undefined) as { data?: { endpoints?: Record<string, unknown> } };
    const endpoints = answer.data?.endpoints ?? {};
    const text = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);
    const ping = text(endpoints["ping"]);
    if (ping === undefined) throw new RequestFailure("the configuration names no ping endpoint", false);
    return { ping, impression: text(endpoints["impression"]), live: text(endpoints["live"]) };
  }

  /** `POST <ping>`: the user's campaigns, in `language`. */
  async ping(endpoints: Endpoints, user: UserInfo, fingerprint: string | undefined): Promise<PingAnswer> {
    const userIdentifiers = identifiers(user);
    const body = {
      userIdentifiers, appVersion: this.client.appVersion, supportedCampaignTypes: [1], marqueeCapabilities: capabilities,
      locale: this.client.locale, platform, marqueeFingerprint: fingerprint, marqueeLanguage: this.client.locale,
    };
    const answer = await this.#json("POST", endpoints.ping, body, user) as Record<string, unknown>;
    const marquee = (answer["marquee"] ?? {}) as {
      fingerprint?: string; unchanged?: boolean; frequencyCaps?: FrequencyCap[]; list?: { url?: string }; userAttributes?: unknown;
    };
    const userAttributes = marquee.userAttributes === undefined ? undefined : texts(marquee.userAttributes);
    const currentPingMillis = Number(answer["currentPingMillis"]);
    const nextPingMillis = Number(answer["nextPingMillis"]);
    if (!Number.isFinite(currentPingMillis) || !Number.isFinite(nextPingMillis)) throw new RequestFailure("the ping's answer has no times", false);
    let list = answer["data"];
    if (marquee.unchanged === true) {
      return { currentPingMillis, nextPingMillis, campaigns: undefined, frequencyCaps: undefined, fingerprint: marquee.fingerprint, userAttributes, skipped: [] };
    }
    if (typeof marquee.list?.url === "string") {
      // The list is immutable content at its own URL, which an HTTP cache may answer.
      list = ((await this.#json("GET", marquee.list.url, undefined, undefined)) as { data?: unknown }).data;
    }
    const { campaigns, skipped } = readCampaigns(list);
    return { currentPingMillis, nextPingMillis, campaigns, frequencyCaps: marquee.frequencyCaps ?? [], fingerprint: marquee.fingerprint, userAttributes, skipped };
  }

  /**
   * Posts `body` and keeps only whether it arrived. `keepalive` lets the send finish after the
   * tab closes; the server counts a batch once by its `batchId`, so a resend is harmless.
   */
  async deliver(url: string, body: unknown, user: UserInfo): Promise<void> {
    await this.#send("POST", url, body, user, true);
  }

  async #json(method: string, url: string, body: unknown, user: UserInfo | undefined): Promise<unknown> {
    const response = await this.#send(method, url, body, user, false);
    const text = await response.text();
    if (text.length > maxAnswerBytes) throw new RequestFailure(`the answer of ${url} is longer than ${maxAnswerBytes} bytes`, false);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new RequestFailure(`the answer of ${url} is not JSON`, false);
    }
  }

  async #send(method: string, url: string, body: unknown, user: UserInfo | undefined, keepalive: boolean): Promise<Response> {
    const headers = this.headers(user);
    if (body !== undefined) headers["Content-Type"] = "application/json";
    let response: Response;
    try {
      response = await this.environment.fetch(url, {
        method, headers, keepalive, credentials: "omit", ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (error) {
      throw new RequestFailure(`${method} ${url} failed: ${String(error)}`, true);
    }
    if (response.ok) return response;
    const retryable = response.status === 429 || response.status >= 500;
    let detail = "";
    try {
      const answer = JSON.parse(await response.text()) as { error?: { message?: unknown } };
      if (typeof answer.error?.message === "string") detail = `: ${answer.error.message.slice(0, 300)}`;
    } catch {
      // an answer without a readable error says only its status
    }
    throw new RequestFailure(`${method} ${url} answered ${response.status}${detail}`, retryable);
  }
}

/** The protocol's user identifiers: the user ID (type 3), the ID-tracking identifier (type 2). */
export function identifiers(user: UserInfo): { id: string; type: number }[] {
  const list: { id: string; type: number }[] = [];
  if (user.identity.userID !== undefined) list.push({ id: user.identity.userID, type: 3 });
  if (user.identity.idTrackingIdentifier !== undefined) list.push({ id: user.identity.idTrackingIdentifier, type: 2 });
  return list;
}

/** The campaigns of a `data` list, read one by one: one that cannot be read is skipped with the reason. */
export function readCampaigns(list: unknown): { campaigns: Campaign[]; skipped: string[] } {
  const campaigns: Campaign[] = [];
  const skipped: string[] = [];
  if (!Array.isArray(list)) return { campaigns, skipped: ["the list is not an array"] };
  list.forEach((entry: unknown, index) => {
    const campaign = (entry as { campaignData?: { marquee?: { campaign?: unknown } } } | null)?.campaignData?.marquee?.campaign;
    const candidate = campaign as Partial<Campaign> | undefined;
    if (typeof candidate?.id !== "string" || typeof candidate.message?.kind !== "string") {
      skipped.push(`data[${index}]: no Marquee campaign`);
      return;
    }
    campaigns.push({ ...candidate, name: typeof candidate.name === "string" ? candidate.name : candidate.id } as Campaign);
  });
  return { campaigns, skipped };
}

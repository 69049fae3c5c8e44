import { Campaign } from "../model/campaign.js";
import { UserIdentity } from "../model/identity.js";
import { TriggerProgress } from "../model/triggerEngine.js";
import { UserStateData, emptyUserState } from "../model/userState.js";
import { KeyValueStorage } from "./environment.js";

/** A user's limits and trigger progress: small, read again before every decision. */
export interface StoredState {
  state: UserStateData;
  progress: TriggerProgress;
}

/** A user's campaign list and its fingerprint, sent with the next ping: written once per sync. */
export interface StoredCampaigns {
  campaigns: Campaign[];
  fingerprint: string | undefined;
  /** The user's placeholder values the server keeps (sent for a verified user only). */
  userAttributes: Record<string, string>;
}

/** The key of a user: `user:<ID>`, `tracking:<ID>` or `anonymous`. */
export function identityKey(identity: UserIdentity): string {
  if (identity.userID !== undefined) return `user:${identity.userID}`;
  if (identity.idTrackingIdentifier !== undefined) return `tracking:${identity.idTrackingIdentifier}`;
  return "anonymous";
}

/**
 * Each user's state in storage, under the app's subscription. The tabs of one browser share
 * it: a tab reads the state again before it decides anything and writes it back at once, so
 * impressions, opt-outs and intervals count every tab's displays. The campaign list is kept
 * apart, so reading the state stays cheap however many campaigns there are. A value that cannot
 * be read starts the user afresh.
 */
export class UserStore {
  constructor(private readonly storage: KeyValueStorage, private readonly prefix: string) {}

  #key(identity: UserIdentity, part: "state" | "campaigns"): string {
    return `${this.prefix}:user:${identityKey(identity)}:${part}`;
  }

  readState(identity: UserIdentity): StoredState {
    const parsed = this.#read(this.#key(identity, "state")) as Partial<StoredState> | undefined;
    const state = parsed?.state !== null && typeof parsed?.state === "object" ? { ...emptyUserState(), ...parsed.state } : emptyUserState();
    const progress = parsed?.progress !== null && typeof parsed?.progress === "object" ? parsed.progress : {};
    return { state, progress };
  }

  readCampaigns(identity: UserIdentity): StoredCampaigns {
    const parsed = this.#read(this.#key(identity, "campaigns")) as Partial<StoredCampaigns> | undefined;
    return {
      campaigns: Array.isArray(parsed?.campaigns) ? parsed!.campaigns : [],
      fingerprint: typeof parsed?.fingerprint === "string" ? parsed.fingerprint : undefined,
      userAttributes: texts(parsed?.userAttributes),
    };
  }

  /** Saves the state; `false` when storage refused it (full, or blocked). */
  writeState(identity: UserIdentity, state: StoredState): boolean {
    return this.#write(this.#key(identity, "state"), state);
  }

  writeCampaigns(identity: UserIdentity, campaigns: StoredCampaigns): boolean {
    return this.#write(this.#key(identity, "campaigns"), campaigns);
  }

  #read(key: string): unknown {
    try {
      return JSON.parse(this.storage.getItem(key) ?? "null") ?? undefined;
    } catch {
      return undefined;
    }
  }

  #write(key: string, value: unknown): boolean {
    try {
      this.storage.setItem(key, JSON.stringify(value));
      return true;
    } catch {
      return false;
    }
  }
}

/** The text values of `value`, when it is an object; nothing else. */
export function texts(value: unknown): Record<string, string> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}

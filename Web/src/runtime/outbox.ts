import { UserInfo } from "../model/identity.js";
import { KeyValueStorage } from "./environment.js";
import { ProtocolClient, RequestFailure } from "./protocol.js";

/** One report waiting to be sent: where, what, and for whom (its headers). */
export interface OutboxEntry {
  id: string;
  url: string;
  body: unknown;
  user: UserInfo;
  attempts: number;
}

/** The most reports kept; beyond, the oldest are dropped (a browser offline for weeks). */
export const maxOutboxEntries = 500;
/** Sends after which a report that keeps failing is dropped. */
export const maxAttempts = 20;

/**
 * Reports (impressions, clicks) written to storage before they are sent, and removed only once
 * the server took them or refused them for good: a tab closed in the middle of a send loses
 * nothing, and the next page load sends what is left. Each report carries its `batchId`, so a
 * report sent twice (the tab closed after the server took it, before it was removed) counts once.
 */
export class Outbox {
  #sending = false;

  constructor(private readonly storage: KeyValueStorage, private readonly key: string, private readonly protocol: ProtocolClient,
              private readonly onProblem: (problem: string) => void) {}

  get entries(): OutboxEntry[] {
    try {
      const parsed = JSON.parse(this.storage.getItem(this.key) ?? "[]") as unknown;
      return Array.isArray(parsed) ? (parsed as OutboxEntry[]) : [];
    } catch {
      return [];
    }
  }

  #write(entries: OutboxEntry[]): void {
    try {
      this.storage.setItem(this.key, JSON.stringify(entries.slice(-maxOutboxEntries)));
    } catch (error) {
      this.onProblem(`the outbox could not be saved: ${String(error)}`);
    }
  }

  /** Keeps a report, then sends what waits. */
  add(entry: Omit<OutboxEntry, "attempts">): Promise<void> {
    this.#write([...this.entries, { ...entry, attempts: 0 }]);
    return this.flush();
  }

  /** Sends every waiting report in order; stops at the first that may succeed later. */
  async flush(): Promise<void> {
    if (this.#sending) return;
    this.#sending = true;
    try {
      for (let entry = this.entries[0]; entry !== undefined; entry = this.entries[0]) {
        try {
          await this.protocol.deliver(entry.url, entry.body, entry.user);
          this.#remove(entry.id);
        } catch (error) {
          const failure = error instanceof RequestFailure ? error : new RequestFailure(String(error), true);
          if (!failure.retryable || entry.attempts + 1 >= maxAttempts) {
            this.onProblem(`a report was dropped: ${failure.message}`);
            this.#remove(entry.id);
            continue;
          }
          this.#write(this.entries.map((kept) => (kept.id === entry!.id ? { ...kept, attempts: kept.attempts + 1 } : kept)));
          this.onProblem(`a report waits to be sent again: ${failure.message}`);
          return;
        }
      }
    } finally {
      this.#sending = false;
    }
  }

  #remove(id: string): void {
    this.#write(this.entries.filter((entry) => entry.id !== id));
  }
}

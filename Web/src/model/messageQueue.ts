import { Campaign, delivery } from "./campaign.js";
import { DebugReason } from "./reasons.js";

/** Among equal priorities: first triggered first shown (`fifo`), or last triggered first (`lifo`). */
export type QueueOrder = "fifo" | "lifo";

/** A ready campaign waiting for its turn on screen. */
export interface QueuedMessage {
  campaign: Campaign;
  sequence: number;
  /** When it was readied: the display timeout counts from here. */
  readiedAt: number;
}

/**
 * Which waiting message takes the message slot, and when (the contract's `display/queue`
 * cases): one message at a time; highest priority first, then in `QueueOrder`; after a message
 * ends, the next starts no sooner than the display interval or the campaign's delay after close,
 * whichever is longer. Tooltips do not wait here: they show beside the message, on their
 * element. Every time is passed in (milliseconds); nothing reads a clock.
 */
export class MessageQueue {
  #items: QueuedMessage[] = [];
  #nextSequence = 0;
  /** The message on screen (or being prepared), if any. */
  current: QueuedMessage | undefined;
  /** No message starts before this time (the display interval after the last one ended). */
  nextDisplayAt = -Infinity;

  get waitingCount(): number {
    return this.#items.length;
  }

  /** Puts a campaign readied at `now` in line, unless it already waits. */
  enqueue(campaign: Campaign, now: number): void {
    if (this.#items.some((item) => item.campaign.id === campaign.id)) return;
    this.#nextSequence += 1;
    this.#items.push({ campaign, sequence: this.#nextSequence, readiedAt: now });
  }

  /** Why a message would wait for the slot at `now`: it is taken, or the interval runs. */
  slotWait(now: number): DebugReason | undefined {
    if (this.current !== undefined) return "queueBusy";
    return now < this.nextDisplayAt ? "displayInterval" : undefined;
  }

  /** The waiting messages in the order they will show. */
  waiting(order: QueueOrder): QueuedMessage[] {
    return [...this.#items].sort((a, b) => precedence(a, b, order));
  }

  /** Takes the slot for the next message that may start at `now`, or `undefined`. */
  claimNext(order: QueueOrder, now: number): QueuedMessage | undefined {
    if (this.slotWait(now) !== undefined) return undefined;
    const next = this.waiting(order)[0];
    if (next === undefined) return undefined;
    this.#items = this.#items.filter((item) => item !== next);
    this.current = next;
    return next;
  }

  /** The message on screen ended at `now`: the next waits the longer of the interval and its delay after close. */
  end(now: number, displayIntervalSeconds: number): QueuedMessage | undefined {
    const ended = this.current;
    if (ended === undefined) return undefined;
    this.current = undefined;
    this.nextDisplayAt = now + Math.max(displayIntervalSeconds * 1000, delivery(ended.campaign).delayAfterCloseMillis);
    return ended;
  }

  /** Drops and returns the messages readied before `time`: they had no chance to show in time. */
  removeReadiedBefore(time: number): QueuedMessage[] {
    const old = this.#items.filter((item) => item.readiedAt < time);
    this.#items = this.#items.filter((item) => item.readiedAt >= time);
    return old;
  }
}

function precedence(a: QueuedMessage, b: QueuedMessage, order: QueueOrder): number {
  const [pa, pb] = [a.campaign.delivery?.priority ?? 0, b.campaign.delivery?.priority ?? 0];
  if (pa !== pb) return pb - pa;
  return order === "fifo" ? a.sequence - b.sequence : b.sequence - a.sequence;
}
